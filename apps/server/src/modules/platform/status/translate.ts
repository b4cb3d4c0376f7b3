import { card, hostOf, type StatusCard, settingAction } from './card.js';

const NAMES = {
  google: 'Google 翻译',
  deepl: 'DeepL',
  libretranslate: 'LibreTranslate',
  openai: 'OpenAI 兼容接口',
  demo: '演示翻译',
  none: '未配置',
} as const;

/** Providers that refuse every call without a key (LibreTranslate may run keyless, self-hosted). */
const NEEDS_KEY = new Set(['google', 'deepl', 'openai']);

/** 翻译服务: the machine translation provider of TRANSLATE_PROVIDER (docs/translation.md). */
export const translateCard: StatusCard = async (ctx) => {
  const c = ctx.deps.config;
  const p = c.translateProvider;
  const details = [
    { label: '服务', value: NAMES[p] },
    ...(c.translateBaseUrl ? [{ label: '接口地址', value: hostOf(c.translateBaseUrl) }] : []),
    ...(c.translateModel ? [{ label: '模型', value: c.translateModel }] : []),
  ];
  const base = { key: 'translate', title: '翻译服务', details };
  if (p === 'none') {
    return card(ctx, {
      ...base,
      state: 'unset',
      summary: '未配置翻译服务:商品标题和描述无法机器翻译,需要手工填写各语言内容',
      action: settingAction(ctx, 'TRANSLATE_PROVIDER、TRANSLATE_API_KEY'),
    });
  }
  if (p === 'demo') {
    return card(ctx, {
      ...base,
      state: 'warning',
      summary: '演示翻译:译文由内置模拟器生成并带有演示标记,不是真实翻译,上传前请配置真实的翻译服务',
      action: settingAction(ctx, 'TRANSLATE_PROVIDER、TRANSLATE_API_KEY'),
    });
  }
  if (NEEDS_KEY.has(p) && !c.translateApiKey) {
    return card(ctx, {
      ...base,
      state: 'error',
      summary: `已选择${NAMES[p]},但缺少密钥,翻译会失败`,
      action: settingAction(ctx, 'TRANSLATE_API_KEY'),
    });
  }
  return card(ctx, {
    ...base,
    state: 'ok',
    summary: `已配置${NAMES[p]},可在商品编辑中一键翻译`,
    action: null,
  });
};
