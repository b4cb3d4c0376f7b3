import { Form, InputNumber, Modal, Radio } from 'antd';
import { useFollowMutations } from '../../../../api/follow';
import { useFeedback } from '../../../../app/ui-bridge';

/** 跟卖到店铺: the selected candidates become offer-only listings at their suggested price. */
export function PushDialog({
  open,
  ids,
  shopId,
  onClose,
  onPushed,
}: {
  open: boolean;
  ids: number[];
  shopId: number | undefined;
  onClose: () => void;
  onPushed: () => void;
}) {
  const { message } = useFeedback();
  const { push } = useFollowMutations();
  const [form] = Form.useForm<{ quantity: number; fulfillment: 'FBM' | 'FBA' }>();
  return (
    <Modal
      title={`跟卖到店铺(${ids.length}个)`}
      open={open}
      onCancel={onClose}
      confirmLoading={push.isPending}
      okText="提交跟卖"
      onOk={async () => {
        const v = await form.validateFields();
        if (!shopId) return;
        const r = await push.mutateAsync({ ids, shop_id: shopId, quantity: v.quantity, fulfillment: v.fulfillment });
        message.success(
          `已提交${r.queued}个跟卖${r.skipped ? `,${r.skipped}个不能跟卖已跳过` : ''},请在跟卖上传记录查看结果`,
        );
        onPushed();
        onClose();
      }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ quantity: 10, fulfillment: 'FBM' }}>
        <Form.Item label="库存" name="quantity" rules={[{ required: true, message: '请填写库存' }]}>
          <InputNumber min={0} max={100000} precision={0} />
        </Form.Item>
        <Form.Item label="配送方式" name="fulfillment">
          <Radio.Group
            options={[
              { value: 'FBM', label: '自发货(FBM)' },
              { value: 'FBA', label: '亚马逊配送(FBA)' },
            ]}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
