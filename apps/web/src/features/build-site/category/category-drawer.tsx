import { SITE_LANGUAGES } from '@console/shared/schemas/site';
import {
  CATEGORY_SLUG_MSG,
  CATEGORY_SLUG_RE,
  SITE_CATEGORY_NAME_MAX,
  type SiteCategoryNode,
} from '@console/shared/schemas/site-category';
import { SEO_DESCRIPTION_MAX, SEO_TITLE_MAX } from '@console/shared/schemas/site-seo';
import { Alert, Button, Drawer, Form, Input, Space, Tabs } from 'antd';
import { useState } from 'react';
import { useFeedback } from '../../../app/ui-bridge';
import { saveFailure } from '../../../lib/version-conflict';
import { useSiteCategoryMutations } from './category-api';

/** What the drawer edits: a new category (under `parent`, null: top level) or an existing one. */
export type CategoryEdit =
  | { kind: 'create'; parent: SiteCategoryNode | null }
  | { kind: 'edit'; node: SiteCategoryNode };

type Texts = Record<string, { name: string; title: string; description: string }>;
interface Values {
  slug: string;
  texts: Texts;
}

const labelOf = (key: string) => SITE_LANGUAGES.find((l) => l.key === key)?.label ?? key;

function initial(edit: CategoryEdit, languages: string[]): Values {
  const node = edit.kind === 'edit' ? edit.node : null;
  const texts: Texts = {};
  for (const l of languages) {
    texts[l] = {
      name: node?.names[l] ?? '',
      title: node?.seo[l]?.title ?? '',
      description: node?.seo[l]?.description ?? '',
    };
  }
  return { slug: node?.slug ?? '', texts };
}

/** The add/edit drawer: names and SEO overrides per site language (tabs), and the address slug. */
export function CategoryDrawer(props: {
  edit: CategoryEdit | null;
  languages: string[];
  defaultLanguage: string;
  onClose: () => void;
}) {
  const { edit, languages, defaultLanguage, onClose } = props;
  const [form] = Form.useForm<Values>();
  const { create, update } = useSiteCategoryMutations();
  const { message } = useFeedback();
  const [error, setError] = useState<string | null>(null);

  const editKey = edit
    ? edit.kind === 'edit'
      ? `e${edit.node.id}v${edit.node.version}`
      : `c${edit.parent?.id ?? 0}`
    : '';
  // A fresh form (and no old error) for every category the drawer opens.
  const [shownKey, setShownKey] = useState(editKey);
  if (shownKey !== editKey) {
    setShownKey(editKey);
    setError(null);
  }

  const submit = async (v: Values) => {
    if (!edit) return;
    const names: Record<string, string> = {};
    const seo: Record<string, { title: string; description: string }> = {};
    for (const [l, t] of Object.entries(v.texts)) {
      if (t.name.trim()) names[l] = t.name;
      if (t.title.trim() || t.description.trim()) seo[l] = { title: t.title, description: t.description };
    }
    setError(null);
    try {
      if (edit.kind === 'create') {
        await create.mutateAsync({ parent_id: edit.parent?.id ?? null, names, slug: v.slug, seo });
        message.success('添加成功');
      } else {
        await update.mutateAsync({ id: edit.node.id, version: edit.node.version, names, slug: v.slug, seo });
        message.success('保存成功');
      }
      onClose();
    } catch (err) {
      setError(saveFailure(err).text);
    }
  };

  const title =
    edit?.kind === 'edit'
      ? '编辑分类'
      : edit?.parent
        ? `添加子分类(上级:${edit.parent.names[defaultLanguage] ?? ''})`
        : '添加顶级分类';
  return (
    <Drawer
      open={edit !== null}
      title={title}
      size={560}
      onClose={onClose}
      data-testid="site-category-drawer"
      extra={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button
            type="primary"
            loading={create.isPending || update.isPending}
            onClick={() => form.submit()}
            data-testid="site-category-save"
          >
            保存
          </Button>
        </Space>
      }
    >
      {error ? (
        <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="site-category-error" />
      ) : null}
      <Form<Values>
        key={editKey}
        form={form}
        layout="vertical"
        initialValues={edit ? initial(edit, languages) : undefined}
        onFinish={submit}
      >
        <Tabs
          items={languages.map((l) => ({
            key: l,
            label: l === defaultLanguage ? `${labelOf(l)}(默认)` : labelOf(l),
            forceRender: true,
            children: (
              <>
                <Form.Item
                  name={['texts', l, 'name']}
                  label="分类名称"
                  rules={
                    l === defaultLanguage
                      ? [{ required: true, whitespace: true, message: '请填写默认语言的分类名称' }]
                      : []
                  }
                  extra={l === defaultLanguage ? undefined : '未填写时店铺显示默认语言的名称'}
                >
                  <Input maxLength={SITE_CATEGORY_NAME_MAX} showCount data-testid={`site-category-name-${l}`} />
                </Form.Item>
                <Form.Item name={['texts', l, 'title']} label="SEO标题" extra="留空则使用 SEO设置 中分类页的模板">
                  <Input maxLength={SEO_TITLE_MAX} showCount />
                </Form.Item>
                <Form.Item name={['texts', l, 'description']} label="SEO描述">
                  <Input.TextArea maxLength={SEO_DESCRIPTION_MAX} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
                </Form.Item>
              </>
            ),
          }))}
        />
        <Form.Item
          name="slug"
          label="分类标识"
          extra="店铺地址 /<语言>/c/<标识>;留空则按默认语言名称生成(中文转拼音)"
          rules={[{ pattern: CATEGORY_SLUG_RE, message: CATEGORY_SLUG_MSG }]}
        >
          <Input maxLength={80} data-testid="site-category-slug" />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
