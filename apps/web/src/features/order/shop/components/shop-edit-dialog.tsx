import { type ShopView, updateShopBody } from '@console/shared/schemas/shop';
import { Form, Input, Modal, Select } from 'antd';
import { useEffect } from 'react';
import { useChildAccounts } from '../../../../api/account';
import { useShopMutations } from '../../../../api/shop';
import { useFeedback } from '../../../../app/ui-bridge';
import { zodRule } from '../../../../lib/zod-rule';

const s = updateShopBody.shape;

/** 编辑店铺: the display name and the accounts allowed to use the shop (none chosen: every account). */
export function ShopEditDialog({ shop, onClose }: { shop: ShopView | null; onClose: () => void }) {
  const { message } = useFeedback();
  const [form] = Form.useForm<{ name: string; staff_ids: number[] }>();
  const { update } = useShopMutations();
  // Only while the dialog is open: editing is the managers' (group leaders and workers see the page).
  const children = useChildAccounts({ page: 1, pageSize: 200 }, shop !== null);

  useEffect(() => {
    if (!shop) return;
    form.resetFields();
    form.setFieldsValue({ name: shop.name, staff_ids: shop.staff_ids });
  }, [shop, form]);

  const submit = async () => {
    if (!shop) return;
    const v = await form.validateFields();
    await update.mutateAsync({ id: shop.id, version: shop.version, name: v.name, staff_ids: v.staff_ids ?? [] });
    message.success('修改成功');
    onClose();
  };

  return (
    <Modal
      title="编辑店铺"
      open={shop !== null}
      width={600}
      onCancel={onClose}
      onOk={submit}
      okText="保存"
      cancelText="取消"
      confirmLoading={update.isPending}
      destroyOnHidden
    >
      <Form form={form} labelCol={{ span: 5 }} data-testid="shop-edit-form">
        <Form.Item label="店铺名称" name="name" required rules={[zodRule(s.name)]}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item label="可使用账号" name="staff_ids" extra="不选择时,本公司所有子账号都可以使用该店铺">
          <Select
            mode="multiple"
            allowClear
            loading={children.isFetching}
            placeholder="全部账号"
            optionFilterProp="label"
            options={(children.data?.list ?? []).map((c) => ({ value: c.uid, label: `${c.user_name} (${c.account})` }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
