import { card, type StatusCard, settingAction } from './card.js';

/** 控制台公网地址: where Amazon sends a seller back after authorizing (PUBLIC_URL, docs/shops.md). */
export const publicUrlCard: StatusCard = async (ctx) => {
  const url = ctx.deps.config.publicUrl;
  const base = { key: 'public_url', title: '控制台公网地址' };
  if (url) {
    return card(ctx, {
      ...base,
      details: [{ label: 'PUBLIC_URL', value: new URL(url).origin }],
      state: 'ok',
      summary: '已设置:亚马逊授权完成后会跳回这个地址',
      action: null,
    });
  }
  const real = (await ctx.shops()).some((s) => !s.sandbox);
  return card(ctx, {
    ...base,
    state: real ? 'warning' : 'unset',
    summary: real
      ? '未设置:真实店铺授权后的跳回地址取自浏览器当前地址,必须与开发者应用中登记的地址一致,否则授权失败'
      : '未设置:沙箱店铺不需要;绑定真实店铺前请设置为开发者应用中登记的地址',
    action: settingAction(ctx, 'PUBLIC_URL'),
  });
};
