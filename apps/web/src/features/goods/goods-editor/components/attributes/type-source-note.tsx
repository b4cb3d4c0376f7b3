import { countryName } from '@console/shared/constants/marketplaces';
import { Alert, Typography } from 'antd';
import { Link } from 'react-router';

/**
 * Where the product type list of a marketplace comes from (issue 28 §4): Amazon's whole list
 * through the tenant's shop, or only the console's offline templates, a small part of Amazon's,
 * with what to do for the whole list (bind a shop selling there in 店铺管理).
 */
export function TypeSourceNote(p: {
  source: 'amazon' | 'offline';
  shop: string | null;
  marketplace: string;
  /** How many product types the list has (the offline one: the shipped templates of the marketplace). */
  count: number;
}) {
  const country = countryName(p.marketplace);
  if (p.source === 'amazon') {
    return (
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }} data-testid="attr-type-source">
        亚马逊{country}站点的全部产品类型(通过店铺「{p.shop}」读取),输入中文名称或英文关键词搜索。
      </Typography.Paragraph>
    );
  }
  if (p.shop) {
    return (
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 12 }}
        data-testid="attr-type-source"
        title={`暂时无法通过店铺「${p.shop}」读取亚马逊${country}站点的产品类型,当前只显示离线模板(${p.count} 个,并不完整),请稍后刷新重试。`}
      />
    );
  }
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 12 }}
      data-testid="attr-type-source"
      title={
        <span>
          当前为离线列表:只有控制台内置的 {p.count} 个常用产品类型,不是亚马逊{country}站点的全部产品类型。在{' '}
          <Link to="/order/shop">店铺管理</Link> 绑定并授权在{country}销售的店铺后(授权状态见{' '}
          <Link to="/platform/family">授权中心</Link>),这里即可搜索亚马逊该站点的全部产品类型。
        </span>
      }
    />
  );
}
