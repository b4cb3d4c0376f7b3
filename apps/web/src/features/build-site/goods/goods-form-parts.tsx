import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { SITE_GOODS_LIMITS } from '@console/shared/schemas/site-goods';
import { Button, Form, Image, Input, InputNumber, Select, Space, Table, Upload } from 'antd';
import { useState } from 'react';
import { uploadImage } from '../../../api/goods-files';
import { MoneyInput } from '../../../components/money-input';
import { moneyInputRule } from '../../../lib/money-input';

/** Pictures of the form: uploads through the file store (`POST /files/upload`), the first is the main picture. */
export function PicturesField({ value = [], onChange }: { value?: string[]; onChange?: (v: string[]) => void }) {
  const [busy, setBusy] = useState(false);
  const full = value.length >= SITE_GOODS_LIMITS.pictures;
  return (
    <Space wrap align="start">
      {value.map((url, i) => (
        <Space key={url} direction="vertical" size={2} align="center">
          <Image src={url} width={88} height={88} style={{ objectFit: 'cover' }} />
          <Space size={0}>
            {i > 0 ? (
              <Button size="small" type="link" onClick={() => onChange?.([url, ...value.filter((u) => u !== url)])}>
                设为主图
              </Button>
            ) : (
              <span style={{ fontSize: 12, padding: '0 7px' }}>主图</span>
            )}
            <Button
              size="small"
              type="link"
              danger
              icon={<DeleteOutlined />}
              aria-label="移除图片"
              onClick={() => onChange?.(value.filter((u) => u !== url))}
            />
          </Space>
        </Space>
      ))}
      <Upload
        accept="image/png,image/jpeg,image/webp,image/gif"
        showUploadList={false}
        multiple
        disabled={full}
        beforeUpload={async (file) => {
          setBusy(true);
          try {
            const { url } = await uploadImage(file);
            onChange?.([...value, url].slice(0, SITE_GOODS_LIMITS.pictures));
          } catch {
            // The upload call has shown the server's message.
          } finally {
            setBusy(false);
          }
          return false;
        }}
      >
        <Button icon={<PlusOutlined />} loading={busy} disabled={full} data-testid="site-goods-upload">
          上传图片
        </Button>
      </Upload>
    </Space>
  );
}

/** A variation row of the form: options typed as `颜色: 红色, 尺码: M`; price in major units (null: the product's). */
export interface VariationValue {
  sku: string;
  options: string;
  price: number | null;
  picture: string | null;
  /** Units in stock; null: not tracked. */
  stock: number | null;
}

/** `Color: Red, Size: M` as an options object (a part without a colon is the value of 规格). */
export function parseOptions(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of text.split(/[,，;；]/)) {
    const t = part.trim();
    if (!t) continue;
    const at = t.search(/[:：]/);
    if (at < 0) out.规格 = t;
    else out[t.slice(0, at).trim() || '规格'] = t.slice(at + 1).trim();
  }
  return out;
}
export const optionsText = (o: Record<string, string>) =>
  Object.entries(o)
    .map(([k, v]) => `${k}: ${v}`)
    .join(', ');

/** The variations table (Form.List `variations`). */
export function VariationsTable({ currency, pictures }: { currency: string; pictures: string[] }) {
  const pictureOptions = pictures.map((url, i) => ({ value: url, label: `图片${i + 1}` }));
  return (
    <Form.List name="variations">
      {(fields, { add, remove }) => (
        <>
          <Table
            size="small"
            rowKey="key"
            pagination={false}
            dataSource={fields}
            locale={{ emptyText: '无变体(按商品价格销售)' }}
            columns={[
              {
                title: 'SKU',
                render: (_, f) => (
                  <Form.Item
                    name={[f.name, 'sku']}
                    rules={[{ required: true, whitespace: true, message: '请填写变体SKU' }]}
                    noStyle
                  >
                    <Input placeholder="SKU" maxLength={100} />
                  </Form.Item>
                ),
              },
              {
                title: '属性',
                render: (_, f) => (
                  <Form.Item name={[f.name, 'options']} noStyle>
                    <Input placeholder="颜色: 红色, 尺码: M" maxLength={300} />
                  </Form.Item>
                ),
              },
              {
                title: `价格(${currency})`,
                width: 150,
                render: (_, f) => (
                  <Form.Item name={[f.name, 'price']} rules={[moneyInputRule]} noStyle>
                    <MoneyInput currency={currency} placeholder="同商品价格" />
                  </Form.Item>
                ),
              },
              {
                title: '库存',
                width: 120,
                render: (_, f) => (
                  <Form.Item name={[f.name, 'stock']} noStyle>
                    <InputNumber min={0} max={1_000_000} precision={0} placeholder="不限" aria-label="库存" />
                  </Form.Item>
                ),
              },
              {
                title: '图片',
                width: 120,
                render: (_, f) => (
                  <Form.Item name={[f.name, 'picture']} noStyle>
                    <Select allowClear options={pictureOptions} placeholder="无" style={{ width: '100%' }} />
                  </Form.Item>
                ),
              },
              {
                title: '',
                width: 48,
                render: (_, f) => (
                  <Button
                    type="link"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label="删除变体"
                    onClick={() => remove(f.name)}
                  />
                ),
              },
            ]}
          />
          <Button
            icon={<PlusOutlined />}
            style={{ marginTop: 8 }}
            disabled={fields.length >= SITE_GOODS_LIMITS.variations}
            onClick={() => add({ sku: '', options: '', price: null, picture: null, stock: null })}
          >
            添加变体
          </Button>
        </>
      )}
    </Form.List>
  );
}
