import type { OutboundEligibleData } from '@console/shared/schemas/overseas-outbound';
import { Button, type ButtonProps, Form, Modal, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useOutboundMutations } from '../../../../api/overseas-outbound';
import { useFeedback } from '../../../../app/ui-bridge';

type Warehouses = OutboundEligibleData['list'][number]['warehouses'];

/**
 * 海外仓发货 on an order whose items all have available stock at an active warehouse (the page's
 * one `/overseas/outbound/eligible` request): a confirmation with the warehouse choice creates
 * the outbound from the order (`/overseas/outbound/from-order`), reserving its units.
 */
export function OverseasShipButton({
  orderId,
  amazonOrderId,
  warehouses,
}: {
  orderId: number;
  amazonOrderId: string;
  warehouses: Warehouses;
}) {
  const { message } = useFeedback();
  const { fromOrder } = useOutboundMutations();
  const [open, setOpen] = useState(false);
  const [warehouseId, setWarehouseId] = useState<number>(warehouses[0]!.id);
  return (
    // The modal's clicks bubble through the portal to the table row (which opens the detail): stopped here.
    <Space onClick={(e) => e.stopPropagation()}>
      <Button size="small" data-testid="order-overseas-ship" onClick={() => setOpen(true)}>
        海外仓发货
      </Button>
      <Modal
        title="海外仓发货"
        open={open}
        onCancel={() => setOpen(false)}
        confirmLoading={fromOrder.isPending}
        okText="创建出库单"
        okButtonProps={{ 'data-testid': 'order-overseas-ship-ok' } as ButtonProps}
        onOk={async () => {
          const r = await fromOrder.mutateAsync({ order_id: orderId, warehouse_id: warehouseId });
          message.success(`出库单 ${r.number} 已创建,库存已预留`);
          setOpen(false);
        }}
      >
        <Typography.Paragraph>{`订单 ${amazonOrderId} 的全部商品将从所选海外仓出库,收件人为订单的收货地址。`}</Typography.Paragraph>
        <Form layout="vertical">
          <Form.Item label="仓库(该仓可用库存足够)">
            <Select
              value={warehouseId}
              onChange={setWarehouseId}
              data-testid="order-overseas-warehouse"
              options={warehouses.map((w) => ({ value: w.id, label: `${w.code} ${w.name}` }))}
            />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
