import type { PlatformCard } from '@console/shared/schemas/platform';
import { findConnection } from '../../ali1688/ali1688.repository.js';
import { card, hostOf, type StatusCard, type StatusContext, settingAction } from './card.js';

/**
 * The tenant's own 1688 buyer account (docs/ali1688.md), when it connected one: it buys instead
 * of the platform's account, so its state is the card's. Null: no connection (the channel's card).
 * The roles that manage shops are the ones holding `ali1688.manage` (company and personal admin).
 */
async function connectionCard(ctx: StatusContext, base: { key: string; title: string }): Promise<PlatformCard | null> {
  const c = await findConnection(ctx.deps.db, ctx.tenantId);
  if (!c) return null;
  const who = c.login_id || c.member_id;
  const ended = c.refresh_expires_at && new Date(c.refresh_expires_at).getTime() <= ctx.now.getTime();
  const open = ctx.managesShops
    ? { label: '前往1688采购重新授权', link: '/platform/ali1688', setting: null }
    : { label: '请联系主账号重新授权', link: null, setting: null };
  if (c.state !== 'connected' || ended)
    return card(ctx, {
      ...base,
      state: 'error',
      summary: `1688买家账号「${who}」授权已失效(${c.state === 'failed' ? '授权失败' : '已过期'}),一键采购会被拒绝`,
      action: open,
    });
  return card(ctx, {
    ...base,
    state: 'ok',
    summary: `已连接本公司的1688买家账号「${who}」,一键采购以该账号下单`,
    action: { label: '前往采购', link: '/order/list', setting: null },
  });
}

/**
 * 1688采购: the tenant's own connected 1688 buyer account when it has one, else the purchase
 * channel as the server's settings name it (`config.ali1688`; the platform's account buys).
 */
export const ali1688Card: StatusCard = async (ctx) => {
  const a = ctx.deps.config.ali1688;
  const base = { key: 'ali1688', title: '1688采购通道' };
  if (a.baseUrl || a.demo) {
    const own = await connectionCard(ctx, base);
    if (own) return own;
  }
  if (a.baseUrl) {
    const details = [{ label: '接口地址', value: hostOf(a.baseUrl) }];
    if (!a.appKey) {
      return card(ctx, {
        ...base,
        details,
        state: 'error',
        summary: '已设置1688接口地址,但缺少应用密钥,一键采购会失败',
        action: settingAction(ctx, 'ALI1688_APP_KEY'),
      });
    }
    return card(ctx, {
      ...base,
      details,
      state: 'ok',
      summary: '已连接1688开放平台接口,订单可一键向1688下单采购',
      action: { label: '前往采购', link: '/order/list', setting: null },
    });
  }
  if (a.demo) {
    return card(ctx, {
      ...base,
      details: [{ label: '模式', value: `演示(内置模拟器,${Math.round(a.demoShipMs / 1000)}秒后发货)` }],
      state: 'warning',
      summary: '演示模式:一键采购由内置模拟器完成,不会在1688真实下单',
      action: settingAction(ctx, 'ALI1688_BASE_URL、ALI1688_APP_KEY'),
    });
  }
  return card(ctx, {
    ...base,
    state: 'unset',
    summary: '未配置1688采购通道:采购需在1688网站下单后手工填写采购单号',
    action: settingAction(ctx, 'ALI1688_BASE_URL、ALI1688_APP_KEY(或 ALI1688=demo 体验)'),
  });
};
