// The ids `buildTenantRows` (factories.ts) answers: one row of each kind of data a tenant owns.

/** Ids of one row of every kind of library data a tenant owns (for "another tenant's id" tests). */
export interface TenantRows {
  goods: number;
  category: number;
  points: number;
  searchTerms: number;
  sensitive: number;
  ean: number;
  glossary: number;
  memory: number;
  correction: number;
  shop: number;
  /** An HS code and a production and sales unit record (customs). */
  hsCode: number;
  customsUnit: number;
  uploadQueue: number;
  uploadItem: number;
  order: number;
  orderItem: number;
  /** A stock-up product with one receipt (issue 17 §2). */
  stock: number;
  /** A manual order (手工单). */
  manualOrder: number;
  followCandidate: number;
  followOffer: number;
  /** A watched ASIN with an alert, a removal case and a message to the tenant's admin. */
  monitorAsin: number;
  monitorAlert: number;
  monitorCase: number;
  message: number;
  /** A top-up (finance_topups) and a ledger entry of the tenant. */
  topup: number;
  entry: number;
  /** A payee account (收款账户) of the book that keeps the tenant's money, with a QR image key. */
  payee: number;
  /** A held parcel of the order (运费审核) and a waybill of it, not shipped (issue 18). */
  parcel: number;
  waybill: number;
  /** A problem parcel (问题件) open on that waybill, type 1 (issue 18 §4). */
  problem: number;
  /** An overseas outbound (出库单), status created, no lines (issue 30 §2). */
  outbound: number;
  /** An overseas inbound (入库单) draft with one box and one line (issue 30 §2). */
  inbound: number;
  inboundBox: number;
  inboundLine: number;
  /** An open stock count (盘点单) with one line (issue 30 §1). */
  stockCount: number;
  /** A first-leg shipment (头程发货) draft with one item (issue 30 §3). */
  fbaShipment: number;
  /** A GPSR compliance profile (issue 31 §3). */
  gpsrProfile: number;
  /** A category of the tenant's own site and a product on the site in it (issue 33 §1). */
  siteCategory: number;
  siteProduct: number;
  /** A landing page of blocks of that site (可视化装修). */
  sitePage: number;
  /** A published product of that site (its storefront search rows, site_product_search). */
  sitePublished: number;
}
