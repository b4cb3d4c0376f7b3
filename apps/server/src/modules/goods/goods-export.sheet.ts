import { AUDIT_STATUSES, goodsTypeLabel } from '@console/shared/constants/goods';
import { PRICE_COUNTRIES } from '@console/shared/constants/marketplaces';
import { currencyDigits } from '@console/shared/money/currencies';
import { isMinor, minor, moneyToNumber } from '@console/shared/money/money';
import type { ExportColumnKey } from '@console/shared/schemas/goods-export';
import type { AppDeps } from '../../context.js';
import { listCategories } from '../goods-library/category.repository.js';
import type { StoredDescs, StoredParentage, StoredPrices } from './goods.presenter.js';
import type { StoredBaseInfo, StoredImages } from './goods.tables.js';
import type { Selection } from './goods-batch.repository.js';
import { type ExportRow, exportBatch } from './goods-export.repository.js';

const BATCH = 500;
/** The users' calendar: times are written as Beijing wall-clock times (Excel dates have no zone). */
const SHEET_TIME_ZONE = 'Asia/Shanghai';

/** Excel number format of an amount in a currency: its minor-unit digits ("0.00"; "0" for the yen). */
const moneyFormat = (currency: string) => {
  const digits = currencyDigits(currency);
  return digits === 0 ? '0' : `0.${'0'.repeat(digits)}`;
};
const DATE_FORMAT = 'yyyy-mm-dd hh:mm:ss';

/** One sheet column: header, key of the row object, width and the cell format of numbers and dates. */
export interface SheetColumn {
  header: string;
  key: string;
  width: number;
  style?: { numFmt: string };
}

/** What the rows need besides the products: the chosen columns, category paths and the site's address for image links. */
export interface SheetContext {
  columns: readonly ExportColumnKey[];
  categoryPaths: ReadonlyMap<number, string>;
  /** `https://host` of the console, put before stored image paths (`/PDD/files/...`). */
  origin: string;
}

const SIMPLE: Record<Exclude<ExportColumnKey, 'prices'>, Omit<SheetColumn, 'key'>> = {
  id: { header: '商品ID', width: 10, style: { numFmt: '0' } },
  sku: { header: 'SKU', width: 18 },
  title_zh: { header: '标题(中文)', width: 30 },
  title_en: { header: '标题(英文)', width: 50 },
  type: { header: '类型', width: 10 },
  status: { header: '审核状态', width: 10 },
  brand: { header: '品牌', width: 14 },
  category: { header: '分类', width: 24 },
  stock: { header: '库存', width: 8, style: { numFmt: '0' } },
  cost: { header: '成本价(CNY)', width: 12, style: { numFmt: moneyFormat('CNY') } },
  variation_sku: { header: '变体SKU', width: 22 },
  variation_values: { header: '变体属性', width: 22 },
  ean: { header: 'EAN', width: 16 },
  variation_price: { header: '变体价格(CNY)', width: 14, style: { numFmt: moneyFormat('CNY') } },
  bullets_en: { header: '五点描述(英文)', width: 60 },
  search_terms_en: { header: '搜索词(英文)', width: 40 },
  description_en: { header: '产品描述(英文)', width: 60 },
  main_image: { header: '主图链接', width: 50 },
  images: { header: '附图链接', width: 50 },
  variation_images: { header: '变体图片链接', width: 50 },
  creator: { header: '创建人', width: 12 },
  created_at: { header: '创建时间', width: 20, style: { numFmt: DATE_FORMAT } },
  updated_at: { header: '更新时间', width: 20, style: { numFmt: DATE_FORMAT } },
};

/** The sheet columns of a column choice (`prices` becomes one column per price country). */
export function sheetColumns(columns: readonly ExportColumnKey[]): SheetColumn[] {
  return columns.flatMap((key): SheetColumn[] =>
    key === 'prices'
      ? PRICE_COUNTRIES.map((c) => ({
          header: `${c.country}价格(${c.currency})`,
          key: `price_${c.country_code}`,
          width: 14,
          style: { numFmt: moneyFormat(c.currency) },
        }))
      : [{ key, ...SIMPLE[key] }],
  );
}

/** An amount as a number cell in major units (exactly the decimal text of the money module), empty when unset. */
const moneyCell = (amount: number | undefined, currency: string) =>
  isMinor(amount) ? moneyToNumber(minor(amount), currency) : null;

/** The same instant as a Date whose UTC fields are the wall-clock time in `timeZone` (what Excel shows). */
export function wallClock(d: Date, timeZone = SHEET_TIME_ZONE): Date {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(d);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return new Date(Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')));
}

/** A stored image address as a link that opens from the sheet: stored paths get the console's address. */
export function absoluteUrl(origin: string, url: string): string {
  if (/^https?:\/\//i.test(url) || url === '') return url;
  return `${origin}${url.startsWith('/') ? '' : '/'}${url}`;
}

/** The category of a product as its path from the top ("服装 / 上衣"), from the tenant's categories. */
export async function categoryPaths(deps: AppDeps, tenantId: number): Promise<Map<number, string>> {
  const rows = await listCategories(deps.db, tenantId);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const paths = new Map<number, string>();
  for (const r of rows) {
    const names: string[] = [];
    for (let cur = byId.get(r.id); cur && names.length <= rows.length; cur = byId.get(cur.parent_id)) {
      names.unshift(cur.name);
    }
    paths.set(r.id, names.join(' / '));
  }
  return paths;
}

type Cell = string | number | Date | null;

/**
 * One product as workbook rows: one row per variation with the product's own fields repeated,
 * or one row for a product without variations. Only the chosen columns are filled.
 */
export function toSheetRows(r: ExportRow, ctx: SheetContext): Record<string, Cell>[] {
  const descs = (r.descs ?? {}) as StoredDescs;
  const prices = (r.prices ?? {}) as StoredPrices;
  const base = (r.base_info ?? {}) as StoredBaseInfo;
  const images = ((r.images ?? []) as StoredImages).map((i) => absoluteUrl(ctx.origin, i.url));
  const parentage = (r.parentage ?? {}) as StoredParentage;
  const attrs = parentage.attrs ?? [];
  const en = descs.en;
  const product: Record<string, Cell> = {};
  for (const key of ctx.columns) {
    switch (key) {
      case 'id':
        product.id = Number(r.id);
        break;
      case 'sku':
        product.sku = r.sku;
        break;
      case 'title_zh':
        product.title_zh = descs['zh-CN']?.title ?? '';
        break;
      case 'title_en':
        product.title_en = en?.title ?? '';
        break;
      case 'type':
        product.type = goodsTypeLabel(r.type);
        break;
      case 'status':
        product.status = AUDIT_STATUSES[r.audit_status as keyof typeof AUDIT_STATUSES] ?? r.audit_status;
        break;
      case 'brand':
        product.brand = base.brand_name ?? '';
        break;
      case 'category':
        product.category = r.category_id === null ? '' : (ctx.categoryPaths.get(r.category_id) ?? '');
        break;
      case 'stock':
        product.stock = base.quantity ?? null;
        break;
      case 'cost':
        product.cost = moneyCell(base.cost_price, 'CNY');
        break;
      case 'prices':
        for (const c of PRICE_COUNTRIES) {
          product[`price_${c.country_code}`] = moneyCell(prices[c.country_code]?.price, c.currency);
        }
        break;
      case 'bullets_en':
        product.bullets_en = (en?.bullet_points ?? []).filter(Boolean).join('\n');
        break;
      case 'search_terms_en':
        product.search_terms_en = en?.search_terms ?? '';
        break;
      case 'description_en':
        product.description_en = en?.product_description ?? '';
        break;
      case 'main_image':
        product.main_image = images[0] ?? '';
        break;
      case 'images':
        product.images = images.slice(1).join('\n');
        break;
      case 'creator':
        product.creator = r.user_name ?? '';
        break;
      case 'created_at':
        product.created_at = wallClock(r.created_at);
        break;
      case 'updated_at':
        product.updated_at = wallClock(r.updated_at);
        break;
      default:
        // Variation columns are filled per variation below.
        break;
    }
  }
  const children = parentage.children ?? [];
  if (children.length === 0) return [product];
  const want = new Set<string>(ctx.columns);
  return children.map((c) => {
    const row: Record<string, Cell> = { ...product };
    if (want.has('variation_sku')) row.variation_sku = c.sku;
    if (want.has('variation_values')) {
      const names = attrs.length ? attrs : Object.keys(c.values ?? {});
      row.variation_values = names
        .filter((a) => c.values?.[a])
        .map((a) => `${a}: ${c.values[a]}`)
        .join('; ');
    }
    if (want.has('ean')) row.ean = c.ean ?? '';
    if (want.has('variation_price')) row.variation_price = moneyCell(c.price, 'CNY');
    if (want.has('stock') && c.quantity !== undefined) row.stock = c.quantity;
    if (want.has('variation_images')) {
      row.variation_images = (c.images ?? []).map((u) => absoluteUrl(ctx.origin, u)).join('\n');
    }
    return row;
  });
}

/** Walks the selection newest first in batches (keyset), calling `each` per batch. */
export async function forEachBatch(
  deps: AppDeps,
  tenantId: number,
  sel: Selection,
  each: (rows: ExportRow[]) => Promise<void>,
) {
  let cursor: number | undefined;
  for (;;) {
    const rows = await exportBatch(deps.db, tenantId, sel, BATCH, cursor);
    if (rows.length === 0) return;
    await each(rows);
    cursor = Number(rows[rows.length - 1]!.id);
    if (rows.length < BATCH) return;
  }
}
