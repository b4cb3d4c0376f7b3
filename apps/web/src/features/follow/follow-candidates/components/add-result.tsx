import type { lookupStartedData } from '@console/shared/schemas/follow';
import { Alert, Button, Table, Tag } from 'antd';
import type { z } from 'zod';

/** What an add (paste, file or catalog pick) answered. */
export type AddAnswer = z.infer<typeof lookupStartedData>;

type Row = { asin: string; result: string; reason: string };

/**
 * The result of the last add (issue 29 §4): how many were added, which were already in the pool
 * (looked up again) and which were refused, each with its reason; closed by the user.
 */
export function AddResult({ answer, onClose }: { answer: AddAnswer; onClose: () => void }) {
  const rows: Row[] = [
    ...answer.refused.map((r) => ({ asin: r.asin, result: '未添加', reason: r.reason })),
    ...answer.existing_asins.map((asin) => ({ asin, result: '已在列表中', reason: '已在候选池中,重新查询' })),
  ];
  const more = answer.refused_count - answer.refused.length + (answer.existing - answer.existing_asins.length);
  const summary = `已添加${answer.added}个,${answer.existing}个已在列表中(重新查询),${answer.refused_count}个未添加`;
  return (
    <div data-testid="follow-add-result" style={{ marginBottom: 12 }}>
      <Alert
        type={answer.refused_count > 0 ? 'warning' : 'success'}
        showIcon
        message={summary}
        action={
          <Button size="small" type="text" onClick={onClose}>
            关闭
          </Button>
        }
      />
      {rows.length > 0 && (
        <Table<Row>
          size="small"
          rowKey={(r) => `${r.result}-${r.asin}`}
          style={{ marginTop: 8, maxWidth: 720 }}
          dataSource={rows}
          pagination={rows.length > 10 ? { pageSize: 10, size: 'small', showSizeChanger: false } : false}
          onRow={(r) => ({ 'data-testid': r.result === '未添加' ? `follow-refused-${r.asin}` : undefined }) as object}
          columns={[
            { title: 'ASIN', dataIndex: 'asin', width: 200, ellipsis: true },
            {
              title: '结果',
              dataIndex: 'result',
              width: 110,
              render: (v: string) => <Tag color={v === '未添加' ? 'red' : 'blue'}>{v}</Tag>,
            },
            { title: '原因', dataIndex: 'reason' },
          ]}
          footer={more > 0 ? () => `另有${more}个未逐一列出` : undefined}
        />
      )}
    </div>
  );
}
