import { marketplaceByCode } from '@console/shared/constants/marketplaces';
import { SHOP_AUTH_LABELS, SHOP_REGIONS, type ShopView } from '@console/shared/schemas/shop';
import { Button, Popconfirm, Space, Table, Tag, Tooltip } from 'antd';
import { Has } from '../../../../components/permission';
import { formatSeconds } from '../../../../lib/format';

const AUTH_COLORS = { authorized: 'green', expired: 'red', never: 'default' } as const;
const regionLabel = (r: ShopView['region']) => SHOP_REGIONS.find((x) => x.value === r)?.label ?? r;

interface Props {
  rows: ShopView[];
  loading: boolean;
  pagination: false | object;
  onEdit?: (shop: ShopView) => void;
  onReauthorize: (shop: ShopView) => void;
  /** 检测授权 (absent for a never-authorized shop). */
  onCheck: (shop: ShopView) => void;
  onDelete?: (shop: ShopView) => void;
  /** 生成测试订单 of a sandbox shop (店铺管理 only). */
  onTestOrders?: (shop: ShopView) => void;
}

const SHOWN = 5;

/** A shop's marketplaces by Chinese name: the first few, the rest behind "+N". */
function MarketplaceTags({ codes }: { codes: string[] }) {
  if (codes.length === 0) return '-';
  const names = codes.map((c) => marketplaceByCode(c)?.name ?? c);
  const rest = names.slice(SHOWN);
  return (
    <span data-testid="shop-marketplaces">
      {names.slice(0, SHOWN).map((n) => (
        <Tag key={n} style={{ marginBottom: 2 }}>
          {n}
        </Tag>
      ))}
      {rest.length > 0 && (
        <Tooltip title={rest.join('、')}>
          <Tag>+{rest.length}</Tag>
        </Tooltip>
      )}
    </span>
  );
}

/** The shops with their authorization state (店铺管理 and 授权中心 share it). */
export function ShopTable({
  rows,
  loading,
  pagination,
  onEdit,
  onReauthorize,
  onCheck,
  onDelete,
  onTestOrders,
}: Props) {
  return (
    <Table<ShopView>
      rowKey="id"
      size="middle"
      loading={loading}
      dataSource={rows}
      pagination={pagination}
      data-testid="shop-table"
      columns={[
        {
          title: '店铺名称',
          key: 'name',
          width: 220,
          render: (_, r) => (
            <Space size={4}>
              {r.name}
              {r.sandbox && <Tag color="purple">沙箱店铺</Tag>}
            </Space>
          ),
        },
        { title: '区域', key: 'region', width: 70, render: (_, r) => regionLabel(r.region) },
        { title: '卖家编号', dataIndex: 'seller_id', width: 170, render: (v: string | null) => v ?? '-' },
        {
          title: '站点',
          key: 'marketplaces',
          render: (_, r) => <MarketplaceTags codes={r.marketplaces} />,
        },
        {
          title: '授权状态',
          key: 'auth',
          width: 110,
          render: (_, r) => (
            <Tooltip title={r.auth_error ?? undefined}>
              <Tag color={AUTH_COLORS[r.auth_status]} data-testid={`shop-auth-${r.id}`}>
                {SHOP_AUTH_LABELS[r.auth_status]}
              </Tag>
            </Tooltip>
          ),
        },
        { title: '授权时间', dataIndex: 'authorized_at', width: 170, render: formatSeconds },
        {
          title: '可使用账号',
          key: 'staff',
          width: 110,
          render: (_, r) => (r.staff_ids.length === 0 ? '全部账号' : `${r.staff_ids.length}个账号`),
        },
        {
          title: '操作',
          key: 'ops',
          width: 340,
          render: (_, r) => (
            <Has permission="shop.manage">
              <Space size={0}>
                {onEdit && (
                  <Button type="link" size="small" onClick={() => onEdit(r)}>
                    编辑
                  </Button>
                )}
                {r.auth_status !== 'never' && (
                  <Button type="link" size="small" onClick={() => onCheck(r)}>
                    检测授权
                  </Button>
                )}
                <Button type="link" size="small" onClick={() => onReauthorize(r)}>
                  重新授权
                </Button>
                {onTestOrders && r.sandbox && r.auth_status === 'authorized' && (
                  <Button type="link" size="small" onClick={() => onTestOrders(r)} data-testid="shop-test-orders">
                    生成测试订单
                  </Button>
                )}
                {onDelete && (
                  <Popconfirm
                    title={`解绑店铺「${r.name}」?`}
                    description="解绑后本控制台不再保存它的授权;如需彻底撤销,请同时在亚马逊卖家中心的“管理您的应用”中移除授权。"
                    okText="解绑"
                    cancelText="取消"
                    onConfirm={() => onDelete(r)}
                  >
                    <Button type="link" size="small" danger>
                      解绑
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            </Has>
          ),
        },
      ]}
    />
  );
}
