/** What the popup stores (chrome.storage.local): the console's address and the collection token. */
export interface Settings {
  consoleUrl: string;
  token: string;
}

/** The console's origin from what the user pasted ("https://console.example.com/#/index" -> its origin); null when not http(s). */
export function consoleOrigin(text: string): string | null {
  try {
    const u = new URL(text.trim());
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

export async function loadSettings(): Promise<Settings> {
  const s = await chrome.storage.local.get(['consoleUrl', 'token']);
  return {
    consoleUrl: typeof s.consoleUrl === 'string' ? s.consoleUrl : '',
    token: typeof s.token === 'string' ? s.token : '',
  };
}

/** What the background answers a collect message with. */
export type CollectReply = { ok: true; msg: string; link: string; created: boolean } | { ok: false; msg: string };
