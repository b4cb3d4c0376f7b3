import { type BindShopBody, bindShopBody, SHOP_REGIONS, type ShopView } from '@console/shared/schemas/shop';
import { Alert, Checkbox, Form, Input, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { bindShop } from '../../../../api/shop';
import { zodRule } from '../../../../lib/zod-rule';

const s = bindShopBody.shape;

interface Props {
  open: boolean;
  /** Re-authorize this shop; absent to bind a new one. */
  shop?: ShopView | null;
  /** Whether the console has an SP-API application (else only sandbox shops bind). */
  appConfigured: boolean;
  onClose: () => void;
}

/**
 * 绑定店铺 / 重新授权: asks for a name and the region, then sends the browser to Seller Central's
 * consent page (the simulator's for a sandbox shop); Amazon sends it back to 店铺管理.
 */
export function BindShopDialog({ open, shop, appConfigured, onClose }: Props) {
  const [form] = Form.useForm<BindShopBody>();
  const [busy, setBusy] = useState(false);
  const sandbox = Form.useWatch('sandbox', form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      shop
        ? { name: shop.name, region: shop.region, sandbox: shop.sandbox }
        : { name: '', region: 'EU', sandbox: !appConfigured },
    );
  }, [open, shop, appConfigured, form]);

  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      const r = await bindShop({ ...v, sandbox: Boolean(v.sandbox), ...(shop ? { id: shop.id } : {}) });
      window.location.assign(r.consent_url);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title={shop ? `重新授权「${shop.name}」` : '绑定店铺'}
      open={open}
      width={600}
      onCancel={onClose}
      onOk={submit}
      okText="前往亚马逊授权"
      cancelText="取消"
      confirmLoading={busy}
      destroyOnHidden
    >
      <Form form={form} labelCol={{ span: 5 }} data-testid="bind-shop-form">
        <Form.Item label="店铺名称" name="name" required rules={[zodRule(s.name)]}>
          <Input maxLength={64} placeholder="例如: 欧洲站-家居店" disabled={Boolean(shop)} />
        </Form.Item>
        <Form.Item label="站点区域" name="region" required>
          <Select options={SHOP_REGIONS.map((r) => ({ value: r.value, label: r.label }))} disabled={Boolean(shop)} />
        </Form.Item>
        <Form.Item label=" " colon={false} name="sandbox" valuePropName="checked">
          <Checkbox disabled={Boolean(shop) || !appConfigured}>
            沙箱店铺(连接内置的亚马逊模拟器,不会连接真实亚马逊)
          </Checkbox>
        </Form.Item>
        {!appConfigured && (
          <Alert
            type="info"
            showIcon
            message="尚未配置亚马逊开发者应用,目前只能绑定沙箱店铺"
            description="绑定真实店铺需要管理员在服务器上设置 SPAPI_CLIENT_ID、SPAPI_CLIENT_SECRET 和 SPAPI_APP_ID(亚马逊卖家中心开发者应用的凭证),并把本控制台的授权回调地址登记到该应用。"
          />
        )}
        {sandbox ? (
          <Alert
            type="warning"
            showIcon
            style={{ marginTop: 8 }}
            message="沙箱店铺用于离线体验完整流程:上传、审核结果和错误都来自模拟器,商品不会出现在亚马逊上。"
          />
        ) : (
          <Alert
            type="info"
            showIcon
            style={{ marginTop: 8 }}
            message="点击后将打开亚马逊卖家中心,请用店铺的主账号登录并同意授权,完成后会自动回到店铺管理。"
          />
        )}
      </Form>
    </Modal>
  );
}
