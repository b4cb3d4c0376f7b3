import type { Migration } from 'kysely';
import * as accounts from './20261122_0001_accounts.js';
import * as goods from './20261122_0002_goods.js';
import * as goodsLibrary from './20261122_0003_goods_library.js';
import * as priceSettingsClaims from './20261122_0004_price_settings_claims.js';
import * as exportJobs from './20261122_0005_export_jobs.js';
import * as translation from './20261122_0006_translation.js';
import * as goodsTenantSearch from './20261122_0007_goods_tenant_search.js';
import * as goodsTypeStatus from './20261122_0008_goods_type_status.js';
import * as authNotify from './20261122_0009_auth_notify.js';

/** Every migration in order; names are timestamps so they sort. Forward only. */
export const migrations: Record<string, Migration> = {
  '20261122_0001_accounts': accounts,
  '20261122_0002_goods': goods,
  '20261122_0003_goods_library': goodsLibrary,
  '20261122_0004_price_settings_claims': priceSettingsClaims,
  '20261122_0005_export_jobs': exportJobs,
  '20261122_0006_translation': translation,
  '20261122_0007_goods_tenant_search': goodsTenantSearch,
  '20261122_0008_goods_type_status': goodsTypeStatus,
  '20261122_0009_auth_notify': authNotify,
};
