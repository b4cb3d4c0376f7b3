import { randomBytes } from 'node:crypto';
import { PRICE_COUNTRIES } from '@console/shared/constants/marketplaces';
import { convertMoney, type ExchangeRates, type Minor, parseMoney } from '@console/shared/money';
import type { GatherCollectBody } from '@console/shared/schemas/gather';
import type { GoodsData } from '@console/shared/schemas/goods';
import { computePrice, type PriceInfo } from '@console/shared/schemas/price-settings';
import { badRequest } from '../../lib/app-error.js';

/** The account switches that shape a collected product (the user's 账号信息). */
export interface GatherSwitches {
  /** 标题填充关键词: the title's words fill the search terms. */
  titleKeywords: boolean;
  /** 随机变体图片: a variation without its own picture gets one of the main pictures at random. */
  randomVariationImage: boolean;
  /** 随机五点描述: the bullet points are the attributes in random order. */
  randomBullets: boolean;
}

/** The product editor's bound on pictures (goodsDataSchema.images). */
const MAX_PRODUCT_IMAGES = 30;

/** The stored copy of every picture the page named (by its address on the page). */
export type StoredPictures = ReadonlyMap<string, { url: string; width: number; height: number }>;

/** A collected price in fen: the page's amount in its currency, converted at the default rates. */
export function costInFen(price: string, currency: string, rates: ExchangeRates, field = 'price'): Minor {
  const parsed = parseMoney(price, currency, { round: true });
  if (!parsed.ok) throw badRequest(`价格格式不正确: ${price}`, { field });
  if (currency === 'CNY') return parsed.value;
  try {
    return convertMoney(parsed.value, currency, 'CNY', rates);
  } catch {
    throw badRequest(`缺少${currency}的汇率,无法换算价格`, { field: 'currency' });
  }
}

function shuffled<T>(items: T[], random: () => number): T[] {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

/** Search terms from the title: its distinct words, at most 250 characters. */
function keywordsOf(title: string): string {
  const words = [...new Set(title.split(/[\s,，、|/()（）【】[\]]+/).filter((w) => w.length > 1))];
  let out = '';
  for (const w of words) {
    if (`${out} ${w}`.trim().length > 250) break;
    out = `${out} ${w}`.trim();
  }
  return out;
}

/** A fresh SKU for a collected product (its variations add -1, -2 ...). */
export function gatherSku(now = new Date()): string {
  const day = now.toISOString().slice(2, 10).replaceAll('-', '');
  return `CJ${day}${randomBytes(3).toString('hex').toUpperCase()}`;
}

/**
 * The product a collected page becomes (type 4 采集, a draft of the library): the title in the
 * language of the page (Chinese for 1688/Taobao/Tmall, English otherwise), the cost in fen and
 * the selling prices of the user's 采集价格设置 (every country of the settings), the stored
 * pictures (main, then the description's), the attributes as product attributes and bullet
 * points, the variations with their own cost, stock, picture and values.
 */
export function collectedProduct(
  body: GatherCollectBody,
  o: {
    sku: string;
    pictures: StoredPictures;
    priceInfo: PriceInfo;
    rates: ExchangeRates;
    quantityRange: [number, number];
    switches: GatherSwitches;
    random?: () => number;
  },
): GoodsData {
  const random = o.random ?? Math.random;
  const cost = costInFen(body.price, body.currency, o.rates);
  const prices = PRICE_COUNTRIES.flatMap((c) => {
    const s = o.priceInfo.price_country.find((p) => p.country_code === c.country_code);
    const price = s ? computePrice(cost, s) : 0;
    return price > 0 ? [{ country_code: c.country_code, price }] : [];
  });
  const main = body.pictures.flatMap((u) => {
    const p = o.pictures.get(u);
    return p ? [p] : [];
  });
  // Description pictures follow the main ones in the product's one picture list (30 at most).
  const seen = new Set(main.map((p) => p.url));
  const images = [...main];
  for (const u of body.description_pictures) {
    const p = o.pictures.get(u);
    if (p && !seen.has(p.url) && images.length < MAX_PRODUCT_IMAGES) {
      seen.add(p.url);
      images.push(p);
    }
  }
  const quantity = o.quantityRange[0] + Math.floor(random() * (o.quantityRange[1] - o.quantityRange[0] + 1));
  const attrs = [...new Set(body.variations.flatMap((v) => Object.keys(v.values)))].slice(0, 3);
  const children = body.variations.map((v, i) => {
    const own = v.picture ? o.pictures.get(v.picture)?.url : undefined;
    const drawn =
      !own && o.switches.randomVariationImage && main.length ? main[Math.floor(random() * main.length)] : null;
    const image = own ?? drawn?.url;
    return {
      sku: `${o.sku}-${i + 1}`,
      values: Object.fromEntries(attrs.map((a) => [a, v.values[a] ?? ''])),
      price: v.price ? costInFen(v.price, body.currency, o.rates, `variations.${i}.price`) : cost,
      // The supplier's stock bounds what the variation offers (none left: 0).
      ...(v.stock !== undefined ? { quantity: Math.min(v.stock, quantity) } : {}),
      images: image ? [image] : [],
    };
  });
  const facts = body.attributes.filter((a) => a.value !== '').map((a) => `${a.name}: ${a.value}`.slice(0, 500));
  const bullets = (o.switches.randomBullets ? shuffled(facts, random) : facts).slice(0, 5);
  const chinese = body.site === '1688' || body.site === 'taobao' || body.site === 'tmall';
  const title = body.title.slice(0, 200);
  return {
    baseInfo: {
      type: 4,
      sku: o.sku,
      source: body.site,
      link_url: body.url,
      cost_price: cost,
      quantity,
      remark: `采集自 ${body.url}`.slice(0, 2000),
    },
    commonData: {
      descs: [
        {
          key: chinese ? 'zh-CN' : 'en',
          title,
          search_terms: o.switches.titleKeywords ? keywordsOf(body.title) : '',
          bullet_points: bullets,
          product_description: facts.join('\n').slice(0, 2000),
        },
      ],
    },
    priceTable: prices,
    parentageTable: { theme: attrs.join('-'), attrs, children },
    images,
    template: null,
    extraAttrs: Object.fromEntries(body.attributes.map((a) => [a.name, a.value])),
    tags: ['采集'],
  };
}
