import { card, hostOf, type StatusCard, settingAction } from './card.js';

/** 亚马逊开发者应用: the SP-API application real shops are authorized to (else only sandbox shops bind). */
export const spapiCard: StatusCard = async (ctx) => {
  const a = ctx.deps.config.spapi;
  const details = [
    { label: '应用 ID', value: a.appId || '未设置' },
    ...(a.endpoint ? [{ label: 'SP-API 地址', value: hostOf(a.endpoint) }] : []),
    ...(a.beta ? [{ label: '授权版本', value: 'beta(应用尚未在应用商店发布)' }] : []),
  ];
  const base = { key: 'spapi', title: '亚马逊开发者应用', details };
  if (a.clientId && a.clientSecret && a.appId) {
    return card(ctx, { ...base, state: 'ok', summary: '已配置,可以绑定真实店铺和沙箱店铺', action: null });
  }
  const some = Boolean(a.clientId || a.clientSecret || a.appId);
  return card(ctx, {
    ...base,
    state: some ? 'error' : 'unset',
    summary: some
      ? '配置不完整:缺少部分开发者应用参数,目前只能绑定沙箱店铺'
      : '未配置亚马逊开发者应用,目前只能绑定沙箱店铺(用于体验和测试)',
    action: settingAction(ctx, 'SPAPI_CLIENT_ID、SPAPI_CLIENT_SECRET、SPAPI_APP_ID'),
  });
};
