import { locationLabel } from '@console/shared/inventory/location-label';
import { ADJUST_REASON_LABELS, ADJUST_REASONS, type AdjustReason } from '@console/shared/schemas/overseas-count';
import type { InventoryRow } from '@console/shared/schemas/overseas-inventory';
import { type ButtonProps, Descriptions, Form, Input, InputNumber, Modal, Select } from 'antd';
import { useCountMutations } from '../../../api/overseas-count';
import { useFeedback } from '../../../app/ui-bridge';

interface Values {
  quantity: number;
  reason: AdjustReason;
  note?: string;
}

/**
 * 库存调整 (the operator, `warehouse.operate`): +/- units of the row's SKU at its place (a
 * warehouse or the China stock) with a reason; 盘盈 adds, 盘亏 / 破损 / 丢失 take away, 其他
 * goes either way with a note. The server refuses a decrease below the reserved units.
 */
export function InventoryAdjustModal({ row, onClose }: { row: InventoryRow | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const { adjust } = useCountMutations();
  const { message } = useFeedback();
  return (
    <Modal
      title="库存调整"
      open={row !== null}
      onCancel={onClose}
      confirmLoading={adjust.isPending}
      okButtonProps={{ 'data-testid': 'inventory-adjust-ok' } as ButtonProps}
      destroyOnHidden
      onOk={async () => {
        if (!row) return;
        const v = await form.validateFields();
        const r = await adjust.mutateAsync({
          tenant_id: row.tenant_id,
          stock_id: row.stock_id,
          warehouse_id: row.location_kind === 'overseas' ? row.warehouse_id : null,
          quantity: v.quantity,
          reason: v.reason,
          note: v.note?.trim() ?? '',
        });
        message.success(`库存已调整,当前在库 ${r.on_hand} 件`);
        onClose();
      }}
    >
      {row && (
        <Descriptions size="small" column={2} style={{ marginBottom: 12 }}>
          <Descriptions.Item label="SKU">{row.sku}</Descriptions.Item>
          <Descriptions.Item label="客户">{row.tenant_name}</Descriptions.Item>
          <Descriptions.Item label="库存位置">{locationLabel(row.location_kind, row.location_name)}</Descriptions.Item>
          <Descriptions.Item label="在库 / 预留">
            {row.on_hand} / {row.reserved}
          </Descriptions.Item>
        </Descriptions>
      )}
      <Form form={form} layout="vertical">
        <Form.Item
          name="quantity"
          label="调整数量(正数增加,负数减少)"
          rules={[
            { required: true, message: '请输入调整数量' },
            { validator: (_, v) => (v === 0 ? Promise.reject(new Error('调整数量不能为0')) : Promise.resolve()) },
          ]}
        >
          <InputNumber
            precision={0}
            min={-1_000_000}
            max={1_000_000}
            style={{ width: '100%' }}
            data-testid="inventory-adjust-quantity"
          />
        </Form.Item>
        <Form.Item name="reason" label="原因" rules={[{ required: true, message: '请选择调整原因' }]}>
          <Select
            data-testid="inventory-adjust-reason"
            options={ADJUST_REASONS.map((r) => ({ value: r, label: ADJUST_REASON_LABELS[r] }))}
          />
        </Form.Item>
        <Form.Item noStyle dependencies={['reason']}>
          {({ getFieldValue }) => (
            <Form.Item
              name="note"
              label="备注"
              rules={[{ required: getFieldValue('reason') === 'other', message: '原因为「其他」时请填写备注' }]}
            >
              <Input maxLength={200} data-testid="inventory-adjust-note" />
            </Form.Item>
          )}
        </Form.Item>
      </Form>
    </Modal>
  );
}
