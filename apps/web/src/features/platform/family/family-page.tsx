import type { ShopView } from '@console/shared/schemas/shop';
import { Alert, Typography } from 'antd';
import { useState } from 'react';
import { useShopList } from '../../../api/shop';
import { PageContainer } from '../../../layout/page/page-container';
import { BindShopDialog } from '../../order/shop/components/bind-shop-dialog';
import { PublicUrlNote } from '../../order/shop/components/public-url-note';
import { ShopTable } from '../../order/shop/components/shop-table';
import { useCheckShop } from '../../order/shop/components/use-check-shop';

/**
 * 授权中心 (`/platform/family`): the authorization state of every shop, what needs
 * re-authorizing first, and how the console's access to Amazon works.
 */
export function FamilyPage() {
  const list = useShopList({ page: 1, pageSize: 200 });
  const [reauth, setReauth] = useState<ShopView | null>(null);
  const check = useCheckShop();
  const rows = [...(list.data?.list ?? [])].sort(
    (a, b) => Number(a.auth_status === 'authorized') - Number(b.auth_status === 'authorized'),
  );
  const broken = rows.filter((r) => r.auth_status !== 'authorized').length;

  return (
    <PageContainer title="授权中心">
      <Typography.Paragraph type="secondary">
        本控制台通过亚马逊官方的卖家授权(Selling Partner
        API)访问店铺:授权在亚马逊卖家中心完成,控制台只保存加密后的授权凭证,
        不保存店铺的登录密码。卖家在卖家中心撤销授权或授权过期后,需要在这里重新授权。
      </Typography.Paragraph>
      {broken > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message={`${broken}个店铺需要重新授权,授权失效的店铺无法上传商品和同步订单`}
        />
      )}
      <PublicUrlNote rows={rows} publicUrlSet={list.data?.public_url_set} />
      <ShopTable rows={rows} loading={list.isFetching} pagination={false} onCheck={check} onReauthorize={setReauth} />
      <BindShopDialog
        open={reauth !== null}
        shop={reauth}
        appConfigured={list.data?.app_configured ?? false}
        onClose={() => setReauth(null)}
      />
    </PageContainer>
  );
}
