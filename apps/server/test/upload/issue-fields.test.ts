// Every issue code the upload pipeline and the simulated Amazon can produce names a field
// and opens it (issue 28 §1): readIssue gives a field with a Chinese name, its 去修改 link
// opens the editor on a pane and an element that the editor's source renders.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MARKETPLACES } from '@console/shared/constants/marketplaces';
import { editorField } from '@console/shared/schemas/upload';
import { describe, expect, it } from 'vitest';
import { editorFieldLink } from '../../../web/src/features/goods/amazon-upload/upload-model.js';
import { fieldTarget } from '../../../web/src/features/goods/goods-editor/field-target.js';
import { SIM_FEED_ISSUE } from '../../src/marketplace/simulator/sim-feeds.js';
import { SIM_ISSUE } from '../../src/marketplace/simulator/sim-validate.js';
import { type IssueRole, readIssue, UNREAD_FIELD } from '../../src/modules/upload/issue-reading.js';
import { LISTING_CHECK_CODES } from '../../src/modules/upload/listing-check.js';
import type { StoredIssue } from '../../src/modules/upload/upload.tables.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SERVER_SRC = path.resolve(HERE, '../../src');
const WEB_GOODS = path.resolve(HERE, '../../../web/src/features/goods');

function filesUnder(dir: string, ext: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return filesUnder(p, ext);
    return ext.test(name) && !name.includes('.test.') ? [p] : [];
  });
}

/** Every code the pipeline and the simulator produce, from their exported lists. */
const PRODUCED = [...new Set([...LISTING_CHECK_CODES, ...Object.values(SIM_ISSUE), ...Object.values(SIM_FEED_ISSUE)])];

/** Codes written as literals where an issue is built (`code: '90404'`, `checkIssue('8016', ...)`). */
function literalCodes(): { code: string; file: string }[] {
  const files = [
    ...filesUnder(path.join(SERVER_SRC, 'modules/upload'), /\.ts$/),
    ...filesUnder(path.join(SERVER_SRC, 'marketplace/simulator'), /\.ts$/),
  ];
  return files.flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    const found = [...text.matchAll(/\bcode:\s*'([A-Z]?\d+)'/g), ...text.matchAll(/checkIssue\(\s*'([^']+)'/g)];
    return found.map((m) => ({ code: m[1]!, file: path.relative(SERVER_SRC, file) }));
  });
}

/** The editor's panes (goods-editor.tsx `PANES`). */
const PANES = new Set(
  [
    ...readFileSync(path.join(WEB_GOODS, 'goods-editor/goods-editor.tsx'), 'utf8').matchAll(/\{ key: '(\d)', label:/g),
  ].map((m) => m[1]!),
);

/** The editor's source: its components, and the header's 上传到亚马逊 and the ledger panel. */
const EDITOR_SOURCE = [
  ...filesUnder(path.join(WEB_GOODS, 'goods-editor'), /\.tsx$/),
  path.join(WEB_GOODS, 'amazon-upload/editor-upload-button.tsx'),
  path.join(WEB_GOODS, 'amazon-upload/listing-badges.tsx'),
]
  .map((f) => readFileSync(f, 'utf8'))
  .join('\n');

/**
 * Whether the editor renders an element the selector finds: a literal `data-testid`; one
 * built from a value of the link (`attr-row-${def.name}` for `attr-row-color`, `title-${d.key}`
 * for `title-de`); or an antd form field, whose input id is its name.
 */
const renderedCache = new Map<string, boolean>();
function rendered(selector: string, linkValues: string[]): boolean {
  const key = `${selector}|${linkValues.join('|')}`;
  let found = renderedCache.get(key);
  if (found === undefined) {
    found = findRendered(selector, linkValues);
    renderedCache.set(key, found);
  }
  return found;
}

function findRendered(selector: string, linkValues: string[]): boolean {
  const testId = /^\[data-testid="([\w-]+)"\]$/.exec(selector)?.[1];
  if (testId) {
    if (EDITOR_SOURCE.includes(`data-testid="${testId}"`)) return true;
    // The link's value is one dash-separated part of the id: `title-` + `de`, `bullet-` + `de` + `-0`.
    const value = linkValues.find((v) => v && testId.includes(`-${v}`));
    if (!value) return false;
    const prefix = testId.slice(0, testId.lastIndexOf(`-${value}`) + 1);
    return EDITOR_SOURCE.includes(`data-testid={\`${prefix}\${`);
  }
  const id = /^#([\w-]+)$/.exec(selector)?.[1];
  if (id) return EDITOR_SOURCE.includes(`name="${id}"`) || EDITOR_SOURCE.includes(`id="${id}"`);
  return false;
}

/** Attributes an issue can name: every one the mapper fills, an image, a template attribute, none. */
const ATTRS: (string | undefined)[] = [
  undefined,
  'item_name',
  'bullet_point',
  'product_description',
  'generic_keyword',
  'purchasable_offer',
  'fulfillment_availability',
  'main_product_image_locator',
  'other_product_image_locator_3',
  'externally_assigned_product_identifier',
  'merchant_suggested_asin',
  'supplier_declared_has_product_identifier_exemption',
  'brand',
  'manufacturer',
  'parentage_level',
  'child_parent_sku_relationship',
  'variation_theme',
  'sku',
  'color',
  'item_type_keyword',
  'supplier_declared_dg_hz_regulation',
];
const ROLES: (IssueRole | undefined)[] = [undefined, 'single', 'parent', 'child'];
/** Every marketplace, and a code the console does not know. */
const MARKETPLACE_CODES = [...MARKETPLACES.map((m) => m.code), 'zz'];
const CHINESE = /[\u4e00-\u9fff]/;

function issue(code: string, attr: string | undefined, source: StoredIssue['source']): StoredIssue {
  return {
    code,
    message: `Sample message of ${code}`,
    severity: 'ERROR',
    attributeNames: attr ? [attr] : [],
    categories: [],
    source,
  };
}

/** Problems of one issue as the console shows it: its field, its Chinese, and where 去修改 lands. */
function problems(code: string, attr: string | undefined, role: IssueRole | undefined, marketplace: string): string[] {
  const out: string[] = [];
  for (const source of ['check', 'amazon'] as const) {
    const read = readIssue(issue(code, attr, source), marketplace, undefined, role);
    const where = `${code} ${source} attr=${attr ?? '-'} role=${role ?? '-'} ${marketplace}`;
    if (!editorField.safeParse(read.field).success) out.push(`${where}: no valid field`);
    if (!CHINESE.test(read.field.label)) out.push(`${where}: field label not Chinese (${read.field.label})`);
    if (!CHINESE.test(read.message_zh)) out.push(`${where}: message not Chinese`);
    const link = new URL(editorFieldLink(7, read.field), 'http://console');
    if (link.pathname !== '/goods/admin/update/7') out.push(`${where}: link ${link.pathname}`);
    for (const hasVariations of [false, true]) {
      const target = fieldTarget(link.searchParams, { hasVariations });
      if (!target) {
        out.push(`${where}: 去修改 opens nothing (${link.search})`);
        continue;
      }
      const values = [...['attr', 'lang', 'country'].map((k) => link.searchParams.get(k) ?? ''), target.lang ?? ''];
      if (!PANES.has(target.pane)) out.push(`${where}: no pane ${target.pane}`);
      if (!rendered(target.selector, values)) out.push(`${where}: the editor renders no ${target.selector}`);
      if (target.fallback && !rendered(target.fallback, values)) out.push(`${where}: no fallback ${target.fallback}`);
    }
  }
  return out;
}

describe('every issue names a field and opens it', () => {
  it('derives the codes from the pipeline and the simulator, and every literal code is among them', () => {
    expect(PRODUCED).toEqual(expect.arrayContaining(['C001', 'C006', '90220', '90244', '8016', '18027', '100002']));
    const stray = literalCodes().filter((c) => !PRODUCED.includes(c.code));
    expect(stray, 'an issue code written as a literal is missing from the exported code lists').toEqual([]);
  });

  it('reads every produced code by its own sentence and field, not as an unrecognised Amazon issue', () => {
    const unread = PRODUCED.filter((code) => {
      const r = readIssue(issue(code, undefined, 'amazon'), 'de');
      return r.message_zh.includes('无法识别') || r.field.label === UNREAD_FIELD.label;
    });
    expect(unread, 'codes issue-reading.ts has no sentence (chinese) or field (issueField) for').toEqual([]);
  });

  it('gives every code, with or without an attribute, a Chinese field whose 去修改 lands on a rendered element', () => {
    const all = [...PRODUCED, 'X99999', ''].flatMap((code) =>
      ATTRS.flatMap((attr) => ROLES.flatMap((role) => MARKETPLACE_CODES.flatMap((m) => problems(code, attr, role, m)))),
    );
    expect(all).toEqual([]);
  });

  it('says in Chinese when Amazon sends a code the console cannot read, and opens the 扩展属性 pane', () => {
    const r = readIssue(issue('X99999', undefined, 'amazon'), 'de');
    expect(r.message_zh).toContain('亚马逊返回了控制台无法识别的问题');
    expect(r.field).toEqual({ kind: 'attribute', label: expect.stringContaining('扩展属性') });
    expect(fieldTarget(new URLSearchParams('field=attribute'))).toMatchObject({ pane: '5' });
  });

  it('opens the product type picker for no product type, a type not offered, and 90003', () => {
    for (const code of ['C001', 'C002', '90003']) {
      const r = readIssue(issue(code, undefined, 'check'), 'fr');
      expect(r.field.kind, code).toBe('product_type');
      expect(fieldTarget(new URLSearchParams(`field=${r.field.kind}`))).toEqual({
        pane: '5',
        selector: '[data-testid="attr-product-type"]',
        fallback: '[data-testid="attributes-form"]',
      });
    }
  });

  it("opens a single product's EAN on 基础信息's 产品ID, a variation's in the variation table", () => {
    const single = readIssue(
      issue('C006', 'externally_assigned_product_identifier', 'check'),
      'de',
      undefined,
      'single',
    );
    expect(single.field).toEqual({ kind: 'ean', label: '基础信息 / 产品ID(EAN)' });
    const child = readIssue(issue('C006', 'externally_assigned_product_identifier', 'check'), 'de', undefined, 'child');
    expect(child.field.label).toBe('变体 / EAN');
    const q = new URLSearchParams('field=ean');
    expect(fieldTarget(q, { hasVariations: false })).toMatchObject({ pane: '0', selector: '#product_id' });
    expect(fieldTarget(q, { hasVariations: true })).toMatchObject({
      pane: '3',
      selector: '[data-testid="variation-table"]',
    });
  });
});
