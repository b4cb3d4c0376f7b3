/**
 * Carrier options of shipment confirmation (spec section 3 "Carrier option"): Amazon's carrier
 * codes as sellers pick them in Seller Central, about 115 entries. The value is what
 * `confirmShipment` sends as `carrierCode`; the last entry, 其他 (`Other`), needs a carrier
 * name (`carrierName`). Purolator's value is upper case; the duplicate spellings of the
 * specification (APC Postal Logistics in two cases, WINIT/Winit) are kept as it lists them.
 */
export interface CarrierOption {
  label: string;
  value: string;
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

/** Every carrier option, `Other` last (spec section 3). */
export const CARRIER_OPTIONS: readonly CarrierOption[] = [
  ...NAMES.map((n) => ({ label: n, value: n })),
  { label: '其他', value: OTHER_CARRIER },
];

const VALUES = new Set(CARRIER_OPTIONS.map((c) => c.value));

/** Whether a text is one of the carrier codes (exact spelling). */
export function isCarrierCode(value: string): boolean {
  return VALUES.has(value);
}
