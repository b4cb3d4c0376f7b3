import { SITE_LANGUAGES } from '@console/shared/schemas/site';
import {
  SITE_BLOCK_NAMES,
  SITE_FEATURED_MAX,
  SITE_GRID_MAX,
  type SiteBlock,
} from '@console/shared/schemas/site-blocks';
import { Alert, Card, Form, Input, InputNumber, Radio, Select, Tabs } from 'antd';
import { useState } from 'react';
import { ImageField } from '../basic/components/image-field';
import { useSiteCategoryOptions, useSiteProductOptions } from './visual-api';

type Texts = Partial<Record<string, string>>;

interface Props {
  block: SiteBlock;
  languages: string[];
  /** A changed block; `field` names what changed (typing in one field is one undo step). */
  onChange: (next: SiteBlock, field: string) => void;
}

const langLabel = (key: string) => SITE_LANGUAGES.find((l) => l.key === key)?.label ?? key;

/** The edit panel of one block: its settings and, per site language, its texts. */
export function BlockPanel({ block, languages, onChange }: Props) {
  const [lang, setLang] = useState(languages[0] ?? 'en');
  const set = <K extends string>(field: K, value: unknown) =>
    onChange({ ...block, [field]: value } as SiteBlock, `${block.key}.${field}.${lang}`);
  const text = (field: string, label: string, multiline = false) => {
    const value = (block as unknown as Record<string, Texts>)[field]?.[lang] ?? '';
    const update = (v: string) =>
      set(field, { ...((block as unknown as Record<string, Texts>)[field] ?? {}), [lang]: v });
    return (
      <Form.Item label={label}>
        {multiline ? (
          <Input.TextArea
            value={value}
            rows={8}
            maxLength={2000}
            showCount
            onChange={(e) => update(e.target.value)}
            aria-label={label}
          />
        ) : (
          <Input value={value} maxLength={500} onChange={(e) => update(e.target.value)} aria-label={label} />
        )}
      </Form.Item>
    );
  };
  const linkField = (b: { link: string }) => (
    <Form.Item label="链接" extra="站内路径(如 /en/pages/sale)、http(s):// 网址或 mailto:">
      <Input value={b.link} onChange={(e) => set('link', e.target.value)} aria-label="链接" />
    </Form.Item>
  );
  const texts = (() => {
    switch (block.type) {
      case 'banner':
        return [text('heading', '标题'), text('subheading', '副标题'), text('button_text', '按钮文字')];
      case 'rich_text':
        return [text('markdown', '内容(支持 ## 标题、- 列表、**粗体**、[链接](网址))', true)];
      case 'image_link':
        return [text('alt', '图片说明(替代文字)')];
      case 'product_grid':
      case 'featured_collection':
        return [text('heading', '标题')];
    }
  })();
  return (
    <Card size="small" title={`编辑:${SITE_BLOCK_NAMES[block.type]}`} data-testid="block-panel">
      <Form layout="vertical" component="div">
        <Settings block={block} lang={lang} set={set} />
        {block.type === 'banner' || block.type === 'image_link' ? linkField(block) : null}
        <Tabs
          size="small"
          activeKey={lang}
          onChange={setLang}
          items={languages.map((l) => ({ key: l, label: langLabel(l), children: texts }))}
        />
      </Form>
    </Card>
  );
}

/** The block's settings that are not texts: images, product source, columns, counts. */
function Settings({
  block,
  lang,
  set,
}: {
  block: SiteBlock;
  lang: string;
  set: (field: string, value: unknown) => void;
}) {
  const categories = useSiteCategoryOptions(lang);
  const [keyword, setKeyword] = useState('');
  const products = useSiteProductOptions(keyword);
  const categorySelect = (value: number, onPick: (id: number) => void) => (
    <Form.Item label="分类" required>
      <Select
        value={value || undefined}
        options={categories.data ?? []}
        loading={categories.isLoading}
        onChange={onPick}
        placeholder="选择站点分类"
        notFoundContent="暂无站点分类,请先在站点分类中添加"
        aria-label="分类"
      />
    </Form.Item>
  );
  switch (block.type) {
    case 'banner':
      return (
        <Form.Item label="图片">
          <ImageField value={block.image} onChange={(url) => set('image', url)} testId="block-image" />
        </Form.Item>
      );
    case 'image_link':
      return (
        <Form.Item label="图片" required>
          <ImageField value={block.image || null} onChange={(url) => set('image', url ?? '')} testId="block-image" />
          {block.image ? null : <Alert type="warning" showIcon title="请上传图片后再保存" />}
        </Form.Item>
      );
    case 'product_grid':
      return (
        <>
          <Form.Item label="商品来源">
            <Radio.Group
              value={block.source.kind}
              onChange={(e) =>
                set(
                  'source',
                  e.target.value === 'category'
                    ? { kind: 'category', category_id: 0 }
                    : { kind: 'products', product_ids: [] },
                )
              }
              options={[
                { value: 'products', label: '手动选择商品' },
                { value: 'category', label: '按分类' },
              ]}
            />
          </Form.Item>
          {block.source.kind === 'category' ? (
            categorySelect(block.source.category_id, (id) => set('source', { kind: 'category', category_id: id }))
          ) : (
            <Form.Item label={`商品(最多${SITE_GRID_MAX}个)`} required>
              <Select
                mode="multiple"
                value={block.source.product_ids}
                options={products.data ?? []}
                showSearch={{ filterOption: false, onSearch: setKeyword }}
                onChange={(ids: number[]) =>
                  set('source', { kind: 'products', product_ids: ids.slice(0, SITE_GRID_MAX) })
                }
                placeholder="搜索站点商品"
                notFoundContent="没有站点商品"
                aria-label="商品"
              />
            </Form.Item>
          )}
          <Form.Item label="列数">
            <Radio.Group
              value={block.columns}
              onChange={(e) => set('columns', e.target.value)}
              options={[2, 3, 4].map((n) => ({ value: n, label: `${n}列` }))}
            />
          </Form.Item>
          <Form.Item label="显示数量">
            <InputNumber min={1} max={SITE_GRID_MAX} value={block.count} onChange={(n) => set('count', n ?? 1)} />
          </Form.Item>
        </>
      );
    case 'featured_collection':
      return (
        <>
          {categorySelect(block.category_id, (id) => set('category_id', id))}
          <Form.Item label="显示数量">
            <InputNumber min={1} max={SITE_FEATURED_MAX} value={block.count} onChange={(n) => set('count', n ?? 1)} />
          </Form.Item>
        </>
      );
    case 'rich_text':
      return null;
  }
}
