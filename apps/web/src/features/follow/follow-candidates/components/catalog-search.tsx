import { Button, Input, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useFollowMutations } from '../../../../api/follow';

type Hit = {
  asin: string;
  title: string;
  brand: string;
  image: string;
  product_type: string;
  category_id: string;
  category_name: string;
};

/**
 * Amazon catalog search by keyword or category (browse node id); each hit shows its category,
 * which searches that category with one click; hits are added to the pool.
 */
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
  const run = async (kw: string, category: string) => {
    const r = await search.mutateAsync({ shop_id: shopId, marketplace, keyword: kw, classification_id: category });
    setHits(r.list);
    setPicked([]);
  };
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
          onClick={() => run(keyword.trim(), classification.trim())}
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
            {
              title: '分类',
              width: 200,
              render: (_, h) =>
                h.category_id ? (
                  <Typography.Link
                    title="按此分类搜索"
                    onClick={() => {
                      setKeyword('');
                      setClassification(h.category_id);
                      void run('', h.category_id);
                    }}
                  >
                    {h.category_name || h.category_id}({h.category_id})
                  </Typography.Link>
                ) : (
                  '-'
                ),
            },
          ]}
        />
      )}
    </div>
  );
}
