import { ALERT_KINDS } from '@console/shared/schemas/monitor';
import { Button, Drawer, Table, Tag } from 'antd';
import { useMonitorDetail, useMonitorMutations } from '../../../../api/monitor';
import { EChart } from '../../../../components/chart/chart';
import { money } from '../../../follow/follow-money';

/** One watched ASIN: Buy Box price and seller count over time, current offers, alerts. */
export function MonitorDetailDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const d = useMonitorDetail(id, 30).data;
  const { handle } = useMonitorMutations();
  const cur = d?.asin.currency ?? 'USD';
  const history = d?.history ?? [];
  return (
    <Drawer title={d ? `${d.asin.asin} ${d.asin.title}` : 'ASIN'} open={id !== null} onClose={onClose} size="large">
      <EChart
        ariaLabel="购物车价格与卖家数历史"
        height={260}
        option={{
          tooltip: { trigger: 'axis' },
          legend: { data: ['购物车价格', '卖家数'] },
          xAxis: { type: 'time' },
          yAxis: [
            { type: 'value', name: cur },
            { type: 'value', name: '卖家数', minInterval: 1 },
          ],
          series: [
            {
              name: '购物车价格',
              type: 'line',
              step: 'end',
              data: history.map((h) => [
                h.at,
                h.buybox_price === null ? null : money(h.buybox_price, cur).split(' ')[0],
              ]),
            },
            {
              name: '卖家数',
              type: 'line',
              step: 'end',
              yAxisIndex: 1,
              data: history.map((h) => [h.at, h.offer_count]),
            },
          ],
        }}
      />
      <h4>当前报价</h4>
      <Table
        rowKey="seller_id"
        size="small"
        pagination={false}
        dataSource={d?.offers ?? []}
        columns={[
          { title: '卖家ID', dataIndex: 'seller_id', render: (v: string, r) => (r.mine ? `${v}(我方)` : v) },
          { title: '价格', render: (_, r) => money(r.price, cur) },
          { title: '运费', render: (_, r) => money(r.shipping, cur) },
          { title: '配送', render: (_, r) => (r.fba ? 'FBA' : 'FBM') },
          { title: '购物车', render: (_, r) => (r.buybox ? <Tag color="gold">购物车</Tag> : '') },
        ]}
      />
      <h4>提醒</h4>
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={d?.alerts ?? []}
        columns={[
          {
            title: '时间',
            dataIndex: 'created_at',
            width: 170,
            render: (v: string) => v.slice(0, 19).replace('T', ' '),
          },
          { title: '类型', dataIndex: 'kind', width: 120, render: (k: keyof typeof ALERT_KINDS) => ALERT_KINDS[k] },
          { title: '内容', dataIndex: 'detail' },
          {
            title: '处理',
            width: 110,
            render: (_, a) =>
              a.handled ? (
                <Tag>已处理</Tag>
              ) : (
                <Button size="small" loading={handle.isPending} onClick={() => handle.mutate({ ids: [a.id] })}>
                  标记已处理
                </Button>
              ),
          },
        ]}
      />
    </Drawer>
  );
}
