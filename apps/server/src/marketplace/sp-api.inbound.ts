import { sleep } from './http-retry.js';
import { arrayOf, type Checked, shape } from './shape.js';
import type { SpApiHttp } from './sp-api.http.js';
import type {
  CreateInboundPlanRequest,
  CreateInboundPlanResponse,
  GenerateTransportationOptionsRequest,
  GetLabelsQuery,
  InboundBox,
  InboundItem,
  InboundOperationStatus,
  InboundPlan,
  InboundPlanSummary,
  InboundShipmentItem,
  ListInboundPlansQuery,
  OperationProblem,
  PackingOption,
  Pagination,
  PlacementOption,
  SetPackingInformationRequest,
  Shipment,
  TransportationOption,
  TransportationSelection,
  UpdateShipmentTrackingDetailsRequest,
} from './sp-api.inbound.types.js';

/**
 * Fulfillment Inbound 2024-03-20, the FBA first leg (`/inbound/fba/2024-03-20`): create a plan,
 * choose packing, give the boxes, choose placement (the fulfilment centres) and
 * transportation, then print the labels (v0 getLabels) and read what Amazon received (v0
 * getShipmentItemsByShipmentId). Every step that changes something is asynchronous: it answers
 * an `operationId`, followed with `waitForOperation` until SUCCESS or FAILED.
 */

const BASE = '/inbound/fba/2024-03-20';
const plan = (id: string) => `${BASE}/inboundPlans/${encodeURIComponent(id)}`;

const operationAnswer = shape<{ operationId: string }>({ operationId: 'string' }, '异步操作应答');
const operationStatus = shape<InboundOperationStatus>(
  { operation: 'string', operationId: 'string', operationStatus: 'string', operationProblems: 'array' },
  '操作状态',
);

/** A page of a list operation. */
export interface Page {
  pageSize?: number;
  paginationToken?: string;
}

/** How `waitForOperation` polls. */
export interface FollowOptions {
  /** First wait between polls in ms at time scale 1 (default 1000); grows 1.5x per poll up to `maxPollMs`. */
  pollMs?: number;
  /** Longest wait between polls at time scale 1 (default 15 s). */
  maxPollMs?: number;
  /** Give up after this many status reads (default 60). */
  maxPolls?: number;
  /** Give up after this long at time scale 1 (default 10 minutes). */
  timeoutMs?: number;
}

/** An operation still IN_PROGRESS when `waitForOperation` gave up: ask again later with its id. */
export class InboundOperationPending extends Error {
  constructor(
    readonly operationId: string,
    readonly polls: number,
  ) {
    super(`亚马逊仍在处理该操作(${operationId}),已查询${polls}次,请稍后刷新`);
    this.name = 'InboundOperationPending';
  }
}

/** An operation that ended FAILED: Amazon's problems, and a Chinese message naming them. */
export class InboundOperationFailed extends Error {
  constructor(readonly status: InboundOperationStatus) {
    super(operationFailureMessage(status));
    this.name = 'InboundOperationFailed';
  }

  get problems(): OperationProblem[] {
    return this.status.operationProblems;
  }
}

/** The Chinese message of a failed operation: Amazon's problems with their codes (English, as Amazon wrote them). */
export function operationFailureMessage(s: InboundOperationStatus): string {
  const errors = s.operationProblems.filter((p) => p.severity !== 'WARNING');
  const list = (errors.length ? errors : s.operationProblems).map((p) => `${p.code}: ${p.message}`).join('; ');
  return `亚马逊处理${s.operation}失败${list ? `: ${list}` : ''}`;
}

/** Fulfillment Inbound 2024-03-20 and the v0 label and receipt reads. */
export class FulfillmentInboundApi {
  constructor(
    private readonly http: SpApiHttp,
    /** The scheduler's time scale: polling waits are divided by it, as every other wait. */
    private readonly scale = 1,
  ) {}

  private async op(
    operation: Parameters<SpApiHttp['send']>[0]['operation'],
    path: string,
    body?: unknown,
    method: 'POST' | 'PUT' = 'POST',
  ): Promise<string> {
    const r = await this.http.send({ operation, method, path, body, check: operationAnswer });
    return r.body.operationId;
  }

  private async get<T>(
    operation: Parameters<SpApiHttp['send']>[0]['operation'],
    path: string,
    check: (b: unknown) => Checked<T>,
    query?: Record<string, string | number | undefined>,
  ): Promise<T> {
    return (await this.http.send({ operation, method: 'GET', path, query, check })).body;
  }

  /** createInboundPlan: the plan's id at once; the plan is made asynchronously (follow `operationId`). */
  async createInboundPlan(body: CreateInboundPlanRequest): Promise<CreateInboundPlanResponse> {
    const r = await this.http.send({
      operation: 'createInboundPlan',
      method: 'POST',
      path: `${BASE}/inboundPlans`,
      body,
      check: shape<CreateInboundPlanResponse>({ inboundPlanId: 'string', operationId: 'string' }, '入库计划'),
    });
    return r.body;
  }

  /**
   * listInboundPlans: the seller's plans, one page (newest first with `sortOrder: 'DESC'`), e.g.
   * to find a plan whose createInboundPlan answer was lost (a POST is not sent twice).
   */
  listInboundPlans(
    q: ListInboundPlansQuery = {},
  ): Promise<{ inboundPlans: InboundPlanSummary[]; pagination?: Pagination }> {
    return this.get(
      'listInboundPlans',
      `${BASE}/inboundPlans`,
      shape(
        { inboundPlans: arrayOf({ inboundPlanId: 'string', status: 'string', name: 'string' }, '入库计划') },
        '入库计划列表',
      ),
      { ...q },
    );
  }

  /** getInboundPlan: status, options and shipments of a plan. */
  getInboundPlan(inboundPlanId: string): Promise<InboundPlan> {
    return this.get(
      'getInboundPlan',
      plan(inboundPlanId),
      shape<InboundPlan>({ inboundPlanId: 'string', status: 'string', marketplaceIds: 'array' }, '入库计划'),
    );
  }

  /** cancelInboundPlan (PUT, asynchronous). */
  cancelInboundPlan(inboundPlanId: string): Promise<string> {
    return this.op('cancelInboundPlan', `${plan(inboundPlanId)}/cancellation`, undefined, 'PUT');
  }

  /** listInboundPlanItems: one page of the plan's items with their FNSKU. */
  listInboundPlanItems(
    inboundPlanId: string,
    page: Page = {},
  ): Promise<{ items: InboundItem[]; pagination?: Pagination }> {
    return this.get('listInboundPlanItems', `${plan(inboundPlanId)}/items`, itemsPage, { ...page });
  }

  /** listInboundPlanBoxes: one page of the plan's boxes. */
  listInboundPlanBoxes(
    inboundPlanId: string,
    page: Page = {},
  ): Promise<{ boxes: InboundBox[]; pagination?: Pagination }> {
    return this.get('listInboundPlanBoxes', `${plan(inboundPlanId)}/boxes`, boxesPage, { ...page });
  }

  /** generatePackingOptions (asynchronous). */
  generatePackingOptions(inboundPlanId: string): Promise<string> {
    return this.op('generatePackingOptions', `${plan(inboundPlanId)}/packingOptions`);
  }

  /** listPackingOptions: the options generated so far. */
  listPackingOptions(
    inboundPlanId: string,
    page: Page = {},
  ): Promise<{ packingOptions: PackingOption[]; pagination?: Pagination }> {
    return this.get(
      'listPackingOptions',
      `${plan(inboundPlanId)}/packingOptions`,
      shape(
        {
          packingOptions: arrayOf({ packingOptionId: 'string', packingGroups: 'array', status: 'string' }, '装箱方案'),
        },
        '装箱方案',
      ),
      { ...page },
    );
  }

  /** confirmPackingOption (asynchronous). */
  confirmPackingOption(inboundPlanId: string, packingOptionId: string): Promise<string> {
    return this.op(
      'confirmPackingOption',
      `${plan(inboundPlanId)}/packingOptions/${encodeURIComponent(packingOptionId)}/confirmation`,
    );
  }

  /** listPackingGroupItems: the MSKUs that go into the boxes of one packing group. */
  listPackingGroupItems(
    inboundPlanId: string,
    packingGroupId: string,
    page: Page = {},
  ): Promise<{ items: InboundItem[]; pagination?: Pagination }> {
    return this.get(
      'listPackingGroupItems',
      `${plan(inboundPlanId)}/packingGroups/${encodeURIComponent(packingGroupId)}/items`,
      itemsPage,
      { ...page },
    );
  }

  /** setPackingInformation: the boxes of each packing group (asynchronous; FAILED with problems for bad boxes). */
  setPackingInformation(inboundPlanId: string, body: SetPackingInformationRequest): Promise<string> {
    return this.op('setPackingInformation', `${plan(inboundPlanId)}/packingInformation`, body);
  }

  /** generatePlacementOptions (asynchronous): where Amazon wants the boxes, maybe split across centres. */
  generatePlacementOptions(inboundPlanId: string): Promise<string> {
    return this.op('generatePlacementOptions', `${plan(inboundPlanId)}/placementOptions`, {});
  }

  /** listPlacementOptions: each option's shipments and fees. */
  listPlacementOptions(
    inboundPlanId: string,
    page: Page = {},
  ): Promise<{ placementOptions: PlacementOption[]; pagination?: Pagination }> {
    return this.get(
      'listPlacementOptions',
      `${plan(inboundPlanId)}/placementOptions`,
      shape(
        {
          placementOptions: arrayOf(
            { placementOptionId: 'string', shipmentIds: 'array', status: 'string' },
            '分仓方案',
          ),
        },
        '分仓方案',
      ),
      { ...page },
    );
  }

  /** confirmPlacementOption (asynchronous; final for the plan). */
  confirmPlacementOption(inboundPlanId: string, placementOptionId: string): Promise<string> {
    return this.op(
      'confirmPlacementOption',
      `${plan(inboundPlanId)}/placementOptions/${encodeURIComponent(placementOptionId)}/confirmation`,
    );
  }

  /** getShipment: destination, status, confirmation id and tracking of one shipment. */
  getShipment(inboundPlanId: string, shipmentId: string): Promise<Shipment> {
    return this.get(
      'getShipment',
      `${plan(inboundPlanId)}/shipments/${encodeURIComponent(shipmentId)}`,
      shape<Shipment>(
        { shipmentId: 'string', placementOptionId: 'string', source: 'object', destination: 'object' },
        '货件',
      ),
    );
  }

  /** listShipmentBoxes: one page of a shipment's boxes. */
  listShipmentBoxes(
    inboundPlanId: string,
    shipmentId: string,
    page: Page = {},
  ): Promise<{ boxes: InboundBox[]; pagination?: Pagination }> {
    return this.get(
      'listShipmentBoxes',
      `${plan(inboundPlanId)}/shipments/${encodeURIComponent(shipmentId)}/boxes`,
      boxesPage,
      { ...page },
    );
  }

  /** listShipmentItems: one page of a shipment's items. */
  listShipmentItems(
    inboundPlanId: string,
    shipmentId: string,
    page: Page = {},
  ): Promise<{ items: InboundItem[]; pagination?: Pagination }> {
    return this.get(
      'listShipmentItems',
      `${plan(inboundPlanId)}/shipments/${encodeURIComponent(shipmentId)}/items`,
      itemsPage,
      { ...page },
    );
  }

  /** generateTransportationOptions (asynchronous) for the shipments of a placement option. */
  generateTransportationOptions(inboundPlanId: string, body: GenerateTransportationOptionsRequest): Promise<string> {
    return this.op('generateTransportationOptions', `${plan(inboundPlanId)}/transportationOptions`, body);
  }

  /** listTransportationOptions of a placement option or one shipment. */
  listTransportationOptions(
    inboundPlanId: string,
    by: { placementOptionId?: string; shipmentId?: string } & Page,
  ): Promise<{ transportationOptions: TransportationOption[]; pagination?: Pagination }> {
    return this.get(
      'listTransportationOptions',
      `${plan(inboundPlanId)}/transportationOptions`,
      shape(
        {
          transportationOptions: arrayOf(
            {
              transportationOptionId: 'string',
              shipmentId: 'string',
              shippingMode: 'string',
              shippingSolution: 'string',
            },
            '运输方案',
          ),
        },
        '运输方案',
      ),
      { ...by },
    );
  }

  /** confirmTransportationOptions (asynchronous): one option per shipment; the shipments become READY_TO_SHIP. */
  confirmTransportationOptions(
    inboundPlanId: string,
    transportationSelections: TransportationSelection[],
  ): Promise<string> {
    return this.op('confirmTransportationOptions', `${plan(inboundPlanId)}/transportationOptions/confirmation`, {
      transportationSelections,
    });
  }

  /** updateShipmentTrackingDetails (PUT, asynchronous): the carrier's tracking ids; the shipment is then SHIPPED. */
  updateShipmentTrackingDetails(
    inboundPlanId: string,
    shipmentId: string,
    body: UpdateShipmentTrackingDetailsRequest,
  ): Promise<string> {
    return this.op(
      'updateShipmentTrackingDetails',
      `${plan(inboundPlanId)}/shipments/${encodeURIComponent(shipmentId)}/trackingDetails`,
      body,
      'PUT',
    );
  }

  /** getInboundOperationStatus: one read of an operation's status. */
  getInboundOperationStatus(operationId: string): Promise<InboundOperationStatus> {
    return this.get(
      'getInboundOperationStatus',
      `${BASE}/operations/${encodeURIComponent(operationId)}`,
      operationStatus,
    );
  }

  /**
   * Follows an operation until SUCCESS or FAILED (returned, problems included). Every read
   * books its rate-limit slot like any request; between reads it waits `pollMs` growing 1.5x
   * (divided by the time scale). Bounded: after `maxPolls` reads or `timeoutMs`, throws
   * `InboundOperationPending` (the operation goes on at Amazon; ask again with its id).
   */
  async waitForOperation(operationId: string, opts: FollowOptions = {}): Promise<InboundOperationStatus> {
    const maxPolls = opts.maxPolls ?? 60;
    const deadline = performance.now() + (opts.timeoutMs ?? 600_000) / this.scale;
    let wait = opts.pollMs ?? 1000;
    for (let polls = 1; ; polls++) {
      const s = await this.getInboundOperationStatus(operationId);
      if (s.operationStatus !== 'IN_PROGRESS') return s;
      const pause = wait / this.scale;
      if (polls >= maxPolls || performance.now() + pause > deadline)
        throw new InboundOperationPending(operationId, polls);
      await sleep(pause);
      wait = Math.min(opts.maxPollMs ?? 15_000, wait * 1.5);
    }
  }

  /** Starts an operation and follows it; FAILED throws `InboundOperationFailed`. */
  async run(start: Promise<string>, opts: FollowOptions = {}): Promise<InboundOperationStatus> {
    const s = await this.waitForOperation(await start, opts);
    if (s.operationStatus === 'FAILED') throw new InboundOperationFailed(s);
    return s;
  }

  /** Every page of a list, following `pagination.nextToken` (bounded by `maxPages`). */
  async all<T>(
    read: (page: Page) => Promise<{ pagination?: Pagination } & Record<string, unknown>>,
    key: string,
    maxPages = 100,
  ): Promise<T[]> {
    const out: T[] = [];
    let token: string | undefined;
    for (let i = 0; i < maxPages; i++) {
      const r = await read(token ? { paginationToken: token } : {});
      out.push(...((r[key] as T[] | undefined) ?? []));
      token = r.pagination?.nextToken;
      if (!token) break;
    }
    return out;
  }

  /**
   * getLabels (v0, `/fba/inbound/v0/shipments/{shipmentId}/labels`) with the shipment's
   * `shipmentConfirmationId`: the URL of the labels' PDF (valid for a short time: download at once).
   */
  async getLabels(shipmentConfirmationId: string, q: GetLabelsQuery): Promise<{ DownloadURL: string }> {
    const r = await this.http.send({
      operation: 'getLabels',
      method: 'GET',
      path: `/fba/inbound/v0/shipments/${encodeURIComponent(shipmentConfirmationId)}/labels`,
      query: { ...q },
      check: shape<{ payload: { DownloadURL: string } }>(
        { payload: (v) => (shape({ DownloadURL: 'string' }, '标签')(v).ok ? null : '标签缺少DownloadURL') },
        '标签应答',
      ),
    });
    return r.body.payload;
  }

  /** getShipmentItemsByShipmentId (v0): per SKU the quantity shipped and the quantity Amazon received. */
  async getShipmentItemsByShipmentId(
    shipmentConfirmationId: string,
    marketplaceId?: string,
  ): Promise<InboundShipmentItem[]> {
    const r = await this.http.send({
      operation: 'getShipmentItemsByShipmentId',
      method: 'GET',
      path: `/fba/inbound/v0/shipments/${encodeURIComponent(shipmentConfirmationId)}/items`,
      query: { MarketplaceId: marketplaceId },
      check: shape<{ payload: { ItemData: InboundShipmentItem[] } }>(
        {
          payload: (v) =>
            shape({ ItemData: arrayOf({ SellerSKU: 'string', QuantityShipped: 'number' }, '货件商品') }, '货件商品')(v)
              .ok
              ? null
              : '货件商品格式不正确',
        },
        '货件商品应答',
      ),
    });
    return r.body.payload.ItemData;
  }
}

const itemsPage = shape<{ items: InboundItem[]; pagination?: Pagination }>(
  { items: arrayOf({ msku: 'string', fnsku: 'string', asin: 'string', quantity: 'number' }, '商品') },
  '商品列表',
);
const boxesPage = shape<{ boxes: InboundBox[]; pagination?: Pagination }>(
  { boxes: arrayOf({ packageId: 'string' }, '箱子') },
  '箱子列表',
);
