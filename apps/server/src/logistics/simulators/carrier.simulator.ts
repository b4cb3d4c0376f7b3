import {
  type SimAnswer,
  type SimOptions,
  type SimRequest,
  type Simulator,
  startSimServer,
} from '../../translation/simulators/sim-server.js';
import type { CreateShipment } from '../carrier.js';

/** The API key the carrier simulator accepts. */
export const CARRIER_SIM_KEY = 'sim-carrier-key';

/** A shipment the simulator holds. */
interface SimShipment {
  reference: string;
  tracking_no: string;
  created_at: number;
  cancelled: boolean;
  request: CreateShipment;
  /** A bad end a test (or the demo) gives the shipment: its last event after pickup, instead of delivery. */
  fate?: 'LOST' | 'RETURNED';
}

/** The carrier simulator: the HTTP server plus its shipments and a time scale for tracking events. */
export interface CarrierSimulator extends Simulator {
  shipments: Map<string, SimShipment>;
  /** Simulated seconds per real second (tracking events move on faster in tests). */
  timeScale: number;
}

const fail = (status: number, message: string): SimAnswer => ({ status, body: { code: status, message } });
const okAnswer = (data: unknown): SimAnswer => ({ status: 200, body: { code: 0, message: 'success', data } });

/** The tracking timeline of a shipment, in simulated seconds after creation. */
const TIMELINE = [
  { after: 0, code: 'CREATED', text: '已下单,等待揽收', place: 'Shenzhen' },
  { after: 6 * 3600, code: 'PICKED_UP', text: '已揽收', place: 'Shenzhen' },
  { after: 24 * 3600, code: 'DEPARTED', text: '已离港', place: 'Hong Kong' },
  { after: 4 * 24 * 3600, code: 'ARRIVED', text: '到达目的国', place: '' },
  { after: 7 * 24 * 3600, code: 'DELIVERED', text: '已签收', place: '' },
];

function validShipment(b: unknown): b is CreateShipment {
  const s = b as Partial<CreateShipment> | null;
  return (
    !!s &&
    typeof s.reference === 'string' &&
    s.reference.length > 0 &&
    typeof s.recipient?.name === 'string' &&
    typeof s.recipient?.country === 'string' &&
    Number.isInteger(s.weight_g) &&
    (s.weight_g ?? 0) > 0
  );
}

/** What a consolidator refuses in the customs part: no lines, or an IOSS number of the wrong form. */
function customsError(s: CreateShipment): string | null {
  const c = s.customs as Partial<CreateShipment['customs']> | undefined;
  if (!c || !Array.isArray(c.items) || c.items.length === 0) return 'customs declaration: items are required';
  if (c.items.some((i) => !i.name_en || !Number.isInteger(i.quantity) || !Number.isInteger(i.value_minor)))
    return 'customs declaration: every item needs an English name, a quantity and a value';
  if (c.ioss_number != null && !/^IM\d{10}$/.test(c.ioss_number)) return 'customs declaration: invalid IOSS number';
  return null;
}

/** Starts a consolidator-style carrier simulator on 127.0.0.1 (see `ConsolidatorCarrier`). */
export async function startCarrierSimulator(opts: SimOptions & { timeScale?: number } = {}): Promise<CarrierSimulator> {
  const shipments = new Map<string, SimShipment>();
  const byReference = new Map<string, string>();
  let seq = 0;
  const state = { timeScale: opts.timeScale ?? 1 };
  const handle = (r: SimRequest): SimAnswer => {
    if (r.headers['x-api-key'] !== CARRIER_SIM_KEY) return fail(401, 'invalid api key');
    if (r.method === 'POST' && r.path === '/api/v1/shipments') {
      if (!validShipment(r.body)) return fail(400, 'invalid shipment: reference, recipient and weight are required');
      const b = r.body;
      if (!b.recipient.address1 || !b.recipient.postal) return fail(400, 'recipient address incomplete');
      const customs = customsError(b);
      if (customs) return fail(400, customs);
      const known = byReference.get(b.reference);
      const existing = known ? shipments.get(known) : undefined;
      if (existing && !existing.cancelled) return okAnswer(present(existing));
      seq++;
      const tracking = `SIM${String(Date.now() % 1e9).padStart(9, '0')}${String(seq).padStart(5, '0')}CN`;
      const s: SimShipment = {
        reference: b.reference,
        tracking_no: tracking,
        created_at: Date.now(),
        cancelled: false,
        request: b,
      };
      shipments.set(tracking, s);
      byReference.set(b.reference, tracking);
      return okAnswer(present(s));
    }
    const m = /^\/api\/v1\/shipments\/([^/]+)\/(cancel|events)$/.exec(r.path);
    const s = m ? shipments.get(decodeURIComponent(m[1]!)) : undefined;
    if (!m || !s) return fail(404, 'shipment not found');
    const elapsed = ((Date.now() - s.created_at) / 1000) * state.timeScale;
    if (m[2] === 'cancel' && r.method === 'POST') {
      if (elapsed >= TIMELINE[1]!.after) return fail(409, 'already picked up');
      s.cancelled = true;
      return okAnswer({ tracking_no: s.tracking_no, cancelled: true });
    }
    if (m[2] === 'events' && r.method === 'GET') {
      const events = s.cancelled
        ? [{ at: Math.floor(s.created_at / 1000), code: 'CANCELLED', text: '已取消', place: '' }]
        : TIMELINE.filter((e) => e.after <= elapsed && !(s.fate && e.code === 'DELIVERED')).map((e) => ({
            at: Math.floor(s.created_at / 1000) + Math.floor(e.after / state.timeScale),
            code: e.code,
            text: e.text,
            place: e.place || s.request.recipient.country,
          }));
      if (s.fate && !s.cancelled) {
        const text = s.fate === 'LOST' ? '包裹丢失' : '已退回发件地';
        events.push({ at: Math.floor(Date.now() / 1000), code: s.fate, text, place: '' });
      }
      return okAnswer({ tracking_no: s.tracking_no, events });
    }
    return fail(405, 'method not allowed');
  };
  const sim = await startSimServer(handle, opts);
  Object.defineProperty(sim, 'timeScale', {
    get: () => state.timeScale,
    set: (v: number) => {
      state.timeScale = v;
    },
  });
  return Object.assign(sim, { shipments }) as CarrierSimulator;
}

function present(s: SimShipment) {
  const zone = s.request.recipient.country.toUpperCase();
  return {
    tracking_no: s.tracking_no,
    sort_code: `${zone}-${s.request.recipient.postal.slice(0, 3).toUpperCase() || '000'}`,
    carrier_reference: `CR${s.reference}`,
  };
}
