import { fillSeoTemplate, type SeoPageKind } from '@console/shared/schemas/site-seo';
import { Typography } from 'antd';

/** Sample values of the placeholders per page type (the preview only). */
const SAMPLE: Record<SeoPageKind, { name: string; price: string; category: string; path: string }> = {
  home: { name: '', price: '', category: '', path: '' },
  category: { name: '厨房用品', price: '', category: '', path: 'c/kitchen' },
  product: { name: '陶瓷马克杯', price: '19.99', category: '厨房用品', path: 'p/ceramic-mug' },
  search: { name: 'mug', price: '', category: '', path: 'search?q=mug' },
  legal: { name: '隐私政策', price: '', category: '', path: 'legal/privacy' },
};

/**
 * A search result as Google shows it, with the templates filled with sample values; the same
 * defaults as the storefront (`storefront/seo.ts`) when a template is empty.
 */
export function SnippetPreview(props: {
  kind: SeoPageKind;
  lang: string;
  siteName: string;
  currency: string;
  title: string;
  description: string;
}) {
  const s = SAMPLE[props.kind];
  const vars = {
    site: props.siteName,
    name: s.name,
    price: s.price ? `${s.price} ${props.currency}` : '',
    category: s.category,
  };
  const fallback = props.kind === 'home' || !s.name ? props.siteName : `${s.name} | ${props.siteName}`;
  const title = fillSeoTemplate(props.title ?? '', vars) || fallback;
  const description = fillSeoTemplate(props.description ?? '', vars);
  return (
    <div
      data-testid={`seo-preview-${props.kind}-${props.lang}`}
      style={{ border: '1px solid #e5e7eb', borderRadius: 8, padding: 12, maxWidth: 600, background: '#fff' }}
    >
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        预览(示例数据)· https://shop.example.com/{props.lang.toLowerCase()}/{s.path}
      </Typography.Text>
      <div style={{ color: '#1a0dab', fontSize: 18, lineHeight: 1.3, margin: '4px 0' }} className="seo-preview-title">
        {title.length > 60 ? `${title.slice(0, 60)}…` : title}
      </div>
      <div style={{ color: '#4d5156', fontSize: 13 }}>
        {description
          ? description.length > 160
            ? `${description.slice(0, 160)}…`
            : description
          : '(无描述:搜索引擎自行摘取页面文字)'}
      </div>
    </div>
  );
}
