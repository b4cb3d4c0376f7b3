import { card, type StatusCard, settingAction } from './card.js';

/** 亚马逊通知: the SQS queue Amazon's ANY_OFFER_CHANGED notifications arrive through (docs/monitor.md). */
export const sqsCard: StatusCard = async (ctx) => {
  const q = ctx.deps.config.sqs;
  const base = { key: 'sqs', title: '亚马逊通知(SQS)' };
  if (q) {
    return card(ctx, {
      ...base,
      details: [
        { label: '队列', value: q.queueArn },
        { label: '区域', value: q.region },
        { label: '访问凭证', value: q.credentials ? '已设置访问密钥' : 'AWS 默认凭证链' },
      ],
      state: 'ok',
      summary: '已配置:跟卖监控实时接收真实店铺的报价变化通知',
      action: null,
    });
  }
  const real = (await ctx.shops()).some((s) => !s.sandbox);
  return card(ctx, {
    ...base,
    state: real ? 'warning' : 'unset',
    summary: real
      ? '未配置:真实店铺的跟卖监控只能定时轮询,发现被跟卖会慢一些'
      : '未配置:沙箱店铺不需要;绑定真实店铺后建议配置,跟卖监控可实时收到通知',
    action: settingAction(ctx, 'SQS_QUEUE_URL、SQS_QUEUE_ARN'),
  });
};
