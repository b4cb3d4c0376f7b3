import type { Auth } from '@console/shared/constants/roles';
import { convertMoney, type ExchangeRates, minor } from '@console/shared/money';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { getPriceInfo } from '../../src/modules/goods/price-settings.service.js';
import { buildUser, TEST_PASSWORD } from '../factories.js';
import { call, signIn, useTestApp } from '../harness.js';
import { topUp } from '../logistics/logistics-support.js';
import { fbaWorld, P, skuNames } from './fba-shipment-support.js';

/** 头程发货's choices (docs/fba.md "Choosing placement and carrier") against the in-server simulator. */
const t = useTestApp({ spapi: { ...loadConfig({}).spapi, timeScale: 200 } });
const w = fbaWorld(t);

interface Placement {
  placement_option_id: string;
  shipments: { shipment_id: string; fc: string; items: { msku: string; quantity: number }[] }[];
  fees: { money: { amount_minor: number; currency: string } }[];
  expires_at: number;
  total: { amount_minor: number; currency: string };
}
interface Transport {
  transportation_option_id: string;
  shipment_id: string;
  shipping_solution: string;
  shipping_mode: string;
  quote?: { amount_minor: number; currency: string; expires_at: number };
  chosen?: boolean;
}

/** A manual draft (自动选择推荐方案 off) of `skus` SKUs planned to 待选择分仓. */
async function waitingShipment(skus: number, units = 10, tag = '') {
  const s = await w.seller();
  const ids = await w.skus(s.admin, s.sellerId, skuNames(skus, false, tag), 50);
  const detail = await w.planned(s.s, { ...w.draft(s.shopId, ids, units), auto_choose: false });
  return { ...s, ids, detail };
}

/** Waits for the job a confirmation enqueued; answers the detail. */
async function continued(s: Awaited<ReturnType<typeof w.seller>>['s'], id: number, jobId: string) {
  await w.waitJob(s, jobId, 600);
  return (await call(t.app, s, 'POST', `${P}/detail`, { id })).data;
}

const part = (o: Transport) => o.shipping_solution === 'AMAZON_PARTNERED_CARRIER';

describe('/fba/shipment placement and carrier chosen by the seller', () => {
  it('waits in 待选择分仓 and 待选择承运, confirms once under parallel calls, and charges the partnered quote once', async () => {
    const { detail, s, admin } = await waitingShipment(2);
    expect(detail.status, detail.error).toBe('placement_choice');
    expect(detail.steps.placement.state).toBe('running');
    expect(detail.fc_shipments).toEqual([]);
    const options = detail.placement_options as Placement[];
    expect(options).toHaveLength(2);
    const [split, single] = options as [Placement, Placement];
    expect(split.shipments.map((x) => x.fc)).toHaveLength(2);
    expect(new Set(split.shipments.map((x) => x.fc)).size).toBe(2);
    expect(split.total.amount_minor).toBe(0);
    // Everything to one centre: a placement fee per unit (20 units x 0.30 USD).
    expect(single.shipments).toHaveLength(1);
    expect(single.total).toEqual({ amount_minor: 600, currency: 'USD' });
    expect(single.expires_at * 1000).toBeGreaterThan(Date.now());

    // Illegal steps: carriers before the placement; a made-up option.
    const early = await call(t.app, s, 'POST', `${P}/transport/confirm`, {
      id: detail.id,
      selections: [{ shipment_id: split.shipments[0]!.shipment_id, transportation_option_id: 'to-x' }],
    });
    expect(early.http).toBe(400);
    expect(early.msg).toContain('「待选择分仓」,不能选择运输方案');
    const unknown = await call(t.app, s, 'POST', `${P}/placement/confirm`, {
      id: detail.id,
      placement_option_id: 'pl-not-mine',
    });
    expect(unknown.http).toBe(400);
    expect(unknown.msg).toContain('不属于头程发货单');

    // Parallel confirmations: exactly one passes, the others find the status moved on.
    const body = { id: detail.id, placement_option_id: split.placement_option_id };
    const tries = await Promise.all([1, 2, 3].map(() => call(t.app, s, 'POST', `${P}/placement/confirm`, body)));
    expect(tries.filter((r) => r.http === 200)).toHaveLength(1);
    for (const r of tries.filter((x) => x.http !== 200)) expect(r.msg).toContain('不能选择分仓方案');
    const waiting = await continued(s, detail.id, tries.find((r) => r.http === 200)!.data.job_id);
    expect(waiting.status, waiting.error).toBe('transport_choice');
    expect(waiting.placement_option_id).toBe(split.placement_option_id);
    expect(waiting.fc_shipments.map((f: { shipment_id: string }) => f.shipment_id).sort()).toEqual(
      split.shipments.map((x) => x.shipment_id).sort(),
    );
    const again = await call(t.app, s, 'POST', `${P}/placement/confirm`, body);
    expect(again.http).toBe(400);
    expect(again.msg).toContain('「待选择承运」,不能选择分仓方案');

    // Each shipment: Amazon's partnered carrier with a quote, or the seller's own carrier.
    const transport = waiting.transport_options as Transport[];
    const [a, b] = split.shipments.map((x) => x.shipment_id) as [string, string];
    const of = (id: string, partnered: boolean) =>
      transport.find(
        (o) => o.shipment_id === id && part(o) === partnered && o.shipping_mode === 'GROUND_SMALL_PARCEL',
      )!;
    expect(of(a, true).quote).toMatchObject({ currency: 'USD' });
    expect(of(a, true).quote!.amount_minor).toBeGreaterThan(0);
    expect(of(b, false).quote).toBeUndefined();
    const confirmT = (selections: object[]) =>
      call(t.app, s, 'POST', `${P}/transport/confirm`, { id: detail.id, selections });
    const denials: [object[], string][] = [
      [[{ shipment_id: a, transportation_option_id: of(a, true).transportation_option_id }], `请为货件 ${b}`],
      [
        [
          { shipment_id: a, transportation_option_id: of(b, true).transportation_option_id },
          { shipment_id: b, transportation_option_id: of(b, false).transportation_option_id, carrier_name: 'DHL' },
        ],
        `不属于货件 ${a}`,
      ],
      [
        [
          { shipment_id: a, transportation_option_id: of(a, true).transportation_option_id },
          { shipment_id: b, transportation_option_id: of(b, false).transportation_option_id },
        ],
        '请填写承运商名称',
      ],
      [[{ shipment_id: 'sh-other', transportation_option_id: 'to-x' }], '不属于头程发货单'],
    ];
    for (const [selections, msg] of denials) {
      const r = await confirmT(selections);
      expect(r.http, msg).toBe(400);
      expect(r.msg).toContain(msg);
    }
    const choice = [
      { shipment_id: a, transportation_option_id: of(a, true).transportation_option_id },
      { shipment_id: b, transportation_option_id: of(b, false).transportation_option_id, carrier_name: '顺丰国际' },
    ];
    const confirms = await Promise.all([1, 2].map(() => confirmT(choice)));
    expect(confirms.filter((r) => r.http === 200)).toHaveLength(1);
    const ready = await continued(s, detail.id, confirms.find((r) => r.http === 200)!.data.job_id);
    expect(ready.status, ready.error).toBe('labels_ready');
    const fa = ready.fc_shipments.find((f: { shipment_id: string }) => f.shipment_id === a);
    const fb = ready.fc_shipments.find((f: { shipment_id: string }) => f.shipment_id === b);
    expect(fa).toMatchObject({ solution: 'AMAZON_PARTNERED_CARRIER', quote: { currency: 'USD' } });
    expect(fa.transport).toContain('亚马逊合作承运商');
    expect(fb).toMatchObject({ solution: 'USE_YOUR_OWN_CARRIER', carrier: '顺丰国际' });
    expect(fb.quote).toBeUndefined();
    for (const f of [fa, fb]) expect(f.confirmation_id).toMatch(/^FBA/);

    // The quote in CNY at the tenant's rates is the default cost of 发货, charged once.
    const info = await getPriceInfo(t.deps, admin.id, admin.id);
    const rates: Record<string, string> = { CNY: '1' };
    for (const c of info.price_country) rates[c.currency] ??= c.exchange_rate;
    const cny = convertMoney(minor(fa.quote.amount_minor), 'USD', 'CNY', {
      as_of: info.rates_as_of,
      rates,
    } as ExchangeRates);
    expect(cny).toBeGreaterThan(0);
    expect(ready.transport_cost_minor).toBe(cny);
    await topUp(t, admin.id, 1_000_000);
    const ship = { id: detail.id, carrier: 'UPS', tracking_no: '1ZCHOICE' };
    const shipped = await Promise.all([1, 2, 3].map(() => call(t.app, s, 'POST', `${P}/ship`, ship)));
    expect(shipped.filter((r) => r.http === 200)).toHaveLength(1);
    const entries = await t.db
      .selectFrom('ledger_entries')
      .select('amount')
      .where('tenant_id', '=', admin.id)
      .where('idem_key', '=', `fba-shipment-cost:${detail.id}`)
      .execute();
    expect(entries.map((e) => Math.abs(Number(e.amount)))).toEqual([cny]);
    const after = (await call(t.app, s, 'POST', `${P}/detail`, { id: detail.id })).data;
    expect(after).toMatchObject({ status: 'shipped', cost_minor: cny });

    // The audit sentences name the choices.
    const logs = await t.db
      .selectFrom('opera_log')
      .select('action')
      .where('target_id', '=', String(detail.id))
      .where('action', 'in', ['fba.shipment.placement', 'fba.shipment.transport'])
      .execute();
    expect(logs.map((l) => l.action).sort()).toEqual(['fba.shipment.placement', 'fba.shipment.transport']);
  });

  it('sends one SKU to the other centre for a fee; an expired option is refused and new options are asked for', async () => {
    const { detail, s } = await waitingShipment(1, 10, 'E');
    expect(detail.status, detail.error).toBe('placement_choice');
    const [here, there] = detail.placement_options as [Placement, Placement];
    expect(here.total.amount_minor).toBe(0);
    expect(there.total).toEqual({ amount_minor: 300, currency: 'USD' });
    expect(there.shipments[0]!.fc).not.toBe(here.shipments[0]!.fc);

    // An option past its expiry is refused; 开始计划 asks Amazon for new options.
    const old = (detail.placement_options as Placement[]).map((o) => ({ ...o, expires_at: 1_000 }));
    await t.db
      .updateTable('fba_shipments')
      .set({ placement_options: JSON.stringify(old) })
      .where('id', '=', detail.id)
      .execute();
    const late = await call(t.app, s, 'POST', `${P}/placement/confirm`, {
      id: detail.id,
      placement_option_id: there.placement_option_id,
    });
    expect(late.http).toBe(400);
    expect(late.msg).toContain('过期');
    const restarted = await call(t.app, s, 'POST', `${P}/start`, { id: detail.id });
    expect(restarted.http, restarted.msg).toBe(200);
    const fresh = await continued(s, detail.id, restarted.data.job_id);
    expect(fresh.status, fresh.error).toBe('placement_choice');
    const [, there2] = fresh.placement_options as [Placement, Placement];
    expect(there2.placement_option_id).not.toBe(there.placement_option_id);
    expect(there2.expires_at * 1000).toBeGreaterThan(Date.now());

    // The non-first option: its centre is where the shipment goes.
    const ok = await call(t.app, s, 'POST', `${P}/placement/confirm`, {
      id: detail.id,
      placement_option_id: there2.placement_option_id,
    });
    expect(ok.http, ok.msg).toBe(200);
    const waiting = await continued(s, detail.id, ok.data.job_id);
    expect(waiting.status, waiting.error).toBe('transport_choice');
    expect(waiting.fc_shipments.map((f: { fc: string }) => f.fc)).toEqual([there2.shipments[0]!.fc]);

    // An expired partnered quote is refused.
    const transport = (waiting.transport_options as Transport[]).map((o) =>
      o.quote ? { ...o, quote: { ...o.quote, expires_at: 1_000 } } : o,
    );
    await sql`update fba_shipments set transport_options = ${JSON.stringify(transport)}::jsonb where id = ${detail.id}`.execute(
      t.db,
    );
    const partnered = transport.find(part)!;
    const r = await call(t.app, s, 'POST', `${P}/transport/confirm`, {
      id: detail.id,
      selections: [
        { shipment_id: partnered.shipment_id, transportation_option_id: partnered.transportation_option_id },
      ],
    });
    expect(r.http).toBe(400);
    expect(r.msg).toContain('报价已于');
  });
});

describe('/fba/shipment choices: access', () => {
  it("refuses roles without fba.use, another tenant's shipment, and another shipment's option", async () => {
    const a = await waitingShipment(1, 5, 'A');
    const other = await w.planned(a.s, { ...w.draft(a.shopId, a.ids, 5), auto_choose: false });
    expect(other.status, other.error).toBe('placement_choice');
    const foreign = { id: a.detail.id, placement_option_id: other.placement_options[0].placement_option_id };
    const mixed = await call(t.app, a.s, 'POST', `${P}/placement/confirm`, foreign);
    expect(mixed.http).toBe(400);
    expect(mixed.msg).toContain('不属于头程发货单');

    const mine = { id: a.detail.id, placement_option_id: a.detail.placement_options[0].placement_option_id };
    const b = await w.seller();
    expect((await call(t.app, b.s, 'POST', `${P}/placement/confirm`, mine)).http).toBe(404);
    const tb = { id: a.detail.id, selections: [{ shipment_id: 'x', transportation_option_id: 'y' }] };
    expect((await call(t.app, b.s, 'POST', `${P}/transport/confirm`, tb)).http).toBe(404);
    for (const auth of [3, 5] as Auth[]) {
      const u = await buildUser(t.db, a.admin, { auth });
      const us = await signIn(t.app, u.account, TEST_PASSWORD);
      expect((await call(t.app, us, 'POST', `${P}/placement/confirm`, mine)).http, `role ${auth}`).toBe(403);
      expect((await call(t.app, us, 'POST', `${P}/transport/confirm`, tb)).http, `role ${auth}`).toBe(403);
    }
    const still = (await call(t.app, a.s, 'POST', `${P}/detail`, { id: a.detail.id })).data;
    expect(still.status).toBe('placement_choice');
  });
});
