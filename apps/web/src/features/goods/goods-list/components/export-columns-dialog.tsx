import { DEFAULT_EXPORT_COLUMNS, EXPORT_COLUMNS, type ExportColumnKey } from '@console/shared/schemas/goods-export';
import { Button, Checkbox, Modal, Space, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import type { GoodsSelection } from '../../../../api/goods';
import { exportGoods, useExportColumns, useRememberExportColumns } from '../../../../api/goods-export';
import { saveBlob } from '../../../../api/goods-files';

const GROUPS = [...new Set(EXPORT_COLUMNS.map((c) => c.group))];

/**
 * The export dialog (issue 13 §2): which columns the workbook holds, prefilled with the user's
 * remembered choice (kept on the server), then the export itself. A small selection downloads at
 * once; a large one hands its job id to `onJob` (the progress dialog).
 */
export function ExportColumnsDialog({
  selection,
  count,
  onClose,
  onJob,
}: {
  /** What to export; null: closed. */
  selection: GoodsSelection | null;
  /** How many products the selection holds, as shown. */
  count: string;
  onClose: () => void;
  onJob: (jobId: string) => void;
}) {
  const open = selection !== null;
  const remembered = useExportColumns(open);
  const remember = useRememberExportColumns();
  const [chosen, setChosen] = useState<ExportColumnKey[]>([]);
  const [busy, setBusy] = useState(false);
  const initial = remembered.data?.columns;
  useEffect(() => {
    if (open && initial) setChosen(initial);
  }, [open, initial]);
  const chosenSet = useMemo(() => new Set(chosen), [chosen]);

  const submit = async () => {
    if (!selection) return;
    setBusy(true);
    try {
      const f = await exportGoods(selection, chosen);
      remember(chosen);
      if (f.kind === 'file') saveBlob(f.blob, f.fileName);
      else onJob(f.data.job_id);
      onClose();
    } catch {
      // The message was shown by the request helper; the dialog stays open to try again.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title="选择导出列"
      open={open}
      onCancel={onClose}
      width={720}
      maskClosable={false}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={() => setChosen([...DEFAULT_EXPORT_COLUMNS])} data-testid="export-columns-default">
            恢复默认列
          </Button>
          <Button onClick={onClose}>取消</Button>
          <Button
            type="primary"
            loading={busy}
            disabled={chosen.length === 0 || remembered.isLoading}
            onClick={submit}
            data-testid="export-submit"
          >
            导出
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">
        将导出{count}个商品。有变体的商品每个变体一行,商品信息在每行重复。所选的列会记住,下次导出时沿用。
      </Typography.Paragraph>
      {GROUPS.map((group) => (
        <div key={group} style={{ marginBottom: 8 }}>
          <Typography.Text strong style={{ display: 'inline-block', width: 48 }}>
            {group}
          </Typography.Text>
          <Space wrap size={[4, 4]}>
            {EXPORT_COLUMNS.filter((c) => c.group === group).map((c) => (
              <Checkbox
                key={c.key}
                checked={chosenSet.has(c.key)}
                onChange={(e) =>
                  setChosen((old) => (e.target.checked ? [...old, c.key] : old.filter((k) => k !== c.key)))
                }
                data-testid={`export-column-${c.key}`}
              >
                {c.label}
              </Checkbox>
            ))}
          </Space>
        </div>
      ))}
      {chosen.length === 0 && <Typography.Text type="danger">请至少选择一列</Typography.Text>}
    </Modal>
  );
}
