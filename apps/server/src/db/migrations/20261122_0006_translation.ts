import { type Kysely, sql } from 'kysely';

/**
 * Machine translation: memory (one provider answer per tenant, language pair, format and
 * protected source text), user corrections, texts machines produced (to tell hand edits
 * apart), the glossary, usage per day, and product translation jobs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table translation_memory (
      id bigserial primary key,
      tenant_id integer not null,
      provider text not null,
      source_lang text not null,
      target_lang text not null,
      format text not null,
      source_hash text not null,
      source_text text not null,
      translated_text text not null,
      created_at timestamptz not null default now(),
      unique (tenant_id, provider, source_lang, target_lang, format, source_hash)
    )`.execute(db);
  await sql`
    create table translation_corrections (
      id bigserial primary key,
      tenant_id integer not null,
      source_lang text not null,
      target_lang text not null,
      source_hash text not null,
      source_text text not null,
      text text not null,
      user_id integer not null,
      updated_at timestamptz not null default now(),
      unique (tenant_id, source_lang, target_lang, source_hash)
    )`.execute(db);
  await sql`
    create table translation_outputs (
      tenant_id integer not null,
      target_lang text not null,
      output_hash text not null,
      primary key (tenant_id, target_lang, output_hash)
    )`.execute(db);
  await sql`
    create table translation_glossary (
      id serial primary key,
      tenant_id integer not null,
      term text not null,
      lang text not null default '',
      translation text not null default '',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index translation_glossary_term_idx on translation_glossary (tenant_id, lower(term), lang)`.execute(
    db,
  );
  await sql`
    create table translation_usage (
      tenant_id integer not null,
      provider text not null,
      day date not null,
      chars bigint not null default 0,
      texts integer not null default 0,
      primary key (tenant_id, provider, day)
    )`.execute(db);
  await sql`
    create table translate_jobs (
      id uuid primary key,
      tenant_id integer not null,
      user_id integer not null,
      status text not null default 'queued' check (status in ('queued', 'running', 'done', 'failed')),
      params jsonb not null,
      progress integer not null default 0,
      total integer not null default 0,
      result jsonb not null default '[]',
      error text not null default '',
      created_at timestamptz not null default now(),
      finished_at timestamptz
    )`.execute(db);
  await sql`create index translate_jobs_tenant_idx on translate_jobs (tenant_id, created_at desc)`.execute(db);
}
