import { UploadOutlined } from '@ant-design/icons';
import {
  GPSR_DOC_TYPES,
  GPSR_LANGUAGE_NAMES,
  GPSR_LANGUAGES,
  GPSR_MAX_DOCS,
  type GpsrDocument,
  type GpsrProfileCreateBody,
  type GpsrProfileRow,
} from '@console/shared/schemas/gpsr';
import { Button, Checkbox, Drawer, Form, Input, Select, Space, Table, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { uploadGpsrDocument, useGpsrDefaults, useGpsrMutations } from '../../../api/gpsr';
import { useFeedback } from '../../../app/ui-bridge';
import { GpsrAttributesPreview } from './gpsr-attributes-preview';

type Values = Omit<GpsrProfileCreateBody, 'documents'>;

const EMAIL = { type: 'email' as const, message: '邮箱格式不正确' };
const DOC_TYPE_OPTIONS = Object.entries(GPSR_DOC_TYPES).map(([value, label]) => ({ value, label }));
const LANGUAGE_OPTIONS = GPSR_LANGUAGES.map((l) => ({ value: l, label: GPSR_LANGUAGE_NAMES[l] }));

/** Add or edit a compliance profile: manufacturer, EU responsible person, attestation, warnings, documents. */
export function GpsrProfileDrawer({
  row,
  open,
  onClose,
}: {
  row: GpsrProfileRow | null;
  open: boolean;
  onClose: () => void;
}) {
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const [docs, setDocs] = useState<GpsrDocument[]>([]);
  const [uploading, setUploading] = useState(false);
  const defaults = useGpsrDefaults();
  const { create, update } = useGpsrMutations();
  // The fields the upload maps, as being edited (上传预览).
  const manufacturerName = Form.useWatch('manufacturer_name', form);
  const manufacturerEmail = Form.useWatch('manufacturer_email', form);
  const rpEmail = Form.useWatch('rp_email', form);
  const attestation = Form.useWatch('safety_attestation', form);
  const warnings = Form.useWatch('warnings', form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (row) {
      form.setFieldsValue({ ...row, warnings: row.warnings });
      setDocs(row.documents);
    } else {
      // A new profile starts from the account's GPSR e-mails (用户资料).
      form.setFieldsValue({
        manufacturer_email: defaults.data?.manufacturer_email ?? '',
        rp_email: defaults.data?.rp_email ?? '',
      });
      setDocs([]);
    }
  }, [open, row, form, defaults.data]);

  const upload = async (file: File) => {
    setUploading(true);
    try {
      const up = await uploadGpsrDocument(file);
      setDocs((d) => [...d, { ...up, doc_type: 'user_manual', language: 'de' }]);
    } catch (err) {
      message.error((err as Error).message);
    } finally {
      setUploading(false);
    }
  };

  const submit = async (v: Values) => {
    const body: GpsrProfileCreateBody = {
      name: v.name,
      manufacturer_name: v.manufacturer_name ?? '',
      manufacturer_address: v.manufacturer_address ?? '',
      manufacturer_email: v.manufacturer_email ?? '',
      rp_name: v.rp_name ?? '',
      rp_address: v.rp_address ?? '',
      rp_email: v.rp_email ?? '',
      safety_attestation: Boolean(v.safety_attestation),
      warnings: Object.fromEntries(Object.entries(v.warnings ?? {}).filter(([, w]) => (w ?? '').trim() !== '')),
      documents: docs,
      remark: v.remark ?? '',
    };
    try {
      if (row) await update.mutateAsync({ ...body, id: row.id, version: row.version });
      else await create.mutateAsync(body);
      message.success(row ? '修改成功' : '添加成功');
      onClose();
    } catch {
      // The http client showed the server's message; the drawer stays open to fix the input.
    }
  };

  const setDoc = (i: number, patch: Partial<GpsrDocument>) =>
    setDocs((d) => d.map((x, j) => (j === i ? { ...x, ...patch } : x)));

  return (
    <Drawer
      title={row ? '编辑合规档案' : '新建合规档案'}
      open={open}
      width={720}
      onClose={onClose}
      forceRender
      extra={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={create.isPending || update.isPending} onClick={() => form.submit()}>
            保存
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" onFinish={submit} data-testid="gpsr-profile-form">
        <Form.Item name="name" label="档案名称" rules={[{ required: true, whitespace: true, message: '请填写该字段' }]}>
          <Input maxLength={100} placeholder="例如 深圳工厂-德国代表" />
        </Form.Item>
        <h4>制造商</h4>
        <Form.Item name="manufacturer_name" label="制造商名称">
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="manufacturer_address" label="制造商邮寄地址">
          <Input.TextArea maxLength={500} rows={2} />
        </Form.Item>
        <Form.Item name="manufacturer_email" label="制造商电子邮箱" rules={[EMAIL]} extra="默认取自账号的GPSR邮箱">
          <Input maxLength={100} />
        </Form.Item>
        <h4>欧盟负责人</h4>
        <Form.Item name="rp_name" label="负责人名称">
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="rp_address" label="负责人邮寄地址">
          <Input.TextArea maxLength={500} rows={2} />
        </Form.Item>
        <Form.Item name="rp_email" label="负责人电子邮箱" rules={[EMAIL]} extra="默认取自账号的DSA责任方地址">
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="safety_attestation" valuePropName="checked">
          <Checkbox>安全声明:本产品无需警告和安全信息即可按预期安全使用</Checkbox>
        </Form.Item>
        <h4>警告语(按语言,选填)</h4>
        {GPSR_LANGUAGES.map((l) => (
          <Form.Item key={l} name={['warnings', l]} label={GPSR_LANGUAGE_NAMES[l]}>
            <Input.TextArea maxLength={2000} rows={1} autoSize={{ minRows: 1, maxRows: 4 }} />
          </Form.Item>
        ))}
        <h4>安全文件(PDF、JPG、PNG,每个不超过10MB)</h4>
        <Upload
          accept=".pdf,.jpg,.jpeg,.png"
          showUploadList={false}
          disabled={docs.length >= GPSR_MAX_DOCS}
          beforeUpload={(file) => {
            void upload(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={uploading} disabled={docs.length >= GPSR_MAX_DOCS}>
            上传文件
          </Button>
        </Upload>
        <Table<GpsrDocument>
          style={{ marginTop: 8 }}
          size="small"
          rowKey="url"
          pagination={false}
          dataSource={docs}
          locale={{ emptyText: '暂无文件' }}
          columns={[
            {
              title: '文件',
              dataIndex: 'name',
              render: (name: string, d) => (
                <a href={d.url} target="_blank" rel="noreferrer">
                  {name}
                </a>
              ),
            },
            {
              title: '类型',
              key: 'type',
              width: 150,
              render: (_, d, i) => (
                <Select
                  size="small"
                  style={{ width: 140 }}
                  value={d.doc_type}
                  options={DOC_TYPE_OPTIONS}
                  onChange={(v) => setDoc(i, { doc_type: v })}
                />
              ),
            },
            {
              title: '语言',
              key: 'language',
              width: 120,
              render: (_, d, i) => (
                <Select
                  size="small"
                  style={{ width: 110 }}
                  value={d.language}
                  options={LANGUAGE_OPTIONS}
                  onChange={(v) => setDoc(i, { language: v })}
                />
              ),
            },
            {
              title: '操作',
              key: 'ops',
              width: 70,
              render: (_, _d, i) => (
                <Button type="link" size="small" danger onClick={() => setDocs((d) => d.filter((_x, j) => j !== i))}>
                  移除
                </Button>
              ),
            },
          ]}
        />
        <Form.Item name="remark" label="备注" style={{ marginTop: 16 }}>
          <Input maxLength={500} />
        </Form.Item>
      </Form>
      <h4>上传预览(上传到所选站点时 listing 携带的GPSR属性)</h4>
      <GpsrAttributesPreview
        profile={{
          manufacturer_name: manufacturerName ?? '',
          manufacturer_email: manufacturerEmail ?? '',
          rp_email: rpEmail ?? '',
          safety_attestation: Boolean(attestation),
          warnings: warnings ?? {},
          documents: docs,
        }}
      />
    </Drawer>
  );
}
