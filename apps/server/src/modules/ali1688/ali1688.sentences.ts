/** The operation log's sentences of 1688采购 (spread into `modules/system/opera-log.sentences.ts`). */
interface Entry {
  actor: string;
  summary: { before?: unknown; after?: unknown };
}

const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});
const who = (v: unknown) => {
  const o = obj(v);
  const login = typeof o.login_id === 'string' && o.login_id ? o.login_id : '';
  return `「${login || String(o.member_id ?? '')}」`;
};

export const ALI1688_SENTENCES = {
  'ali1688.connect': (e: Entry) => `${e.actor} 连接了1688买家账号${who(e.summary.after)}`,
  'ali1688.reauthorize': (e: Entry) => `${e.actor} 重新授权了1688买家账号${who(e.summary.after)}`,
  'ali1688.disconnect': (e: Entry) => `${e.actor} 断开了1688买家账号${who(e.summary.before)}`,
};
