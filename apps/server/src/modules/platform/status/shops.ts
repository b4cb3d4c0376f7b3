import { marketplaceByCode } from '@console/shared/constants/marketplaces';
import { SHOP_AUTH_EXPIRING_DAYS, SHOP_AUTH_VALID_DAYS } from '@console/shared/schemas/home-report';
import {
  PLATFORM_STATE_RANK,
  type PlatformAction,
  type PlatformItem,
  type PlatformState,
} from '@console/shared/schemas/platform';
import type { PlatformShopRow } from '../platform.repository.js';
import { card, type StatusCard, type StatusContext, worst } from './card.js';

const DAY = 86_400_000;
/** An authorized shop whose orders were not synced for this long is flagged (the job runs every 5 minutes). */
export const SYNC_STALE_HOURS = 2;

const ITEM_LABELS: Readonly<Record<PlatformState, string>> = {
  ok: '已连接',
  warning: '需要注意',
  error: '异常',
  unset: '未连接',
};

/** YYYY-MM-DD in Beijing time (the users' day). */
const beijingDate = (d: Date) => new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

const clip = (s: string) => (s.length > 120 ? `${s.slice(0, 120)}…` : s);

/** One shop's line: authorization first (nothing works without it), then its order sync. */
export function shopItem(ctx: StatusContext, s: PlatformShopRow): PlatformItem {
  const reauth: PlatformAction = {
    label: ctx.managesShops ? '前往授权中心重新授权' : '请联系主账号重新授权',
    link: '/platform/family',
    setting: null,
  };
  const tags = [s.sandbox ? '沙箱店铺' : '真实店铺', ...s.marketplaces.map((m) => marketplaceByCode(m)?.name ?? m)];
  const line = (state: PlatformState, summary: string, action: PlatformAction | null): PlatformItem => ({
    id: s.id,
    name: s.name,
    state,
    state_label: ITEM_LABELS[state],
    summary,
    tags,
    action,
  });
  if (s.auth_status === 'never') return line('unset', '尚未完成亚马逊授权,无法上传商品和同步订单', reauth);
  if (s.auth_status === 'expired') {
    return line('error', `授权已失效${s.auth_error ? `: ${clip(s.auth_error)}` : ''},请重新授权`, reauth);
  }
  if (s.marketplaces.length === 0) {
    return line('warning', '授权有效,但没有可用站点:请在店铺管理中检测授权以同步站点', {
      label: '前往店铺管理',
      link: '/order/shop',
      setting: null,
    });
  }
  if (s.authorized_at) {
    const ends = new Date(s.authorized_at.getTime() + SHOP_AUTH_VALID_DAYS * DAY);
    if (ends.getTime() - ctx.now.getTime() <= SHOP_AUTH_EXPIRING_DAYS * DAY) {
      const when = ends.getTime() <= ctx.now.getTime() ? '已于' : '将于';
      return line('warning', `授权${when} ${beijingDate(ends)} 到期,请及时重新授权`, reauth);
    }
  }
  const orders: PlatformAction = { label: '查看订单同步', link: '/order/index', setting: null };
  if (s.sync_error) return line('error', `已授权,但订单同步失败: ${clip(s.sync_error)}`, orders);
  if (!s.last_sync_at) return line('ok', '已授权,等待首次订单同步(系统每5分钟自动同步)', shopsAction());
  if (ctx.now.getTime() - s.last_sync_at.getTime() > SYNC_STALE_HOURS * 3_600_000) {
    return line('warning', `已授权,但订单已超过${SYNC_STALE_HOURS}小时未同步`, orders);
  }
  return line('ok', '已授权,订单同步正常', shopsAction());
}

const shopsAction = (): PlatformAction => ({ label: '前往店铺管理', link: '/order/shop', setting: null });

/** 店铺: every shop the caller sees, worst first; no shops: how to bind one. */
export const shopsCard: StatusCard = async (ctx) => {
  if (!ctx.usesShops) return null;
  const shops = await ctx.shops();
  const items = shops.map((s) => shopItem(ctx, s));
  items.sort((a, b) => PLATFORM_STATE_RANK[b.state] - PLATFORM_STATE_RANK[a.state]);
  const base = { key: 'shops', title: '亚马逊店铺', items };
  if (items.length === 0) {
    return card(ctx, {
      ...base,
      state: 'unset',
      summary: ctx.managesShops ? '还没有绑定店铺:绑定并授权店铺后才能上传商品和同步订单' : '还没有分配给您的店铺',
      action: ctx.managesShops
        ? { label: '前往店铺管理绑定店铺', link: '/order/shop', setting: null }
        : { label: '请联系主账号分配店铺', link: null, setting: null },
    });
  }
  const state = worst(items.map((i) => i.state));
  const bad = items.filter((i) => i.state !== 'ok').length;
  const first = items[0]!;
  return card(ctx, {
    ...base,
    state,
    summary: bad === 0 ? `${items.length}个店铺均已连接` : `${items.length}个店铺中${bad}个需要处理`,
    action: bad === 0 ? shopsAction() : first.action,
  });
};
