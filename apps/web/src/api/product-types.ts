/**
 * Query keys of the product type lists (`categoryTemplate/getCategoryTemp`, `getProductType`):
 * the editor's picker reads them, shop mutations invalidate them (the picker's default
 * marketplace and whether Amazon's whole list is there follow the tenant's shops).
 */
export const productTypeKeys = {
  all: ['goods', 'product-types'] as const,
  list: (marketplace: string) => [...productTypeKeys.all, marketplace] as const,
  shops: () => [...productTypeKeys.all, 'shops'] as const,
  search: (marketplace: string, keyword: string) => [...productTypeKeys.all, marketplace, 'search', keyword] as const,
};
