import { DESC_LANGUAGES } from '@console/shared/constants/goods';
import { listingLanguage } from '@console/shared/constants/listing-language';
import { marketplaceByCode } from '@console/shared/constants/marketplaces';
import { type GpsrAttributeLine, gpsrAttributeLines } from '@console/shared/gpsr/attribute-lines';
import type { UploadPair } from '@console/shared/schemas/upload';
import {
  UPLOAD_CHECK_LIMIT,
  type UploadCheckBody,
  type UploadCheckData,
  type UploadCheckIssue,
  type UploadCheckPair,
} from '@console/shared/schemas/upload-check';
import type { Actor, AppDeps } from '../../context.js';
import { badRequest } from '../../lib/app-error.js';
import { selectedIds } from '../goods/goods-batch.repository.js';
import { openShop } from '../shop/shop-client.js';
import { translateStatus } from '../translate/memory.service.js';
import { readIssue } from './issue-reading.js';
import { CHECK_CODES, type MapGoods } from './listing-mapper.js';
import { IMAGE_MIN_SIDE, imagesWithoutSize } from './listing-precheck.js';
import { goodsForUpload } from './upload.repository.js';
import { freeEanCount, goodsHeads } from './upload-check.repository.js';
import { type Built, build, clientSchemas, pairKey, uploadImageUrl } from './upload-expand.js';
import { resolveUploadTarget } from './upload-target.js';

/** Most products a selection may name (as `/upload/create`). */
const SELECTION_MAX = 20_000;

/** Text fields by the Amazon attribute an issue names: the editor's name and where the text lives. */
const TEXT_FIELDS: Record<string, { name: string; key: 'title' | 'bullet_points' | 'product_description' }> = {
  item_name: { name: '标题', key: 'title' },
  bullet_point: { name: '五点描述', key: 'bullet_points' },
  product_description: { name: '产品描述', key: 'product_description' },
};

/** Where the administrator sees (and learns how to set) the translation provider. */
const TRANSLATE_ADMIN = '商品 › 翻译术语与记忆 › 用量(/goods/admin/translation)';

type Descs = MapGoods['descs'];

const filled = (d: Descs[string] | undefined, key: 'title' | 'bullet_points' | 'product_description') =>
  key === 'bullet_points' ? (d?.bullet_points ?? []).some((b) => b?.trim()) : Boolean(d?.[key]?.trim());

/**
 * What to do about a text missing in the marketplace's language: copy it from a language that
 * has it (English first; the editor's 复制到其他语言), write it, or translate it — with a
 * provider 一键翻译, without one the administrator sets a provider (where that is explained).
 */
export function missingTextHint(descs: Descs, marketplace: string, attr: string, translateConfigured: boolean) {
  const field = TEXT_FIELDS[attr];
  const lang = listingLanguage(marketplace);
  if (!field || !lang) return undefined;
  const source = ['en', ...Object.keys(descs ?? {})].find((k) => k !== lang.key && filled(descs?.[k], field.key));
  const sourceLabel = source ? (DESC_LANGUAGES.find((l) => l.key === source)?.label ?? source) : undefined;
  const ways = [
    ...(sourceLabel
      ? [`在编辑器「文本」的${sourceLabel}页签点「复制到其他语言」,把${field.name}复制到${lang.label}后修改`]
      : []),
    `直接在${lang.label}页签填写${field.name}`,
    translateConfigured
      ? `用编辑器的「一键翻译」翻译成${lang.label}`
      : `请管理员开通机器翻译服务后用「一键翻译」(在服务器环境变量中设置 TRANSLATE_PROVIDER 和 TRANSLATE_API_KEY 并重启;当前翻译服务见 ${TRANSLATE_ADMIN})`,
  ];
  return `缺少${lang.label}${field.name}。可以:${ways.map((w, i) => `${i + 1}) ${w}`).join(';')}`;
}

/** What to do about a missing EAN: the pool's free codes are given out when the product is saved. */
function eanHint(free: number): string {
  return free > 0
    ? `EAN库还有${free}个可用码:打开商品点「保存」即可自动分配EAN,再上传`
    : 'EAN库没有可用码:请先在「EAN表」(/goods/ean-table)导入EAN码,再打开商品点「保存」分配;或请主账号在账号设置中开启EAN豁免';
}

const RANK = { ERROR: 0, WARNING: 1, INFO: 2 } as const;

/** One product in one marketplace from its built items: the issues of every item, each once. */
function pairOf(
  g: MapGoods,
  head: { title: string; thumbnail: string },
  marketplace: string,
  items: Built[],
  ctx: { translateConfigured: boolean; freeEans: number; notes: string[] },
): UploadCheckPair {
  const byKey = new Map<string, { issue: UploadCheckIssue; variations: Set<string>; whole: boolean }>();
  for (const b of items) {
    for (const stored of b.issues) {
      const read = readIssue(stored, marketplace, b.schema, b.item.role);
      const key = `${read.code}|${read.attribute_names.join(',')}|${read.message_zh}`;
      let hit = byKey.get(key);
      if (!hit) {
        hit = { issue: read, variations: new Set(), whole: false };
        byKey.set(key, hit);
      }
      if (b.item.role === 'child') hit.variations.add(b.item.variationKey);
      else hit.whole = true;
    }
  }
  const issues = [...byKey.values()].map(({ issue, variations, whole }) => {
    const attr = issue.attribute_names[0] ?? '';
    const hint =
      issue.code === CHECK_CODES.noTitle || issue.code === CHECK_CODES.noText || issue.code === CHECK_CODES.required
        ? missingTextHint(g.descs, marketplace, attr, ctx.translateConfigured)
        : issue.code === CHECK_CODES.noEan
          ? eanHint(ctx.freeEans)
          : undefined;
    return {
      ...issue,
      ...(hint ? { hint } : {}),
      ...(!whole && variations.size ? { variation: [...variations].join(', ') } : {}),
    };
  });
  issues.sort((a, b) => RANK[a.severity] - RANK[b.severity]);
  return {
    goods_id: g.id,
    sku: g.sku,
    title: head.title,
    thumbnail: head.thumbnail,
    marketplace,
    ready: !issues.some((i) => i.severity === 'ERROR'),
    issues,
    notes: ctx.notes,
    ...gpsrOf(items),
  };
}

/** The GPSR lines of the product's own listing (single or parent; children carry the same). */
function gpsrOf(items: Built[]): { gpsr?: GpsrAttributeLine[] } {
  const own = items.find((b) => b.item.role !== 'child');
  const attrs = (own?.item.payload as { attributes?: Record<string, unknown> } | undefined)?.attributes;
  const lines = attrs ? gpsrAttributeLines(attrs) : [];
  return lines.length ? { gpsr: lines } : {};
}

/**
 * `POST /upload/check`: the selection (first `UPLOAD_CHECK_LIMIT` products in id order) mapped
 * and checked for every marketplace exactly as the pipeline would (the same `build`: schema of
 * the product type per marketplace, mapping issues, listing-precheck), writing nothing — no
 * seller SKU rows (`previewSellerSkus`), no items, no ledger. Answers per product x marketplace
 * whether it is ready or what stops it, with the editor field and what to do.
 */
export async function checkUpload(
  deps: AppDeps,
  actor: Actor,
  reach: { creators: readonly number[] | null },
  body: UploadCheckBody,
): Promise<UploadCheckData> {
  const { account } = await resolveUploadTarget(deps, actor, body.shop_id, body.marketplaces);
  const ids = (
    await selectedIds(deps.db, actor.tenantId, { ids: body.ids, filter: body.filter, creators: reach.creators })
      .where('goods.is_delete', '=', 0)
      .orderBy('goods.id')
      .limit(SELECTION_MAX)
      .execute()
  ).map((r) => Number(r.id));
  if (ids.length === 0) throw badRequest('没有可上传的商品(回收站中的商品不能上传)');
  const checkedIds = ids.slice(0, UPLOAD_CHECK_LIMIT);
  const { client } = await openShop(deps, actor.tenantId, body.shop_id);
  const [goods, heads, freeEans] = await Promise.all([
    goodsForUpload(deps.db, actor.tenantId, checkedIds) as unknown as Promise<MapGoods[]>,
    goodsHeads(deps.db, actor.tenantId, checkedIds),
    account.is_not_use_ean ? Promise.resolve(0) : freeEanCount(deps.db, actor.tenantId),
  ]);
  const marketplaces = body.marketplaces.filter((m) => marketplaceByCode(m));
  const built = await build(
    deps.db,
    {
      tenantId: actor.tenantId,
      shopId: body.shop_id,
      type: body.upload_type,
      marketplaces,
      account,
      imageUrl: uploadImageUrl(deps),
      schemas: clientSchemas(deps, client),
    },
    goods,
    { readOnly: true },
  );
  const translateConfigured = translateStatus(deps).configured;
  const headOf = new Map(heads.map((h) => [Number(h.id), h]));
  const list: UploadCheckPair[] = [];
  for (const g of goods) {
    const h = headOf.get(g.id);
    const unknown = ['good', 'image'].includes(body.upload_type) ? imagesWithoutSize(g) : 0;
    const notes = unknown
      ? [
          `${unknown}张图片的尺寸未知(外部链接或早期上传的图片),未检查是否达到亚马逊的最小尺寸(最长边${IMAGE_MIN_SIDE}像素)`,
        ]
      : [];
    for (const m of marketplaces) {
      const items = built.filter((b) => b.goodsId === g.id && b.marketplace === m);
      list.push(
        pairOf(g, { title: h?.title ?? '', thumbnail: h?.images?.[0]?.url ?? '' }, m, items, {
          translateConfigured,
          freeEans,
          notes,
        }),
      );
    }
  }
  const ready = list.filter((p) => p.ready).length;
  return {
    total: ids.length,
    checked: goods.length,
    ready,
    held: list.length - ready,
    translate_configured: translateConfigured,
    list,
  };
}

/**
 * The held pairs of a create (发送就绪的) among the selected products and marketplaces (pairs of
 * other products, e.g. another tenant's ids, are ignored), and the products still sent
 * somewhere: a product held in every marketplace is left out of the queue (`dropped` pairs).
 */
export function heldPairs(ids: readonly number[], marketplaces: readonly string[], hold: readonly UploadPair[] = []) {
  const selected = new Set(ids);
  const held = new Set(
    hold
      .filter((p) => selected.has(p.goods_id) && marketplaces.includes(p.marketplace))
      .map((p) => pairKey(p.goods_id, p.marketplace)),
  );
  const kept = ids.filter((id) => marketplaces.some((m) => !held.has(pairKey(id, m))));
  return { ids: kept, held, dropped: (ids.length - kept.length) * marketplaces.length };
}
