import { PlusOutlined } from '@ant-design/icons';
import { SHOP_AUTH_FILTERS, type ShopListBody, type ShopView } from '@console/shared/schemas/shop';
import { Alert, Button, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useShopList, useShopMutations } from '../../../api/shop';
import { useFeedback } from '../../../app/ui-bridge';
import { KeywordSearchForm, serverPagination } from '../../../components/list-parts';
import { Has } from '../../../components/permission';
import { usePageSearchParams } from '../../../layout/keep-alive/keep-alive-outlet';
import { PageContainer } from '../../../layout/page/page-container';
import { BindShopDialog } from './components/bind-shop-dialog';
import { PublicUrlNote } from './components/public-url-note';
import { ShopEditDialog } from './components/shop-edit-dialog';
import { ShopTable } from './components/shop-table';
import { TestOrderDialog } from './components/test-order-dialog';
import { useCheckShop } from './components/use-check-shop';
import { useFinishAuthorization } from './components/use-finish-authorization';

/** 店铺管理 (`/order/shop`): bound Amazon shops, binding through Amazon's authorization, who may use each. */
export function ShopPage() {
  const { message } = useFeedback();
  // `?auth=` (首页's 店铺授权待处理 card, docs/home.md): the shops in that authorization state only.
  const authLink = SHOP_AUTH_FILTERS.find((a) => a.value === usePageSearchParams().get('auth'))?.value;
  const [filters, setFilters] = useState<ShopListBody>({
    page: 1,
    pageSize: 20,
    ...(authLink ? { auth: authLink } : {}),
  });
  useEffect(() => {
    if (authLink) setFilters((f) => ({ page: 1, pageSize: f.pageSize, auth: authLink }));
  }, [authLink]);
  const authLabel = SHOP_AUTH_FILTERS.find((a) => a.value === filters.auth)?.label;
  const list = useShopList(filters);
  const { remove } = useShopMutations();
  const check = useCheckShop();
  const [binding, setBinding] = useState<{ shop: ShopView | null } | null>(null);
  const [editing, setEditing] = useState<ShopView | null>(null);
  const [testing, setTesting] = useState<ShopView | null>(null);
  const failure = useFinishAuthorization();
  const closeTesting = useCallback(() => setTesting(null), []);
  const appConfigured = list.data?.app_configured ?? false;

  return (
    <PageContainer
      title="店铺管理"
      extra={
        <Has permission="shop.manage">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setBinding({ shop: null })}>
            绑定店铺
          </Button>
        </Has>
      }
    >
      {failure && <Alert type="error" showIcon closable message={failure} style={{ marginBottom: 12 }} />}
      <PublicUrlNote rows={list.data?.list ?? []} publicUrlSet={list.data?.public_url_set} />
      {authLabel && (
        <Tag
          closable
          color="orange"
          style={{ marginBottom: 12 }}
          data-testid="shop-auth-filter"
          onClose={() => setFilters(({ auth: _a, ...f }) => ({ ...f, page: 1 }))}
        >
          仅显示:{authLabel}
        </Tag>
      )}
      <KeywordSearchForm filters={filters} setFilters={setFilters} hint="店铺名称 / 卖家编号" />
      <ShopTable
        rows={list.data?.list ?? []}
        loading={list.isFetching}
        pagination={serverPagination(filters, list.data?.total ?? 0, setFilters)}
        onEdit={setEditing}
        onCheck={check}
        onReauthorize={(shop) => setBinding({ shop })}
        onTestOrders={setTesting}
        onDelete={async (shop) => {
          await remove.mutateAsync(shop.id);
          message.success('删除成功');
        }}
      />
      <BindShopDialog
        open={binding !== null}
        shop={binding?.shop}
        appConfigured={appConfigured}
        onClose={() => setBinding(null)}
      />
      <ShopEditDialog shop={editing} onClose={() => setEditing(null)} />
      <TestOrderDialog shop={testing} onClose={closeTesting} />
    </PageContainer>
  );
}
