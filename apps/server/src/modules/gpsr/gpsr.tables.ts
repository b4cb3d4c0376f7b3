import type { GpsrDocument } from '@console/shared/schemas/gpsr';
import type { Generated } from 'kysely';
import type { Json, Timestamp } from '../../db/types.js';

/** A compliance profile of a tenant (migration 20261206_180000). */
export interface GpsrProfilesTable {
  id: Generated<number>;
  tenant_id: number;
  creator_id: number;
  name: string;
  manufacturer_name: string;
  manufacturer_address: string;
  manufacturer_email: string;
  rp_name: string;
  rp_address: string;
  rp_email: string;
  safety_attestation: boolean;
  /** Safety warnings by language (`de`, `fr` ...). */
  warnings: Json<Record<string, string>>;
  documents: Json<GpsrDocument[]>;
  remark: string;
  /** What the profile lacks for the EU (`GPSR_MISSING` keys), computed on save. */
  missing: string[];
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
}

/** The profile a product uses in one EU marketplace. */
export interface GpsrLinksTable {
  tenant_id: number;
  goods_id: number;
  marketplace: string;
  profile_id: number;
  updated_by: number;
  updated_at: Timestamp;
}

declare module '../../db/types.js' {
  /** The tables of the GPSR helper. */
  interface DB {
    gpsr_profiles: GpsrProfilesTable;
    gpsr_links: GpsrLinksTable;
  }
}
