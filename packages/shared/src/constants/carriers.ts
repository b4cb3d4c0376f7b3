/**
 * Carrier options of shipment confirmation (spec section 3 "Carrier option"): Amazon's carrier
 * codes as sellers pick them in Seller Central, about 115 entries. The value is what
 * `confirmShipment` sends as `carrierCode`; the last entry, 其他 (`Other`), needs a carrier
 * name (`carrierName`). Purolator's value is upper case; the duplicate spellings of the
 * specification (APC Postal Logistics in two cases, WINIT/Winit) are kept as it lists them.
 */
export interface CarrierOption {
  /** What the screen shows: the Chinese name and the code, e.g. 「云途 YunExpress」. */
  label: string;
  /** The Amazon carrier code (`confirmShipment`'s `carrierCode`). */
  value: string;
  /** The Chinese name ('' when the carrier is known by its code). */
  cn: string;
  /** Listed among the carriers Chinese sellers use most (first in the choice). */
  common: boolean;
}

const NAMES = [
  '4PX',
  'A-1',
  'AAA Cooper',
  'ABF',
  'APC Postal Logistics',
  'APC Postal logistics',
  'Asendia',
  'Australia Post',
  'Aramex',
  'Best Buy',
  'Blue Dart',
  'Blue Package',
  'BRT',
  'Canada Post',
  'Canpar',
  'CDL',
  'CELERITAS',
  'Cainiao',
  'Chronopost',
  'China Post',
  'Chukou1',
  'City Link',
  'Coliposte',
  'Colissimo',
  'Conway',
  'Correos',
  'Correos Express',
  'CTTExpress',
  'Delhivery',
  'Deutsche Post',
  'DHL',
  'DHL eCommerce',
  'DHL Freight',
  'DHL Global Mail',
  'DHL Home Delivery',
  'DHL Kargo',
  'DPD',
  'DTDC',
  'Ecom Express',
  'Ensenda',
  'Estes',
  'Fastway',
  'FedEx',
  'FedEx Freight',
  'FedEx SmartPost',
  'First Flight',
  'Gati',
  'GLS',
  'GO!',
  'Hermes',
  'Hermes Logistik Gruppe',
  'Hongkong Post',
  'India Post',
  'Japan Post',
  'JCEX',
  'JP Express',
  'La Poste',
  'Landmark Global',
  'Lasership',
  'Mondial Relay',
  'MRW',
  'Nacex',
  'Newgistics',
  'NipponExpress',
  'Old Dominion',
  'OnTrac',
  'OSM',
  'Overnite Express',
  'Parcelforce',
  'Parcel Station',
  'Poczta Polska',
  'Pilot Freight',
  'PostNL',
  'PostNord',
  'Poste Italiane',
  'Professional',
  'PUROLATOR',
  'R+L',
  'Rieck',
  'Royal Mail',
  'SagawaExpress',
  'Saia',
  'SDA',
  'SEINO',
  'SEUR',
  'SF Express',
  'Singapore Post',
  'Smartmail',
  'South Eastern Freight Lines',
  'Spanish Post',
  'Streamlite',
  'Swiss Post',
  'Target',
  'TNT',
  'TNT-IT',
  'Toll',
  'UPS',
  'UPS Freight',
  'UPS Mail Innovations',
  'UPSMI',
  'USPS',
  'Watkins and Shepard',
  'WINIT',
  'Winit',
  'XDP',
  'XPO Freight',
  'XpressBees',
  'Yamato Transport',
  'Yanwen',
  'Yellow Freight',
  'Yodel',
  'YunExpress',
  'YTO Express',
  'ZTO Express',
] as const;

/** The carrier code 其他: `confirmShipment` then needs `carrierName`. */
export const OTHER_CARRIER = 'Other';

/**
 * The carriers Chinese cross-border sellers ship with most, in the order the choice shows them
 * first (issue 29 §2), with their Chinese names. Every value is one of Amazon's codes above;
 * carriers Amazon has no code for (纵腾/谷仓, 万色 …) are chosen as 其他 with their name.
 */
const COMMON: readonly (readonly [code: (typeof NAMES)[number], cn: string])[] = [
  ['China Post', '中国邮政/EMS'],
  ['SF Express', '顺丰'],
  ['YunExpress', '云途'],
  ['Yanwen', '燕文'],
  ['4PX', '递四方'],
  ['WINIT', '万邑通'],
  ['Cainiao', '菜鸟'],
  ['Chukou1', '出口易'],
  ['JCEX', '佳成'],
  ['YTO Express', '圆通'],
  ['ZTO Express', '中通'],
  ['Hongkong Post', '香港邮政'],
  ['DHL', 'DHL'],
  ['DHL eCommerce', 'DHL电商'],
  ['FedEx', '联邦快递'],
  ['UPS', 'UPS'],
  ['USPS', '美国邮政'],
  ['Royal Mail', '英国皇家邮政'],
  ['DPD', 'DPD'],
  ['Deutsche Post', '德国邮政'],
  ['La Poste', '法国邮政'],
  ['Colissimo', '法国邮政Colissimo'],
  ['Poste Italiane', '意大利邮政'],
  ['Correos', '西班牙邮政'],
  ['Japan Post', '日本邮政'],
  ['Yamato Transport', '大和运输(黑猫)'],
  ['SagawaExpress', '佐川急便'],
  ['Canada Post', '加拿大邮政'],
  ['Australia Post', '澳大利亚邮政'],
  ['GLS', 'GLS'],
  ['Hermes', 'Hermes'],
];

/** Chinese names of other carriers of the list (shown and searchable too). */
const OTHER_CN: Readonly<Partial<Record<(typeof NAMES)[number], string>>> = {
  'Spanish Post': '西班牙邮政',
  'Swiss Post': '瑞士邮政',
  'Singapore Post': '新加坡邮政',
  'India Post': '印度邮政',
  'Poczta Polska': '波兰邮政',
  PostNL: '荷兰邮政',
  PostNord: '北欧邮政',
  Parcelforce: '英国Parcelforce',
  Chronopost: '法国Chronopost',
  NipponExpress: '日本通运',
  SEINO: '西浓运输',
  Winit: '万邑通',
  'JP Express': '日本JP Express',
  'Correos Express': '西班牙Correos Express',
  'Blue Dart': '印度Blue Dart',
};

const option = (value: string, cn: string, common: boolean): CarrierOption => ({
  label: cn && cn !== value ? `${cn} ${value}` : value,
  value,
  cn: cn === value ? '' : cn,
  common,
});

const COMMON_CODES = new Set<string>(COMMON.map(([c]) => c));

/**
 * Every carrier option: the common ones first (in `COMMON`'s order), then the rest of Amazon's
 * list alphabetically, `Other` (其他) last (spec section 3).
 */
export const CARRIER_OPTIONS: readonly CarrierOption[] = [
  ...COMMON.map(([code, cn]) => option(code, cn, true)),
  ...NAMES.filter((n) => !COMMON_CODES.has(n))
    .slice()
    .sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }))
    .map((n) => option(n, OTHER_CN[n] ?? '', false)),
  { label: '其他', value: OTHER_CARRIER, cn: '其他', common: false },
];

const VALUES = new Set(CARRIER_OPTIONS.map((c) => c.value));

/** Whether a text is one of the carrier codes (exact spelling). */
export function isCarrierCode(value: string): boolean {
  return VALUES.has(value);
}

/** The label of a carrier code (Chinese name and code); the code itself when unknown. */
export function carrierLabel(code: string): string {
  return CARRIER_OPTIONS.find((c) => c.value === code)?.label ?? code;
}

/**
 * Whether a carrier option matches what the user typed: its Chinese name, its code or label,
 * case-insensitive, ignoring spaces (「云途」「yun」「royal mail」「royalmail」).
 */
export function carrierMatches(o: Pick<CarrierOption, 'label' | 'value' | 'cn'>, input: string): boolean {
  const norm = (t: string) => t.toLowerCase().replace(/[\s\-_]+/g, '');
  const q = norm(input);
  if (!q) return true;
  return [o.label, o.value, o.cn].some((t) => norm(t).includes(q));
}

/**
 * Known shipping services of common carriers (服务 is chosen from them; a carrier without known
 * services, or a service not listed, is typed). The service is what the channel sends to the
 * carrier and prints on the label; it is not sent to Amazon.
 */
export const CARRIER_SERVICES: Readonly<Record<string, readonly string[]>> = {
  'China Post': ['中国邮政挂号小包', '中国邮政平常小包+', 'e邮宝 ePacket', 'EMS国际快递', 'e特快'],
  'SF Express': ['顺丰国际小包挂号', '顺丰国际小包平邮', '顺丰国际标快', '顺丰国际特快'],
  YunExpress: ['云途全球专线挂号(标准普货)', '云途全球专线挂号(特惠普货)', '云途全球专线挂号(带电)', '云途中欧专线'],
  Yanwen: ['燕文专线追踪小包(普货)', '燕文专线追踪小包(特货)', '燕文专线平邮小包', '燕文航空挂号小包'],
  '4PX': ['联邮通优先挂号', '联邮通标准挂号', '联邮通经济挂号', '4PX全球专线'],
  WINIT: ['万邑通海外仓派送', '万邑通ISP专线'],
  Cainiao: ['菜鸟无忧物流-标准', '菜鸟无忧物流-简易', '菜鸟超级经济'],
  DHL: ['DHL Express Worldwide', 'DHL Express 9:00', 'DHL Express 12:00'],
  'DHL eCommerce': ['DHL Packet Plus', 'DHL Packet', 'DHL Parcel Direct'],
  FedEx: ['FedEx International Priority', 'FedEx International Economy', 'FedEx Ground', 'FedEx Home Delivery'],
  UPS: ['UPS Worldwide Saver', 'UPS Worldwide Expedited', 'UPS Ground', 'UPS Standard'],
  USPS: ['USPS Ground Advantage', 'USPS Priority Mail', 'USPS First-Class Package International'],
  'Royal Mail': ['Royal Mail Tracked 24', 'Royal Mail Tracked 48', 'Royal Mail 1st Class', 'Royal Mail 2nd Class'],
  DPD: ['DPD Classic', 'DPD Predict', 'DPD Express'],
  'Deutsche Post': ['Warenpost', 'Warenpost International', 'Päckchen', 'DHL Paket'],
  'La Poste': ['Lettre Suivie', 'Colissimo Domicile', 'Colissimo International'],
  Colissimo: ['Colissimo Domicile sans signature', 'Colissimo Domicile avec signature'],
  'Japan Post': ['ゆうパケット', 'ゆうパック', 'EMS', 'クリックポスト'],
  'Yamato Transport': ['宅急便', 'ネコポス', '宅急便コンパクト'],
  SagawaExpress: ['飛脚宅配便', '飛脚ゆうパケット便'],
  'Canada Post': ['Expedited Parcel', 'Xpresspost', 'Regular Parcel'],
  'Australia Post': ['Parcel Post', 'Express Post'],
};

/** The known services of a carrier (empty: typed freely). */
export function carrierServices(code: string): readonly string[] {
  return CARRIER_SERVICES[code] ?? [];
}
