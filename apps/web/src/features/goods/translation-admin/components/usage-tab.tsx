import { Descriptions, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslateUsage } from '../../../../api/translate';
import { formatCount, PROVIDER_LABELS } from '../translation-admin';

const DAY_OPTIONS = [7, 30, 90, 365].map((d) => ({ value: d, label: `最近${d}天` }));

/** 用量: characters and texts sent to each provider per day (memory hits and corrections cost nothing). */
export function UsageTab() {
  const [days, setDays] = useState(30);
  const usage = useTranslateUsage(days);
  const data = usage.data;
  const totals = Object.entries(data?.totals ?? {});
  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        <Select value={days} options={DAY_OPTIONS} onChange={setDays} style={{ width: 140 }} data-testid="usage-days" />
        <span>
          当前翻译服务:{' '}
          <b data-testid="usage-provider">{data ? (PROVIDER_LABELS[data.provider] ?? data.provider) : '-'}</b>
        </span>
      </Space>
      <Descriptions
        size="small"
        bordered
        column={1}
        style={{ marginBottom: 12, maxWidth: 560 }}
        data-testid="usage-totals"
        items={
          totals.length
            ? totals.map(([p, t]) => ({
                key: p,
                label: PROVIDER_LABELS[p] ?? p,
                children: `${formatCount(t.chars)} 字符 / ${formatCount(t.texts)} 条`,
              }))
            : [{ key: 'none', label: '合计', children: '这段时间没有发送给翻译服务的内容' }]
        }
      />
      <Table
        rowKey={(r) => `${r.day}-${r.provider}`}
        size="middle"
        loading={usage.isFetching}
        dataSource={data?.list ?? []}
        data-testid="usage-table"
        pagination={{ pageSize: 31, hideOnSinglePage: true }}
        columns={[
          { title: '日期', dataIndex: 'day', width: 140 },
          { title: '翻译服务', dataIndex: 'provider', render: (p: string) => PROVIDER_LABELS[p] ?? p },
          { title: '字符数', dataIndex: 'chars', align: 'right', render: formatCount },
          { title: '条数', dataIndex: 'texts', align: 'right', render: formatCount },
        ]}
      />
      <div style={{ color: '#909399', marginTop: 8 }}>
        只统计实际发送给翻译服务的内容;命中翻译记忆或人工修正的文本不计入用量。
      </div>
    </>
  );
}
