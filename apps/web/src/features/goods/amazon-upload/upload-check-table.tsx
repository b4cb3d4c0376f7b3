import { CheckCircleFilled } from '@ant-design/icons';
import type { UploadCheckIssue, UploadCheckPair } from '@console/shared/schemas/upload-check';
import { Space, Table, Tag, Typography } from 'antd';
import { FieldFixLink } from '../goods-editor/field-opener';
import { marketplaceLabel } from './upload-labels';

const SEVERITY = {
  ERROR: { color: 'error', label: '必须修改' },
  WARNING: { color: 'warning', label: '建议修改' },
  INFO: { color: 'default', label: '提示' },
} as const;

/** One issue of the check: what, where (the field and 去修改), what to do. */
function CheckIssue({
  goodsId,
  issue,
  onOpenField,
}: {
  goodsId: number;
  issue: UploadCheckIssue;
  onOpenField?: (() => void) | undefined;
}) {
  const s = SEVERITY[issue.severity];
  const field = issue.field ?? { kind: 'attribute', label: '扩展属性' };
  return (
    <div style={{ marginBottom: 6 }} data-testid="upload-check-issue" data-code={issue.code}>
      <Space size={4} wrap>
        <Tag color={s.color}>{s.label}</Tag>
        <span>{issue.message_zh}</span>
        {issue.variation && <Typography.Text type="secondary">(变体 {issue.variation})</Typography.Text>}
        <Typography.Text type="secondary">{field.label}</Typography.Text>
        <FieldFixLink goodsId={goodsId} field={field} onOpen={onOpenField} testId="upload-check-fix">
          去修改
        </FieldFixLink>
      </Space>
      {issue.hint && (
        <div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="upload-check-hint">
            {issue.hint}
          </Typography.Text>
        </div>
      )}
    </div>
  );
}

/** The result of one pair: ready, or its issues. */
export function CheckResult({ pair, onOpenField }: { pair: UploadCheckPair; onOpenField?: (() => void) | undefined }) {
  return (
    <>
      {pair.ready && (
        <Space size={4} style={{ marginBottom: pair.issues.length ? 6 : 0 }}>
          <CheckCircleFilled style={{ color: '#52c41a' }} />
          <span>可上传</span>
        </Space>
      )}
      {pair.issues.map((issue, i) => (
        <CheckIssue key={`${issue.code}-${i}`} goodsId={pair.goods_id} issue={issue} onOpenField={onOpenField} />
      ))}
      {pair.gpsr?.length ? (
        <div data-testid={`check-gpsr-${pair.goods_id}-${pair.marketplace}`}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            GPSR: {pair.gpsr.map((l) => `${l.label} ${l.value}`).join(';')}
          </Typography.Text>
        </div>
      ) : null}
      {pair.notes.map((n) => (
        <div key={n}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {n}
          </Typography.Text>
        </div>
      ))}
    </>
  );
}

/**
 * The check before sending as a table: a row per product x marketplace, ready (✓) or what
 * stops it with 去修改 links to the editor field (the dialog closes when one is followed).
 */
export function UploadCheckTable({ list, onOpenField }: { list: UploadCheckPair[]; onOpenField?: () => void }) {
  return (
    <Table<UploadCheckPair>
      size="small"
      data-testid="upload-check"
      rowKey={(p) => `${p.goods_id}-${p.marketplace}`}
      dataSource={list}
      pagination={list.length > 20 ? { pageSize: 20, size: 'small', showSizeChanger: false } : false}
      scroll={{ y: 360 }}
      onRow={(p) => ({ 'data-testid': `upload-check-${p.goods_id}-${p.marketplace}` }) as Record<string, string>}
      columns={[
        {
          title: '商品',
          width: 170,
          render: (_, p) => (
            <Space direction="vertical" size={0}>
              <Typography.Text ellipsis style={{ maxWidth: 160 }} title={p.title}>
                {p.title || '(无标题)'}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                #{p.goods_id} {p.sku}
              </Typography.Text>
            </Space>
          ),
        },
        { title: '站点', width: 70, render: (_, p) => marketplaceLabel(p.marketplace) },
        { title: '检查结果', render: (_, p) => <CheckResult pair={p} onOpenField={onOpenField} /> },
      ]}
    />
  );
}
