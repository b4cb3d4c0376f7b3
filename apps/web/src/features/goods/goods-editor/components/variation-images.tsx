import { thumbnailUrl } from '@console/shared/constants/images';
import { Button, Popover, Space, Typography } from 'antd';
import { memo, useState } from 'react';
import { usePageActive } from '../../../../layout/keep-alive/keep-alive-outlet';
import { MAX_CHILD_IMAGES, shareImagesByValue, toggleChildImage } from '../../lib/variations';
import { useEditor, useEditorStore } from '../editor-store';

/** The picker inside the popover: the product's images; a click adds or removes one. */
function ChildImagePicker({ index, attr }: { index: number; attr: string | undefined }) {
  const store = useEditorStore();
  const productImages = useEditor((s) => s.draft.images);
  const chosen = useEditor((s) => s.draft.parentage.children[index]?.images ?? []);
  const value = useEditor((s) => (attr ? s.draft.parentage.children[index]?.values[attr] : undefined));
  /** Rows sharing this row's first attribute value (the same colour in other sizes). */
  const sharing = useEditor((s) =>
    attr && value ? s.draft.parentage.children.filter((c) => c.values[attr] === value).length : 0,
  );
  const setImages = (images: string[]) => store.getState().setChild(index, { images });
  if (productImages.length === 0) {
    return <Typography.Text type="secondary">请先在"图片"中上传商品图片,再为变体选择</Typography.Text>;
  }
  return (
    <div className="var-img-picker" data-testid={`variation-image-picker-${index}`}>
      <Typography.Text type="secondary">
        点击图片选择或取消,按点击顺序排列,第一张为变体主图(最多{MAX_CHILD_IMAGES}张)
      </Typography.Text>
      <div className="var-img-grid">
        {productImages.map((img) => {
          const at = chosen.indexOf(img.url);
          return (
            <button
              type="button"
              key={img.url}
              className={at >= 0 ? 'var-img-option chosen' : 'var-img-option'}
              onClick={() => setImages(toggleChildImage(chosen, img.url))}
              data-testid="variation-image-option"
            >
              <img src={thumbnailUrl(img.url)} alt="" />
              {at >= 0 && <span className="var-img-order">{at + 1}</span>}
            </button>
          );
        })}
      </div>
      <Space>
        <Button size="small" onClick={() => setImages([])} disabled={chosen.length === 0}>
          清空
        </Button>
        {attr && value && sharing > 1 && (
          <Button
            size="small"
            onClick={() => {
              const p = store.getState().draft.parentage;
              store.getState().setParentage({ children: shareImagesByValue(p.children, index, attr) });
            }}
            data-testid={`variation-image-share-${index}`}
          >
            应用到{attr}为"{value}"的全部{sharing}个变体
          </Button>
        )}
      </Space>
    </div>
  );
}

/**
 * The images cell of a variation row: the first image's thumbnail and how many there are; a
 * click opens the picker (rendered only while open, so 50 rows stay light).
 */
export const VariationImagesCell = memo(function VariationImagesCell({
  images,
  index,
  attr,
}: {
  images: string[];
  index: number;
  attr: string | undefined;
}) {
  const [open, setOpen] = useState(false);
  // A kept-alive editor tab is hidden, not unmounted: its popover must not float over another page.
  const active = usePageActive();
  return (
    <Popover
      trigger="click"
      // Opens towards the left: the images column sits on the right of the table, and a popover
      // centred on it was cut at the screen's right edge.
      placement="bottomRight"
      open={open && active}
      onOpenChange={setOpen}
      destroyOnHidden
      title="变体图片"
      content={<ChildImagePicker index={index} attr={attr} />}
    >
      <button type="button" className="var-img-cell" data-testid={`variation-images-${index}`}>
        {images[0] ? (
          <>
            <img src={thumbnailUrl(images[0])} alt="" />
            {images.length > 1 && <span className="var-img-count">+{images.length - 1}</span>}
          </>
        ) : (
          <span className="var-muted">选择</span>
        )}
      </button>
    </Popover>
  );
});
