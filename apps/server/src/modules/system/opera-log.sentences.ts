import { ADJUST_KINDS, type AdjustKind } from '@console/shared/constants/finance';
import { AUDIT_STATUSES, DESC_LANGUAGES } from '@console/shared/constants/goods';
import { countryName } from '@console/shared/constants/marketplaces';
import type { OperaLogAction } from '@console/shared/constants/opera-log';
import { AUTH_NAMES, type Auth } from '@console/shared/constants/roles';
import { PROBLEM_TYPE_LABELS, type ProblemType } from '@console/shared/logistics/problem';
import { minor, toDecimalString } from '@console/shared/money';
import { MANUAL_STATUS_LABELS, type ManualStatus } from '@console/shared/schemas/manual-order';
import { CASE_STATUSES, type CaseStatus } from '@console/shared/schemas/monitor';
import { EXPRESS_STATUS_LABELS, type ExpressStatus } from '@console/shared/schemas/order';
import { OVERSEAS_FIELD_NAMES } from '@console/shared/schemas/overseas-sku';
import { ALI1688_SENTENCES } from '../ali1688/ali1688.sentences.js';
import { FBA_SHIPMENT_SENTENCES } from '../fba/fba-shipment.sentences.js';
import { FBA_STOCK_SENTENCES } from '../fba/fba-stock.sentences.js';
import { GATHER_SENTENCES } from '../gather/gather.sentences.js';
import { GPSR_SENTENCES } from '../gpsr/gpsr.sentences.js';
import { COUNT_SENTENCES } from '../overseas/overseas-count.sentences.js';
import { INBOUND_SENTENCES } from '../overseas/overseas-inbound.sentences.js';
import { REPORTS_SENTENCES } from '../reports/reports.sentences.js';
import { SITE_SENTENCES } from '../site/site.sentences.js';
import { SITE_CATEGORY_SENTENCES } from '../site/site-category.sentences.js';
import { SITE_GOODS_SENTENCES } from '../site/site-goods.sentences.js';
import { SITE_VISUAL_SENTENCES } from '../site/site-visual.sentences.js';
import {
  BATCH_FIELD_NAMES,
  FIELD_NAMES,
  MONITOR_FIELDS,
  SECTION_NAMES,
  SHOP_FIELDS,
  UNLINK_REASONS,
} from './opera-log.names.js';
import { arr, list, num, obj, quote, type SentenceInput, str } from './opera-log.sentence-parts.js';

export type { GoodsLabel, SentenceInput } from './opera-log.sentence-parts.js';

/** A manual order's status as its quoted label (empty when unknown). */
const manualStatus = (v: unknown, before = '', after = '') => {
  const label = MANUAL_STATUS_LABELS[v as ManualStatus];
  return label ? `${before}${quote(label)}${after}` : '';
};
/** An amount in fen as yuan text (`¥12.34`). */
/** An exception type of a problem parcel in quotes (spec section 4). */
const problemType = (v: unknown) => {
  const n = num(v);
  return n !== undefined && n in PROBLEM_TYPE_LABELS ? quote(PROBLEM_TYPE_LABELS[n as ProblemType]) : '';
};
const yuan = (v: unknown) => {
  const n = num(v);
  return n !== undefined && Number.isSafeInteger(n) ? `¥${toDecimalString(minor(n), 'CNY')}` : '';
};
const langName = (code: unknown) =>
  code === 'auto' ? '自动识别的语言' : (DESC_LANGUAGES.find((l) => l.key === code)?.label ?? str(code));

/** `「title」(SKU x)`, or what is known of a product that is gone. */
function goodsName(e: SentenceInput, id: number | undefined, fallbackTitle?: string): string {
  const g = id === undefined ? undefined : e.goods(id);
  const title = g?.title || fallbackTitle || '';
  const sku = g?.sku ?? '';
  const named = title ? `商品${quote(title)}` : '商品';
  if (sku) return `${named}(SKU ${sku})`;
  if (!g && id !== undefined) return `${named}(ID ${id},已不存在)`;
  return named;
}

const targetNumber = (e: SentenceInput) => (/^\d+$/.test(e.target_id) ? Number(e.target_id) : undefined);

/** Products named by a batch row: up to three by name, then how many in all. */
function goodsList(e: SentenceInput, ids: unknown[], count?: number): string {
  const nums = ids.filter((i): i is number => typeof i === 'number');
  const total = count ?? nums.length;
  if (total === 0) return '0个商品';
  if (total === 1 && nums.length === 1) return goodsName(e, nums[0]);
  const shown = nums.slice(0, 3).map((id) => goodsName(e, id));
  return shown.length ? `${shown.join('、')}${total > shown.length ? ` 等${total}个商品` : ''}` : `${total}个商品`;
}

/** The product(s) of a batch row: the ids it logged, else its single target. */
function batchGoods(e: SentenceInput): string {
  const after = obj(e.summary.after);
  const ids = list(after.ids);
  const count = num(after.count) ?? num(after.total);
  if (ids.length) return goodsList(e, ids, count);
  const one = targetNumber(e);
  if (one !== undefined) return goodsName(e, one);
  return `${count ?? (Number.parseInt(e.target_id, 10) || 0)}个商品`;
}

/** "(修改了 a、b)" for the changed keys of a diff, or ''. */
function changedFields(after: unknown, names = FIELD_NAMES): string {
  const keys = Object.keys(obj(after));
  return keys.length ? `(修改了${keys.map((k) => names[k] ?? k).join('、')})` : '';
}

const userTarget = (e: SentenceInput, fallback = '') => {
  const id = targetNumber(e);
  const name = (id === undefined ? undefined : e.user(id)) || fallback;
  return name ? `子账号${quote(name)}` : `子账号(ID ${e.target_id})`;
};

const count = (v: unknown, unit: string) => `${num(v) ?? 0}${unit}`;

/** The sentence of each action code: who did what to which object. */
const SENTENCES: Record<OperaLogAction, (e: SentenceInput) => string> = {
  'account.login': (e) => `${e.actor} 登录了系统`,
  'account.qrLogin': (e) => `${e.actor} 扫码登录了系统`,
  'account.qrConfirm': (e) => `${e.actor} 在已登录的设备上确认了一次扫码登录`,
  'account.logout': (e) => `${e.actor} 退出了登录`,
  'account.updateInfo': (e) => `${e.actor} 修改了自己的账号资料${changedFields(e.summary.after)}`,
  'account.updatePassword': (e) => `${e.actor} 修改了登录密码`,
  'account.toggle': (e) => `${e.actor} 切换到账号${quote(str(obj(e.summary.after).account) || e.target_id)}`,
  'account.link': (e) =>
    `${e.actor} 将账号${quote(str(obj(e.summary.after).account))}与账号${quote(str(obj(e.summary.after).linked_account) || e.target_id)}关联(可互相切换)`,
  'account.unlink': (e) => {
    const id = targetNumber(e);
    const other = (id === undefined ? undefined : e.user(id)) || `ID ${e.target_id}`;
    const reason = UNLINK_REASONS[str(obj(e.summary.after).reason)];
    return `${e.actor} 解除了与账号${quote(other)}的关联${reason ? `(${reason})` : ''}`;
  },
  'account.child.create': (e) => {
    const a = obj(e.summary.after);
    const role = AUTH_NAMES[num(a.auth) as Auth];
    return `${e.actor} 创建了子账号${quote(str(a.user_name) || str(a.account))}(账号 ${str(a.account)}${role ? `,${role}` : ''})`;
  },
  'account.child.update': (e) => {
    const a = obj(e.summary.after);
    const state = a.status === 0 ? ',已停用' : a.status === 1 ? ',已启用' : '';
    return `${e.actor} 修改了${userTarget(e)}${changedFields(a)}${state}`;
  },
  'account.child.resetPassword': (e) => `${e.actor} 重置了${userTarget(e)}的密码`,
  'account.child.delete': (e) => `${e.actor} 删除了${userTarget(e, str(obj(e.summary.before).account))}`,
  'account.cli.create': (e) => `管理员在服务器命令行创建了账号${quote(str(obj(e.summary.after).account))}`,
  'account.cli.resetPassword': (e) =>
    `管理员在服务器命令行重置了账号${quote(e.user(targetNumber(e) ?? 0) ?? e.target_id)}的密码`,
  'system.cli.setTrader': (e) => {
    const a = obj(e.summary.after);
    return `管理员在服务器命令行设置了代理商品牌${quote(str(a.title))}(域名 ${str(a.host)})`;
  },
  'files.upload': (e) => `${e.actor} 上传了一张图片`,
  'files.copyRemote': (e) => {
    const a = obj(e.summary.after);
    const failed = num(a.failed) ?? 0;
    return `${e.actor} 把${count(a.copied, '张')}网络图片复制到了图片库${failed ? `(${failed}张失败)` : ''}`;
  },
  'goods.create': (e) => `${e.actor} 创建了${goodsName(e, targetNumber(e), str(obj(e.summary.after).title))}`,
  'goods.update': (e) => {
    const a = obj(e.summary.after);
    const sections = list(a.sections).map((s) => SECTION_NAMES[str(s)] ?? str(s));
    const what = sections.length ? `(${sections.join('、')})` : '';
    return `${e.actor} 修改了${goodsName(e, targetNumber(e), str(a.title))}${what}`;
  },
  'goods.copy': (e) => {
    const from = num(obj(e.summary.before).from);
    return `${e.actor} 复制了${goodsName(e, from)},新商品ID ${e.target_id}`;
  },
  'goods.claim': (e) => `${e.actor} 认领了商品,得到${goodsName(e, targetNumber(e))}`,
  'goods.publishClaim': (e) => `${e.actor} 把${batchGoods(e)}发布到认领商品`,
  'goods.withdrawClaim': (e) => `${e.actor} 撤回了${batchGoods(e)}的认领发布`,
  'goods.recycle': (e) => `${e.actor} 把${batchGoods(e)}放入了回收站`,
  'goods.restore': (e) => `${e.actor} 从回收站恢复了${batchGoods(e)}`,
  'goods.deleteForever': (e) => `${e.actor} 彻底删除了${batchGoods(e)}`,
  'goods.setStatus': (e) => {
    const to = str(obj(e.summary.after).status);
    const label = AUDIT_STATUSES[to as keyof typeof AUDIT_STATUSES] ?? to;
    return `${e.actor} 把${batchGoods(e)}的审核状态改为${quote(label)}`;
  },
  'goods.batchUpdate': (e) => {
    const a = obj(e.summary.after);
    const fields = Object.keys(obj(a.fields)).map((k) => FIELD_NAMES[k] ?? BATCH_FIELD_NAMES[k] ?? k);
    return `${e.actor} 批量编辑了${batchGoods(e)}${fields.length ? `(${fields.join('、')})` : ''}`;
  },
  'goods.batchReplaceEnTitle': (e) => {
    const a = obj(e.summary.after);
    return `${e.actor} 把${count(a.count, '个')}商品英文标题中的${quote(str(a.find))}替换为${quote(str(a.replace))}`;
  },
  'goods.export': (e) => `${e.actor} 导出了${count(obj(e.summary.after).count, '个')}商品`,
  'goods.exportJob': (e) => `${e.actor} 开始导出${count(obj(e.summary.after).total, '个')}商品(后台任务)`,
  'order.export': (e) => `${e.actor} 导出了${count(obj(e.summary.after).count, '个')}订单`,
  'order.exportJob': (e) => `${e.actor} 开始导出${count(obj(e.summary.after).total, '个')}订单(后台任务)`,
  'order.manual.save': (e) =>
    `${e.actor} 保存了手工单 ${e.target_id}${manualStatus(obj(e.summary.after).status, '(', ')')}`,
  'order.manual.transition': (e) =>
    `${e.actor} 把手工单 ${e.target_id} 从${manualStatus(obj(e.summary.before).status)}改为${manualStatus(obj(e.summary.after).status)}`,
  'goods.priceSettings': (e) => `${e.actor} 修改了自己的价格设置`,
  'goods.translate': (e) => {
    const a = obj(e.summary.after);
    const to = list(a.to).map(langName).join('、') || langName(a.to);
    return `${e.actor} 把${goodsName(e, targetNumber(e))}从${langName(a.from)}翻译成${to}`;
  },
  'goods.translateJob': (e) => {
    const a = obj(e.summary.after);
    const to = list(a.to).map(langName).join('、') || langName(a.to);
    return `${e.actor} 开始一键翻译${count(a.total, '个')}商品(${langName(a.from)}→${to},后台任务)`;
  },
  'account.allowSites': (e) => {
    const a = obj(e.summary.after);
    const sites = list(a.allowUploadSiteArr).map((c) => (typeof c === 'string' ? countryName(c) : String(c)));
    return `${e.actor} 设置${userTarget(e, str(a.account))}可上传的站点为${sites.length ? sites.join('、') : '全部站点'}`;
  },
  'finance.topup.submit': (e) => `${e.actor} 提交了充值 ${yuan(obj(e.summary.after).amount)}`,
  'finance.topup.approve': (e) =>
    `${e.actor} 通过了账户 ${str(obj(e.summary.after).uid)} 的充值 ${yuan(obj(e.summary.after).amount)}`,
  'finance.topup.refuse': (e) =>
    `${e.actor} 驳回了账户 ${str(obj(e.summary.after).uid)} 的充值(原因:${str(obj(e.summary.after).reason)})`,
  'finance.adjust': (e) => {
    const a = obj(e.summary.after);
    return `${e.actor} 为账户 ${str(a.uid)} ${ADJUST_KINDS[a.kind as AdjustKind] ?? '调整'} ${yuan(a.amount)}(原因:${str(a.reason)})`;
  },
  'finance.creditLimit': (e) =>
    `${e.actor} 将账户 ${e.target_id} 的信用额度设为 ${yuan(obj(e.summary.after).credit_limit)}`,
  'finance.deposit.pay': (e) => `${e.actor} 缴纳了保证金 ${yuan(obj(e.summary.after).amount)}`,
  'finance.deposit.return': (e) =>
    `${e.actor} 向账户 ${e.target_id} 退还了保证金 ${yuan(obj(e.summary.after).amount)}(原因:${str(obj(e.summary.after).reason)})`,
  'finance.reverse': (e) =>
    `${e.actor} 冲正了账户 ${str(obj(e.summary.after).uid)} 的记录 ${str(obj(e.summary.after).entry_id)}(原因:${str(obj(e.summary.after).reason)})`,
  'finance.warning': (e) => `${e.actor} 将余额预警设为 ${yuan(obj(e.summary.after).warning)}`,
  'message.notice': (e) =>
    `${e.actor} 向${e.target_id === 'all' ? '全部租户' : `租户 ${e.target_id} `}发送了通知「${str(obj(e.summary.after).title)}」`,
  'home.checklist': (e) => `${e.actor} ${obj(e.summary.after).dismissed ? '关闭' : '重新显示'}了首页的新手引导`,
  'finance.payee.save': (e) => {
    const a = obj(e.summary.after);
    return `${e.actor} 保存了收款账户 ${str(a.account_name)} ${str(a.account_no)}`.trimEnd();
  },
  'finance.payee.delete': (e) => {
    const b = obj(e.summary.before);
    return `${e.actor} 删除了收款账户 ${str(b.account_name)} ${str(b.account_no)}`.trimEnd();
  },
  'customs.hsCode.create': (e) => {
    const a = obj(e.summary.after);
    return `${e.actor} 新建了海关编码 ${str(a.hs_code)}(${str(a.name_cn)})`;
  },
  'customs.hsCode.update': (e) => `${e.actor} 修改了海关编码 ${str(obj(e.summary.after).hs_code)}`,
  'customs.hsCode.delete': (e) => `${e.actor} 删除了海关编码 ${list(obj(e.summary.before).codes).map(str).join('、')}`,
  'customs.unit.create': (e) => `${e.actor} 新建了产销单位备案${quote(str(obj(e.summary.after).name))}`,
  'customs.unit.update': (e) => `${e.actor} 修改了产销单位备案${quote(str(obj(e.summary.after).name))}`,
  'customs.unit.delete': (e) =>
    `${e.actor} 删除了产销单位备案${list(obj(e.summary.before).names).map(str).map(quote).join('、')}`,
  'customs.ioss.update': (e) => {
    const n = str(obj(e.summary.after).ioss_number);
    return n ? `${e.actor} 将平台IOSS编号设为 ${n}` : `${e.actor} 清除了平台IOSS编号`;
  },
  'logistics.channel.create': (e) => `${e.actor} 新建了物流渠道${quote(str(obj(e.summary.after).name))}`,
  'logistics.channel.update': (e) => `${e.actor} 修改了物流渠道(ID ${e.target_id})`,
  'logistics.rules': (e) => `${e.actor} 将运费审核规则设为超出预估${str(obj(e.summary.after).over_estimate_pct)}%拦截`,
  'logistics.parcel.submit': (e) => {
    const a = obj(e.summary.after);
    return `${e.actor} 提交了订单 ${str(a.amazon_order_id)} 的包裹(${str(a.weight_g)}克,运费 ${yuan(a.freight)})`;
  },
  'logistics.intercept.approve': (e) =>
    `${e.actor} 通过了包裹 #${e.target_id} 的运费审核${obj(e.summary.after).low_balance ? '(确认余额不足仍通过)' : ''}`,
  'logistics.parcel.dismiss_error': (e) =>
    `${e.actor} 处理了包裹 #${e.target_id} 的失败提示(${str(obj(e.summary.before).last_error)})`,
  'logistics.intercept.channel': (e) =>
    `${e.actor} 将包裹 #${e.target_id} 的渠道改为${quote(str(obj(e.summary.after).channel_name))}(运费 ${yuan(obj(e.summary.after).freight)})`,
  'logistics.intercept.cancel': (e) =>
    `${e.actor} 取消了包裹 #${e.target_id} 的发货(原因:${str(obj(e.summary.after).note)})`,
  'logistics.waybill.create': (e) => {
    const a = obj(e.summary.after);
    return `${e.actor} 创建了运单 ${str(a.waybill_no)}(冻结 ${yuan(a.frozen)})`;
  },
  'logistics.waybill.cancel': (e) => `${e.actor} 取消了运单 ${str(obj(e.summary.before).waybill_no)}`,
  'logistics.waybill.dismiss_error': (e) =>
    `${e.actor} 处理了运单 ${str(obj(e.summary.before).waybill_no)} 的失败提示(${str(obj(e.summary.before).last_error)})`,
  'logistics.waybill.ship': (e) => {
    const a = obj(e.summary.after);
    return `${e.actor} 发货了运单 ${str(a.waybill_no)}(运费 ${yuan(a.freight)},服务费 ${yuan(a.service_fee)})`;
  },
  'logistics.problem.report': (e) => {
    const a = obj(e.summary.after);
    const made = str(a.new_waybill_no) ? `,新运单 ${str(a.new_waybill_no)}` : '';
    return `${e.actor} 为运单 ${str(a.waybill_no)} 登记了问题件 #${e.target_id}(${problemType(a.type)}${made})`;
  },
  'logistics.problem.step': (e) => {
    const a = obj(e.summary.after);
    const made = str(a.new_waybill_no) ? `,新运单 ${str(a.new_waybill_no)}` : '';
    return `${e.actor} 将问题件 #${e.target_id} 从${problemType(obj(e.summary.before).type)}改为${problemType(a.type)}${made}`;
  },
  'logistics.problem.compensate': (e) =>
    `${e.actor} 为问题件 #${e.target_id} 赔偿了 ${yuan(obj(e.summary.after).amount)}(丢件已赔偿)`,
  'logistics.problem.close': (e) => `${e.actor} 关闭了问题件 #${e.target_id}(${str(obj(e.summary.after).note)})`,
  'shop.bind': (e) => {
    const a = obj(e.summary.after);
    return `${e.actor} 绑定了${a.sandbox === true ? '沙箱' : ''}店铺${quote(str(a.name))}(卖家编号 ${str(a.seller_id)})`;
  },
  'shop.reauthorize': (e) => `${e.actor} 重新授权了店铺${quote(str(obj(e.summary.after).name) || e.target_id)}`,
  'shop.sync': (e) => `${e.actor} 检测了店铺(ID ${e.target_id})的授权并同步了站点`,
  'shop.update': (e) => `${e.actor} 修改了店铺(ID ${e.target_id})${changedFields(e.summary.after, SHOP_FIELDS)}`,
  'shop.delete': (e) => `${e.actor} 解绑了店铺${quote(str(obj(e.summary.before).name))}`,
  'upload.create': (e) => {
    const a = obj(e.summary.after);
    return `${e.actor} 创建了上传队列 #${e.target_id}(${str(a.goods)}个商品,站点 ${arr(a.marketplaces).join('、')})`;
  },
  'upload.retry': (e) => `${e.actor} 重试了上传队列 #${e.target_id} 中${str(obj(e.summary.after).items)}条失败的条目`,
  'upload.cancel': (e) =>
    `${e.actor} 取消了上传队列 #${e.target_id} 中${str(obj(e.summary.after).items)}条未发送的条目`,
  'upload.recheck': (e) =>
    `${e.actor} 重新查询了上传队列 #${e.target_id} 中${str(obj(e.summary.after).items)}条结果未知的条目`,
  'upload.resubmit': (e) =>
    `${e.actor} 在上传队列 #${e.target_id} 中修改并重新提交了${str(obj(e.summary.after).goods)}个商品`,
  'upload.deleteListing': (e) => {
    const b = obj(e.summary.before);
    return `${e.actor} 从亚马逊删除了商品(ID ${e.target_id})在${countryName(str(b.marketplace))}站点的listing ${str(b.seller_sku)}`;
  },
  'follow.candidateAdd': (e) => {
    const a = obj(e.summary.after);
    return `${e.actor} 向跟卖候选池添加了${count(a.count, '个')}ASIN(${countryName(str(a.marketplace))},新增${count(a.added, '个')})`;
  },
  'follow.candidateDelete': (e) =>
    `${e.actor} 从跟卖候选池删除了${count(list(obj(e.summary.before).asins).length, '个')}ASIN`,
  'follow.candidateCost': (e) =>
    obj(e.summary.after).cost === null
      ? `${e.actor} 清除了跟卖候选ASIN ${str(obj(e.summary.before).asin)}的成本`
      : `${e.actor} 设置了跟卖候选ASIN ${str(obj(e.summary.before).asin)}的成本`,
  'follow.priceRule': (e) => `${e.actor} 修改了跟卖定价规则`,
  'follow.push': (e) => {
    const a = obj(e.summary.after);
    return `${e.actor} 向店铺${quote(str(a.shop))}提交了${count(a.count, '个')}跟卖`;
  },
  'follow.retry': (e) => `${e.actor} 重试了${count(list(obj(e.summary.after).ids).length, '条')}失败的跟卖`,
  'follow.offerUpdate': (e) => `${e.actor} 修改了跟卖(ID ${e.target_id})${changedFields(e.summary.after)}`,
  'follow.offerStop': (e) => `${e.actor} 停止跟卖ASIN ${str(obj(e.summary.before).asin)}`,
  'follow.offerReprice': (e) => `${e.actor} 设置了跟卖(ID ${e.target_id})的自动调价`,
  'order.purchase': (e) => {
    const a = obj(e.summary.after);
    return `${e.actor} 为订单 ${str(a.amazon_order_id)} 的商品记录了采购${str(a.note) ? `(${str(a.note)})` : ''}`;
  },
  'order.express': (e) => {
    const a = obj(e.summary.after);
    const from = EXPRESS_STATUS_LABELS[str(obj(e.summary.before).express_status) as ExpressStatus] ?? '';
    const to = EXPRESS_STATUS_LABELS[str(a.express_status) as ExpressStatus] ?? '';
    return `${e.actor} 把订单 ${str(a.amazon_order_id)} 的商品快递状态从${quote(from)}改为${quote(to)}${str(a.note) ? `(${str(a.note)})` : ''}`;
  },
  'order.receive.dismiss_error': (e) => {
    const b = obj(e.summary.before);
    return `${e.actor} 处理了订单 ${str(b.amazon_order_id)} 的商品确认收货失败提示(${str(b.receive_error)})`;
  },
  'order.distribute': (e) => {
    const a = obj(e.summary.after);
    return `${e.actor} 为订单 ${str(a.amazon_order_id)} 完成配货(${str(a.weight_g)} g,${str(a.length_cm)}×${str(a.width_cm)}×${str(a.height_cm)} cm)`;
  },
  'order.distributeUndo': (e) => `${e.actor} 撤销了订单 ${str(obj(e.summary.after).amazon_order_id)} 的配货`,
  'order.assign': (e) => {
    const a = obj(e.summary.after);
    const orders = arr(a.orders).join('、');
    const n = num(a.count) ?? 0;
    const which = n > 3 ? `${orders} 等${n}个订单` : `订单 ${orders}`;
    return a.user_id === null
      ? `${e.actor} 取消了${which} 的分配`
      : `${e.actor} 把${which} 分配给${quote(str(a.name))}`;
  },
  'order.stock.create': (e) => `${e.actor} 新建了备货商品 SKU ${str(obj(e.summary.after).sku)}`,
  'order.stock.update': (e) => `${e.actor} 修改了备货商品(ID ${e.target_id})${changedFields(e.summary.after)}`,
  'order.stock.delete': (e) => `${e.actor} 删除了备货商品 SKU ${str(obj(e.summary.before).sku)}`,
  'order.stock.in': (e) => {
    const a = obj(e.summary.after);
    return `${e.actor} 为备货商品 SKU ${str(a.sku)} 入库 ${str(a.quantity)} 件,库存 ${str(a.balance)} 件`;
  },
  'order.stock.out': (e) => {
    const a = obj(e.summary.after);
    return `${e.actor} 从备货商品 SKU ${str(a.sku)} 出库 ${str(a.quantity)} 件,库存 ${str(a.balance)} 件`;
  },
  'order.stock.fill': (e) => {
    const a = obj(e.summary.after);
    return `${e.actor} 为订单 ${str(a.amazon_order_id)} 从备货商品 SKU ${str(a.sku)} 出库 ${str(a.quantity)} 件`;
  },
  ...INBOUND_SENTENCES,
  ...COUNT_SENTENCES,
  ...FBA_SHIPMENT_SENTENCES,
  ...FBA_STOCK_SENTENCES,
  ...REPORTS_SENTENCES,
  ...GPSR_SENTENCES,
  ...ALI1688_SENTENCES,
  ...GATHER_SENTENCES,
  ...SITE_SENTENCES,
  ...SITE_CATEGORY_SENTENCES,
  ...SITE_GOODS_SENTENCES,
  ...SITE_VISUAL_SENTENCES,
  'order.stock.unfill': (e) => {
    const a = obj(e.summary.after);
    return `${e.actor} 撤销了订单 ${str(a.amazon_order_id)} 从备货商品 SKU ${str(a.sku)} 的出库,${str(a.quantity)} 件退回库存`;
  },
  'overseas.warehouse.create': (e) => {
    const a = obj(e.summary.after);
    return `${e.actor} 新建了海外仓 ${str(a.code)}(${str(a.name)})`;
  },
  'overseas.warehouse.update': (e) =>
    `${e.actor} 修改了海外仓(ID ${e.target_id})${changedFields(e.summary.after, OVERSEAS_FIELD_NAMES)}`,
  'overseas.warehouse.toggle': (e) => {
    const a = obj(e.summary.after);
    return `${e.actor} ${a.active ? '启用' : '停用'}了海外仓 ${str(a.code)}`;
  },
  'overseas.sku.create': (e) => `${e.actor} 添加了海外仓SKU ${str(obj(e.summary.after).sku)}`,
  'overseas.sku.update': (e) =>
    `${e.actor} 修改了海外仓SKU(ID ${e.target_id})${changedFields(e.summary.after, OVERSEAS_FIELD_NAMES)}`,
  'overseas.sku.delete': (e) => `${e.actor} 删除了海外仓SKU ${str(obj(e.summary.before).sku)}`,
  'overseas.sku.import': (e) => {
    const a = obj(e.summary.after);
    return `${e.actor} 从文件 ${str(a.file)} 导入海外仓SKU:新增 ${str(a.created)} 个,更新 ${str(a.updated)} 个`;
  },
  'monitor.asinAdd': (e) => {
    const a = obj(e.summary.after);
    return `${e.actor} 添加了${count(list(a.asins).length, '个')}ASIN监控(${countryName(str(a.marketplace))})`;
  },
  'monitor.asinUpdate': (e) =>
    `${e.actor} 修改了ASIN监控(ID ${e.target_id})${changedFields(e.summary.after, MONITOR_FIELDS)}`,
  'monitor.asinDelete': (e) => `${e.actor} 删除了${count(list(obj(e.summary.before).asins).length, '个')}ASIN监控`,
  'monitor.alertHandle': (e) => `${e.actor} 处理了${count(list(obj(e.summary.after).ids).length, '条')}监控提醒`,
  'monitor.caseStatus': (e) => {
    const b = obj(e.summary.before);
    return `${e.actor} 将ASIN ${str(b.asin)} 跟卖者 ${str(b.seller_id)} 的移除案件改为${quote(CASE_STATUSES[str(obj(e.summary.after).status) as CaseStatus] ?? str(obj(e.summary.after).status))}`;
  },
  'monitor.settings': (e) =>
    `${e.actor} 将跟卖者移除确认时间设为${str(obj(e.summary.after).removed_after_minutes)}分钟`,
  'system.cli.rotateSecrets': (e) =>
    `管理员在服务器命令行轮换了加密密钥(重新加密${count(obj(e.summary.after).count, '个店铺授权')})`,
  'goods.category.create': (e) => `${e.actor} 新建了商品分类${quote(str(obj(e.summary.after).name))}`,
  'goods.category.update': (e) => {
    const b = obj(e.summary.before);
    const a = obj(e.summary.after);
    if (a.name !== undefined && b.name !== undefined) {
      return `${e.actor} 把商品分类${quote(str(b.name))}改名为${quote(str(a.name))}`;
    }
    return `${e.actor} 调整了商品分类(ID ${e.target_id})${changedFields(a)}`;
  },
  'goods.category.delete': (e) => `${e.actor} 删除了商品分类${quote(str(obj(e.summary.before).name))}`,
  'goods.ean.import': (e) => {
    const a = obj(e.summary.after);
    return `${e.actor} 导入了EAN码:收到${count(a.received, '个')},新增${count(a.added, '个')}`;
  },
  'goods.ean.delete': (e) => `${e.actor} 删除了${list(obj(e.summary.before).codes).length}个EAN码`,
  'goods.points.create': (e) => `${e.actor} 在五点描述库新建了${quote(str(obj(e.summary.after).name))}`,
  'goods.points.update': (e) => `${e.actor} 修改了五点描述(ID ${e.target_id})${changedFields(e.summary.after)}`,
  'goods.points.delete': (e) => {
    const names = list(obj(e.summary.before).names).map(str);
    return `${e.actor} 从五点描述库删除了${names.map(quote).join('、') || `${names.length}条`}`;
  },
  'goods.searchTerms.create': (e) => `${e.actor} 在搜索词库新建了${quote(str(obj(e.summary.after).name))}`,
  'goods.searchTerms.update': (e) => `${e.actor} 修改了搜索词(ID ${e.target_id})${changedFields(e.summary.after)}`,
  'goods.searchTerms.delete': (e) => {
    const names = list(obj(e.summary.before).entries).map((r) => str(obj(r).name));
    return `${e.actor} 从搜索词库删除了${names.map(quote).join('、') || `${names.length}条`}`;
  },
  'goods.sensitive.create': (e) => {
    const a = obj(e.summary.after);
    return `${e.actor} 添加了${list(a.words).length}个${langName(a.lang)}敏感词`;
  },
  'goods.sensitive.delete': (e) => `${e.actor} 删除了${list(obj(e.summary.before).words).length}个敏感词`,
  'translate.correction': (e) => {
    const [from, to] = e.target_id.split(':')[0]?.split('->') ?? [];
    return `${e.actor} 修正了一条${langName(from)}→${langName(to)}的译文`;
  },
  'translate.correction.delete': (e) => `${e.actor} 删除了${list(e.summary.before).length}条译文修正`,
  'translate.memory.delete': (e) => `${e.actor} 删除了${list(e.summary.before).length}条翻译记忆`,
  'translate.glossary.create': (e) => `${e.actor} 添加了术语${quote(str(obj(e.summary.after).term))}`,
  'translate.glossary.update': (e) => `${e.actor} 修改了术语${quote(str(obj(e.summary.after).term))}`,
  'translate.glossary.delete': (e) => {
    const terms = list(e.summary.before).map((r) => str(obj(r).term));
    return `${e.actor} 删除了术语${terms.map(quote).join('、')}`;
  },
  'overseas.outbound.create': (e) => {
    const a = obj(e.summary.after);
    return `${e.actor} 创建了海外仓出库单 ${str(a.number)}(仓库 ${str(a.warehouse)},${list(a.lines).length} 个SKU)`;
  },
  'overseas.outbound.cancel': (e) => `${e.actor} 取消了海外仓出库单 ${str(obj(e.summary.after).number)}(库存已释放)`,
  'overseas.outbound.pick': (e) => `${e.actor} 开始拣货:海外仓出库单 ${str(obj(e.summary.after).number)}`,
  'overseas.outbound.pack': (e) => `${e.actor} 打包了海外仓出库单 ${str(obj(e.summary.after).number)}`,
  'overseas.outbound.ship': (e) => {
    const a = obj(e.summary.after);
    return `${e.actor} 发货了海外仓出库单 ${str(a.number)}(跟踪号 ${str(a.tracking_no)},${str(a.units)} 件)`;
  },
};

/** Whether the log has a sentence of its own for an action code. */
export function hasSentence(action: string): action is OperaLogAction {
  return Object.hasOwn(SENTENCES, action);
}

/**
 * The entry as a sentence a customer understands ("张三 修改了商品「…」(SKU …)"); an action
 * without a sentence of its own still reads as one, naming the action's code.
 */
export function describeOperaLog(e: SentenceInput): string {
  if (hasSentence(e.action)) return SENTENCES[e.action](e);
  const target = e.target_type === 'goods' ? goodsName(e, targetNumber(e)) : '';
  return `${e.actor} 进行了一项操作(${e.action})${target ? `,涉及${target}` : ''}`;
}
