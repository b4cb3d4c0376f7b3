import { LISTING_LIMITS, utf8Bytes } from '@console/shared/constants/goods';
import type { SearchTermsEntry } from '@console/shared/schemas/goods-library';
import { Alert, Button, Form, Input, Select, Space, Spin, Typography } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { useSearchTermsEntry, useSearchTermsMutations } from '../../../api/goods-library';
import { SaveFailureAlert } from '../../../components/save-failure-alert';
import { PageContainer } from '../../../layout/page/page-container';
import { useVersionedForm } from '../lib/use-versioned-form';
import { searchTermCountryOptions, searchTermsBytesError } from './search-terms-countries';

interface Values {
  country: string;
  name: string;
  terms: string;
}

/** Add (`/goods/addSearchTerms`) or edit (`/goods/editSearchTerms/:id`) search terms for one of the 8 countries. */
export function SearchTermsEditorPage() {
  const id = Number(useParams().id ?? 0);
  return id > 0 ? <EditSearchTerms id={id} /> : <SearchTermsForm />;
}

function EditSearchTerms({ id }: { id: number }) {
  const entry = useSearchTermsEntry(id);
  if (entry.isError) return <Alert type="error" showIcon title={entry.error.message} />;
  if (!entry.data) return <Spin style={{ display: 'block', margin: 48 }} />;
  return <SearchTermsForm record={entry.data} reload={async () => (await entry.refetch()).data} />;
}

interface FormProps {
  record?: SearchTermsEntry;
  reload?: () => Promise<SearchTermsEntry | undefined>;
}

function SearchTermsForm({ record, reload }: FormProps) {
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const { create, update } = useSearchTermsMutations();
  const { version, failure, save, reloadStored } = useVersionedForm({
    form,
    record,
    reload,
    toValues: (r) => ({ country: r.country, name: r.name, terms: r.terms }),
    create: create.mutateAsync,
    update: update.mutateAsync,
    listPath: '/goods/search-terms',
    addPath: '/goods/addSearchTerms',
  });

  const submit = (v: Values) => save({ country: v.country, name: v.name.trim(), terms: v.terms.trim() });

  return (
    <PageContainer title={record ? '编辑搜索词' : '添加搜索词'} parent="goods-search-terms">
      <Form<Values>
        form={form}
        layout="vertical"
        style={{ maxWidth: 720 }}
        initialValues={record ? { country: record.country, name: record.name, terms: record.terms } : undefined}
        onFinish={submit}
        data-testid="search-terms-form"
      >
        <SaveFailureAlert
          failure={failure}
          version={version}
          onReload={reloadStored}
          testId="search-terms-save-error"
        />
        <Form.Item
          name="country"
          label="国家"
          extra="仅支持英国、法国、德国、意大利、西班牙、荷兰、日本、波兰"
          rules={[{ required: true, message: '请选择国家' }]}
        >
          <Select
            placeholder="请选择国家"
            options={searchTermCountryOptions()}
            style={{ maxWidth: 240 }}
            data-testid="search-terms-country"
          />
        </Form.Item>
        <Form.Item name="name" label="名称" rules={[{ required: true, whitespace: true, message: '请填写该字段' }]}>
          <Input maxLength={100} style={{ maxWidth: 400 }} />
        </Form.Item>
        <Form.Item
          name="terms"
          label="搜索词"
          extra={`按UTF-8字节计算(英文1字节,中文3字节),最多${LISTING_LIMITS.searchTermsBytes}字节`}
          rules={[
            { required: true, whitespace: true, message: '请填写搜索词' },
            {
              validator: async (_, v: string | undefined) => {
                const err = searchTermsBytesError(v ?? '');
                if (err) throw new Error(err);
              },
            },
          ]}
        >
          <Input.TextArea
            rows={5}
            data-testid="search-terms-text"
            count={{
              show: ({ count }) => `${count} / ${LISTING_LIMITS.searchTermsBytes} 字节`,
              max: LISTING_LIMITS.searchTermsBytes,
              strategy: (txt) => utf8Bytes(txt.trim()),
            }}
          />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={create.isPending || update.isPending}>
            保存
          </Button>
          <Button onClick={() => navigate('/goods/search-terms')}>返回列表</Button>
          {record && <Typography.Text type="secondary">版本 {version}</Typography.Text>}
        </Space>
      </Form>
    </PageContainer>
  );
}
