import { AUDIT_STATUSES, type AuditStatus, DESC_LANGUAGES, goodsTypeLabel } from '@console/shared/constants/goods';
import { thumbnailUrl } from '@console/shared/constants/images';
import { countryName, priceCountryCurrency } from '@console/shared/constants/marketplaces';
import { Button, Descriptions, Empty, Image, Result, Spin, Table, Tabs, Tag } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { useGoods } from '../../../api/goods';
import { PageContainer } from '../../../layout/page/page-container';
import { formatSeconds } from '../../../lib/format';
import { CategoryPath } from '../components/category-select';
import { fenText, formatMoney } from '../lib/money';

/** Read-only preview of a product (`/goods/admin/view/:goods_id`, not cached). */
export function GoodsViewPage() {
  return <GoodsView />;
}

function GoodsView() {
  const id = Number(useParams().goods_id);
  const goods = useGoods(id);
  const navigate = useNavigate();
  if (goods.isError) return <Result status="404" title="商品不存在或无权访问" />;
  const r = goods.data;
  if (!r) return <Spin style={{ margin: 48 }} />;
  const g = r.goodsData;
  const b = g.baseInfo;
  const descs = g.commonData.descs;
  const children = g.parentageTable.children;
  return (
    <PageContainer
      title={`商品预览 #${r.id}`}
      parent="goods-admin-list"
      extra={<Button onClick={() => navigate(`/goods/admin/update/${r.id}`)}>编辑</Button>}
    >
      <Descriptions size="small" column={3} bordered style={{ marginBottom: 16 }}>
        <Descriptions.Item label="SKU">{b.sku || '-'}</Descriptions.Item>
        <Descriptions.Item label="类型">{goodsTypeLabel(b.type)}</Descriptions.Item>
        <Descriptions.Item label="状态">
          <Tag>{AUDIT_STATUSES[r.audit_status as AuditStatus] ?? r.audit_status}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label="分类">
          <CategoryPath id={b.category_id} />
        </Descriptions.Item>
        <Descriptions.Item label="品牌">{b.brand_name || '-'}</Descriptions.Item>
        <Descriptions.Item label="成本价">{fenText(b.cost_price)} 元</Descriptions.Item>
        <Descriptions.Item label="库存">{b.quantity ?? '-'}</Descriptions.Item>
        <Descriptions.Item label="创建">{formatSeconds(r.created_at)}</Descriptions.Item>
        <Descriptions.Item label="更新">{formatSeconds(r.updated_at)}</Descriptions.Item>
        <Descriptions.Item label="版本">{r.version}</Descriptions.Item>
      </Descriptions>
      {g.images.length ? (
        <Image.PreviewGroup>
          {g.images.map((img) => (
            <Image
              key={img.url}
              src={thumbnailUrl(img.url)}
              preview={{ src: img.url }}
              width={120}
              height={120}
              style={{ objectFit: 'contain' }}
            />
          ))}
        </Image.PreviewGroup>
      ) : (
        <Empty description="无图片" />
      )}
      <Tabs
        style={{ marginTop: 16 }}
        items={DESC_LANGUAGES.filter((l) => descs.some((d) => d.key === l.key && d.title)).map((l) => {
          const d = descs.find((x) => x.key === l.key);
          return {
            key: l.key,
            label: l.label,
            children: (
              <div className="goods-view-text">
                <h3>{d?.title}</h3>
                <ul>
                  {d?.bullet_points.map((p) => (
                    <li key={p}>{p}</li>
                  ))}
                </ul>
                <p>搜索词: {d?.search_terms || '-'}</p>
                <p style={{ whiteSpace: 'pre-wrap' }}>{d?.product_description}</p>
              </div>
            ),
          };
        })}
      />
      <Table
        size="small"
        rowKey="country_code"
        pagination={false}
        style={{ maxWidth: 480, marginBottom: 16 }}
        dataSource={g.priceTable.filter((row) => row.price !== null)}
        locale={{ emptyText: '未设置价格' }}
        columns={[
          {
            title: '国家',
            dataIndex: 'country_code',
            render: (c: string) => countryName(c),
          },
          {
            title: '价格',
            dataIndex: 'price',
            align: 'right',
            render: (p: number, row) => formatMoney(p, priceCountryCurrency(row.country_code)),
          },
        ]}
      />
      {children.length > 0 && (
        <Table
          size="small"
          rowKey="sku"
          pagination={false}
          dataSource={children}
          columns={[
            {
              title: '图片',
              key: 'image',
              width: 64,
              render: (_: unknown, c: (typeof children)[number]) =>
                c.images[0] ? <Image src={thumbnailUrl(c.images[0])} preview={{ src: c.images[0] }} width={40} /> : '-',
            },
            { title: 'SKU', dataIndex: 'sku' },
            ...g.parentageTable.attrs.map((a) => ({
              title: a,
              key: a,
              render: (_: unknown, c: (typeof children)[number]) => c.values[a],
            })),
            {
              title: '成本价(元)',
              dataIndex: 'price',
              render: (p?: number) => (p === undefined ? '-' : fenText(p)),
            },
            { title: '库存', dataIndex: 'quantity' },
            { title: 'EAN', dataIndex: 'ean', render: (e?: string) => e || '未分配' },
          ]}
        />
      )}
    </PageContainer>
  );
}
