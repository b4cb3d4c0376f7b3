import { card, hostOf, type StatusCard, settingAction } from './card.js';

/**
 * 1688采购: the purchase channel as the server's settings name it (`config.ali1688`). From the
 * configuration only; the tenant's own 1688 buyer account (OAuth) replaces this file when built.
 */
export const ali1688Card: StatusCard = async (ctx) => {
  const a = ctx.deps.config.ali1688;
  const base = { key: 'ali1688', title: '1688采购通道' };
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
