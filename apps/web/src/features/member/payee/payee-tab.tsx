import { TOPUP_CHANNELS } from '@console/shared/constants/finance';
import type { PayeeAccount, PayeeSaveBody } from '@console/shared/schemas/finance-payee';
import { Button, Empty, Form, Image, Input, InputNumber, Modal, Popconfirm, Select, Space, Upload } from 'antd';
import { useState } from 'react';
import { uploadPayeeQr, useBookPayees, useDeletePayee, useSavePayee } from '../../../api/finance';
import { useFeedback } from '../../../app/ui-bridge';
import { PayeeCard } from './payee-card';

type Values = Omit<PayeeSaveBody, 'id'>;

/** 收款账户 (物流充值 tab): where the reviewer's clients send their top-ups; shown on 提交充值. */
export function PayeeTab() {
  const list = useBookPayees();
  const remove = useDeletePayee();
  const { message } = useFeedback();
  const [editing, setEditing] = useState<PayeeAccount | 'new' | null>(null);
  const rows = list.data ?? [];
  return (
    <div data-testid="payee-accounts">
      <Button type="primary" onClick={() => setEditing('new')} style={{ marginBottom: 12 }} data-testid="payee-add">
        新增收款账户
      </Button>
      {rows.length === 0 && !list.isLoading ? (
        <Empty description="尚未设置收款账户,客户提交充值时将看不到汇款信息" />
      ) : (
        <Space wrap align="start">
          {rows.map((a) => (
            <PayeeCard
              key={a.id}
              account={a}
              extra={
                <Space size={4}>
                  <Button size="small" type="link" onClick={() => setEditing(a)}>
                    编辑
                  </Button>
                  <Popconfirm
                    title="删除该收款账户?"
                    onConfirm={async () => {
                      await remove.mutateAsync(a.id);
                      message.success('删除成功');
                    }}
                  >
                    <Button size="small" type="link" danger>
                      删除
                    </Button>
                  </Popconfirm>
                </Space>
              }
            />
          ))}
        </Space>
      )}
      {editing ? <PayeeDialog account={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}

function PayeeDialog({ account, onClose }: { account: PayeeAccount | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const save = useSavePayee();
  const { message } = useFeedback();
  const [uploading, setUploading] = useState(false);
  const [qr, setQr] = useState<{ key: string; url: string } | null>(
    account?.qr_key ? { key: account.qr_key, url: account.qr_url } : null,
  );
  const kind = Form.useWatch('kind', form) ?? account?.kind ?? 'bank';
  const required = (msg: string) => [{ required: true, whitespace: true, message: msg }];
  return (
    <Modal
      open
      title={account ? '编辑收款账户' : '新增收款账户'}
      confirmLoading={save.isPending}
      onCancel={onClose}
      onOk={async () => {
        const v = await form.validateFields();
        if (v.kind === 'wechat' && !qr) {
          message.error('请上传微信收款码');
          return;
        }
        await save.mutateAsync({
          ...v,
          ...(account ? { id: account.id } : {}),
          qr_key: v.kind === 'wechat' ? (qr?.key ?? '') : '',
        });
        message.success('保存成功');
        onClose();
      }}
    >
      <Form<Values>
        form={form}
        labelCol={{ span: 6 }}
        data-testid="payee-form"
        initialValues={
          account
            ? { ...account, kind: account.kind as Values['kind'] }
            : { kind: 'bank', sort: 0, bank_name: '', account_name: '', account_no: '', branch: '', note: '' }
        }
      >
        <Form.Item name="kind" label="收款方式" rules={[{ required: true, message: '请选择收款方式' }]}>
          <Select options={Object.entries(TOPUP_CHANNELS).map(([value, label]) => ({ value, label }))} />
        </Form.Item>
        {kind === 'bank' ? (
          <>
            <Form.Item name="bank_name" label="开户银行" rules={required('请填写开户银行')}>
              <Input maxLength={64} />
            </Form.Item>
            <Form.Item name="account_name" label="户名" rules={required('请填写户名')}>
              <Input maxLength={64} />
            </Form.Item>
            <Form.Item name="account_no" label="银行账号" rules={required('请填写银行账号')}>
              <Input maxLength={64} />
            </Form.Item>
            <Form.Item name="branch" label="开户支行">
              <Input maxLength={100} />
            </Form.Item>
          </>
        ) : kind === 'alipay' ? (
          <>
            <Form.Item name="account_no" label="支付宝账号" rules={required('请填写支付宝账号')}>
              <Input maxLength={64} />
            </Form.Item>
            <Form.Item name="account_name" label="实名" rules={required('请填写支付宝实名')}>
              <Input maxLength={64} />
            </Form.Item>
          </>
        ) : (
          <>
            <Form.Item name="account_name" label="收款人" rules={required('请填写微信收款人')}>
              <Input maxLength={64} />
            </Form.Item>
            <Form.Item label="收款码" required>
              <Upload
                accept="image/png,image/jpeg,image/webp"
                showUploadList={false}
                beforeUpload={async (file) => {
                  setUploading(true);
                  try {
                    const r = await uploadPayeeQr(file);
                    setQr({ key: r.key, url: r.thumb });
                  } catch (err) {
                    message.error(err instanceof Error ? err.message : '上传失败');
                  } finally {
                    setUploading(false);
                  }
                  return false;
                }}
              >
                <Button loading={uploading} data-testid="payee-qr-upload">
                  {qr ? '重新上传' : '上传收款码'}
                </Button>
              </Upload>
              {qr ? <Image src={qr.url} width={100} style={{ marginLeft: 12 }} data-testid="payee-qr-thumb" /> : null}
            </Form.Item>
          </>
        )}
        <Form.Item name="note" label="备注">
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="sort" label="排序">
          <InputNumber min={0} max={9999} precision={0} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
