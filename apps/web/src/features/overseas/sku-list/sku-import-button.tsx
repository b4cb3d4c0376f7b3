import { UploadOutlined } from '@ant-design/icons';
import type { SkuImportRowError } from '@console/shared/schemas/overseas-sku';
import { Alert, Button, Modal, Table } from 'antd';
import { useRef, useState } from 'react';
import { ApiError } from '../../../api/http';
import { useSkuMutations } from '../../../api/overseas-sku';
import { useFeedback } from '../../../app/ui-bridge';
import { bytesToBase64 } from '../../goods/ean/ean-file';

/** The JSON body may be up to 2 MB; the base64 content at most 2,000,000 characters. */
const MAX_BASE64 = 2_000_000;

/** 导入: an .xlsx of SKUs, all or nothing; a refused file lists every bad row by number. */
export function SkuImportButton() {
  const input = useRef<HTMLInputElement>(null);
  const { importFile } = useSkuMutations();
  const { message } = useFeedback();
  const [report, setReport] = useState<{ msg: string; rows: SkuImportRowError[] } | null>(null);
  const pick = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (!/\.xlsx$/i.test(file.name)) return void message.error('只支持 .xlsx 文件');
    const content = bytesToBase64(new Uint8Array(await file.arrayBuffer()));
    if (content.length > MAX_BASE64) return void message.error('文件过大,请拆分后导入(最大约1.5MB)');
    try {
      const r = await importFile.mutateAsync({ file: { name: file.name, content } });
      message.success(`导入完成: 新增${r.created}个,更新${r.updated}个`);
    } catch (err) {
      const rows = err instanceof ApiError ? (err.data as { rows?: SkuImportRowError[] } | null)?.rows : undefined;
      if (rows?.length) setReport({ msg: (err as Error).message, rows });
      else message.error((err as Error).message);
    }
  };
  return (
    <>
      <Button
        icon={<UploadOutlined />}
        loading={importFile.isPending}
        onClick={() => input.current?.click()}
        data-testid="sku-import"
      >
        导入
      </Button>
      <input ref={input} type="file" accept=".xlsx" hidden onChange={(e) => pick(e.target.files?.[0])} />
      <Modal title="导入失败" open={report !== null} onCancel={() => setReport(null)} footer={null} width={640}>
        <Alert type="error" showIcon message={report?.msg} style={{ marginBottom: 12 }} />
        <Table<SkuImportRowError>
          rowKey="row"
          size="small"
          dataSource={report?.rows ?? []}
          pagination={{ pageSize: 10 }}
          data-testid="sku-import-errors"
          columns={[
            { title: '行号', dataIndex: 'row', width: 70 },
            { title: 'SKU', dataIndex: 'sku', width: 150 },
            { title: '问题', dataIndex: 'message' },
          ]}
        />
      </Modal>
    </>
  );
}
