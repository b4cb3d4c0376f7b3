/** A node of a product type's JSON Schema (Amazon Product Type Definitions). */
export type SchemaNode = { [key: string]: unknown };

/** The value as a schema node, if it is a plain object. */
export const asSchemaNode = (v: unknown): SchemaNode | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as SchemaNode) : undefined;

/** Follows a local `$ref` (`#/$defs/x`), keeping the referring node's own keywords. */
export function derefSchemaNode(root: SchemaNode, node: SchemaNode): SchemaNode {
  const ref = node.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return node;
  let cur: unknown = root;
  for (const part of ref.slice(2).split('/')) cur = asSchemaNode(cur)?.[part];
  const { $ref: _ref, ...own } = node;
  return { ...(asSchemaNode(cur) ?? {}), ...own };
}
