import { UploadOutlined } from '@ant-design/icons';
import { SKU_PICTURES_MAX } from '@console/shared/schemas/overseas-sku';
import { Button, Form, Image, Select, Space } from 'antd';
import { useRef, useState } from 'react';
import { uploadImage } from '../../../../api/goods-files';
import { useFeedback } from '../../../../app/ui-bridge';

/** 图片: uploaded images or web addresses, as the product editor stores them (URLs). */
export function PicturesField() {
  const form = Form.useFormInstance();
  const pictures: string[] = Form.useWatch('pictures', form) ?? [];
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const { message } = useFeedback();
  const upload = async (files: FileList | null) => {
    if (!files?.length) return;
    setBusy(true);
    try {
      const urls: string[] = [];
      for (const f of Array.from(files)) urls.push((await uploadImage(f)).url);
      form.setFieldValue('pictures', [...pictures, ...urls].slice(0, SKU_PICTURES_MAX));
    } catch (err) {
      message.error((err as Error).message);
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <Form.Item label="图片" extra={`最多${SKU_PICTURES_MAX}张;可上传,或粘贴图片网址后回车`}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Form.Item name="pictures" noStyle>
          <Select mode="tags" open={false} placeholder="图片网址" data-testid="sku-pictures" />
        </Form.Item>
        <Space wrap>
          {pictures.map((p) => (
            <Image key={p} src={p} width={64} height={64} style={{ objectFit: 'cover' }} />
          ))}
          <Button icon={<UploadOutlined />} loading={busy} onClick={() => input.current?.click()}>
            上传图片
          </Button>
          <input ref={input} type="file" accept="image/*" multiple hidden onChange={(e) => upload(e.target.files)} />
        </Space>
      </Space>
    </Form.Item>
  );
}
