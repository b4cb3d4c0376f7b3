import { MARKETPLACES } from '@console/shared/constants/marketplaces';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { type ChannelValues, insertSampleChannels, markSeeded } from './channel.repository.js';

/** The name of the seed mark of the sample channels (`logistics_seed_marks`). */
export const SAMPLE_SEED = 'sample-channels';

/** Every marketplace's country: the samples ship wherever a sandbox shop sells. */
const ALL = [...new Set(MARKETPLACES.map((m) => m.iso))].sort();
const EUROPE_AMERICA = ALL.filter((c) =>
  ['GB', 'DE', 'FR', 'IT', 'ES', 'NL', 'SE', 'PL', 'BE', 'US', 'CA', 'MX'].includes(c),
);

const base = {
  carrier_name: '',
  registration_fee: 0,
  volumetric_divisor: 0,
  battery_allowed: false,
  battery_surcharge: 0,
  service_fee: 100,
  min_weight_g: 0,
  max_weight_g: 2000,
  max_side_mm: 600,
  enabled: true,
} as const;

/**
 * The sample channels of a new installation (issue 29 §2): services of the sandbox carrier (the
 * loopback consolidator, docs/logistics.md "Carriers") with tariffs in the range of Chinese
 * consolidators' published prices of 2026, in fen and grams. They are examples: the operator
 * sets the contract prices (编辑) or disables them.
 */
export const SAMPLE_CHANNELS: readonly ChannelValues[] = [
  {
    ...base,
    name: '示例·云途全球专线挂号(普货)',
    carrier_code: 'YunExpress',
    service: '云途全球专线挂号(标准普货)',
    countries: ALL,
    first_weight_g: 50,
    first_price: 400,
    step_weight_g: 50,
    step_price: 400,
    registration_fee: 1800,
  },
  {
    ...base,
    name: '示例·燕文专线追踪小包(带电)',
    carrier_code: 'Yanwen',
    service: '燕文专线追踪小包(特货)',
    countries: EUROPE_AMERICA,
    first_weight_g: 100,
    first_price: 900,
    step_weight_g: 100,
    step_price: 900,
    registration_fee: 2000,
    battery_allowed: true,
    battery_surcharge: 500,
  },
  {
    ...base,
    name: '示例·中国邮政挂号小包',
    carrier_code: 'China Post',
    service: '中国邮政挂号小包',
    countries: ALL,
    first_weight_g: 100,
    first_price: 1200,
    step_weight_g: 100,
    step_price: 1100,
    registration_fee: 2600,
  },
  {
    ...base,
    name: '示例·顺丰国际标快',
    carrier_code: 'SF Express',
    service: '顺丰国际标快',
    countries: ALL,
    first_weight_g: 500,
    first_price: 12000,
    step_weight_g: 500,
    step_price: 3500,
    volumetric_divisor: 5000,
    battery_allowed: true,
    battery_surcharge: 1000,
    max_weight_g: 30000,
    max_side_mm: 1200,
  },
];

/**
 * Seeds the sample channels once per database, at start (`db/seed.ts`): only when the operator's
 * book (0) has no channel at all, and never again once done (a mark in `logistics_seed_marks`),
 * so samples the operator disabled or edited are not re-created and an installation that already
 * configured channels gets none. One transaction; concurrent starts insert once (the mark's key).
 * Returns the number of channels created.
 */
export async function ensureSampleChannels(db: Kysely<DB>, createdBy = 0): Promise<number> {
  return db.transaction().execute(async (trx) => {
    if (!(await markSeeded(trx, SAMPLE_SEED))) return 0;
    return insertSampleChannels(trx, createdBy, SAMPLE_CHANNELS);
  });
}
