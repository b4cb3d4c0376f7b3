import { Button, Input, Space, Table } from 'antd';
import { useState } from 'react';
import { useFollowMutations } from '../../../../api/follow';

type Hit = { asin: string; title: string; brand: string; image: string; product_type: string };

/** Amazon catalog search by keyword or category (browse node id); hits are added to the pool. */
export function CatalogSearch({
  shopId,
  marketplace,
  onAdd,
}: {
  shopId: number;
  marketplace: string;
  onAdd: (asins: string[]) => void;
}) {
  const { search } = useFollowMutations();
  const [keyword, setKeyword] = useState('');
  const [classification, setClassification] = useState('');
  const [hits, setHits] = useState<Hit[]>([]);
  const [picked, setPicked] = useState<string[]>([]);
  return (
    <div style={{ marginBottom: 12 }}>
      <Space wrap>
        <Input
          placeholder="关键词"
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          style={{ width: 200 }}
          allowClear
        />
        <Input
          placeholder="分类ID(浏览节点)"
          value={classification}
          onChange={(e) => setClassification(e.target.value)}
          style={{ width: 160 }}
          allowClear
        />
        <Button
          loading={search.isPending}
          disabled={!keyword.trim() && !classification.trim()}
          onClick={async () => {
            const r = await search.mutateAsync({
              shop_id: shopId,
              marketplace,
              keyword: keyword.trim(),
              classification_id: classification.trim(),
            });
            setHits(r.list);
            setPicked([]);
          }}
        >
          搜索目录
        </Button>
        {hits.length > 0 && (
          <Button type="primary" disabled={picked.length === 0} onClick={() => onAdd(picked)}>
            加入候选池({picked.length})
          </Button>
        )}
      </Space>
      {hits.length > 0 && (
        <Table
          rowKey="asin"
          size="small"
          style={{ marginTop: 8 }}
          pagination={false}
          dataSource={hits}
          rowSelection={{ selectedRowKeys: picked, onChange: (k) => setPicked(k as string[]) }}
          columns={[
            { title: 'ASIN', dataIndex: 'asin', width: 120 },
            { title: '标题', dataIndex: 'title', ellipsis: true },
            { title: '品牌', dataIndex: 'brand', width: 120 },
            { title: '产品类型', dataIndex: 'product_type', width: 140 },
          ]}
        />
      )}
    </div>
  );
}
