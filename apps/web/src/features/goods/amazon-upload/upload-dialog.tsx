import { UPLOAD_TYPES, type UploadType } from '@console/shared/schemas/upload';
import { Alert, Checkbox, Empty, Form, Modal, Radio, Select, Tag, Typography } from 'antd';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import type { GoodsSelection } from '../../../api/goods';
import { type UploadTargets, useUploadMutations, useUploadTargets } from '../../../api/upload';
import { useFeedback } from '../../../app/ui-bridge';
import { marketplaceLabel } from './upload-labels';
import { uploadResultText } from './upload-model';

/** Where the chosen products come from: the list (scope switch) or one product (the editor). */
export interface UploadSource {
  /** The selection to send for the chosen scope. */
  selection: GoodsSelection;
  /** What is uploaded, as shown (`商品 #12`); absent when `extra` says it (the list's scope switch). */
  what?: ReactNode;
}

interface Values {
  shop_id?: number;
  marketplaces: string[];
  upload_type: UploadType;
}

type Target = UploadTargets['list'][number];

/**
 * 上传到亚马逊 (issue 14 §4): a shop the user may upload to, its marketplaces (within the
 * account's `allowUploadSiteArr`, as `/upload/targets` answers), the upload type; the answer
 * counts the products, items and items stopped by the pre-send check and links to 上传记录.
 */
export function UploadDialog({
  open,
  onClose,
  source,
  extra,
}: {
  open: boolean;
  onClose: () => void;
  source: UploadSource | null;
  /** Shown above the form (the list's scope switch, the editor's unsaved-changes note). */
  extra?: ReactNode;
}) {
  const targets = useUploadTargets(open);
  const { create } = useUploadMutations();
  const [form] = Form.useForm<Values>();
  const [shopId, setShopId] = useState<number | undefined>();
  const navigate = useNavigate();
  const { message } = useFeedback();
  const shops = targets.data?.list ?? [];
  const shop: Target | undefined = shops.find((s) => s.shop_id === shopId);

  // The first shop is chosen when the dialog opens with exactly one.
  useEffect(() => {
    if (open && shops.length === 1 && shopId === undefined) {
      setShopId(shops[0]?.shop_id);
      form.setFieldsValue({ shop_id: shops[0]?.shop_id, marketplaces: [] });
    }
  }, [open, shops, shopId, form]);

  const options = useMemo(
    () => (shop?.marketplaces ?? []).map((m) => ({ value: m, label: marketplaceLabel(m) })),
    [shop],
  );

  const submit = async () => {
    if (!source) return;
    const v = await form.validateFields();
    const r = await create.mutateAsync({
      shop_id: v.shop_id as number,
      marketplaces: v.marketplaces,
      upload_type: v.upload_type,
      ...source.selection,
    });
    message.success({
      content: (
        <span data-testid="upload-created">
          {uploadResultText(r)}{' '}
          <Typography.Link onClick={() => navigate('/goods/amazon/queue')}>查看上传记录</Typography.Link>
        </span>
      ),
      duration: 8,
    });
    onClose();
  };

  return (
    <Modal
      open={open}
      title="上传到亚马逊"
      okText="开始上传"
      onOk={submit}
      onCancel={onClose}
      confirmLoading={create.isPending}
      okButtonProps={{ disabled: shops.length === 0, ...{ 'data-testid': 'upload-submit' } }}
      destroyOnHidden
      afterClose={() => setShopId(undefined)}
    >
      {extra}
      {!targets.isLoading && shops.length === 0 ? (
        <Empty description="没有可上传的店铺:请先在店铺管理中绑定并授权店铺,或请管理员分配店铺" />
      ) : (
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={{ marketplaces: [], upload_type: 'good' }}
          data-testid="upload-form"
        >
          {source?.what && <Form.Item label="上传商品">{source.what}</Form.Item>}
          <Form.Item label="店铺" name="shop_id" rules={[{ required: true, message: '请选择店铺' }]}>
            <Select
              placeholder="选择店铺"
              loading={targets.isLoading}
              data-testid="upload-shop"
              onChange={(id: number) => {
                setShopId(id);
                form.setFieldValue('marketplaces', []);
              }}
              options={shops.map((s) => ({
                value: s.shop_id,
                label: (
                  <span>
                    {s.name} {s.sandbox && <Tag color="purple">沙箱店铺</Tag>}
                  </span>
                ),
              }))}
            />
          </Form.Item>
          <Form.Item
            label="站点"
            name="marketplaces"
            rules={[{ required: true, type: 'array', min: 1, message: '请选择站点' }]}
            extra={!shop ? '请先选择店铺' : options.length ? undefined : '该店铺没有您可上传的站点'}
          >
            <Checkbox.Group options={options} data-testid="upload-marketplaces" />
          </Form.Item>
          <Form.Item label="上传类型" name="upload_type" rules={[{ required: true, message: '请选择上传类型' }]}>
            <Radio.Group options={UPLOAD_TYPES.map((t) => ({ value: t.value, label: t.label }))} />
          </Form.Item>
          {shop?.sandbox && (
            <Alert type="info" showIcon message="沙箱店铺:商品上传到本地亚马逊模拟器,不会出现在真实的亚马逊上" />
          )}
        </Form>
      )}
    </Modal>
  );
}
