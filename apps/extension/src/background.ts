import type { CollectedItem } from './extract/types.js';
import { type CollectReply, loadSettings } from './settings.js';

/**
 * The service worker: posts a collected item to the console with the collection token. It runs
 * here rather than in the page so the token never enters the product site's page, and the
 * request is the extension's (host permission), not the site's.
 */
async function collect(item: CollectedItem): Promise<CollectReply> {
  const { consoleUrl, token } = await loadSettings();
  if (!consoleUrl || !token) return { ok: false, msg: '请先点击浏览器工具栏的插件图标,填写控制台地址和采集令牌' };
  let res: Response;
  try {
    res = await fetch(`${consoleUrl}/PDD/gather/collect`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(item),
    });
  } catch {
    return { ok: false, msg: `无法连接控制台 ${consoleUrl},请检查地址` };
  }
  const body = (await res.json().catch(() => null)) as {
    status?: number;
    msg?: string;
    data?: { path?: string; created?: boolean };
  } | null;
  if (!res.ok || !body || body.status !== 200) return { ok: false, msg: body?.msg || `采集失败 (HTTP ${res.status})` };
  return {
    ok: true,
    msg: body.msg || '采集成功',
    link: `${consoleUrl}/#${body.data?.path ?? '/goods/admin/list'}`,
    created: body.data?.created === true,
  };
}

chrome.runtime.onMessage.addListener((message, _sender, sendResponse) => {
  const m = message as { type?: string; item?: CollectedItem };
  if (m.type !== 'collect' || !m.item) return undefined;
  collect(m.item).then(sendResponse, (e: unknown) => sendResponse({ ok: false, msg: `采集失败: ${String(e)}` }));
  return true;
});
