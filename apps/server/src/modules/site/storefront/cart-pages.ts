import { MARKETPLACES } from '@console/shared/constants/marketplaces';
import { formatMoney, minor } from '@console/shared/money';
import { SITE_LANGUAGES } from '@console/shared/schemas/site';
import type { SiteOrderBuyer, SiteOrderLine, SiteOrderStatus } from '../site-order.tables.js';
import { type CartWords, cartWordsOf } from './cart-strings.js';
import { html, type SafeHtml, trustedHtml } from './html.js';
import { langSegment, type PageContext } from './pages.js';

const tagOf = (key: string) => SITE_LANGUAGES.find((l) => l.key === key)?.tag ?? 'en';

/** Countries a buyer may choose: those of the markets the console sells in (ISO codes, unique). */
export const CHECKOUT_COUNTRIES: readonly string[] = [...new Set(MARKETPLACES.map((m) => m.iso))];

/** The stylesheet: a constant of this file, so trusted markup (escaping would turn its quotes into entities). */
const CSS =
  trustedHtml(`*{box-sizing:border-box}body{margin:0;font:16px/1.6 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1f2328}
header,main{max-width:960px;margin:0 auto;padding:16px}header{border-bottom:1px solid #d0d7de}header a{color:inherit;font-weight:600;text-decoration:none;font-size:1.25rem}
table{width:100%;border-collapse:collapse}th,td{text-align:start;padding:6px;border-bottom:1px solid #d0d7de}
form.checkout{display:grid;gap:8px;max-width:560px;margin-top:24px}label{display:grid;gap:2px}input,select,textarea{font:inherit;padding:6px}
.error{color:#b42318;border:1px solid #b42318;padding:8px}button{font:inherit;padding:8px 16px}`);

/** The frame of the cart's pages: no index, the language versions, the site's name linking home. */
function frame(c: PageContext, p: { title: string; path: string; main: SafeHtml; script: boolean }): SafeHtml {
  const { site } = c;
  return html`<!doctype html>
<html lang="${tagOf(c.lang)}" dir="${c.lang === 'ae' ? 'rtl' : 'ltr'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${p.title} - ${site.name}</title>
<link rel="canonical" href="${c.base}/${langSegment(c.lang)}${p.path}">
${site.languages.map((l) => html`<link rel="alternate" hreflang="${tagOf(l)}" href="${c.base}/${langSegment(l)}${p.path}">\n`)}
<link rel="alternate" hreflang="x-default" href="${c.base}/${langSegment(site.default_language)}${p.path}">
<style>${CSS}</style>
${p.script ? html`<script src="${c.base}/assets/cart.js" defer></script>` : ''}
</head>
<body>
<header><a href="${c.base}/${langSegment(c.lang)}/">${site.name}</a></header>
<main>
${p.main}
</main>
</body>
</html>
`;
}

/** What the checkout form had when it was refused (shown again). */
export type CheckoutValues = Partial<Record<keyof SiteOrderBuyer, string>>;

/** Why a checkout was refused, in the visitor's words. */
export interface CheckoutRefusal {
  message: string;
  fields?: string[];
}

function countryOptions(c: PageContext, chosen: string) {
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([tagOf(c.lang), 'en'], { type: 'region' });
  } catch {
    names = undefined;
  }
  return CHECKOUT_COUNTRIES.map(
    (iso) => html`<option value="${iso}"${iso === chosen ? html` selected` : ''}>${names?.of(iso) ?? iso}</option>`,
  );
}

const field = (
  w: CartWords,
  name: keyof SiteOrderBuyer,
  v: CheckoutValues,
  attrs: { type?: string; required?: boolean; max: number },
) =>
  html`<label>${w[name as keyof CartWords] as string}${attrs.required ? ' *' : ''} <input name="${name}" type="${attrs.type ?? 'text'}" maxlength="${attrs.max}" value="${v[name] ?? ''}"${attrs.required ? html` required` : ''}></label>`;

/**
 * The cart page: the lines come from the browser's storage through `cart.js`, priced by
 * `GET <base>/cart/lines`; the checkout form posts the lines, the total the buyer saw and a
 * one-time key. Without script the page says the cart needs it.
 */
export function cartPage(
  c: PageContext,
  p: { submitKey: string; values?: CheckoutValues; refusal?: CheckoutRefusal },
): SafeHtml {
  const w = cartWordsOf(c.lang);
  const v = p.values ?? {};
  const seg = langSegment(c.lang);
  const main = html`<h1>${w.cart}</h1>
<div id="cart" data-base="${c.base}" data-lang="${seg}" data-currency="${c.site.currency}" data-remove="${w.remove}" data-unavailable="${w.unavailable}">
<noscript><p>${w.needsScript}</p></noscript>
${p.refusal ? html`<p class="error" role="alert">${p.refusal.message}${p.refusal.fields?.length ? html` ${p.refusal.fields.join(', ')}` : ''}</p>` : ''}
<p class="cart-empty" hidden>${w.empty}</p>
<p class="cart-note" hidden></p>
<table class="cart-lines" hidden><thead><tr><th>${w.product}</th><th>${w.price}</th><th>${w.qty}</th><th>${w.total}</th><th></th></tr></thead>
<tbody></tbody><tfoot><tr><th colspan="3">${w.total}</th><td class="cart-total"></td><td></td></tr></tfoot></table>
<form class="checkout" method="post" action="${c.base}/${seg}/checkout" hidden>
<h2>${w.checkout}</h2>
<input type="hidden" name="items" value="">
<input type="hidden" name="expected_total" value="">
<input type="hidden" name="submit_key" value="${p.submitKey}">
${field(w, 'name', v, { required: true, max: 100 })}
${field(w, 'email', v, { type: 'email', required: true, max: 200 })}
${field(w, 'phone', v, { type: 'tel', max: 40 })}
${field(w, 'address1', v, { required: true, max: 200 })}
${field(w, 'address2', v, { max: 200 })}
${field(w, 'city', v, { required: true, max: 100 })}
${field(w, 'postcode', v, { required: true, max: 20 })}
<label>${w.country} * <select name="country" required><option value=""></option>${countryOptions(c, v.country ?? '')}</select></label>
<label>${w.note} <textarea name="note" maxlength="1000" rows="3">${v.note ?? ''}</textarea></label>
<button type="submit">${w.pay}</button>
</form>
</div>`;
  return frame(c, { title: w.cart, path: '/cart', main, script: true });
}

/** An order as the buyer sees it after paying (or not): number, state, lines, total. No personal data. */
export function orderPage(
  c: PageContext,
  o: { order_no: string; status: SiteOrderStatus; currency: string; total_minor: number; lines: SiteOrderLine[] },
): SafeHtml {
  const w = cartWordsOf(c.lang);
  const money = (n: number) => formatMoney(minor(n), o.currency);
  const state = o.status === 'paid' ? w.paid : o.status === 'cancelled' ? w.cancelled : w.pending;
  const main = html`<h1>${o.status === 'paid' ? w.thanks : o.status === 'cancelled' ? w.cancelled : w.pending}</h1>
<div id="order" data-base="${c.base}" data-paid="${o.status === 'paid' ? '1' : '0'}">
<p>${w.orderNo}: <strong class="order-no">${o.order_no}</strong></p>
<p class="order-status">${state}</p>
<table><thead><tr><th>${w.product}</th><th>${w.price}</th><th>${w.qty}</th><th>${w.total}</th></tr></thead><tbody>
${o.lines.map((l) => html`<tr><td>${l.title}</td><td>${money(l.unit_minor)}</td><td>${l.qty}</td><td>${money(l.line_minor)}</td></tr>`)}
</tbody><tfoot><tr><th colspan="3">${w.total}</th><td>${money(o.total_minor)}</td></tr></tfoot></table>
${o.status === 'paid' ? '' : html`<p><a href="${c.base}/${langSegment(c.lang)}/cart">${w.backToCart}</a></p>`}
</div>`;
  return frame(c, { title: w.orderNo, path: `/order/${o.order_no}`, main, script: o.status === 'paid' });
}
