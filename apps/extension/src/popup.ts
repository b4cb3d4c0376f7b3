import { consoleOrigin, loadSettings } from './settings.js';

/** The toolbar popup: the console's address and the collection token, kept in chrome.storage.local. */
const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

async function init() {
  const s = await loadSettings();
  $<HTMLInputElement>('console-url').value = s.consoleUrl;
  $<HTMLInputElement>('token').value = s.token;
  $('state').textContent = s.consoleUrl && s.token ? `已设置,令牌尾号 ${s.token.slice(-4)}` : '尚未设置';
  $('form').addEventListener('submit', async (e) => {
    e.preventDefault();
    const origin = consoleOrigin($<HTMLInputElement>('console-url').value);
    const token = $<HTMLInputElement>('token').value.trim();
    const msg = $('msg');
    const problem = !origin
      ? '控制台地址必须是 http:// 或 https:// 开头的网址'
      : /^sgcg_[A-Za-z0-9_-]{43}$/.test(token)
        ? null
        : '采集令牌格式不正确,请从采集插件下载页复制';
    if (problem || !origin) {
      msg.textContent = problem;
      return;
    }
    await chrome.storage.local.set({ consoleUrl: origin, token });
    $<HTMLInputElement>('console-url').value = origin;
    $('state').textContent = `已设置,令牌尾号 ${token.slice(-4)}`;
    msg.textContent = '已保存';
  });
}

void init();
