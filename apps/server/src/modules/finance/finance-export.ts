import { minor, toDecimalString } from '@console/shared/money';
import { xlsxBuffer } from '../../lib/xlsx-buffer.js';
import type { presentEntry } from './finance.presenter.js';

const yuan = (fen: number, currency: string) => Number(toDecimalString(minor(fen), currency));

/**
 * The statement as an .xlsx workbook (财务管理 导出): one row per entry, amounts in yuan as numbers.
 * Up to `EXPORT_MAX` (50,000) rows, written in slices (`lib/xlsx-buffer.ts`), so the export never
 * holds the event loop (issue 27 §3).
 */
export async function statementWorkbook(rows: ReturnType<typeof presentEntry>[], timeZone: string): Promise<Buffer> {
  const x = xlsxBuffer();
  const sheet = x.book.addWorksheet('财务明细');
  const money = { numFmt: '0.00' };
  sheet.columns = [
    { header: '时间', key: 'time', width: 20 },
    { header: '类型', key: 'type', width: 14 },
    { header: '金额', key: 'amount', width: 14, style: money },
    { header: '可用余额变动', key: 'available', width: 14, style: money },
    { header: '冻结变动', key: 'frozen', width: 12, style: money },
    { header: '余额', key: 'balance', width: 14, style: money },
    { header: '冻结', key: 'frozenAfter', width: 12, style: money },
    { header: '币种', key: 'currency', width: 8 },
    { header: '关联类型', key: 'refType', width: 10 },
    { header: '关联单号', key: 'refId', width: 20 },
    { header: '订单ID', key: 'orderId', width: 12 },
    { header: '亚马逊订单号', key: 'amazonOrderId', width: 22 },
    { header: '备注', key: 'note', width: 30 },
    { header: '流水号', key: 'id', width: 10 },
  ];
  const fmt = new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  for (const r of rows) {
    await x.addRow(sheet, {
      time: fmt.format(new Date(r.created_at * 1000)),
      type: r.type_name,
      amount: yuan(r.amount, r.currency),
      available: yuan(r.available_change, r.currency),
      frozen: yuan(r.frozen_change, r.currency),
      balance: yuan(r.balance_after, r.currency),
      frozenAfter: yuan(r.frozen_after, r.currency),
      currency: r.currency,
      refType: r.ref_name,
      refId: r.ref_id,
      orderId: r.order_id ?? '',
      amazonOrderId: r.amazon_order_id,
      note: r.note,
      id: r.id,
    });
  }
  return x.finish();
}
