import { TOPUP_CHANNELS } from '@console/shared/constants/finance';
import { Alert, Button, Card, DatePicker, Form, Image, Input, Select, Space, Upload } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { uploadProof, usePayeeAccounts, useSubmitTopup } from '../../../api/finance';
import { useFeedback } from '../../../app/ui-bridge';
import { PageContainer } from '../../../layout/page/page-container';
import { toFen, yuanRule } from '../components/money';
import { PayeeCard } from '../payee/payee-card';

interface Values {
  amount: string;
  channel: string;
  payer: string;
  reference: string;
  paid_at: Dayjs;
  note?: string;
}

/** 提交充值 (`/member/user/topup-add`): amount, channel, payer, transfer reference, time and a proof image. */
export function TopupAddPage() {
  const [form] = Form.useForm<Values>();
  const [proof, setProof] = useState<{ key: string; thumb: string } | null>(null);
  const [uploading, setUploading] = useState(false);
  const submit = useSubmitTopup();
  const { message } = useFeedback();
  const navigate = useNavigate();
  const onFinish = async (v: Values) => {
    if (!proof) {
      message.error('请上传转账凭证');
      return;
    }
    await submit.mutateAsync({
      amount: toFen(v.amount),
      channel: v.channel,
      payer: v.payer,
      reference: v.reference,
      paid_at: v.paid_at.unix(),
      proof: proof.key,
      ...(v.note?.trim() ? { note: v.note.trim() } : {}),
    });
    message.success('提交成功,请等待审核');
    form.resetFields();
    setProof(null);
    navigate('/member/user/topup-list');
  };
  return (
    <PageContainer title="提交充值">
      <PayeeAccounts />
      <Form<Values>
        form={form}
        labelCol={{ span: 4 }}
        wrapperCol={{ span: 10 }}
        onFinish={onFinish}
        data-testid="topup-form"
      >
        <Form.Item name="amount" label="充值金额(元)" required rules={[yuanRule]}>
          <Input placeholder="例如 500.00" data-testid="topup-amount" />
        </Form.Item>
        <Form.Item name="channel" label="充值方式" rules={[{ required: true, message: '请选择充值方式' }]}>
          <Select options={Object.entries(TOPUP_CHANNELS).map(([value, label]) => ({ value, label }))} />
        </Form.Item>
        <Form.Item name="payer" label="付款人" rules={[{ required: true, message: '请填写该字段' }]}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="reference" label="转账单号" rules={[{ required: true, message: '请填写该字段' }]}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="paid_at" label="转账时间" rules={[{ required: true, message: '请选择转账时间' }]}>
          <DatePicker showTime />
        </Form.Item>
        <Form.Item label="转账凭证" required>
          <Upload
            accept="image/*"
            showUploadList={false}
            beforeUpload={async (file) => {
              setUploading(true);
              try {
                const r = await uploadProof(file);
                setProof({ key: r.key, thumb: r.thumb });
              } catch (err) {
                message.error(err instanceof Error ? err.message : '上传失败');
              } finally {
                setUploading(false);
              }
              return false;
            }}
          >
            <Button loading={uploading} data-testid="proof-upload">
              {proof ? '重新上传' : '上传图片'}
            </Button>
          </Upload>
          {proof ? <Image src={proof.thumb} width={100} style={{ marginLeft: 12 }} data-testid="proof-thumb" /> : null}
        </Form.Item>
        <Form.Item name="note" label="备注">
          <Input.TextArea maxLength={200} rows={2} />
        </Form.Item>
        <Form.Item wrapperCol={{ offset: 4 }}>
          <Button type="primary" htmlType="submit" loading={submit.isPending}>
            提交充值
          </Button>
        </Form.Item>
      </Form>
    </PageContainer>
  );
}

/** Where to send the money: the payee accounts of the book that keeps the tenant's money. */
function PayeeAccounts() {
  const accounts = usePayeeAccounts();
  if (accounts.isLoading) return null;
  const rows = accounts.data ?? [];
  return (
    <Card title="收款账户" size="small" style={{ marginBottom: 16 }} data-testid="payee-accounts">
      {rows.length === 0 ? (
        <Alert type="warning" showIcon message="平台尚未设置收款账户,请联系客服" data-testid="payee-none" />
      ) : (
        <>
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 12 }}
            message="请先转账到以下任一账户,再填写下方表单并上传转账凭证"
          />
          <Space wrap align="start">
            {rows.map((a) => (
              <PayeeCard key={a.id} account={a} />
            ))}
          </Space>
        </>
      )}
    </Card>
  );
}
