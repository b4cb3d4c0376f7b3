import { AUTH_NAMES, type Auth } from '@console/shared/constants/roles';
import { minor, toDecimalString } from '@console/shared/money';
import type {
  AccountStatsData,
  OrderStatsData,
  OrderStatsRow,
  PerformanceStatsData,
} from '@console/shared/schemas/statistics';
import type ExcelJS from 'exceljs';
import { xlsxBuffer } from '../../lib/xlsx-buffer.js';

type Writer = ReturnType<typeof xlsxBuffer>;

/** CNY fen as yuan for a numeric cell (exact decimal text first: no float arithmetic on money). */
const yuan = (fen: number | null) => (fen === null ? '' : Number(toDecimalString(minor(fen), 'CNY')));
const perCurrency = (r: OrderStatsRow) =>
  r.sales.map((s) => `${s.currency} ${toDecimalString(minor(s.minor), s.currency)}`).join('; ');
const roleName = (auth: number) => AUTH_NAMES[auth as Auth] ?? String(auth);

function dateOf(timeZone: string) {
  const f = new Intl.DateTimeFormat('sv-SE', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  return (s: number | null) => (s === null ? '' : f.format(new Date(s * 1000)));
}

async function rows(x: Writer, sheet: ExcelJS.Worksheet, list: unknown[]) {
  for (const r of list) await x.addRow(sheet, r);
}

async function orderSheets(x: Writer, d: OrderStatsData) {
  const money = { numFmt: '0.00' };
  const sheets: [string, string, OrderStatsRow[]][] = [
    ['按店铺', '店铺', d.by_shop],
    ['按站点', '站点', d.by_marketplace],
    ['按员工', '员工', d.by_staff],
    ['按日期', '日期', d.by_day],
  ];
  for (const [name, head, list] of sheets) {
    const sheet = x.book.addWorksheet(name);
    sheet.columns = [
      { header: head, key: 'label', width: 22 },
      { header: '订单数', key: 'orders', width: 10 },
      { header: '件数', key: 'units', width: 10 },
      { header: '销售额(CNY)', key: 'sales_cny', width: 14, style: money },
      { header: '毛利(CNY)', key: 'margin_cny', width: 14, style: money },
      { header: '各币种销售额', key: 'sales', width: 30 },
    ];
    const view = (r: OrderStatsRow) => ({
      label: r.label,
      orders: r.orders,
      units: r.units,
      sales_cny: yuan(r.sales_cny),
      margin_cny: yuan(r.margin_cny),
      sales: perCurrency(r),
    });
    await rows(x, sheet, [...list.map(view), view({ key: '', label: '合计', ...d.total })]);
  }
}

async function accountSheets(x: Writer, d: AccountStatsData, timeZone: string) {
  const date = dateOf(timeZone);
  const roles = x.book.addWorksheet('按角色');
  roles.columns = [
    { header: '角色', key: 'label', width: 16 },
    { header: '账号数', key: 'total', width: 10 },
    { header: '启用', key: 'enabled', width: 10 },
    { header: '禁用', key: 'disabled', width: 10 },
    { header: '已到期', key: 'expired', width: 10 },
  ];
  await rows(x, roles, d.by_role);
  const tenants = x.book.addWorksheet('子账号额度');
  tenants.columns = [
    { header: '主账号', key: 'account', width: 20 },
    { header: '名称', key: 'user_name', width: 16 },
    { header: '角色', key: 'role', width: 14 },
    { header: '已用子账号', key: 'used_child', width: 12 },
    { header: '子账号上限', key: 'max_child', width: 12 },
    { header: '到期日', key: 'end', width: 14 },
  ];
  await rows(
    x,
    tenants,
    d.tenants.map((t) => ({ ...t, role: roleName(t.auth), end: date(t.end_time) })),
  );
  const expiring = x.book.addWorksheet('即将到期');
  expiring.columns = [
    { header: '账号', key: 'account', width: 20 },
    { header: '名称', key: 'user_name', width: 16 },
    { header: '角色', key: 'role', width: 14 },
    { header: '到期日', key: 'end', width: 14 },
    { header: '剩余天数', key: 'days_left', width: 10 },
  ];
  await rows(
    x,
    expiring,
    d.expiring.map((e) => ({ ...e, role: roleName(e.auth), end: date(e.end_time) })),
  );
}

async function performanceSheet(x: Writer, d: PerformanceStatsData) {
  const sheet = x.book.addWorksheet('员工绩效');
  sheet.columns = [
    { header: '账号', key: 'account', width: 20 },
    { header: '名称', key: 'user_name', width: 16 },
    { header: '角色', key: 'role', width: 14 },
    { header: '创建商品', key: 'goods_created', width: 10 },
    { header: '上传商品', key: 'goods_uploaded', width: 10 },
    { header: '上架成功', key: 'goods_live', width: 10 },
    { header: '采购订单', key: 'orders_purchased', width: 10 },
    { header: '发货订单', key: 'orders_shipped', width: 10 },
  ];
  await rows(x, sheet, [
    ...d.rows.map((r) => ({ ...r, role: roleName(r.auth) })),
    { account: '合计', user_name: '', role: '', ...d.total },
  ]);
}

/** The statistics of one screen as an .xlsx (one sheet per table), through the shared streaming writer. */
export async function statsWorkbook(
  data:
    | { kind: 'order'; data: OrderStatsData }
    | { kind: 'account'; data: AccountStatsData }
    | { kind: 'performance'; data: PerformanceStatsData },
  timeZone: string,
): Promise<Buffer> {
  const x = xlsxBuffer();
  if (data.kind === 'order') await orderSheets(x, data.data);
  else if (data.kind === 'account') await accountSheets(x, data.data, timeZone);
  else await performanceSheet(x, data.data);
  return x.finish();
}
