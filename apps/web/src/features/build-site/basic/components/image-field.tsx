import { Button, Image, Space, Upload } from 'antd';
import { useState } from 'react';
import { uploadImage } from '../../../../api/goods-files';

interface Props {
  /** The stored image's `/PDD/files/...` address, or null. */
  value?: string | null;
  onChange?: (url: string | null) => void;
  testId: string;
}

/** A Form.Item control: uploads one image through the file store (`POST /files/upload`) and keeps its address. */
export function ImageField({ value, onChange, testId }: Props) {
  const [busy, setBusy] = useState(false);
  return (
    <Space align="center">
      {value ? <Image src={value} height={48} data-testid={`${testId}-preview`} /> : null}
      <Upload
        accept="image/png,image/jpeg,image/webp,image/gif"
        showUploadList={false}
        beforeUpload={async (file) => {
          setBusy(true);
          try {
            onChange?.((await uploadImage(file)).url);
          } catch {
            // The upload call has shown the server's message.
          } finally {
            setBusy(false);
          }
          return false;
        }}
      >
        <Button loading={busy} data-testid={`${testId}-upload`}>
          {value ? '重新上传' : '上传图片'}
        </Button>
      </Upload>
      {value ? (
        <Button type="link" danger onClick={() => onChange?.(null)}>
          移除
        </Button>
      ) : null}
    </Space>
  );
}
