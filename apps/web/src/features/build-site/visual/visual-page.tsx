import { SITE_LANGUAGES } from '@console/shared/schemas/site';
import type { SiteVisualPages } from '@console/shared/schemas/site-blocks';
import { Alert, Button, Empty, Form, Input, Modal, Select, Space, Spin } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useFeedback } from '../../../app/ui-bridge';
import { PageContainer } from '../../../layout/page/page-container';
import { useVisualMutations, useVisualPage, useVisualPages } from './visual-api';
import { VisualEditor } from './visual-editor';

type Site = NonNullable<SiteVisualPages['site']>;

/** 可视化装修 (`/build-site/visual`, issue 33 §1): the home page and landing pages as blocks, with a live preview. */
export function SiteVisualPage() {
  const pages = useVisualPages();
  const [pageId, setPageId] = useState<number | null>(null);
  const [dirty, setDirty] = useState(false);
  const { modal } = useFeedback();
  if (pages.isError) return <Alert type="error" showIcon title={pages.error.message} />;
  if (!pages.data) return <Spin style={{ display: 'block', margin: 48 }} />;
  const { site } = pages.data;
  if (!site) {
    return (
      <PageContainer title="可视化装修">
        <Empty description="还没有站点" data-testid="visual-no-site">
          <Link to="/build-site/basic">先在基础设置中创建站点</Link>
        </Empty>
      </PageContainer>
    );
  }
  const switchTo = (id: number | null) => {
    if (!dirty) return setPageId(id);
    modal.confirm({
      title: '有未保存的修改',
      content: '切换页面会丢弃未保存的修改,确定切换吗?',
      okText: '丢弃并切换',
      cancelText: '取消',
      onOk: () => {
        setDirty(false);
        setPageId(id);
      },
    });
  };
  return (
    <PageContainer title="可视化装修">
      <PageSwitcher site={site} pages={pages.data.pages} pageId={pageId} onSwitch={switchTo} />
      <PageEditor key={pageId ?? 'home'} site={site} pageId={pageId} onDirty={setDirty} />
    </PageContainer>
  );
}

function PageEditor({ site, pageId, onDirty }: { site: Site; pageId: number | null; onDirty: (d: boolean) => void }) {
  const page = useVisualPage(pageId, true);
  if (page.isError) return <Alert type="error" showIcon title={page.error.message} />;
  if (!page.data) return <Spin style={{ display: 'block', margin: 48 }} />;
  return <VisualEditor site={site} page={page.data} onDirty={onDirty} reload={() => page.refetch()} />;
}

const titleOf = (p: SiteVisualPages['pages'][number], lang: string) =>
  p.kind === 'home' ? '首页' : `落地页:${p.titles[lang] || p.slug}`;

/** 首页 and the landing pages; 新建落地页 and 删除 of the shown landing page. */
function PageSwitcher({
  site,
  pages,
  pageId,
  onSwitch,
}: {
  site: Site;
  pages: SiteVisualPages['pages'];
  pageId: number | null;
  onSwitch: (id: number | null) => void;
}) {
  const [creating, setCreating] = useState(false);
  const [form] = Form.useForm<{ slug: string; title: string }>();
  const { create, remove } = useVisualMutations();
  const { message, modal } = useFeedback();
  const current = pages.find((p) => p.id === pageId);
  const defaultLabel = SITE_LANGUAGES.find((l) => l.key === site.default_language)?.label ?? site.default_language;
  return (
    <Space wrap style={{ marginBottom: 12 }}>
      <Select
        style={{ minWidth: 220 }}
        value={pageId ?? 0}
        onChange={(v: number) => onSwitch(v === 0 ? null : v)}
        options={pages.map((p) => ({ value: p.id ?? 0, label: titleOf(p, site.default_language) }))}
        aria-label="页面"
        data-testid="visual-page-select"
      />
      <Button onClick={() => setCreating(true)}>新建落地页</Button>
      {current?.kind === 'landing' && current.id !== null ? (
        <Button
          danger
          onClick={() =>
            modal.confirm({
              title: `删除落地页「${current.slug}」?`,
              content: '删除后访客将无法访问这个页面。',
              okText: '删除',
              okButtonProps: { danger: true },
              cancelText: '取消',
              onOk: async () => {
                await remove.mutateAsync({ id: current.id as number, version: current.version });
                message.success('删除成功');
                onSwitch(null);
              },
            })
          }
        >
          删除落地页
        </Button>
      ) : null}
      <Modal
        open={creating}
        title="新建落地页"
        okText="创建"
        cancelText="取消"
        confirmLoading={create.isPending}
        onCancel={() => setCreating(false)}
        onOk={() => form.submit()}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          onFinish={async (v) => {
            const page = await create.mutateAsync({ slug: v.slug, titles: { [site.default_language]: v.title } });
            setCreating(false);
            form.resetFields();
            message.success('创建成功');
            onSwitch(page.id);
          }}
        >
          <Form.Item
            name="slug"
            label="页面地址"
            extra={`访问地址:/${site.default_language.toLowerCase()}/pages/<页面地址>`}
            rules={[
              { required: true, message: '请填写页面地址' },
              { pattern: /^[a-z0-9](?:[a-z0-9]|-(?=[a-z0-9])){0,59}$/, message: '只能包含小写字母、数字和连字符' },
            ]}
          >
            <Input placeholder="例如 summer-sale" />
          </Form.Item>
          <Form.Item
            name="title"
            label={`页面标题(${defaultLabel})`}
            rules={[{ required: true, message: '请填写页面标题' }]}
          >
            <Input maxLength={120} />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
