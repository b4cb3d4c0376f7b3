import { FBA_SHIPMENT_STEPS, type FbaShipmentStep } from '@console/shared/schemas/fba-shipment';
import type { FbaProblem } from './fba-shipment.tables.js';

/**
 * Amazon's operation problems in Chinese (Amazon publishes no list of codes: these are the ones
 * the vendored model's examples and the simulator use; others are shown by their code).
 */
const PROBLEM_NAMES: Record<string, string> = {
  BoxDimensionsMissing: '箱子缺少尺寸(长、宽、高)',
  BoxWeightMissing: '箱子缺少重量',
  BoxDimensionsOverLimit: '箱子尺寸超过上限(单边63.5厘米)',
  BoxWeightOverLimit: '箱子重量超过上限(23公斤)',
  BoxItemNotInPackingGroup: '箱内商品不属于该装箱组(不同仓的商品不能混装)',
  BoxContentsMissing: '箱子缺少箱内商品信息',
  QuantityMismatch: '箱内商品数量与计划数量不一致',
  PackingGroupMissing: '有装箱组没有箱子',
  HazmatItemRestricted: '商品为危险品,受限不能入仓',
  MskuNotFound: '店铺在该站点没有此MSKU的商品',
  ShipmentConfigurationMissing: '货件缺少运输配置',
};

const STEP_NAMES = Object.fromEntries(FBA_SHIPMENT_STEPS) as Record<FbaShipmentStep, string>;

/** One problem in Chinese with Amazon's code (and the MSKU or box it names, when given). */
export function problemText(p: FbaProblem & { details?: string }): string {
  const name = PROBLEM_NAMES[p.code] ?? p.message;
  return `${name}(${p.code}${p.details ? `: ${p.details}` : ''})`;
}

/** The Chinese summary of a failed step: its name and Amazon's errors (warnings only when there is no error). */
export function failureSummary(step: FbaShipmentStep, problems: (FbaProblem & { details?: string })[]): string {
  const errors = problems.filter((p) => p.severity !== 'WARNING');
  const list = (errors.length ? errors : problems).map(problemText);
  return `${STEP_NAMES[step]}失败${list.length ? `:${list.join(';')}` : ''}`;
}
