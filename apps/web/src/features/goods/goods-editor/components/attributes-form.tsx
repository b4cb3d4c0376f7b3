import { countryName } from '@console/shared/constants/marketplaces';
import type { Answer } from '@console/shared/schemas/common';
import type { categoryTempData, productTypesData, TempAttrData } from '@console/shared/schemas/goods-library';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Empty, Form, Select, Space, Spin, Switch, Tag, Tooltip, Typography } from 'antd';
import { memo, useEffect, useMemo, useState } from 'react';
import { get } from '../../../../api/http';
import { productTypeKeys } from '../../../../api/product-types';
import { useFeedback } from '../../../../app/ui-bridge';
import { type AttrError, useEditor, useEditorStore } from '../editor-store';
import { AttrRow } from './attributes/attr-row';
import { buildAttrModel } from './attributes/attr-schema';
import { isBlank, normalizeAttrs } from './attributes/attr-values';
import { FALLBACK_MARKETPLACE, pickerMarketplace, pickerMarketplaceOptions } from './attributes/picker-marketplace';
import { productSource } from './attributes/product-filled';
import { TypeSourceNote } from './attributes/type-source-note';
import './attributes/attributes.css';
import { usePageSearchParams } from '../../../../layout/keep-alive/keep-alive-outlet';

/** A product type of getCategoryTemp and the answer of getTempAttr (shared schemas). */
type TypeRow = Answer<typeof categoryTempData>['list'][number];
type TempAttr = TempAttrData;

/** How long a product type list is reused (a shop bound meanwhile brings Amazon's whole list after this). */
const TYPES_STALE_MS = 5 * 60_000;

const typesQuery = (marketplace: string) => ({
  queryKey: productTypeKeys.list(marketplace),
  queryFn: () => get<Answer<typeof categoryTempData>>('/categoryTemplate/getCategoryTemp', { marketplace }),
  staleTime: TYPES_STALE_MS,
});
/** The shipped list without a marketplace: what the picker needs of it is `shopMarketplaces` (its default). */
const shopsQuery = {
  queryKey: productTypeKeys.shops(),
  queryFn: () => get<Answer<typeof categoryTempData>>('/categoryTemplate/getCategoryTemp'),
  staleTime: TYPES_STALE_MS,
};
/** A keyword search of a marketplace's product types (Amazon's own search when a shop sells there). */
const searchQuery = (keyword: string, marketplace: string) => ({
  queryKey: productTypeKeys.search(marketplace, keyword),
  queryFn: () => get<Answer<typeof productTypesData>>('/categoryTemplate/getProductType', { keyword, marketplace }),
  staleTime: TYPES_STALE_MS,
});

/** The value after it stopped changing for `ms` (a search typed in the picker). */
function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}
const schemaQuery = (productType: string, marketplace: string) => ({
  queryKey: ['goods', 'temp-attr', productType, marketplace],
  queryFn: () => get<TempAttr>('/categoryTemplate/getTempAttr', { productType, marketplace }),
  staleTime: Number.POSITIVE_INFINITY,
});

const NO_ERRORS: AttrError[] = [];

/** What an offline template is (shown on its tag). */
const OFFLINE_HINT =
  '离线模板: 控制台内置的亚马逊产品类型模板,按亚马逊的格式生成,便于未绑定店铺时填写属性。绑定店铺后以亚马逊提供的最新定义为准,上传前请核对必填属性。';

/** The extra attributes of an originData snapshot (the save payload as JSON). */
function savedExtraAttrs(originData: string): Record<string, unknown> {
  try {
    const attrs = (JSON.parse(originData) as { extraAttrs?: unknown }).extraAttrs;
    return attrs && typeof attrs === 'object' && !Array.isArray(attrs) ? (attrs as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * Extra attributes pane: product type + marketplace template, and a form of the template's
 * attributes built from its JSON Schema (Amazon Product Type Definitions): value + unit
 * pairs, nested objects, repeatable values, choices, inline validation; server errors inline.
 */
export const AttributesForm = memo(function AttributesForm() {
  const store = useEditorStore();
  const queryClient = useQueryClient();
  const { message } = useFeedback();
  const template = useEditor((s) => s.draft.template);
  // Names only: typing inside an attribute does not re-render the pane.
  const presentKey = useEditor((s) => Object.keys(s.draft.extraAttrs).join('\n'));
  const errors = useEditor((s) => s.attrErrors);
  // The attributes as last loaded or saved (originData): their `editable: false` values are read-only.
  const originData = useEditor((s) => s.originData);
  const savedAttrs = useMemo(() => savedExtraAttrs(originData), [originData]);
  // Labels of the required attributes still missing; those the product's own fields fill are not.
  const missing = useEditor((s) =>
    s.missingAttrs
      .filter((m) => !(s.draft.template && productSource(m.name, s.draft, s.draft.template.marketplace)?.values.length))
      .map((m) => m.label)
      .join('、'),
  );
  const [showAll, setShowAll] = useState(false);
  const [added, setAdded] = useState<string[]>([]);
  // The attribute a 去修改 link names (`?field=attribute&attr=color`, or opened in place) is shown even when optional.
  const params = usePageSearchParams();
  const linkedInPlace = useEditor((s) => s.linkedAttr);
  const linked = params.get('field') === 'attribute' ? params.get('attr') : linkedInPlace;
  // A marketplace picked before a product type offered there (the template changes once the type is picked).
  const [pickedMarketplace, setPickedMarketplace] = useState<string | null>(null);
  // Opens on the marketplace of the tenant's shops (issue 28 §4), else Amazon.com.
  const shops = useQuery(shopsQuery);
  const shopMarketplaces = shops.data?.shopMarketplaces ?? (shops.isError ? [] : undefined);
  const marketplace = pickerMarketplace({ picked: pickedMarketplace, template, shopMarketplaces });
  const marketplaces = useMemo(() => pickerMarketplaceOptions(shopMarketplaces), [shopMarketplaces]);
  const types = useQuery({ ...typesQuery(marketplace ?? ''), enabled: marketplace !== undefined });
  // What is typed in the picker: matched in the list, and searched at Amazon when a shop sells there.
  const [search, setSearch] = useState('');
  const keyword = useSettled(search.trim(), 300);
  const found = useQuery({
    ...searchQuery(keyword, marketplace ?? ''),
    enabled: marketplace !== undefined && keyword !== '' && types.data?.source === 'amazon',
  });
  const typeOptions = useMemo(() => {
    const rows = [...(types.data?.list ?? [])];
    const listed = new Set(rows.map((t) => t.productType));
    for (const t of found.data?.productTypes ?? []) if (!listed.has(t.productType)) rows.push(t);
    return rows.map((t) => ({
      value: t.productType,
      label: `${t.displayName} (${t.productType})`,
      offline: t.offline,
    }));
  }, [types.data, found.data]);
  const amazonMatches = useMemo(
    () => new Set(keyword ? (found.data?.productTypes ?? []).map((t) => t.productType) : []),
    [keyword, found.data],
  );
  const schema = useQuery({
    ...schemaQuery(template?.product_type ?? '', template?.marketplace ?? 'us'),
    enabled: Boolean(template?.product_type),
  });
  const model = useMemo(() => (schema.data ? buildAttrModel(schema.data.schema) : []), [schema.data]);

  const present = useMemo(() => new Set(presentKey ? presentKey.split('\n') : []), [presentKey]);
  const errorsByAttr = useMemo(() => {
    const map = new Map<string, AttrError[]>();
    for (const e of errors) map.set(e.attr, [...(map.get(e.attr) ?? []), e]);
    return map;
  }, [errors]);
  const shown = useMemo(
    () =>
      model.filter(
        (a) =>
          showAll ||
          a.required ||
          present.has(a.name) ||
          added.includes(a.name) ||
          errorsByAttr.has(a.name) ||
          a.name === linked,
      ),
    [model, showAll, present, added, errorsByAttr, linked],
  );
  const addable = useMemo(() => {
    const on = new Set(shown.map((a) => a.name));
    return model.filter((a) => !on.has(a.name)).map((a) => ({ value: a.name, label: `${a.label} (${a.name})` }));
  }, [model, shown]);
  const names = useMemo(() => new Set(model.map((a) => a.name)), [model]);
  const strayErrors = model.length ? errors.filter((e) => !names.has(e.attr)) : errors;

  /** Applies a template: attributes the new type lacks are removed (with a note), fixed values follow the marketplace. */
  const apply = async (productType: string, mp: string) => {
    let data: TempAttr;
    try {
      data = await queryClient.fetchQuery(schemaQuery(productType, mp));
    } catch {
      return; // the http client has shown the server's message
    }
    const next = buildAttrModel(data.schema);
    const known = new Set(next.map((a) => a.name));
    const s = store.getState();
    const attrs = s.draft.extraAttrs;
    const dropped = Object.keys(attrs).filter((n) => !known.has(n) && !isBlank(attrs[n]));
    const kept = Object.fromEntries(Object.entries(attrs).filter(([n]) => known.has(n)));
    s.setDraft({
      template: { product_type: data.productType, marketplace: mp },
      extraAttrs: normalizeAttrs(next, kept),
    });
    s.setWarnings({ attrErrors: [], missingAttrs: [] });
    setPickedMarketplace(null);
    setSearch('');
    if (dropped.length) message.warning(`新的产品类型没有以下属性,已移除: ${dropped.join('、')}`);
  };

  const onMarketplace = async (mp: string) => {
    setSearch('');
    if (!template) {
      setPickedMarketplace(mp);
      return;
    }
    let list: TypeRow[] = [];
    try {
      list = (await queryClient.fetchQuery(typesQuery(mp))).list;
    } catch {
      return;
    }
    if (list.some((t) => t.productType === template.product_type)) await apply(template.product_type, mp);
    else {
      setPickedMarketplace(mp);
      message.info(`产品类型 ${template.product_type} 在${countryName(mp)}站点不可用,请选择该站点的产品类型`);
    }
  };

  const pending = pickedMarketplace !== null && pickedMarketplace !== template?.marketplace;
  return (
    <div data-testid="attributes-form">
      <Space wrap style={{ marginBottom: 12 }}>
        <span>站点</span>
        <Select
          value={marketplace}
          loading={marketplace === undefined}
          options={marketplaces}
          onChange={(m) => void onMarketplace(m)}
          style={{ width: 130 }}
          data-testid="attr-marketplace"
        />
        {/* Amazon's product type (分类模板): not the attribute item_type_keyword (商品类型关键词) below. */}
        <span>亚马逊产品类型</span>
        <Select
          showSearch={{
            searchValue: search,
            onSearch: setSearch,
            // The list matched by name; Amazon's own search results for the words typed are kept too.
            filterOption: (input, o) =>
              amazonMatches.has(String(o?.value)) ||
              String(o?.label ?? '')
                .toLowerCase()
                .includes(input.trim().toLowerCase()),
          }}
          allowClear
          placeholder="搜索亚马逊产品类型(分类模板)"
          onOpenChange={(open) => {
            if (!open) setSearch('');
          }}
          loading={types.isFetching || found.isFetching}
          value={pending ? undefined : template?.product_type}
          style={{ width: 320 }}
          data-testid="attr-product-type"
          options={typeOptions}
          optionRender={(o) => (
            <span>
              {o.label}
              {o.data.offline && <Typography.Text type="secondary"> · 离线模板</Typography.Text>}
            </span>
          )}
          onChange={(v?: string) => {
            if (v) void apply(v, marketplace ?? FALLBACK_MARKETPLACE);
            else {
              setPickedMarketplace(null);
              store.getState().setDraft({ template: null, extraAttrs: {} });
            }
          }}
        />
        {schema.data?.offline && (
          <Tooltip title={OFFLINE_HINT}>
            <Tag color="orange" data-testid="attr-offline-template">
              离线模板
            </Tag>
          </Tooltip>
        )}
        {model.length > 0 && (
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="添加属性"
            value={null}
            options={addable}
            style={{ width: 260 }}
            data-testid="attr-add-attribute"
            onChange={(name: string | null) => {
              if (name) setAdded((list) => [...list, name]);
            }}
          />
        )}
        <span>显示全部属性</span>
        <Switch size="small" checked={showAll} onChange={setShowAll} data-testid="attr-show-all" />
      </Space>
      {types.data && marketplace && (
        <TypeSourceNote
          source={types.data.source}
          shop={types.data.shop}
          marketplace={marketplace}
          count={types.data.list.length}
        />
      )}
      {pending && template && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title={`当前模板仍为 ${template.product_type}(${countryName(template.marketplace)});选择产品类型后切换到${countryName(marketplace ?? FALLBACK_MARKETPLACE)}站点。`}
        />
      )}
      {missing && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={`以下必填属性未填写(上传前需补全): ${missing}`}
        />
      )}
      {strayErrors.map((e) => (
        <Alert key={`${e.attr}-${e.field}`} type="error" title={e.message} style={{ marginBottom: 4 }} />
      ))}
      {!template ? (
        <Empty description="请选择站点和亚马逊产品类型" />
      ) : schema.isLoading ? (
        <Spin />
      ) : (
        <Form layout="horizontal" labelCol={{ span: 5 }} wrapperCol={{ span: 19 }} className="attr-form">
          {shown.map((a) => (
            <AttrRow
              key={a.name}
              def={a}
              saved={savedAttrs[a.name]}
              serverErrors={errorsByAttr.get(a.name) ?? NO_ERRORS}
              marketplace={template.marketplace}
            />
          ))}
          <Typography.Text type="secondary">
            共 {model.length} 个属性,显示 {shown.length} 个(必填、已填写和添加的属性)。带 *
            的为必填;带锁图标的属性保存后只读(亚马逊不允许修改);
            标题、品牌、描述、要点和搜索词留空时由商品自己的字段自动填写(其值显示在属性下方)。
          </Typography.Text>
        </Form>
      )}
    </div>
  );
});
