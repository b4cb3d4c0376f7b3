import { xlsxBuffer } from '../../lib/xlsx-buffer.js';

/** One feedback row as the export writes it. */
export interface FeedbackExportRow {
  feedback_date: string;
  rating: number;
  comments: string;
  response: string;
  order_id: string;
  marketplace: string;
  shop_name: string;
}

/**
 * 卖家反馈 导出 as an .xlsx workbook: one row per feedback, the columns of the screen's table
 * (date, stars, comment, Amazon order id, response, shop) and the marketplace. Written in slices
 * (`lib/xlsx-buffer.ts`) so a long export never holds the event loop. `cut`: more rows matched
 * than the export holds; a last row says so.
 */
export async function feedbackWorkbook(rows: FeedbackExportRow[], cut: boolean): Promise<Buffer> {
  const x = xlsxBuffer();
  const sheet = x.book.addWorksheet('卖家反馈');
  sheet.columns = [
    { header: '日期', key: 'feedback_date', width: 12 },
    { header: '评分', key: 'rating', width: 8 },
    { header: '评论', key: 'comments', width: 50 },
    { header: '亚马逊订单号', key: 'order_id', width: 22 },
    { header: '回复', key: 'response', width: 40 },
    { header: '站点', key: 'marketplace', width: 10 },
    { header: '店铺', key: 'shop_name', width: 20 },
  ];
  for (const r of rows) await x.addRow(sheet, r);
  if (cut) await x.addRow(sheet, { feedback_date: `仅导出最新的 ${rows.length} 条,请缩小筛选范围` });
  return x.finish();
}
