import { PictureOutlined } from '@ant-design/icons';
import { Image } from 'antd';

/** An order line's picture (the listing's in the console), or a placeholder when there is none or it fails. */
export function OrderThumb({ src, size = 48 }: { src: string | null; size?: number }) {
  const box = {
    width: size,
    height: size,
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    background: '#f5f5f5',
    color: '#bfbfbf',
    borderRadius: 4,
  } as const;
  if (!src)
    return (
      <span style={box} data-testid="order-thumb-placeholder" title="暂无图片">
        <PictureOutlined style={{ fontSize: size / 2 }} />
      </span>
    );
  return (
    <Image
      src={src}
      width={size}
      height={size}
      style={{ objectFit: 'contain' }}
      // A picture that cannot load shows the same grey box (an inline SVG, no request).
      fallback={`data:image/svg+xml;utf8,${encodeURIComponent(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="100%" height="100%" fill="#f5f5f5"/></svg>`,
      )}`}
    />
  );
}
