import type { UserInfo } from '@console/shared/schemas/account';
import { updateUserAccountBody } from '@console/shared/schemas/account';
import { COMPLIANCE_EMAIL_MAX, MSG, PHONE_MAX } from '@console/shared/validation/rules';
import { Col, Form, Input, Modal, Row, Skeleton, Switch } from 'antd';
import { useEffect } from 'react';
import { useUpdateUserAccount, useUserInfo } from '../../../api/account';
import { useFeedback } from '../../../app/ui-bridge';
import { formatDate } from '../../../lib/format';
import { zodRule } from '../../../lib/zod-rule';
import { useSessionStore } from '../../../stores/session-store';
import { accountFormVisibility, accountUpdateBody, editableAccountFields, needsUpperCase } from './account-fields';

const shape = updateUserAccountBody.shape;
const flag = {
  valuePropName: 'checked',
  getValueProps: (v: unknown) => ({ checked: v === 1 || v === true }),
  normalize: (c: boolean) => (c ? 1 : 0),
} as const;

function UpperHint({ name }: { name: 'brand_name' | 'vendor' }) {
  const value = Form.useWatch(name);
  return needsUpperCase(value) ? <span className="upper-hint">建议使用大写字母</span> : null;
}

/** Account info (800 px): every field of spec sections 5 and 6 with the role's visibility and read-only rules. */
export function AccountInfoDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { message } = useFeedback();
  const [form] = Form.useForm<UserInfo>();
  const info = useUserInfo();
  const save = useUpdateUserAccount();
  const applyUserInfo = useSessionStore((s) => s.applyUserInfo);
  const data = info.data;
  const v = accountFormVisibility(data?.auth ?? 2);

  useEffect(() => {
    if (open) void info.refetch();
  }, [open, info.refetch]);
  useEffect(() => {
    if (data && open) {
      form.setFieldsValue({ ...data });
      applyUserInfo(data);
    }
  }, [data, open, form, applyUserInfo]);

  const submit = async () => {
    if (!data) return;
    // Read-only fields are shown (with their rules) but never sent, so only editable ones are validated.
    const values = await form.validateFields(editableAccountFields(data.auth));
    await save.mutateAsync(accountUpdateBody(data.auth, values));
    message.success(MSG.accountUpdated);
    onClose();
  };

  const ro = { disabled: true } as const;
  return (
    <Modal
      title="账号信息"
      open={open}
      width={800}
      onCancel={onClose}
      onOk={submit}
      okText="保存"
      cancelText="取消"
      confirmLoading={save.isPending}
      destroyOnHidden
      forceRender
    >
      {!data ? (
        <Skeleton active />
      ) : (
        <Form form={form} layout="vertical" data-testid="account-info-form" requiredMark>
          <Row gutter={16}>
            <Col span={8}>
              <Form.Item label="ID" name="id">
                <Input {...ro} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item label="账号" name="account">
                <Input {...ro} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item label="角色" name="auth_name">
                <Input {...ro} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item label="用户名" name="user_name" required rules={[zodRule(shape.user_name)]}>
                <Input maxLength={64} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item
                label="手机号"
                name="phone"
                required
                rules={[
                  { required: true, message: MSG.phoneRequired },
                  { max: PHONE_MAX, message: MSG.phoneMax },
                ]}
              >
                <Input {...ro} maxLength={PHONE_MAX} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item label="邮箱" name="email" required rules={[zodRule(shape.email)]}>
                <Input />
              </Form.Item>
            </Col>
            {v.brand && (
              <>
                <Col span={8}>
                  <Form.Item
                    label="品牌名"
                    name="brand_name"
                    required
                    rules={[zodRule(shape.brand_name.unwrap())]}
                    extra={<UpperHint name="brand_name" />}
                  >
                    <Input maxLength={100} />
                  </Form.Item>
                </Col>
                <Col span={8}>
                  <Form.Item
                    label="制造商"
                    name="vendor"
                    required
                    rules={[zodRule(shape.vendor.unwrap())]}
                    extra={<UpperHint name="vendor" />}
                  >
                    <Input maxLength={100} />
                  </Form.Item>
                </Col>
                <Col span={8}>
                  <Form.Item
                    label="制造商编号"
                    name="manufactuer_id"
                    required
                    rules={[zodRule(shape.manufactuer_id.unwrap())]}
                  >
                    <Input inputMode="numeric" maxLength={32} />
                  </Form.Item>
                </Col>
                <Col span={12}>
                  <Form.Item
                    label="DSA责任方邮箱"
                    name="dsa_responsible_party_address"
                    rules={[zodRule(shape.dsa_responsible_party_address.unwrap())]}
                  >
                    <Input maxLength={COMPLIANCE_EMAIL_MAX} />
                  </Form.Item>
                </Col>
                <Col span={12}>
                  <Form.Item
                    label="GPSR制造商邮箱"
                    name="gpsr_manufacturer_email_address"
                    rules={[zodRule(shape.gpsr_manufacturer_email_address.unwrap())]}
                  >
                    <Input maxLength={COMPLIANCE_EMAIL_MAX} />
                  </Form.Item>
                </Col>
              </>
            )}
            <Col span={8}>
              <Form.Item label="到期时间">
                <Input {...ro} value={formatDate(data.end_time)} data-testid="field-end-time" />
              </Form.Item>
            </Col>
            {v.maxChild && (
              <Col span={8}>
                <Form.Item label="子账号数量" name="max_child">
                  <Input {...ro} />
                </Form.Item>
              </Col>
            )}
            {v.monitor && (
              <>
                <Col span={8}>
                  <Form.Item label="监控数量上限" name="limit_monitor_len">
                    <Input {...ro} />
                  </Form.Item>
                </Col>
                <Col span={8}>
                  <Form.Item label="使用物流" name="is_suit_express" {...flag}>
                    <Switch {...ro} />
                  </Form.Item>
                </Col>
              </>
            )}
          </Row>
          <Row gutter={16}>
            <Col span={6}>
              <Form.Item label="跟卖提醒" name="follow_sale_remind" {...flag}>
                <Switch />
              </Form.Item>
            </Col>
            {v.workerSwitches && (
              <>
                <Col span={6}>
                  <Form.Item label="免EAN/UPC" name="is_not_use_ean" {...flag}>
                    <Switch />
                  </Form.Item>
                </Col>
                <Col span={6}>
                  <Form.Item label="标题填充关键词" name="gather_title_fill_keywords" {...flag}>
                    <Switch />
                  </Form.Item>
                </Col>
                <Col span={6}>
                  <Form.Item label="随机变体图片" name="random_parentage_img" {...flag}>
                    <Switch />
                  </Form.Item>
                </Col>
                <Col span={6}>
                  <Form.Item label="随机五点描述" name="random_bullet_points" {...flag}>
                    <Switch />
                  </Form.Item>
                </Col>
              </>
            )}
          </Row>
        </Form>
      )}
    </Modal>
  );
}
