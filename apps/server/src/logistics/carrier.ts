/**
 * Carriers behind one interface (issue 18 §2): a waybill is created with a consolidator
 * (货代), which answers a tracking number and the routing data printed on the label; it can be
 * cancelled before the parcel is handed over, and its tracking events read. Implementations:
 * `ConsolidatorCarrier` (an HTTP API in the style of Chinese consolidators; the loopback
 * simulator in `simulators/carrier.simulator.ts` speaks it).
 */

/** The recipient as the label and the carrier need it. */
export interface Recipient {
  name: string;
  address1: string;
  address2?: string;
  city: string;
  state?: string;
  postal: string;
  country: string;
  phone?: string;
}

/** A shipment to create. `reference` is our waybill number: the carrier answers the same shipment for the same reference. */
export interface CreateShipment {
  reference: string;
  service: string;
  recipient: Recipient;
  weight_g: number;
  length_mm: number;
  width_mm: number;
  height_mm: number;
  is_electric: boolean;
  /** Declared (intrinsic) value of the goods in minor units with its currency. */
  declared_minor: number;
  declared_currency: string;
  /** The customs declaration: lines with HS codes, the exporter, the IOSS number (EU, at most EUR 150). */
  customs: ShipmentCustoms;
}

/** The customs part of a shipment, as consolidators take it for the export declaration and CN22/CN23. */
export interface ShipmentCustoms {
  /** The operator's IOSS number, only when the consignment qualifies (DECISIONS "IOSS"); else null. */
  ioss_number: string | null;
  exporter: { name: string; credit_code: string; address: string; contact_name: string; contact_phone: string } | null;
  items: {
    hs_code: string | null;
    name_cn: string;
    name_en: string;
    unit: string;
    quantity: number;
    value_minor: number;
    currency: string;
  }[];
}

/** What the carrier answers for a created shipment. */
export interface CreatedShipment {
  tracking_no: string;
  /** Routing/sort code and the carrier's own reference, printed on the label. */
  sort_code: string;
  carrier_reference: string;
}

/** One tracking event. */
export interface TrackingEvent {
  at: number;
  code: string;
  text: string;
  place: string;
}

/** A carrier's refusal (bad address, cancelled too late ...) with its own message. */
export class CarrierError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

/** One carrier API. */
export interface CarrierAdapter {
  createShipment(s: CreateShipment): Promise<CreatedShipment>;
  /** Cancels a shipment not yet handed over; refused (CarrierError) after pickup. */
  cancelShipment(trackingNo: string): Promise<void>;
  trackingEvents(trackingNo: string): Promise<TrackingEvent[]>;
}

/** A consolidator-style JSON API: `POST /api/v1/shipments`, `POST /api/v1/shipments/{no}/cancel`, `GET /api/v1/shipments/{no}/events`. */
export class ConsolidatorCarrier implements CarrierAdapter {
  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string,
    private readonly timeoutMs = 15_000,
  ) {}

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers: { 'content-type': 'application/json', 'x-api-key': this.apiKey },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch {
      throw new CarrierError('物流商接口无法连接,请稍后重试', true);
    }
    const json = (await res.json().catch(() => null)) as { code?: number; message?: string; data?: T } | null;
    if (res.ok && json && json.code === 0) return json.data as T;
    const retryable = res.status === 429 || res.status >= 500;
    throw new CarrierError(`物流商拒绝:${json?.message ?? `HTTP ${res.status}`}`, retryable);
  }

  createShipment(s: CreateShipment): Promise<CreatedShipment> {
    return this.call('POST', '/api/v1/shipments', s);
  }

  async cancelShipment(trackingNo: string): Promise<void> {
    await this.call('POST', `/api/v1/shipments/${encodeURIComponent(trackingNo)}/cancel`);
  }

  async trackingEvents(trackingNo: string): Promise<TrackingEvent[]> {
    const d = await this.call<{ events: TrackingEvent[] }>(
      'GET',
      `/api/v1/shipments/${encodeURIComponent(trackingNo)}/events`,
    );
    return d.events;
  }
}
