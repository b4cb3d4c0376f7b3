import { AUTH_NAMES, type Auth } from '@console/shared/constants/roles';
import type { AccountStatsData } from '@console/shared/schemas/statistics';
import { Card, Col, Progress, Row, Space, Statistic, Table, Tag } from 'antd';
import type { EChartsOption } from 'echarts';
import { useMemo } from 'react';
import { useAccountStats } from '../../../api/statistics';
import { EChart } from '../../../components/chart/chart';
import { PageContainer } from '../../../layout/page/page-container';
import { dateOf } from './stats-format';
import { StatsToolbar, useStatsRange } from './stats-toolbar';

type Tenant = AccountStatsData['tenants'][number];
type Expiring = AccountStatsData['expiring'][number];
const roleName = (auth: number) => AUTH_NAMES[auth as Auth] ?? String(auth);

function chartOf(data: AccountStatsData | undefined): EChartsOption {
  return {
    tooltip: { trigger: 'item' },
    legend: { top: 0 },
    series: [
      {
        name: '账号',
        type: 'pie',
        radius: ['35%', '65%'],
        top: 24,
        data: (data?.by_role ?? []).map((r) => ({ name: r.label, value: r.total })),
      },
    ],
  };
}

/** The summary figures of 账号统计 (also on 系统首页). */
export function AccountTotals({ data }: { data: AccountStatsData | undefined }) {
  const t = data?.totals;
  return (
    <Space size="large" wrap data-testid="account-stats-totals">
      <Statistic title="账号数" value={t?.accounts ?? 0} />
      <Statistic title="启用" value={t?.enabled ?? 0} />
      <Statistic title="禁用" value={t?.disabled ?? 0} />
      <Statistic title="已到期" value={t?.expired ?? 0} />
      <Statistic title="30天内到期" value={t?.expiring ?? 0} />
      <Statistic
        title="期间新增"
        value={t?.created_in_range ?? 0}
        valueRender={(n) => <span data-testid="account-stats-created">{n}</span>}
      />
    </Space>
  );
}

/**
 * 账号统计 (`/system/admin/accountStatistical`): accounts by role and state, child accounts in use
 * against each main account's quota, and the accounts that expire soon. The platform operator's
 * admins see every tenant; others their company.
 */
export function AccountStatsPage() {
  const range = useStatsRange();
  const stats = useAccountStats(range.query);
  const data = stats.data;
  const option = useMemo(() => chartOf(data), [data]);
  return (
    <PageContainer title="账号统计">
      <StatsToolbar kind="account" state={range} />
      <Card size="small" style={{ marginBottom: 12 }}>
        <AccountTotals data={data} />
        {data?.scope === 'platform' ? <Tag style={{ marginTop: 8 }}>全部租户</Tag> : null}
      </Card>
      <Row gutter={12} style={{ marginBottom: 12 }}>
        <Col span={10}>
          <Card size="small" title="按角色">
            <EChart option={option} height={260} ariaLabel="按角色的账号数" />
          </Card>
        </Col>
        <Col span={14}>
          <Table
            rowKey="auth"
            size="small"
            pagination={false}
            dataSource={data?.by_role ?? []}
            columns={[
              { title: '角色', dataIndex: 'label' },
              { title: '账号数', dataIndex: 'total' },
              { title: '启用', dataIndex: 'enabled' },
              { title: '禁用', dataIndex: 'disabled' },
              { title: '已到期', dataIndex: 'expired' },
            ]}
            data-testid="account-role-table"
          />
        </Col>
      </Row>
      <Card size="small" title="子账号额度" style={{ marginBottom: 12 }}>
        <Table<Tenant>
          rowKey="tenant_id"
          size="small"
          loading={stats.isFetching}
          dataSource={data?.tenants ?? []}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          footer={() => (data?.more_tenants ? `另有 ${data.more_tenants} 个主账号未显示(按子账号数排序)` : null)}
          columns={[
            { title: '主账号', render: (_, r) => `${r.user_name || r.account} (${r.account})` },
            { title: '角色', width: 120, render: (_, r) => roleName(r.auth) },
            {
              title: '子账号(已用/上限)',
              width: 260,
              render: (_, r) => (
                <Space>
                  <span>
                    {r.used_child} / {r.max_child}
                  </span>
                  <Progress
                    style={{ width: 120 }}
                    size="small"
                    percent={r.max_child ? Math.round((r.used_child / r.max_child) * 100) : 0}
                    status={r.used_child >= r.max_child ? 'exception' : 'normal'}
                  />
                </Space>
              ),
            },
            { title: '到期日', width: 120, render: (_, r) => dateOf(r.end_time) },
          ]}
          data-testid="account-tenant-table"
        />
      </Card>
      <Card size="small" title="即将到期(30天内)及近7天已到期">
        <Table<Expiring>
          rowKey="id"
          size="small"
          dataSource={data?.expiring ?? []}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          columns={[
            { title: '账号', render: (_, r) => `${r.user_name || r.account} (${r.account})` },
            { title: '角色', width: 120, render: (_, r) => roleName(r.auth) },
            { title: '到期日', width: 120, render: (_, r) => dateOf(r.end_time) },
            {
              title: '剩余',
              width: 100,
              render: (_, r) =>
                r.days_left < 0 ? <Tag color="red">已到期</Tag> : <Tag color="orange">{r.days_left} 天</Tag>,
            },
          ]}
          data-testid="account-expiring-table"
        />
      </Card>
    </PageContainer>
  );
}
