import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../../db/types.js';

/** Translation memory: a provider's answer for a protected source text. */
export interface TranslationMemoryTable {
  id: Generated<number>;
  tenant_id: number;
  provider: string;
  source_lang: string;
  target_lang: string;
  format: string;
  source_hash: string;
  source_text: string;
  translated_text: string;
  created_at: Timestamp;
}

/** A user's correction of a translation, reused for the same source text and language pair. */
export interface TranslationCorrectionsTable {
  id: Generated<number>;
  tenant_id: number;
  source_lang: string;
  target_lang: string;
  source_hash: string;
  source_text: string;
  text: string;
  user_id: number;
  updated_at: Timestamp;
}

/** Hashes of texts a machine delivered (a target field equal to one of them was not edited by hand). */
export interface TranslationOutputsTable {
  tenant_id: number;
  target_lang: string;
  output_hash: string;
}

/** Glossary: do-not-translate terms (no translation) and forced translations per language. */
export interface TranslationGlossaryTable {
  id: Generated<number>;
  tenant_id: number;
  term: string;
  lang: Generated<string>;
  translation: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Characters sent to a provider per tenant and day. */
export interface TranslationUsageTable {
  tenant_id: number;
  provider: string;
  day: ColumnType<Date, string, string>;
  chars: Generated<number>;
  texts: Generated<number>;
}

declare module '../../db/types.js' {
  /** The tables of this module (translation memory, corrections, glossary and usage; translation jobs are rows of `jobs`). */
  interface DB {
    translation_memory: TranslationMemoryTable;
    translation_corrections: TranslationCorrectionsTable;
    translation_outputs: TranslationOutputsTable;
    translation_glossary: TranslationGlossaryTable;
    translation_usage: TranslationUsageTable;
  }
}
