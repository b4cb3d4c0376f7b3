import { SITE_LANGUAGES } from '@console/shared/schemas/site';
import {
  SEO_DESCRIPTION_MAX,
  SEO_PAGE_KIND_KEYS,
  SEO_PAGE_KINDS,
  SEO_PLACEHOLDERS,
  SEO_TITLE_MAX,
  type SeoPageKind,
  type SiteSeo,
  unknownPlaceholders,
} from '@console/shared/schemas/site-seo';
import {
  Alert,
  Button,
  Card,
  Empty,
  Form,
  type FormInstance,
  Input,
  Space,
  Spin,
  Switch,
  Tabs,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useFeedback } from '../../../app/ui-bridge';
import { SaveFailureAlert } from '../../../components/save-failure-alert';
import { PageContainer } from '../../../layout/page/page-container';
import { saveFailure } from '../../../lib/version-conflict';
import { useSaveSiteSeo, useSiteSeo } from './seo-api';
import { SnippetPreview } from './snippet-preview';

type Texts = Record<string, Record<string, { title: string; description: string }>>;
interface Values {
  pages: Texts;
  index: boolean;
}

const labelOf = (key: string) => SITE_LANGUAGES.find((l) => l.key === key)?.label ?? key;
const placeholderRule = {
  validator: (_: unknown, v: string | undefined) => {
    const bad = unknownPlaceholders(v ?? '');
    return bad.length ? Promise.reject(new Error(`不支持的占位符:${bad.join('、')}`)) : Promise.resolve();
  },
};

/** Every page type and site language has its two fields (empty when not written). */
function toValues(seo: SiteSeo): Values {
  const pages: Texts = {};
  for (const kind of SEO_PAGE_KIND_KEYS) {
    pages[kind] = {};
    for (const l of seo.languages) {
      pages[kind][l] = { title: '', description: '', ...seo.pages[kind]?.[l] };
    }
  }
  return { pages, index: seo.robots.index };
}

/** SEO设置 (`/build-site/seo`, issue 33 §1): title and description templates per page type and language, robots. */
export function SiteSeoPage() {
  const seo = useSiteSeo();
  if (seo.isError) return <Alert type="error" showIcon title={seo.error.message} />;
  if (!seo.data) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (!seo.data.site_created) {
    return (
      <PageContainer title="SEO设置">
        <Empty data-testid="site-seo-no-site" description="还没有创建站点">
          <Link to="/build-site/basic">去基础设置创建站点</Link>
        </Empty>
      </PageContainer>
    );
  }
  return <SeoForm key={seo.data.version} seo={seo.data} reload={() => seo.refetch()} />;
}

/** The fields of one page type in one language, with placeholder chips and the live preview. */
function TemplateFields({
  form,
  seo,
  kind,
  lang,
}: {
  form: FormInstance<Values>;
  seo: SiteSeo;
  kind: SeoPageKind;
  lang: string;
}) {
  const titlePath: ['pages', string, string, 'title'] = ['pages', kind, lang, 'title'];
  const descPath: ['pages', string, string, 'description'] = ['pages', kind, lang, 'description'];
  const title = Form.useWatch(titlePath, form) ?? '';
  const description = Form.useWatch(descPath, form) ?? '';
  const [target, setTarget] = useState<'title' | 'description'>('title');
  const insert = (p: string) => {
    const path = target === 'title' ? titlePath : descPath;
    form.setFieldValue(path, `${form.getFieldValue(path) ?? ''}{${p}}`);
    form.validateFields([path]);
  };
  return (
    <>
      <Space wrap style={{ marginBottom: 8 }}>
        <Typography.Text type="secondary">点击插入到{target === 'title' ? '标题' : '描述'}:</Typography.Text>
        {Object.entries(SEO_PLACEHOLDERS).map(([p, meaning]) => (
          <Tooltip key={p} title={meaning}>
            <Tag.CheckableTag checked={false} onChange={() => insert(p)}>
              {`{${p}}`}
            </Tag.CheckableTag>
          </Tooltip>
        ))}
      </Space>
      <Form.Item
        name={titlePath}
        label="标题模板"
        rules={[placeholderRule]}
        extra="留空:首页用站点名称,其他页面用「名称 | 站点名称」"
      >
        <Input
          maxLength={SEO_TITLE_MAX}
          showCount
          onFocus={() => setTarget('title')}
          data-testid={`seo-title-${kind}-${lang}`}
        />
      </Form.Item>
      <Form.Item name={descPath} label="描述模板" rules={[placeholderRule]}>
        <Input.TextArea
          maxLength={SEO_DESCRIPTION_MAX}
          showCount
          autoSize={{ minRows: 2, maxRows: 5 }}
          onFocus={() => setTarget('description')}
          data-testid={`seo-description-${kind}-${lang}`}
        />
      </Form.Item>
      <SnippetPreview
        kind={kind}
        lang={lang}
        siteName={seo.site_name}
        currency={seo.currency}
        title={title}
        description={description}
      />
    </>
  );
}

function SeoForm({ seo, reload }: { seo: SiteSeo; reload: () => unknown }) {
  const [form] = Form.useForm<Values>();
  const save = useSaveSiteSeo();
  const { message } = useFeedback();
  const [failure, setFailure] = useState<ReturnType<typeof saveFailure> | null>(null);

  const submit = async (v: Values) => {
    setFailure(null);
    try {
      await save.mutateAsync({ version: seo.version, pages: v.pages, robots: { index: v.index } });
      message.success('保存成功');
    } catch (err) {
      setFailure(saveFailure(err));
    }
  };

  return (
    <PageContainer title="SEO设置">
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={toValues(seo)}
        onFinish={submit}
        style={{ maxWidth: 960 }}
      >
        <SaveFailureAlert failure={failure} version={seo.version} onReload={reload} testId="site-seo-error" />
        <Typography.Paragraph type="secondary">
          占位符:
          {Object.entries(SEO_PLACEHOLDERS)
            .map(([p, m]) => `{${p}} ${m}`)
            .join(';')}
          。 分类和商品可在各自的编辑页填写自己的SEO标题和描述,优先于这里的模板。
        </Typography.Paragraph>
        <Card size="small" title="页面模板" style={{ marginBottom: 16 }}>
          <Tabs
            items={SEO_PAGE_KIND_KEYS.map((kind) => ({
              key: kind,
              label: SEO_PAGE_KINDS[kind],
              forceRender: true,
              children: (
                <Tabs
                  size="small"
                  items={seo.languages.map((l) => ({
                    key: l,
                    label: labelOf(l),
                    forceRender: true,
                    children: <TemplateFields form={form} seo={seo} kind={kind} lang={l} />,
                  }))}
                />
              ),
            }))}
          />
        </Card>
        <Card size="small" title="搜索引擎" style={{ marginBottom: 16 }}>
          <Form.Item
            name="index"
            label="允许搜索引擎收录"
            valuePropName="checked"
            extra="关闭后,绑定域名上的 robots.txt 禁止收录;预览地址始终不被收录。站点地图:<域名>/sitemap.xml"
          >
            <Switch data-testid="seo-index" />
          </Form.Item>
        </Card>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="seo-save">
          保存
        </Button>
      </Form>
    </PageContainer>
  );
}
