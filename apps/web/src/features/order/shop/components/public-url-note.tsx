import type { ShopView } from '@console/shared/schemas/shop';
import { Alert } from 'antd';

/**
 * Shown when a real (non-sandbox) shop is bound and the server has no PUBLIC_URL: Amazon
 * downloads every listing image from the console's address, so it must be reachable from the
 * internet. The built-in sandbox reads the console's own files directly and needs none
 * (docs/shops.md "Images and PUBLIC_URL").
 */
export function PublicUrlNote({
  rows,
  publicUrlSet,
}: {
  rows: readonly ShopView[];
  publicUrlSet: boolean | undefined;
}) {
  if (publicUrlSet !== false || !rows.some((r) => !r.sandbox)) return null;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 12 }}
      data-testid="shop-public-url-note"
      title="服务器未设置 PUBLIC_URL:亚马逊无法下载商品图片"
      description={
        <>
          上传到真实店铺的商品,图片以控制台地址下的签名链接发给亚马逊,亚马逊要从互联网下载这些图片。
          请管理员在服务器设置 PUBLIC_URL 为控制台的公网地址(例如 https://console.example.com)并重启;
          未设置时亚马逊会以“图片无法访问”(18027)拒绝商品。也可以使用公网图床上的图片链接。沙箱店铺不受影响。
        </>
      }
    />
  );
}
