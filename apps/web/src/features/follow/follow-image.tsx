import { Image, Tooltip, Typography } from 'antd';

/** A grey picture frame with 暂无图片, shown where a product picture is missing or cannot load. */
export const IMAGE_PLACEHOLDER = `data:image/svg+xml;utf8,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48" viewBox="0 0 48 48">' +
    '<rect width="48" height="48" fill="#f0f0f0"/>' +
    '<path d="M12 33l8-10 6 7 4-5 6 8z" fill="#c8c8c8"/><circle cx="31" cy="17" r="3" fill="#c8c8c8"/></svg>',
)}`;

/** A product's main picture, 48 px; the placeholder when it has none or it does not load. */
export function ProductImage({ src }: { src: string }) {
  return (
    <Image
      src={src || IMAGE_PLACEHOLDER}
      fallback={IMAGE_PLACEHOLDER}
      width={48}
      height={48}
      preview={false}
      alt="商品图片"
      style={{ objectFit: 'contain' }}
    />
  );
}

/** A title cut to its column with the whole title on hover. */
export function TitleCell({ title }: { title: string }) {
  if (!title) return <span>-</span>;
  return (
    <Tooltip title={title} placement="topLeft">
      <Typography.Text ellipsis style={{ maxWidth: '100%' }}>
        {title}
      </Typography.Text>
    </Tooltip>
  );
}
