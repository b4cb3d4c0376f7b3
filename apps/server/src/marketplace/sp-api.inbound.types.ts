/**
 * Fulfillment Inbound 2024-03-20 (`vendor/amazon-sp-api/models/fulfillment-inbound-api-model/
 * fulfillmentInbound_2024-03-20.json`) and the two v0 operations the workflow still needs
 * (`fulfillmentInboundV0.json`: getLabels, getShipmentItemsByShipmentId). The types are the
 * models' definitions with the same names (fields the console reads or sends).
 */

/** `LabelOwner` / `PrepOwner`. */
export type InboundOwner = 'AMAZON' | 'SELLER' | 'NONE';

/** `ItemInput`: one MSKU of a plan or a box. */
export interface ItemInput {
  msku: string;
  quantity: number;
  labelOwner: InboundOwner;
  prepOwner: InboundOwner;
  /** `YYYY-MM-DD`. */
  expiration?: string;
  manufacturingLotCode?: string;
}

/** `AddressInput` (the ship-from address). */
export interface AddressInput {
  name: string;
  addressLine1: string;
  addressLine2?: string;
  city: string;
  stateOrProvinceCode?: string;
  districtOrCounty?: string;
  postalCode: string;
  countryCode: string;
  phoneNumber: string;
  companyName?: string;
  email?: string;
}

/** `Address` of answers (phone optional). */
export type InboundAddress = Omit<AddressInput, 'phoneNumber'> & { phoneNumber?: string };

/** `CreateInboundPlanRequest`. */
export interface CreateInboundPlanRequest {
  /** Exactly one marketplace. */
  destinationMarketplaces: [string];
  items: ItemInput[];
  sourceAddress: AddressInput;
  name?: string;
}

/** `CreateInboundPlanResponse`. */
export interface CreateInboundPlanResponse {
  inboundPlanId: string;
  operationId: string;
}

/** `OperationStatus`. */
export type OperationStatus = 'SUCCESS' | 'FAILED' | 'IN_PROGRESS';

/** `OperationProblem`. */
export interface OperationProblem {
  code: string;
  message: string;
  /** `WARNING` or `ERROR`. */
  severity: string;
  details?: string;
}

/** `InboundOperationStatus`. */
export interface InboundOperationStatus {
  operation: string;
  operationId: string;
  operationStatus: OperationStatus;
  operationProblems: OperationProblem[];
}

/** `Currency`: an amount in major units as a JSON number (read it with `moneyFromNumber`). */
export interface Currency {
  amount: number;
  code: string;
}

/** `Incentive`: a fee or a discount of a packing or placement option. */
export interface Incentive {
  /** `FEE` or `DISCOUNT`. */
  type: string;
  target: string;
  description: string;
  value: Currency;
}

/** `Pagination`. */
export interface Pagination {
  nextToken?: string;
}

/** `PackingOption`. */
export interface PackingOption {
  packingOptionId: string;
  packingGroups: string[];
  /** `OFFERED`, `ACCEPTED`, `EXPIRED`. */
  status: string;
  fees: Incentive[];
  discounts: Incentive[];
  expiration?: string;
  supportedConfigurations: unknown[];
  supportedShippingConfigurations: { shippingMode?: string; shippingSolution?: string }[];
}

/** `Dimensions`. */
export interface Dimensions {
  length: number;
  width: number;
  height: number;
  unitOfMeasurement: 'IN' | 'CM';
}

/** `Weight`. */
export interface Weight {
  value: number;
  unit: 'LB' | 'KG';
}

/** `BoxContentInformationSource`. */
export type BoxContentInformationSource = 'BOX_CONTENT_PROVIDED' | 'MANUAL_PROCESS' | 'BARCODE_2D';

/** `BoxInput`: `quantity` identical boxes. */
export interface BoxInput {
  contentInformationSource: BoxContentInformationSource;
  dimensions: Dimensions;
  weight: Weight;
  quantity: number;
  /** What one box holds. */
  items?: ItemInput[];
}

/** `PackageGroupingInput`: the boxes of one packing group. */
export interface PackageGroupingInput {
  packingGroupId?: string;
  shipmentId?: string;
  boxes: BoxInput[];
}

/** `SetPackingInformationRequest`. */
export interface SetPackingInformationRequest {
  packageGroupings: PackageGroupingInput[];
}

/** `PlacementOption`. */
export interface PlacementOption {
  placementOptionId: string;
  shipmentIds: string[];
  status: string;
  fees: Incentive[];
  discounts: Incentive[];
  expiration?: string;
}

/** `Item` of answers. */
export interface InboundItem {
  msku: string;
  asin: string;
  fnsku: string;
  labelOwner: string;
  quantity: number;
  prepInstructions: { prepType?: string; prepOwner?: string; fee?: Currency }[];
  expiration?: string;
  manufacturingLotCode?: string;
}

/** `Box` of answers. */
export interface InboundBox {
  packageId: string;
  /** Amazon's box id (`FBA...U000001`), once transportation is confirmed. */
  boxId?: string;
  contentInformationSource?: BoxContentInformationSource;
  destinationRegion?: { countryCode?: string; state?: string; warehouseId?: string };
  dimensions?: Dimensions;
  weight?: Weight;
  quantity?: number;
  items?: InboundItem[];
}

/** `ShipmentSummary` of a plan. */
export interface ShipmentSummary {
  shipmentId: string;
  status: string;
}

/** `InboundPlan` (`getInboundPlan`). */
export interface InboundPlan {
  inboundPlanId: string;
  name: string;
  /** `ACTIVE`, `VOIDED`, `SHIPPED`, `ERRORED`. */
  status: string;
  marketplaceIds: string[];
  sourceAddress: InboundAddress;
  createdAt: string;
  lastUpdatedAt: string;
  packingOptions?: { packingOptionId: string; status: string }[];
  placementOptions?: { placementOptionId: string; status: string }[];
  shipments?: ShipmentSummary[];
}

/** `InboundPlanSummary` of `listInboundPlans`. */
export type InboundPlanSummary = Omit<InboundPlan, 'packingOptions' | 'placementOptions' | 'shipments'>;

/** The query of `listInboundPlans`. */
export interface ListInboundPlansQuery {
  status?: 'ACTIVE' | 'VOIDED' | 'SHIPPED';
  sortBy?: 'LAST_UPDATED_TIME' | 'CREATION_TIME';
  sortOrder?: 'ASC' | 'DESC';
  /** 1-30, default 10. */
  pageSize?: number;
  paginationToken?: string;
}

/** Shipment statuses of the model, in the order a shipment normally goes through them. */
export const SHIPMENT_STATUSES = [
  'UNCONFIRMED',
  'WORKING',
  'READY_TO_SHIP',
  'SHIPPED',
  'IN_TRANSIT',
  'DELIVERED',
  'CHECKED_IN',
  'RECEIVING',
  'CLOSED',
] as const;

/** `Shipment` (`getShipment`). */
export interface Shipment {
  shipmentId: string;
  placementOptionId: string;
  /** See `SHIPMENT_STATUSES`; also `CANCELLED`, `DELETED`, `ABANDONED`, `MIXED`. */
  status?: string;
  name?: string;
  /** The id on labels and of the v0 operations (`FBA1234ABCD`), once transportation is confirmed. */
  shipmentConfirmationId?: string;
  amazonReferenceId?: string;
  selectedTransportationOptionId?: string;
  source: { sourceType: string; address?: InboundAddress };
  destination: { destinationType: string; warehouseId?: string; address?: InboundAddress };
  dates?: { readyToShipWindow?: { start: string; end: string; editableUntil?: string } };
  trackingDetails?: {
    spdTrackingDetail?: { spdTrackingItems?: { boxId?: string; trackingId?: string }[] };
    ltlTrackingDetail?: { billOfLadingNumber?: string; freightBillNumber?: string[] };
  };
}

/** `ContactInformation`. */
export interface ContactInformation {
  name: string;
  phoneNumber: string;
  email?: string;
}

/** `ShipmentTransportationConfiguration`. */
export interface ShipmentTransportationConfiguration {
  shipmentId: string;
  /** `WindowInput`: the day the boxes are ready to leave. */
  readyToShipWindow: { start: string };
  contactInformation?: ContactInformation;
  freightInformation?: { declaredValue?: Currency; freightClass?: string };
}

/** `GenerateTransportationOptionsRequest`. */
export interface GenerateTransportationOptionsRequest {
  placementOptionId: string;
  shipmentTransportationConfigurations: ShipmentTransportationConfiguration[];
}

/** `TransportationOption`. */
export interface TransportationOption {
  transportationOptionId: string;
  shipmentId: string;
  /** `GROUND_SMALL_PARCEL`, `FREIGHT_LTL`, ... */
  shippingMode: string;
  /** `AMAZON_PARTNERED_CARRIER` or `USE_YOUR_OWN_CARRIER`. */
  shippingSolution: string;
  carrier: { name?: string; alphaCode?: string };
  preconditions: string[];
  quote?: { cost: Currency; expiration?: string; voidableUntil?: string };
}

/** `TransportationSelection`. */
export interface TransportationSelection {
  shipmentId: string;
  transportationOptionId: string;
  contactInformation?: ContactInformation;
}

/** `UpdateShipmentTrackingDetailsRequest` (small parcel: one tracking id per box). */
export interface UpdateShipmentTrackingDetailsRequest {
  trackingDetails: {
    spdTrackingDetail?: { spdTrackingItems: { boxId: string; trackingId: string }[] };
    ltlTrackingDetail?: { freightBillNumber: [string]; billOfLadingNumber?: string };
  };
}

/** The `PageType` values of v0 getLabels. */
export type LabelPageType =
  | 'PackageLabel_Letter_2'
  | 'PackageLabel_Letter_4'
  | 'PackageLabel_Letter_6'
  | 'PackageLabel_Letter_6_CarrierLeft'
  | 'PackageLabel_A4_2'
  | 'PackageLabel_A4_4'
  | 'PackageLabel_Plain_Paper'
  | 'PackageLabel_Plain_Paper_CarrierBottom'
  | 'PackageLabel_Thermal'
  | 'PackageLabel_Thermal_Unified'
  | 'PackageLabel_Thermal_NonPCP'
  | 'PackageLabel_Thermal_No_Carrier_Rotation';

/** The query of v0 getLabels. */
export interface GetLabelsQuery {
  PageType: LabelPageType;
  LabelType: 'BARCODE_2D' | 'UNIQUE' | 'PALLET';
  NumberOfPackages?: number;
  /** Box ids (`FBA...U000001`) to print, for `UNIQUE`. */
  PackageLabelsToPrint?: string[];
  NumberOfPallets?: number;
  PageSize?: number;
  PageStartIndex?: number;
}

/** `InboundShipmentItem` of v0 getShipmentItemsByShipmentId: what was sent and what Amazon received. */
export interface InboundShipmentItem {
  ShipmentId?: string;
  SellerSKU: string;
  FulfillmentNetworkSKU?: string;
  QuantityShipped: number;
  QuantityReceived?: number;
  QuantityInCase?: number;
}
