import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { formatMoney, minor } from '@console/shared/money';
import { normaliseDomain } from '@console/shared/schemas/site';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { closePayment, paymentOf } from '../../../adapters/payment/payment-factory.js';
import type { AppDeps } from '../../../context.js';
import { publicFileUrl } from '../../files/public-link.js';
import { findSiteByDomain, findSiteBySlug } from '../site.repository.js';
import { findOrderByNo } from '../site-order.repository.js';
import {
  parseCartItems,
  placeOrder,
  priceCart,
  settleFromProvider,
  settleNotification,
} from '../site-order.service.js';
import { OutOfStockError } from '../site-stock.js';
import { type CheckoutRefusal, type CheckoutValues, cartPage, orderPage } from './cart-pages.js';
import { cartWordsOf } from './cart-strings.js';
import { CheckoutLimiter, readCheckoutForm, sameOrigin } from './checkout.js';
import { langOfSegment, langSegment, notFoundPage, type PageContext, type PublicSite } from './pages.js';
import { consoleHostOf } from './site-hosts.js';
import { stockWordsOf } from './stock-strings.js';
import type { SiteAddress } from './storefront.js';

/** The cart's script (plain JS, no framework), read once. */
const CART_JS = fs.readFileSync(path.join(import.meta.dirname, 'assets', 'cart.js'), 'utf8');

/** The cart's pages run their own script file and post the checkout to us, then to the provider's page. */
const csp = (paymentOrigin: string) =>
  `default-src 'none'; script-src 'self'; connect-src 'self'; img-src 'self' data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'self' ${paymentOrigin}; frame-ancestors 'none'`;

const ORDER_NO = /^S\d{6}[0-9A-Z]{6}$/;

/** A site with its address and the request's client. */
interface At {
  site: PublicSite;
  addr: SiteAddress;
}

/** The routes' shared state: the app's dependencies, the checkout limiter. */
interface Ctx {
  deps: AppDeps;
  limiter: CheckoutLimiter;
}

function page(reply: FastifyReply, status: number, body: string, paymentOrigin: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('content-security-policy', csp(paymentOrigin))
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'strict-origin-when-cross-origin')
    .header('cache-control', 'no-store')
    .send(body);
}

const notFound = (reply: FastifyReply, c: PageContext | null) => page(reply, 404, notFoundPage(c).value, "'none'");

const queryOf = (req: FastifyRequest) => new URLSearchParams(req.url.split('?')[1] ?? '');

/**
 * A GET of the cart within a site (`/assets/cart.js`, `/cart/lines`, `/<lang>/cart`,
 * `/<lang>/order/<no>`, `/<lang>/checkout/return|cancel`), answered on `reply`; undefined when the
 * path is none of them (the storefront answers it).
 */
export async function cartGet(
  deps: AppDeps,
  req: FastifyRequest,
  reply: FastifyReply,
  at: At,
  subpath: string,
): Promise<FastifyReply | undefined> {
  const { site, addr } = at;
  const parts = subpath.replace(/^\//, '').split('/');
  if (subpath === '/assets/cart.js')
    return reply
      .type('text/javascript; charset=utf-8')
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=300')
      .send(CART_JS);
  if (subpath === '/cart/lines') return cartLines(deps, reply, site, queryOf(req));
  const lang = langOfSegment(site, parts[0] ?? '');
  if (!lang || parts.length < 2) return undefined;
  const c: PageContext = { ...addr, site, lang };
  const adapter = async () => (await paymentOf(deps.config)).adapter;
  if (parts.length === 2 && parts[1] === 'cart')
    return page(reply, 200, cartPage(c, { submitKey: newSubmitKey() }).value, (await adapter()).pageOrigin);
  if (parts.length === 3 && parts[1] === 'order') {
    const o = ORDER_NO.test(parts[2] ?? '')
      ? await findOrderByNo(deps.db, site.tenant_id, site.id, parts[2]!)
      : undefined;
    return o ? page(reply, 200, orderPage(c, o).value, "'none'") : notFound(reply, c);
  }
  if (parts.length === 3 && parts[1] === 'checkout' && (parts[2] === 'return' || parts[2] === 'cancel')) {
    const no = queryOf(req).get('order') ?? '';
    const o = ORDER_NO.test(no) ? await findOrderByNo(deps.db, site.tenant_id, site.id, no) : undefined;
    if (!o) return notFound(reply, c);
    // The buyer's return proves nothing: the provider's record of the payment decides.
    const payment = await adapter();
    if (o.payment_id && o.payment_provider === payment.name && o.status === 'pending') {
      // A provider that does not answer leaves the order pending; its notification settles it later.
      const info = await payment.getPayment(o.payment_id).catch(() => undefined);
      if (info) await settleFromProvider(deps.db, site.tenant_id, o, info.status, info);
    }
    return reply.redirect(`${addr.base}/${langSegment(lang)}/order/${o.order_no}`, 303);
  }
  return undefined;
}

const newSubmitKey = () => crypto.randomBytes(18).toString('base64url');

/** `GET <base>/cart/lines?items=id:sku:qty,...&lang=..`: the lines priced from the database (JSON). */
async function cartLines(deps: AppDeps, reply: FastifyReply, site: PublicSite, q: URLSearchParams) {
  reply.header('cache-control', 'no-store').header('x-content-type-options', 'nosniff');
  const items = parseCartItems(q.get('items') ?? '');
  if (!items) return reply.code(400).send({ code: 400, msg: 'bad cart', data: null });
  const lang = langOfSegment(site, q.get('lang') ?? '') ?? site.default_language;
  const cart = await priceCart(deps.db, site, lang, items);
  return reply.send({
    currency: cart.currency,
    total_minor: cart.total,
    total_text: formatMoney(cart.total, cart.currency),
    lines: cart.lines.map((l) =>
      l.ok
        ? {
            id: l.product_id,
            sku: l.sku,
            qty: l.qty,
            title: l.title,
            unit_minor: l.unit_minor,
            line_minor: l.line_minor,
            unit_text: formatMoney(minor(l.unit_minor), cart.currency),
            line_text: formatMoney(minor(l.line_minor), cart.currency),
            available: true,
          }
        : {
            id: l.product_id,
            sku: l.sku,
            qty: l.qty,
            available: false,
            ...(l.out_of_stock ? { out_of_stock: true } : {}),
          },
    ),
  });
}

/** `POST <base>/<lang>/checkout`: the order (待付款) and its payment, then the provider's page. */
async function checkout(ctx: Ctx, req: FastifyRequest, reply: FastifyReply, at: At, langSeg: string) {
  const { deps } = ctx;
  const { site, addr } = at;
  const lang = langOfSegment(site, langSeg);
  if (!lang) return notFound(reply, null);
  const c: PageContext = { ...addr, site, lang };
  const w = cartWordsOf(lang);
  const { adapter } = await paymentOf(deps.config);
  const again = (status: number, refusal: CheckoutRefusal, values: CheckoutValues = {}) =>
    page(reply, status, cartPage(c, { submitKey: newSubmitKey(), refusal, values }).value, adapter.pageOrigin);
  if (!sameOrigin(req.headers, new URL(addr.base).origin)) return again(403, { message: w.invalid });
  if (!ctx.limiter.take(req.ip)) return again(429, { message: w.busy });
  const read = readCheckoutForm(typeof req.body === 'string' ? req.body : '', w);
  if (!read.ok)
    return again(400, { message: w.invalid, fields: read.cart ? [...read.fields, w.cart] : read.fields }, read.values);
  const { form } = read;
  const cart = await priceCart(deps.db, site, lang, form.items);
  const stockRefusal = () => again(409, { message: stockWordsOf(lang).notEnough }, form.buyer);
  if (cart.lines.some((l) => !l.ok && l.out_of_stock)) return stockRefusal();
  if (cart.lines.some((l) => !l.ok)) return again(409, { message: w.unavailable }, form.buyer);
  if (cart.total !== form.expectedTotal) return again(409, { message: w.changed }, form.buyer);
  const orderUrl = (kind: 'return' | 'cancel') => (no: string) =>
    `${addr.base}/${langSegment(lang)}/checkout/${kind}?order=${encodeURIComponent(no)}`;
  let placed: Awaited<ReturnType<typeof placeOrder>>;
  try {
    placed = await placeOrder(
      deps.db,
      adapter,
      site,
      { lang, cart, buyer: form.buyer, submitKey: form.submitKey },
      { returnUrl: orderUrl('return'), cancelUrl: orderUrl('cancel'), notifyUrl: `${addr.base}/payment/notify` },
    );
  } catch (err) {
    // Another checkout took the last units first (checked again under the rows' locks).
    if (err instanceof OutOfStockError) return stockRefusal();
    // The provider refused or did not answer: nothing was recorded (the transaction rolled back).
    req.log.warn({ err }, 'site checkout: payment not created');
    return again(502, { message: w.payFailed }, form.buyer);
  }
  if (placed.status !== 'pending')
    return reply.redirect(`${addr.base}/${langSegment(lang)}/order/${placed.orderNo}`, 303);
  return reply.redirect(placed.redirectUrl, 303);
}

/** `POST <base>/payment/notify`: the provider's signed notification (idempotent per payment). */
async function notify(deps: AppDeps, req: FastifyRequest, reply: FastifyReply, site: PublicSite) {
  const { adapter } = await paymentOf(deps.config);
  const raw = typeof req.body === 'string' ? req.body : '';
  const n = adapter.verifyNotification(raw, req.headers);
  if (!n) return reply.code(400).send({ code: 400, msg: 'invalid signature', data: null });
  const r = await settleNotification(deps.db, adapter, site.tenant_id, n.paymentId);
  if (!r.found) return reply.code(404).send({ code: 404, msg: 'unknown payment', data: null });
  return reply.send({ code: 0, msg: 'ok', data: { settled: r.moved } });
}

/**
 * The cart, checkout and payment addresses of the storefront (docs/site.md "Cart and
 * checkout"), outside `/PDD` and without a session: the preview address `/s/<slug>/...`; on a
 * site's domain the GETs come through `cartGet` (the storefront's host hook) and the POSTs
 * through the root routes below, which answer only on a site's domain.
 */
export const cartPages: FastifyPluginAsync = async (app: FastifyInstance) => {
  const { deps } = app;
  const ctx: Ctx = { deps, limiter: new CheckoutLimiter() };
  const fileUrl = (key: string) => publicFileUrl(deps.config, '', key);
  const consoleHost = consoleHostOf(deps.config.publicUrl);
  // The checkout form and the provider's notification are read as text (only within this plugin).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'application/json'],
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_req, body, done) => done(null, body),
  );
  // The simulator (when no provider is configured) starts with the server, so the whole flow works at once.
  app.addHook('onReady', async () => {
    await paymentOf(deps.config);
  });
  app.addHook('onClose', () => closePayment(deps.config));

  const preview = async (req: FastifyRequest): Promise<At | undefined> => {
    const { slug } = req.params as { slug: string };
    const site = /^[a-z][a-z0-9-]{2,31}$/.test(slug) ? await findSiteBySlug(deps.db, slug) : undefined;
    if (!site?.published) return undefined;
    return { site, addr: { base: `${req.protocol}://${req.host}/s/${slug}`, preview: true, fileUrl } };
  };
  const onDomain = async (req: FastifyRequest): Promise<At | undefined> => {
    const host = normaliseDomain(req.hostname ?? '');
    if (!consoleHost || !host || host === consoleHost) return undefined;
    const site = await findSiteByDomain(deps.db, host);
    if (!site?.published) return undefined;
    return { site, addr: { base: `${req.protocol}://${req.host}`, preview: false, fileUrl } };
  };
  const previewGet = async (req: FastifyRequest, reply: FastifyReply) => {
    const at = await preview(req);
    if (!at) return notFound(reply, null);
    const sub = req.url.split('?', 1)[0]!.replace(/^\/s\/[^/]+/, '');
    return (await cartGet(deps, req, reply, at, sub)) ?? notFound(reply, null);
  };
  for (const p of ['assets/cart.js', 'cart/lines', ':lang/cart', ':lang/order/:no', ':lang/checkout/:step'])
    app.get(`/s/:slug/${p}`, previewGet);

  app.post('/s/:slug/:lang/checkout', async (req, reply) => {
    const at = await preview(req);
    return at ? checkout(ctx, req, reply, at, (req.params as { lang: string }).lang) : notFound(reply, null);
  });
  app.post('/s/:slug/payment/notify', async (req, reply) => {
    const at = await preview(req);
    return at
      ? notify(deps, req, reply, at.site)
      : reply.code(404).send({ code: 404, msg: 'unknown site', data: null });
  });
  app.post('/:lang/checkout', async (req, reply) => {
    const at = await onDomain(req);
    // Not a site's domain (the console's own host, `/PDD/checkout`): the app's usual 404.
    return at ? checkout(ctx, req, reply, at, (req.params as { lang: string }).lang) : reply.callNotFound();
  });
  app.post('/payment/notify', async (req, reply) => {
    const at = await onDomain(req);
    return at ? notify(deps, req, reply, at.site) : reply.callNotFound();
  });
};
