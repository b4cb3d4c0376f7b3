import { CURRENCIES } from '@console/shared/money/currencies';
import {
  SITE_LANGUAGES,
  SITE_LEGAL_PAGES,
  SITE_MAX_DOMAINS,
  type SiteBasic,
  type SiteBasicSaveBody,
  SLUG_MSG,
  SLUG_RE,
} from '@console/shared/schemas/site';
import { Alert, Button, Card, Col, Form, Input, Row, Select, Space, Spin, Switch, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useFeedback } from '../../../app/ui-bridge';
import { SaveFailureAlert } from '../../../components/save-failure-alert';
import { PageContainer } from '../../../layout/page/page-container';
import { saveFailure } from '../../../lib/version-conflict';
import { ImageField } from './components/image-field';
import { useSaveSiteBasic, useSiteBasic } from './site-api';

type Values = Omit<SiteBasic, 'id' | 'version' | 'preview_path' | 'updated_at'>;

const CURRENCY_OPTIONS = Object.entries(CURRENCIES).map(([code, c]) => ({ value: code, label: `${code} ${c.name}` }));
const LANGUAGE_OPTIONS = SITE_LANGUAGES.map((l) => ({ value: l.key, label: `${l.label} (${l.native})` }));
const NO_LEGAL = { privacy: '', returns: '', terms: '' };

/** The form's values: every language has its three legal texts (empty when not written). */
const toValues = (site: SiteBasic): Values => ({
  ...site,
  legal: Object.fromEntries(SITE_LANGUAGES.map((l) => [l.key, { ...NO_LEGAL, ...site.legal[l.key] }])),
});

/** Only the languages with some legal text are sent. */
const writtenLegal = (legal: Values['legal']) =>
  Object.fromEntries(Object.entries(legal).filter(([, pages]) => Object.values(pages).some((t) => t.trim() !== '')));

/** 基础设置 (`/build-site/basic`, issue 33 §1): the site's name, addresses, images, currency, languages, contact and legal pages. */
export function SiteBasicPage() {
  const site = useSiteBasic();
  if (site.isError) return <Alert type="error" showIcon title={site.error.message} />;
  if (!site.data) return <Spin style={{ display: 'block', margin: 48 }} />;
  return <BasicForm key={site.data.version} site={site.data} reload={() => site.refetch()} />;
}

function BasicForm({ site, reload }: { site: SiteBasic; reload: () => unknown }) {
  const [form] = Form.useForm<Values>();
  const save = useSaveSiteBasic();
  const { message } = useFeedback();
  const [failure, setFailure] = useState<ReturnType<typeof saveFailure> | null>(null);
  const languages = Form.useWatch('languages', form) ?? site.languages;
  const previewUrl = site.preview_path ? `${window.location.origin}${site.preview_path}` : null;

  const submit = async (v: Values) => {
    setFailure(null);
    try {
      await save.mutateAsync({ ...v, legal: writtenLegal(v.legal), version: site.version } as SiteBasicSaveBody);
      message.success('保存成功');
    } catch (err) {
      setFailure(saveFailure(err));
    }
  };

  return (
    <PageContainer title="基础设置">
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={toValues(site)}
        onFinish={submit}
        data-testid="site-basic-form"
        style={{ maxWidth: 960 }}
      >
        <SaveFailureAlert failure={failure} version={site.version} onReload={reload} testId="site-save-error" />
        <Card size="small" title="站点" style={{ marginBottom: 16 }}>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                name="name"
                label="站点名称"
                rules={[{ required: true, whitespace: true, message: '请填写站点名称' }]}
              >
                <Input maxLength={60} showCount data-testid="site-name" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="slug"
                label="预览地址标识"
                extra="预览地址为 /s/<标识>/,无需域名解析即可访问"
                rules={[{ required: true, pattern: SLUG_RE, message: SLUG_MSG }]}
              >
                <Input maxLength={32} data-testid="site-slug" />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item
            name="domains"
            label="绑定域名"
            extra={`把域名解析到本服务器、并由管理员配置控制台地址(PUBLIC_URL)后,店铺在该域名上访问;最多${SITE_MAX_DOMAINS}个,例如 shop.example.com`}
          >
            <Select
              mode="tags"
              tokenSeparators={[',', ' ']}
              open={false}
              placeholder="输入域名后回车"
              data-testid="site-domains"
            />
          </Form.Item>
          <Space size="large" wrap>
            <Form.Item name="logo" label="Logo">
              <ImageField testId="site-logo" />
            </Form.Item>
            <Form.Item name="favicon" label="网站图标 (favicon)">
              <ImageField testId="site-favicon" />
            </Form.Item>
          </Space>
          <Form.Item>
            <Space>
              <Typography.Text>预览地址:</Typography.Text>
              {previewUrl ? (
                <Typography.Link href={previewUrl} target="_blank" rel="noopener" data-testid="site-preview-link">
                  {previewUrl}
                </Typography.Link>
              ) : (
                <Typography.Text type="secondary">保存后生成</Typography.Text>
              )}
              {previewUrl && !site.published ? (
                <Typography.Text type="warning">(站点未发布,访客看到的是404页面)</Typography.Text>
              ) : null}
            </Space>
          </Form.Item>
        </Card>
        <Card size="small" title="币种与语言" style={{ marginBottom: 16 }}>
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item name="currency" label="币种" rules={[{ required: true, message: '请选择币种' }]}>
                <Select options={CURRENCY_OPTIONS} showSearch data-testid="site-currency" />
              </Form.Item>
            </Col>
            <Col xs={24} md={10}>
              <Form.Item name="languages" label="站点语言" rules={[{ required: true, message: '请选择站点语言' }]}>
                <Select mode="multiple" options={LANGUAGE_OPTIONS} data-testid="site-languages" />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item
                name="default_language"
                label="默认语言"
                rules={[{ required: true, message: '请选择默认语言' }]}
              >
                <Select
                  options={LANGUAGE_OPTIONS.filter((o) => languages.includes(o.value))}
                  data-testid="site-default-language"
                />
              </Form.Item>
            </Col>
          </Row>
        </Card>
        <Card size="small" title="联系方式" style={{ marginBottom: 16 }}>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                name={['contact', 'email']}
                label="邮箱"
                rules={[{ type: 'email', message: '联系邮箱格式不正确' }]}
              >
                <Input maxLength={100} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name={['contact', 'phone']} label="电话">
                <Input maxLength={40} />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item name={['contact', 'address']} label="地址">
            <Input maxLength={300} />
          </Form.Item>
        </Card>
        <Card
          size="small"
          title="法律页面"
          extra={
            <Typography.Text type="secondary">
              支持 Markdown:# 标题、- 列表、**加粗**、[文字](链接);未填写的语言显示默认语言的内容
            </Typography.Text>
          }
          style={{ marginBottom: 16 }}
        >
          <Tabs
            items={SITE_LANGUAGES.filter((l) => languages.includes(l.key)).map((l) => ({
              key: l.key,
              label: l.label,
              forceRender: true,
              children: Object.entries(SITE_LEGAL_PAGES).map(([page, title]) => (
                <Form.Item key={page} name={['legal', l.key, page]} label={title}>
                  <Input.TextArea
                    autoSize={{ minRows: 3, maxRows: 12 }}
                    maxLength={20_000}
                    data-testid={`legal-${l.key}-${page}`}
                  />
                </Form.Item>
              )),
            }))}
          />
        </Card>
        <Form.Item name="published" label="发布站点" valuePropName="checked" extra="未发布的站点对访客显示404">
          <Switch data-testid="site-published" />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="site-save">
            保存
          </Button>
          {site.version > 0 && <Typography.Text type="secondary">版本 {site.version}</Typography.Text>}
        </Space>
      </Form>
    </PageContainer>
  );
}
