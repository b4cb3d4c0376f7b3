import { CASE_STATUSES, type CaseStatus } from '@console/shared/schemas/monitor';
import { Button, Drawer, Input, Select, Space, Table, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useCaseDetail, useMonitorMutations } from '../../../../api/monitor';
import { useFeedback } from '../../../../app/ui-bridge';
import { money } from '../../../follow/follow-money';

/** A removal case: evidence, the complaint (Chinese and the marketplace's language), the warning, the status. */
export function CaseDetailDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { message } = useFeedback();
  const d = useCaseDetail(id).data;
  const { caseStatus } = useMonitorMutations();
  const [status, setStatus] = useState<CaseStatus>();
  const [name, setName] = useState<string>();
  const c = d?.case;
  return (
    <Drawer title={c ? `${c.asin} × ${c.seller_id}` : '案件'} open={id !== null} onClose={onClose} size="large">
      {c && d && (
        <>
          <Space style={{ marginBottom: 12 }} wrap>
            <Select
              aria-label="案件状态"
              style={{ width: 120 }}
              value={status ?? c.status}
              onChange={setStatus}
              options={Object.entries(CASE_STATUSES).map(([value, label]) => ({ value, label }))}
            />
            <Input
              aria-label="跟卖者名称"
              placeholder="跟卖者店铺名称"
              style={{ width: 200 }}
              value={name ?? c.seller_name}
              onChange={(e) => setName(e.target.value)}
            />
            <Button
              type="primary"
              loading={caseStatus.isPending}
              onClick={async () => {
                await caseStatus.mutateAsync({
                  id: c.id,
                  version: c.version,
                  status: status ?? c.status,
                  seller_name: name,
                });
                message.success('操作成功');
              }}
            >
              保存
            </Button>
          </Space>
          <Table
            rowKey="at"
            size="small"
            pagination={false}
            dataSource={d.evidence}
            columns={[
              { title: '时间', dataIndex: 'at', render: (v: string) => v.slice(0, 19).replace('T', ' ') },
              { title: '价格', render: (_, e) => money(e.price, c.currency) },
              { title: '运费', render: (_, e) => money(e.shipping, c.currency) },
              { title: '配送', render: (_, e) => (e.fba ? 'FBA' : 'FBM') },
              { title: '购物车', render: (_, e) => (e.buybox ? '是' : '') },
            ]}
          />
          <Tabs
            style={{ marginTop: 12 }}
            items={[
              {
                key: 'zh',
                label: '投诉文本(中文)',
                children: (
                  <Typography.Paragraph copyable style={{ whiteSpace: 'pre-wrap' }}>
                    {d.complaint_zh}
                  </Typography.Paragraph>
                ),
              },
              {
                key: 'local',
                label: `投诉文本(${d.local_language})`,
                children: (
                  <Typography.Paragraph copyable style={{ whiteSpace: 'pre-wrap' }}>
                    {d.complaint_local}
                  </Typography.Paragraph>
                ),
              },
              {
                key: 'warn',
                label: '警告信模板',
                children: (
                  <Typography.Paragraph copyable style={{ whiteSpace: 'pre-wrap' }}>
                    {d.warning}
                  </Typography.Paragraph>
                ),
              },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}
