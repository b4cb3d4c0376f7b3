/** What an extractor reads from a product page (the body of POST /PDD/gather/collect). */
export interface CollectedItem {
  url: string;
  site: '1688' | 'taobao' | 'tmall' | 'aliexpress' | 'amazon';
  title: string;
  /** Major units as the page shows them, without the currency sign ("25.00"). */
  price: string;
  currency: string;
  pictures: string[];
  /** Pictures of the page's detail description (图文详情), after the main pictures. */
  description_pictures?: string[];
  attributes: { name: string; value: string }[];
  /** `stock`: the supplier's stock of the combination when the page gives it. */
  variations: { values: Record<string, string>; price?: string; stock?: number; picture?: string }[];
}

/** Limits the server applies (packages/shared/src/schemas/gather.ts GATHER_LIMITS). */
export const LIMITS = {
  pictures: 20,
  descriptionPictures: 20,
  variations: 100,
  attributes: 60,
  /** Distinct pictures of one collect (main, variation and description pictures together). */
  totalPictures: 40,
  /** A variation's stock (the console's stock bound). */
  stock: 1_000_000,
};
