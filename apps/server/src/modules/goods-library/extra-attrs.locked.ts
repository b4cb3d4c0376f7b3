import { derefSchemaNode } from '@console/shared/product-type/schema-node';
import type { SchemaNode } from '../../marketplace/product-type.catalog.js';
import type { ExtraAttrIssue } from './extra-attrs.validator.js';

const asNode = (v: unknown): SchemaNode | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as SchemaNode) : undefined;

const isBlank = (v: unknown): boolean => {
  if (v === undefined || v === null || v === '') return true;
  if (Array.isArray(v)) return v.every(isBlank);
  if (typeof v === 'object') return Object.values(v).every(isBlank);
  return false;
};

const deref = derefSchemaNode;

/** Values a node enumerates: its own `enum`, or those of its `anyOf` enum branches. */
function enumerated(n: SchemaNode): unknown[] {
  if (Array.isArray(n.enum)) return n.enum;
  const branches = Array.isArray(n.anyOf) ? n.anyOf.map(asNode) : [];
  return branches.flatMap((b) => (Array.isArray(b?.enum) ? (b.enum as unknown[]) : []));
}

/**
 * A hidden field with one possible value (a currency, a language tag): the schema sets it
 * from the marketplace, so it follows a marketplace change and is not the user's value.
 */
function pinned(n: SchemaNode): boolean {
  if (n.hidden !== true) return false;
  const values = new Set(enumerated(n));
  return values.size === 1 || (values.size === 0 && n.default !== undefined);
}

const title = (n: SchemaNode, fallback: string) => (typeof n.title === 'string' && n.title ? n.title : fallback);

const shown = (v: unknown) => {
  const text = typeof v === 'string' ? v : JSON.stringify(v);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
};

/**
 * Changes of stored `editable: false` values (Amazon's "not editable once the listing
 * exists") in an update of a product's extra attributes: every value that was saved under an
 * `editable: false` node of the product type's schema (or inside one) must be saved again
 * unchanged, at the same place. Empty locked fields may get their first value; attributes
 * the (new) product type does not have are not compared, since changing the type removes
 * them; hidden single-value fields (currency, language tag) follow the marketplace.
 * Unknown templates give no issues (the schema check reports them).
 */
export function lockedAttrChanges(
  schema: SchemaNode | undefined,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): ExtraAttrIssue[] {
  const props = asNode(schema?.properties);
  if (!schema || !props) return [];
  const issues: ExtraAttrIssue[] = [];
  const visit = (raw: SchemaNode, old: unknown, now: unknown, field: string, label: string, locked: boolean) => {
    if (isBlank(old)) return;
    const node = deref(schema, raw);
    const on = locked || node.editable === false;
    if (on && pinned(node)) return;
    const items = asNode(node.items);
    const fields = asNode(node.properties);
    if (items && Array.isArray(old)) {
      old.forEach((x, i) => {
        visit(items, x, Array.isArray(now) ? now[i] : undefined, `${field}[${i}]`, label, on);
      });
      return;
    }
    if (fields && asNode(old)) {
      const o = old as Record<string, unknown>;
      const n = asNode(now) ?? {};
      for (const [k, child] of Object.entries(fields)) {
        const c = asNode(child);
        if (!c) continue;
        const name = title(deref(schema, c), k);
        visit(c, o[k], n[k], `${field}.${k}`, name === label ? label : `${label}·${name}`, on);
      }
      return;
    }
    if (on && JSON.stringify(old) !== JSON.stringify(now)) {
      issues.push({
        attr: field.split(/[.[]/)[0]!,
        field,
        message: `${label}保存后不可修改(亚马逊不允许修改此项),已保存的值为 ${shown(old)}`,
      });
    }
  };
  for (const [name, old] of Object.entries(before)) {
    const node = asNode(props[name]);
    if (node) visit(node, old, after[name], name, title(node, name), false);
  }
  return issues;
}
