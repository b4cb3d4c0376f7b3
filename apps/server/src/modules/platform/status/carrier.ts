import { card, hostOf, type StatusCard, settingAction } from './card.js';

/** 物流商接口: the consolidator that makes waybills and labels (CARRIER_API_*, docs/logistics.md "Carriers"). */
export const carrierCard: StatusCard = async (ctx) => {
  const c = ctx.deps.config.carrier;
  const base = { key: 'carrier', title: '物流商接口' };
  if (!c.apiUrl) {
    return card(ctx, {
      ...base,
      state: 'warning',
      summary: '使用内置模拟物流商:运单号和面单仅供体验,不能用于真实发货',
      action: settingAction(ctx, 'CARRIER_API_URL、CARRIER_API_KEY'),
    });
  }
  const details = [{ label: '接口地址', value: hostOf(c.apiUrl) }];
  if (!c.apiKey) {
    return card(ctx, {
      ...base,
      details,
      state: 'error',
      summary: '已设置物流商接口地址,但缺少接口密钥,创建运单会失败',
      action: settingAction(ctx, 'CARRIER_API_KEY'),
    });
  }
  return card(ctx, { ...base, details, state: 'ok', summary: '已连接物流商接口,运单和面单来自物流商', action: null });
};
