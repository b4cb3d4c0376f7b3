/** What an extractor reads from a product page (the body of POST /PDD/gather/collect). */
export interface CollectedItem {
  url: string;
  site: '1688' | 'taobao' | 'tmall' | 'aliexpress' | 'amazon';
  title: string;
  /** Major units as the page shows them, without the currency sign ("25.00"). */
  price: string;
  currency: string;
  pictures: string[];
  attributes: { name: string; value: string }[];
  variations: { values: Record<string, string>; price?: string; picture?: string }[];
}

/** Limits the server applies (packages/shared/src/schemas/gather.ts GATHER_LIMITS). */
export const LIMITS = { pictures: 20, variations: 100, attributes: 60 };
