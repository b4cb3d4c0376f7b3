/**
 * HTML of the storefront: a tagged template that escapes every interpolated value unless it is
 * already `SafeHtml` (made by this template or by `trustedHtml`). The storefront writes no HTML
 * by string concatenation, so a seller's text can never become markup.
 */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text as HTML text or attribute value (all five special characters). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** A value interpolated into `html`: SafeHtml as it is, arrays joined, nullish and false as nothing, the rest escaped. */
export type HtmlValue = SafeHtml | string | number | boolean | null | undefined | readonly HtmlValue[];

function render(v: HtmlValue): string {
  if (v === null || v === undefined || v === false) return '';
  if (v instanceof SafeHtml) return v.value;
  if (Array.isArray(v)) return v.map(render).join('');
  return escapeHtml(String(v));
}

/** `html\`<p>${text}</p>\``: the literal parts are trusted, every value is escaped. */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0] ?? '';
  for (let i = 0; i < values.length; i++) out += render(values[i]!) + (strings[i + 1] ?? '');
  return new SafeHtml(out);
}

/** Marks markup built by a renderer that escapes its own input (storefront/markdown.ts). */
export function trustedHtml(markup: string): SafeHtml {
  return new SafeHtml(markup);
}

/** A URL for an `href`: only http(s), mailto, tel and same-site paths; anything else (javascript:, data:) becomes `#`. */
export function safeHref(url: string): string {
  const u = url.trim();
  if (/^(https?:\/\/|mailto:|tel:)/i.test(u) || (u.startsWith('/') && !u.startsWith('//'))) return u;
  return '#';
}
