import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { thumbnailUrl } from '@console/shared/constants/images';
import { isSmallImage, MIN_MAIN_IMAGE_SIDE } from '@console/shared/validation/goods-save';
import { Button, Input, Modal, Space, Tag, Typography } from 'antd';
import { memo, useRef, useState } from 'react';
import { copyRemoteImages } from '../../../../api/goods';
import { uploadImage } from '../../../../api/goods-files';
import { useFeedback } from '../../../../app/ui-bridge';
import { type Image, imageOf, smallImagesWarning } from '../../lib/image-size';
import { dropChildImage } from '../../lib/variations';
import { useEditor, useEditorStore } from '../editor-store';

/** At most 30 images per product (server rule). */
const MAX_IMAGES = 30;

/** Moves one item of a list to another position (drag to reorder). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item === undefined) return next;
  next.splice(to, 0, item);
  return next;
}

/** Images pane: upload, thumbnails, drag to reorder (HTML5 drag API), remove, copy remote images. */
export const ImageSection = memo(function ImageSection() {
  const images = useEditor((s) => s.draft.images);
  const store = useEditorStore();
  const { message } = useFeedback();
  const input = useRef<HTMLInputElement>(null);
  const dragFrom = useRef<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [remoteOpen, setRemoteOpen] = useState(false);
  const [remote, setRemote] = useState('');
  const setImages = (list: Image[]) => store.getState().setDraft({ images: list });
  /** Removes a product image, and with it the variations' use of it. */
  const removeImage = (url: string) => {
    const { images: now, parentage } = store.getState().draft;
    store.getState().setDraft({
      images: now.filter((im) => im.url !== url),
      parentage: { ...parentage, children: dropChildImage(parentage.children, url) },
    });
  };

  const upload = async (files: FileList | null) => {
    if (!files?.length) return;
    setBusy(true);
    const added: Image[] = [];
    try {
      for (const f of [...files].slice(0, MAX_IMAGES - images.length)) {
        const img = imageOf(await uploadImage(f));
        added.push(img);
        setImages([...store.getState().draft.images, img]);
      }
    } finally {
      // Amazon refuses a main image below 500 px on the long side: say so at once.
      const warning = smallImagesWarning(added);
      if (warning) message.warning(warning);
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  const copyRemote = async () => {
    const urls = remote
      .split(/\s+/)
      .filter((u) => /^https?:\/\//i.test(u))
      .slice(0, 50);
    if (!urls.length) return message.warning('请粘贴图片链接(http/https),每行一个');
    setBusy(true);
    try {
      const r = await copyRemoteImages(urls);
      const ok = r.filter((x) => x.url).map(imageOf);
      setImages([...store.getState().draft.images, ...ok].slice(0, MAX_IMAGES));
      const failed = r.filter((x) => x.error);
      if (failed.length) message.warning(`${failed.length}张失败: ${failed.map((x) => x.error).join('; ')}`);
      else message.success(`已复制${ok.length}张图片`);
      const warning = smallImagesWarning(ok);
      if (warning) message.warning(warning);
      setRemoteOpen(false);
      setRemote('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div data-testid="image-section">
      <Space style={{ marginBottom: 12 }}>
        <Button icon={<UploadOutlined />} loading={busy} onClick={() => input.current?.click()}>
          上传图片
        </Button>
        <input
          ref={input}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif"
          multiple
          hidden
          onChange={(e) => upload(e.target.files)}
          data-testid="image-input"
        />
        <Button onClick={() => setRemoteOpen(true)}>复制远程图片</Button>
        <Typography.Text type="secondary">
          {images.length}/{MAX_IMAGES} 张,拖动调整顺序,第一张为主图
        </Typography.Text>
      </Space>
      <div className="image-grid">
        {images.map((img, i) => (
          // biome-ignore lint/a11y/noStaticElementInteractions: drag-and-drop reordering of thumbnails (mouse); order is also kept as saved
          <div
            key={img.url}
            className="image-cell"
            draggable
            onDragStart={() => {
              dragFrom.current = i;
            }}
            onDragOver={(e) => e.preventDefault()}
            onDrop={(e) => {
              e.preventDefault();
              if (dragFrom.current !== null && dragFrom.current !== i) setImages(moveItem(images, dragFrom.current, i));
              dragFrom.current = null;
            }}
            data-testid="image-cell"
          >
            <img src={thumbnailUrl(img.url)} alt="" draggable={false} />
            {i === 0 && (
              <Tag color="blue" className="image-main">
                主图
              </Tag>
            )}
            {isSmallImage(img) && (
              <Tag color="warning" className="image-small" data-testid="image-small">
                小于{MIN_MAIN_IMAGE_SIDE}px
              </Tag>
            )}
            <Button
              size="small"
              danger
              type="text"
              className="image-remove"
              icon={<DeleteOutlined />}
              aria-label="删除"
              onClick={() => removeImage(img.url)}
            />
          </div>
        ))}
      </div>
      <Modal
        title="复制远程图片"
        open={remoteOpen}
        onCancel={() => setRemoteOpen(false)}
        onOk={copyRemote}
        confirmLoading={busy}
      >
        <Input.TextArea
          rows={6}
          value={remote}
          onChange={(e) => setRemote(e.target.value)}
          placeholder="每行一个图片链接,最多50个"
        />
      </Modal>
    </div>
  );
});
