import { InboxOutlined } from '@ant-design/icons';
import type { EanImportLine } from '@console/shared/schemas/goods-library';
import { Alert, Button, Input, Modal, Space, Table, Tabs, Tag, Upload } from 'antd';
import { useState } from 'react';
import { type EanImportReport, useEanMutations } from '../../../../api/goods-library-pool';
import { ApiError } from '../../../../api/http';
import { useFeedback } from '../../../../app/ui-bridge';
import { EAN_FILE_TYPES, readEanFile, sortReportLines } from '../ean-file';

const RESULT_TAGS: Record<EanImportLine['result'], { color: string; label: string }> = {
  added: { color: 'success', label: '已添加' },
  duplicate: { color: 'warning', label: '重复' },
  invalid: { color: 'error', label: '无效' },
};

/** The per-line report of an import: totals, then every code with its result and reason. */
export function EanImportReportView({ report }: { report: EanImportReport }) {
  return (
    <div data-testid="ean-import-report">
      <Alert
        type={report.invalid > 0 ? 'warning' : 'success'}
        showIcon
        style={{ marginBottom: 8 }}
        title={`导入完成: 新增 ${report.added} 个,重复 ${report.duplicate} 个,无效 ${report.invalid} 个`}
      />
      <Table<EanImportLine>
        size="small"
        rowKey={(r) => `${r.line}-${r.code}`}
        dataSource={sortReportLines(report.lines)}
        pagination={{ pageSize: 10, size: 'small', hideOnSinglePage: true }}
        columns={[
          { title: '行', dataIndex: 'line', width: 70 },
          { title: '内容', dataIndex: 'code' },
          {
            title: '结果',
            dataIndex: 'result',
            width: 90,
            render: (r: EanImportLine['result']) => <Tag color={RESULT_TAGS[r].color}>{RESULT_TAGS[r].label}</Tag>,
          },
          { title: '原因', dataIndex: 'reason', render: (v?: string) => v ?? '' },
        ]}
      />
    </div>
  );
}

/** Import of EAN codes by paste or by a .xlsx/.csv/.txt file (sent as base64), showing the server's report. */
export function EanImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { message } = useFeedback();
  const { importCodes } = useEanMutations();
  const [mode, setMode] = useState<'text' | 'file'>('text');
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<EanImportReport | null>(null);

  const close = () => {
    setReport(null);
    setText('');
    setFile(null);
    onClose();
  };

  const submit = async () => {
    try {
      if (mode === 'text') {
        if (!text.trim()) return void message.warning('请粘贴EAN码');
        setReport(await importCodes.mutateAsync({ text }));
      } else {
        if (!file) return void message.warning('请选择文件');
        setReport(await importCodes.mutateAsync({ file: await readEanFile(file) }));
      }
    } catch (err) {
      // Server errors are already shown by the http client; file-reading errors are ours.
      if (err instanceof ApiError) return;
      message.error((err as Error).message);
    }
  };

  return (
    <Modal
      title="导入EAN码"
      open={open}
      width={760}
      onCancel={close}
      destroyOnHidden
      footer={
        report ? (
          <Space>
            <Button onClick={() => setReport(null)}>继续导入</Button>
            <Button type="primary" onClick={close}>
              完成
            </Button>
          </Space>
        ) : (
          <Space>
            <Button onClick={close}>取消</Button>
            <Button type="primary" loading={importCodes.isPending} onClick={submit} data-testid="ean-import-submit">
              导入
            </Button>
          </Space>
        )
      }
    >
      {report ? (
        <EanImportReportView report={report} />
      ) : (
        <Tabs
          activeKey={mode}
          onChange={(k) => setMode(k as 'text' | 'file')}
          items={[
            {
              key: 'text',
              label: '粘贴',
              children: (
                <Input.TextArea
                  data-testid="ean-import-text"
                  rows={10}
                  value={text}
                  onChange={(e) => setText(e.target.value)}
                  placeholder="每行一个EAN码(空格、逗号或分号也可分隔),支持EAN-13、UPC-A(12位)、EAN-8"
                />
              ),
            },
            {
              key: 'file',
              label: '文件',
              children: (
                <Upload.Dragger
                  accept={EAN_FILE_TYPES.join(',')}
                  maxCount={1}
                  fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
                  beforeUpload={(f) => {
                    setFile(f);
                    return false;
                  }}
                  onRemove={() => setFile(null)}
                >
                  <p className="ant-upload-drag-icon">
                    <InboxOutlined />
                  </p>
                  <p className="ant-upload-text">点击或拖拽文件到此处</p>
                  <p className="ant-upload-hint">支持 .xlsx、.csv、.txt(读取所有单元格,首行为表头时自动跳过)</p>
                </Upload.Dragger>
              ),
            },
          ]}
        />
      )}
    </Modal>
  );
}
