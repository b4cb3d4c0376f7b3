import { countryName } from '@console/shared/constants/marketplaces';
import { currencyDigits } from '@console/shared/money/currencies';
import { isMinor, minor, moneyToNumber } from '@console/shared/money/money';
import { EXPRESS_STATUS_LABELS, FULFILLMENT_CHANNEL_LABELS, orderStatusLabel } from '@console/shared/schemas/order';
import {
  ORDER_EXPORT_COLUMNS,
  type OrderExportColumnKey,
  type OrderExportFilter,
} from '@console/shared/schemas/order-export';
import type ExcelJS from 'exceljs';
import type { AppDeps } from '../../context.js';
import { wallClock } from '../goods/goods-export.sheet.js';
import type { OrderReader } from './order.repository.js';
import { presentBuyer } from './order.service.js';
import { type ExportItemRow, type ExportOrderRow, exportItemsOf, exportOrderBatch } from './order-export.repository.js';

const BATCH = 500;
const DATE_FORMAT = 'yyyy-mm-dd hh:mm:ss';
const moneyFormat = (digits: number) => (digits === 0 ? '0' : `0.${'0'.repeat(digits)}`);
const WIDTH: Partial<Record<OrderExportColumnKey, number>> = {
  amazon_order_id: 22,
  title: 40,
  purchase_date: 20,
  latest_ship_date: 20,
  ship_to: 30,
  tracking_no: 20,
  supplier_order_no: 20,
};

/** The sheet's columns of a column choice. Amounts are numbers in major units; the currency has its own column. */
export function orderSheetColumns(columns: readonly OrderExportColumnKey[]): Partial<ExcelJS.Column>[] {
  return columns.map((key) => {
    const header = ORDER_EXPORT_COLUMNS.find((c) => c.key === key)!.label;
    const style =
      key === 'purchase_date' || key === 'latest_ship_date'
        ? { numFmt: DATE_FORMAT }
        : key === 'paid_cny'
          ? { numFmt: moneyFormat(currencyDigits('CNY')) }
          : undefined;
    return { header, key, width: WIDTH[key] ?? 14, ...(style && { style }) };
  });
}

type Cell = string | number | Date | null;
/** An amount as a number cell in major units (the money module's exact decimal), empty when unknown. */
const money = (amount: number | null, currency: string | null) =>
  isMinor(amount) && currency ? moneyToNumber(minor(amount), currency) : null;

/**
 * One order as rows (one per item, the order's fields repeated; one row for an order without
 * items yet). Buyer data only masked (`presentBuyer(..., false)`): no export carries it in full.
 */
export function orderSheetRows(
  o: ExportOrderRow,
  items: ExportItemRow[],
  columns: readonly OrderExportColumnKey[],
): Record<string, Cell>[] {
  const buyer = presentBuyer(o.buyer, false);
  const order: Record<string, Cell> = {};
  for (const key of columns) {
    switch (key) {
      case 'amazon_order_id':
        order[key] = o.amazon_order_id;
        break;
      case 'shop':
        order[key] = o.shop_name;
        break;
      case 'marketplace':
        // The shared table's Chinese name (英国), as every order screen shows it.
        order[key] = countryName(o.marketplace);
        break;
      case 'status':
        order[key] = orderStatusLabel(o.status);
        break;
      case 'fulfillment_channel':
        order[key] = FULFILLMENT_CHANNEL_LABELS[o.fulfillment_channel];
        break;
      case 'express_status':
        order[key] = EXPRESS_STATUS_LABELS[o.express_status];
        break;
      case 'purchase_date':
        order[key] = wallClock(o.purchase_date);
        break;
      case 'latest_ship_date':
        order[key] = o.latest_ship_date ? wallClock(o.latest_ship_date) : null;
        break;
      case 'order_total':
        order[key] = money(o.total_minor === null ? null : Number(o.total_minor), o.currency);
        break;
      case 'currency':
        order[key] = o.currency ?? '';
        break;
      case 'ship_to':
        order[key] = [o.ship_country, o.ship_state, o.ship_city, o.ship_postal].filter(Boolean).join(' ');
        break;
      case 'buyer_name':
        order[key] = buyer?.name ?? '';
        break;
      case 'buyer_phone':
        order[key] = buyer?.phone ?? '';
        break;
      default:
        break;
    }
  }
  if (items.length === 0) return [order];
  return items.map((i) => {
    const row = { ...order };
    for (const key of columns) {
      if (key === 'asin') row.asin = i.asin;
      else if (key === 'seller_sku') row.seller_sku = i.seller_sku ?? '';
      else if (key === 'title') row.title = i.title ?? '';
      else if (key === 'quantity') row.quantity = i.quantity;
      else if (key === 'item_price')
        row.item_price = money(i.item_price_minor === null ? null : Number(i.item_price_minor), i.currency);
      else if (key === 'supplier') row.supplier = i.supplier ?? '';
      else if (key === 'supplier_order_no') row.supplier_order_no = i.supplier_order_no ?? '';
      else if (key === 'paid_cny') row.paid_cny = money(i.paid_minor === null ? null : Number(i.paid_minor), 'CNY');
      else if (key === 'tracking_no') row.tracking_no = i.tracking_no ?? '';
    }
    return row;
  });
}

/** Walks the export's orders in batches (keyset on id), handing each batch's rows and its order count. */
export async function forEachOrderBatch(
  deps: AppDeps,
  tenantId: number,
  filter: OrderExportFilter,
  reader: OrderReader,
  columns: readonly OrderExportColumnKey[],
  each: (rows: Record<string, Cell>[], orders: number) => Promise<void>,
) {
  let cursor: number | undefined;
  for (;;) {
    const orders = await exportOrderBatch(deps.db, tenantId, filter, reader, BATCH, cursor);
    if (orders.length === 0) return;
    const items = await exportItemsOf(
      deps.db,
      tenantId,
      orders.map((o) => Number(o.id)),
    );
    const byOrder = new Map<number, ExportItemRow[]>();
    for (const i of items) {
      const list = byOrder.get(Number(i.order_id)) ?? [];
      list.push(i);
      byOrder.set(Number(i.order_id), list);
    }
    await each(
      orders.flatMap((o) => orderSheetRows(o, byOrder.get(Number(o.id)) ?? [], columns)),
      orders.length,
    );
    cursor = Number(orders[orders.length - 1]!.id);
    if (orders.length < BATCH) return;
  }
}
