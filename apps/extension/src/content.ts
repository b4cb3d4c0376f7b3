import { extractPage } from './extract/index.js';
import type { CollectReply } from './settings.js';

/**
 * On a product page of a supported site: a fixed 采集 button; a click reads the page with the
 * site's extractor and hands the item to the service worker, then shows the console's answer
 * (采集成功 with a link to the product, 已采集过 with the earlier one, or the error).
 */
const ROOT_ID = 'sgc-gather-root';

function toast(root: HTMLElement, text: string, kind: 'ok' | 'error' | 'busy', link?: string) {
  let box = root.querySelector<HTMLElement>('[data-sgc="result"]');
  if (!box) {
    box = document.createElement('div');
    box.dataset.sgc = 'result';
    box.style.cssText =
      'margin-top:8px;padding:8px 12px;border-radius:6px;font:13px/1.5 sans-serif;max-width:260px;box-shadow:0 2px 8px rgba(0,0,0,.15)';
    root.appendChild(box);
  }
  box.dataset.kind = kind;
  box.style.background = kind === 'error' ? '#fff2f0' : kind === 'ok' ? '#f6ffed' : '#e6f4ff';
  box.style.color = kind === 'error' ? '#a8071a' : '#1f1f1f';
  box.textContent = text;
  if (link) {
    const a = document.createElement('a');
    a.href = link;
    a.target = '_blank';
    a.rel = 'noopener';
    a.textContent = ' 在控制台查看';
    a.dataset.sgc = 'link';
    box.appendChild(a);
  }
}

function mount() {
  if (document.getElementById(ROOT_ID)) return;
  const root = document.createElement('div');
  root.id = ROOT_ID;
  root.style.cssText = 'position:fixed;right:20px;bottom:120px;z-index:2147483647;text-align:right';
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = '采集';
  button.dataset.sgc = 'collect';
  button.style.cssText =
    'padding:8px 20px;border:0;border-radius:20px;background:#1677ff;color:#fff;font:bold 14px sans-serif;cursor:pointer;box-shadow:0 2px 8px rgba(0,0,0,.25)';
  button.addEventListener('click', async () => {
    const item = extractPage(document, location.href);
    if ('error' in item) return toast(root, item.error, 'error');
    button.disabled = true;
    toast(root, '正在采集...', 'busy');
    try {
      const reply = await chrome.runtime.sendMessage<CollectReply>({ type: 'collect', item });
      if (reply.ok) toast(root, reply.msg, 'ok', reply.link);
      else toast(root, reply.msg, 'error');
    } catch (e) {
      toast(root, `采集失败: ${String(e)}`, 'error');
    } finally {
      button.disabled = false;
    }
  });
  root.appendChild(button);
  document.body.appendChild(root);
}

mount();
