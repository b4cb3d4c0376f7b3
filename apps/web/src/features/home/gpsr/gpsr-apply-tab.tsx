import { countryName } from '@console/shared/constants/marketplaces';
import type { GoodsListRow } from '@console/shared/schemas/goods';
import { GPSR_MARKETPLACES } from '@console/shared/schemas/gpsr';
import { Alert, Button, Card, Checkbox, Form, Input, Popconfirm, Radio, Select, Space, Table } from 'antd';
import { useEffect, useState } from 'react';
import { type GoodsListFilters, useGoodsList } from '../../../api/goods';
import { useGpsrMutations, useGpsrProfiles } from '../../../api/gpsr';
import { useFeedback } from '../../../app/ui-bridge';
import { serverPagination } from '../../../components/list-parts';

const MARKET_OPTIONS = GPSR_MARKETPLACES.map((m) => ({ value: m, label: countryName(m) }));

/**
 * 批量应用: a profile for chosen products (or every product of the keyword's results) in
 * chosen EU marketplaces. `presetIds` come from 去修复 of the check.
 */
export function GpsrApplyTab({ presetIds, presetMarket }: { presetIds: number[]; presetMarket: string | null }) {
  const { message } = useFeedback();
  const [filters, setFilters] = useState<GoodsListFilters>({ page: 1, pageSize: 10 });
  const goods = useGoodsList(filters);
  const profiles = useGpsrProfiles({ page: 1, pageSize: 100 });
  const { apply, unlink } = useGpsrMutations();
  const [selected, setSelected] = useState<number[]>(presetIds);
  const [mode, setMode] = useState<'ids' | 'filter'>('ids');
  const [markets, setMarkets] = useState<string[]>(presetMarket ? [presetMarket] : [...GPSR_MARKETPLACES]);
  const [profileId, setProfileId] = useState<number | undefined>();
  const presetKey = presetIds.join(',');
  useEffect(() => {
    if (presetKey) setSelected(presetKey.split(',').map(Number));
    if (presetMarket) setMarkets([presetMarket]);
  }, [presetKey, presetMarket]);

  const submit = async () => {
    if (!profileId) return message.warning('请选择合规档案');
    if (markets.length === 0) return message.warning('请选择站点');
    if (mode === 'ids' && selected.length === 0) return message.warning('请选择商品');
    try {
      const target =
        mode === 'ids' ? { ids: selected } : { filter: filters.keyword ? { keyword: filters.keyword } : {} };
      const r = await apply.mutateAsync({ profile_id: profileId, marketplaces: markets, ...target });
      message.success(`已为 ${r.goods} 个商品应用档案(${r.pairs} 个商品站点)`);
    } catch {
      // Shown by the http client.
    }
  };

  /** 移除资料: the chosen products keep no profile in the chosen marketplaces. */
  const removeLinks = async () => {
    if (markets.length === 0) return message.warning('请选择站点');
    if (mode === 'ids' && selected.length === 0) return message.warning('请选择商品');
    try {
      const target =
        mode === 'ids' ? { ids: selected } : { filter: filters.keyword ? { keyword: filters.keyword } : {} };
      const r = await unlink.mutateAsync({ marketplaces: markets, ...target });
      message.success(`已移除 ${r.goods} 个商品的档案(${r.pairs} 个商品站点)`);
    } catch {
      // Shown by the http client.
    }
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Card size="small" title="1. 选择商品">
        <Form
          layout="inline"
          style={{ marginBottom: 12 }}
          onFinish={(v: { keyword?: string }) =>
            setFilters({ ...filters, page: 1, keyword: v.keyword?.trim() || undefined })
          }
        >
          <Form.Item name="keyword">
            <Input placeholder="标题 / SKU / ASIN" allowClear style={{ width: 240 }} />
          </Form.Item>
          <Button htmlType="submit">查询</Button>
          <Radio.Group value={mode} onChange={(e) => setMode(e.target.value)} style={{ marginLeft: 16 }}>
            <Radio value="ids">已选商品({selected.length})</Radio>
            <Radio value="filter">全部查询结果({goods.data?.total ?? 0})</Radio>
          </Radio.Group>
        </Form>
        <Table<GoodsListRow>
          rowKey="id"
          size="small"
          loading={goods.isFetching}
          dataSource={goods.data?.list ?? []}
          rowSelection={{
            selectedRowKeys: selected,
            preserveSelectedRowKeys: true,
            onChange: (keys) => setSelected(keys.map(Number)),
          }}
          pagination={serverPagination(filters, goods.data?.total ?? 0, setFilters)}
          columns={[
            { title: 'ID', dataIndex: 'id', width: 80 },
            { title: 'SKU', dataIndex: 'sku', width: 160 },
            { title: '标题', dataIndex: 'title', ellipsis: true },
          ]}
        />
      </Card>
      <Card size="small" title="2. 选择欧盟站点">
        <Checkbox.Group options={MARKET_OPTIONS} value={markets} onChange={(v) => setMarkets(v as string[])} />
      </Card>
      <Card size="small" title="3. 选择合规档案">
        <Space>
          <div data-testid="gpsr-apply-profile">
            <Select
              style={{ width: 320 }}
              placeholder="选择档案"
              value={profileId}
              onChange={setProfileId}
              loading={profiles.isLoading}
              options={(profiles.data?.list ?? []).map((p) => ({
                value: p.id,
                label: p.missing.length ? `${p.name}(不完整)` : p.name,
              }))}
            />
          </div>
          <Button type="primary" loading={apply.isPending} onClick={submit}>
            应用
          </Button>
          <Popconfirm title="移除所选商品在所选站点的合规档案?" onConfirm={removeLinks}>
            <Button danger loading={unlink.isPending} data-testid="gpsr-remove">
              移除资料
            </Button>
          </Popconfirm>
        </Space>
        <Alert
          style={{ marginTop: 12 }}
          type="info"
          showIcon
          message="商品在所选站点已有的档案会被替换;上传到这些站点时,listing 按商品类型的GPSR属性携带档案信息。移除资料:所选商品在所选站点不再使用档案,缺失检查会重新列出它们。"
        />
      </Card>
    </Space>
  );
}
