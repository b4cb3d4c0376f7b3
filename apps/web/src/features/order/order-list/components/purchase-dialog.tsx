import { orderPurchaseBody } from '@console/shared/schemas/order';
import { Form, Input, InputNumber, Modal } from 'antd';
import { useOrderMutations } from '../../../../api/order';
import { moneyTextRule } from '../../../../lib/money-input';
import { zodRule } from '../../../../lib/zod-rule';

/** The item being purchased. */
export interface PurchaseTarget {
  id: number;
  version: number;
  quantity: number;
  title: string | null;
}

interface Values {
  supplier: string;
  supplier_order_no: string;
  paid: string;
  quantity: number;
  tracking_no: string;
}

/** 采购: records the purchase of an item (supplier, order number, paid amount in yuan, quantity, domestic tracking number). */
export function PurchaseDialog({ target, onClose }: { target: PurchaseTarget | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const { purchase } = useOrderMutations();
  const shape = orderPurchaseBody.shape;
  return (
    <Modal
      title="采购"
      open={target !== null}
      onCancel={onClose}
      destroyOnHidden
      confirmLoading={purchase.isPending}
      okText="保存采购"
      onOk={() =>
        form.validateFields().then(async (v) => {
          if (!target) return;
          await purchase.mutateAsync({ ...v, item_id: target.id, version: target.version });
          onClose();
        })
      }
    >
      <Form<Values>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ quantity: target?.quantity ?? 1, supplier: '', supplier_order_no: '', tracking_no: '' }}
        data-testid="purchase-form"
      >
        <Form.Item label="商品">{target?.title ?? '-'}</Form.Item>
        <Form.Item name="supplier" label="供应商" rules={[zodRule(shape.supplier)]}>
          <Input placeholder="如 1688 店铺名" />
        </Form.Item>
        <Form.Item name="supplier_order_no" label="供应商订单号" rules={[zodRule(shape.supplier_order_no)]}>
          <Input />
        </Form.Item>
        <Form.Item name="paid" label="采购金额(元)" rules={[zodRule(shape.paid), moneyTextRule()]}>
          <Input placeholder="12.50" data-testid="purchase-paid" />
        </Form.Item>
        <Form.Item name="quantity" label="采购数量" rules={[zodRule(shape.quantity)]}>
          <InputNumber min={1} precision={0} />
        </Form.Item>
        <Form.Item name="tracking_no" label="国内快递单号(供应商已发货时填写)" rules={[zodRule(shape.tracking_no)]}>
          <Input data-testid="purchase-tracking" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
