import { LinkOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import { memo } from 'react';
import { useEditor, useEditorStore } from '../../editor-store';
import { productSource } from './product-filled';

/**
 * Under an attribute the listing fills from the product's own fields (标题, 品牌, 描述 ...):
 * the product's current value, read-only, and where to change it. The attribute's own input
 * stays as an optional override for this marketplace.
 */
export const ProductSourceNote = memo(function ProductSourceNote({
  attr,
  marketplace,
  overridden,
}: {
  attr: string;
  marketplace: string;
  /** True when the attribute has its own value, which the listing sends instead. */
  overridden: boolean;
}) {
  // Field and place do not change while typing; the values (one string, stable between renders) do.
  const source = productSource(attr, useEditorStore().getState().draft, marketplace);
  const values = useEditor((s) => productSource(attr, s.draft, marketplace)?.values.join(' | ') ?? '');
  if (!source) return null;
  return (
    <div className="attr-source" data-testid={`attr-source-${attr}`}>
      <LinkOutlined /> {overridden ? '已单独填写,上传时使用此处的值;留空则' : '留空时'}由商品的「{source.field}
      」自动填写(
      {source.place}修改):{' '}
      {values ? (
        <Typography.Text
          className="attr-source-value"
          ellipsis={{ tooltip: values }}
          data-testid={`attr-source-value-${attr}`}
        >
          {values}
        </Typography.Text>
      ) : (
        <Typography.Text type="warning">商品尚未填写</Typography.Text>
      )}
    </div>
  );
});
