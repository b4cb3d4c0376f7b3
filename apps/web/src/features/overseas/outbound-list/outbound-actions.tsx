import { carrierLabel, OTHER_CARRIER } from '@console/shared/constants/carriers';
import type { OutboundRow } from '@console/shared/schemas/overseas-outbound';
import { Button, type ButtonProps, Form, Input, Modal, Popconfirm, Select, Space } from 'antd';
import { useState } from 'react';
import { useOutboundMutations } from '../../../api/overseas-outbound';
import { useWarehouseList } from '../../../api/overseas-warehouse';
import { useFeedback } from '../../../app/ui-bridge';

/** The buttons of one outbound: the tenant cancels before it ships; the warehouse picks, packs and ships. */
export function OutboundActions({ row, warehouse }: { row: OutboundRow; warehouse: boolean }) {
  const { message } = useFeedback();
  const { cancel, step, ship } = useOutboundMutations();
  const [shipping, setShipping] = useState(false);
  const [form] = Form.useForm<{ tracking_no: string; carrier_code?: string; carrier_name?: string }>();
  // The carriers the outbound's warehouse ships with (what the server accepts), read when 发货 opens.
  const warehouses = useWarehouseList({}, shipping);
  const carriers = warehouses.data?.list.find((w) => w.id === row.warehouse_id)?.carriers ?? [];
  const open = row.status !== 'shipped' && row.status !== 'cancelled';
  const stop = (e: React.MouseEvent) => e.stopPropagation();
  return (
    <Space size={4} onClick={stop}>
      {warehouse && row.status === 'created' && (
        <Button
          size="small"
          data-testid="outbound-pick"
          loading={step.isPending}
          onClick={async () => {
            await step.mutateAsync({ step: 'pick', id: row.id });
            message.success('已开始拣货');
          }}
        >
          拣货
        </Button>
      )}
      {warehouse && row.status === 'picking' && (
        <Button
          size="small"
          data-testid="outbound-pack"
          loading={step.isPending}
          onClick={async () => {
            await step.mutateAsync({ step: 'pack', id: row.id });
            message.success('已打包');
          }}
        >
          打包
        </Button>
      )}
      {warehouse && row.status === 'packed' && (
        <Button size="small" type="primary" data-testid="outbound-ship" onClick={() => setShipping(true)}>
          发货
        </Button>
      )}
      {!warehouse && open && (
        <Popconfirm
          title="取消出库单?预留的库存将释放"
          onConfirm={async () => {
            await cancel.mutateAsync(row.id);
            message.success('出库单已取消');
          }}
        >
          <Button size="small" danger data-testid="outbound-cancel">
            取消
          </Button>
        </Popconfirm>
      )}
      <Modal
        title={`发货 ${row.number}`}
        open={shipping}
        onCancel={() => setShipping(false)}
        confirmLoading={ship.isPending}
        okButtonProps={{ 'data-testid': 'outbound-ship-ok' } as ButtonProps}
        onOk={async () => {
          const v = await form.validateFields();
          await ship.mutateAsync({ id: row.id, ...v });
          message.success('已发货');
          setShipping(false);
        }}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" initialValues={{ carrier_code: row.carrier_code || undefined }}>
          <Form.Item
            name="carrier_code"
            label="承运商"
            rules={[{ required: row.source === 'order', message: '请选择承运商(向亚马逊确认发货需要承运商)' }]}
          >
            <Select
              allowClear
              loading={warehouses.isFetching}
              data-testid="outbound-carrier"
              options={[...new Set([row.carrier_code, ...carriers].filter(Boolean))].map((c) => ({
                value: c,
                label: carrierLabel(c),
              }))}
            />
          </Form.Item>
          <Form.Item noStyle dependencies={['carrier_code']}>
            {({ getFieldValue }) =>
              getFieldValue('carrier_code') === OTHER_CARRIER && (
                <Form.Item
                  name="carrier_name"
                  label="承运商名称"
                  rules={[{ required: true, message: '请输入承运商名称' }]}
                >
                  <Input maxLength={64} />
                </Form.Item>
              )
            }
          </Form.Item>
          <Form.Item name="tracking_no" label="跟踪号" rules={[{ required: true, message: '请输入跟踪号' }]}>
            <Input maxLength={64} data-testid="outbound-tracking" />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
