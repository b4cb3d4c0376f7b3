import { DeleteOutlined, DownOutlined, LockOutlined, PlusOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Select, Space, Tooltip } from 'antd';
import { type ReactNode, useState } from 'react';
import { LeafInput, type LeafValue } from './attr-input';
import type { FieldNode, GroupNode, LeafNode, ListNode } from './attr-schema';
import { emptyItem, getIn, isBlank, isFrozen, lockedRowCount, type Path, pathText } from './attr-values';

/**
 * What every field of one attribute needs: its name, the edit callbacks, the errors by path
 * text, and the attribute's value as last saved (`editable: false` fields with a saved value
 * are read-only).
 */
export interface AttrCtx {
  name: string;
  errors: ReadonlyMap<string, string>;
  saved: unknown;
  set: (path: Path, v: unknown) => void;
  remove: (path: Path, index: number) => void;
}

/** Tooltip of the lock icon of an `editable: false` field. */
export const LOCK_HINT = '亚马逊不允许修改此项:新商品可以填写,保存后只读';

/** Inline error text of a path (and its test id). */
export function ErrorText({ ctx, path }: { ctx: AttrCtx; path: Path }) {
  const at = pathText(ctx.name, path);
  const e = ctx.errors.get(at);
  if (!e) return null;
  return (
    <div className="attr-error" data-testid={`attr-error-${at}`}>
      {e}
    </div>
  );
}

const hasError = (ctx: AttrCtx, path: Path) => ctx.errors.has(pathText(ctx.name, path));

/** Label of a nested field: required marker, lock hint, description tooltip. */
function SubLabel({ node }: { node: FieldNode }) {
  const text = (
    <span className="attr-sub-label-text">
      {node.required && <span className="attr-req">*</span>}
      {node.label}
      {node.locked && (
        <Tooltip title={LOCK_HINT}>
          <LockOutlined className="attr-lock" />
        </Tooltip>
      )}
    </span>
  );
  return node.description ? <Tooltip title={node.description}>{text}</Tooltip> : text;
}

function Leaf({
  ctx,
  leaf,
  path,
  value,
  width,
}: {
  ctx: AttrCtx;
  leaf: LeafNode;
  path: Path;
  value: unknown;
  width?: number;
}) {
  const at = pathText(ctx.name, path);
  return (
    <>
      <LeafInput
        leaf={leaf}
        value={value}
        status={hasError(ctx, path) ? 'error' : undefined}
        testId={`attr-${at}`}
        width={width}
        disabled={isFrozen(leaf, getIn(ctx.saved, path))}
        onChange={(v: LeafValue) => ctx.set(path, v)}
      />
      <ErrorText ctx={ctx} path={path} />
    </>
  );
}

/** A value with its unit: number input and unit select side by side. */
function UnitPair({ ctx, node, path, value }: { ctx: AttrCtx; node: GroupNode; path: Path; value: unknown }) {
  const obj = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const valueNode = node.fields.find((f) => f.key === 'value') as LeafNode;
  const unitNode = node.fields.find((f) => f.key === 'unit') as LeafNode;
  const vp = [...path, 'value'];
  const up = [...path, 'unit'];
  return (
    <>
      <Space.Compact>
        <LeafInput
          leaf={valueNode}
          value={obj.value}
          status={hasError(ctx, vp) ? 'error' : undefined}
          testId={`attr-${pathText(ctx.name, vp)}`}
          width={valueNode.type === 'string' ? 220 : 160}
          disabled={isFrozen(valueNode, getIn(ctx.saved, vp))}
          onChange={(v) => ctx.set(vp, v)}
        />
        <LeafInput
          leaf={{ ...unitNode, label: '单位' }}
          value={obj.unit}
          status={hasError(ctx, up) ? 'error' : undefined}
          testId={`attr-${pathText(ctx.name, up)}`}
          width={150}
          disabled={isFrozen(unitNode, getIn(ctx.saved, up))}
          onChange={(v) => ctx.set(up, v)}
        />
      </Space.Compact>
      <ErrorText ctx={ctx} path={path} />
      <ErrorText ctx={ctx} path={vp} />
      <ErrorText ctx={ctx} path={up} />
    </>
  );
}

/** Props of a group of fields inside an object value. */
interface FieldGroupProps {
  ctx: AttrCtx;
  fields: FieldNode[];
  path: Path;
  obj: Record<string, unknown>;
}

/** Fields of a group under small labels. */
function SubFields({ ctx, fields, path, obj }: FieldGroupProps) {
  return fields.map((f) => (
    <div key={f.key} className="attr-sub">
      <div className="attr-sub-label">
        <SubLabel node={f} />
      </div>
      <div className="attr-sub-control">
        <Field ctx={ctx} node={f} path={[...path, f.key]} value={obj[f.key]} />
      </div>
    </div>
  ));
}

/**
 * Fields the schema hides although the user has to choose among several values (e.g.
 * `purchasable_offer.audience`): collapsed under 更多属性, open when one holds a value or an error.
 */
function AdvancedFields({ ctx, fields, path, obj }: FieldGroupProps) {
  const filled = fields.some((f) => !isBlank(obj[f.key]));
  const [open, setOpen] = useState(filled);
  const prefix = pathText(ctx.name, path);
  const erred = [...ctx.errors.keys()].some((k) => fields.some((f) => k.startsWith(`${prefix}.${f.key}`)));
  const shown = open || erred;
  return (
    <div className="attr-advanced">
      <Button
        type="link"
        size="small"
        icon={shown ? <DownOutlined /> : <RightOutlined />}
        data-testid={`attr-advanced-${prefix}`}
        aria-expanded={shown}
        onClick={() => setOpen(!shown)}
      >
        更多属性 ({fields.length})
      </Button>
      {shown && <SubFields ctx={ctx} fields={fields} path={path} obj={obj} />}
    </div>
  );
}

/** An object: its fields under small labels (a lone `value` leaf or a unit pair without one). */
function Group({ ctx, node, path, value }: { ctx: AttrCtx; node: GroupNode; path: Path; value: unknown }) {
  if (node.unitPair) return <UnitPair ctx={ctx} node={node} path={path} value={value} />;
  const obj = (value && typeof value === 'object' && !Array.isArray(value) ? value : {}) as Record<string, unknown>;
  const advanced = node.fields.filter((f) => f.advanced);
  const main = node.fields.filter((f) => !f.advanced);
  const only = !advanced.length && node.fields.length === 1 ? node.fields[0] : undefined;
  // A lone `value`, or a lone nested structure (price -> schedule -> amount), needs no box and label of its own.
  if (only && (only.kind !== 'leaf' || only.key === 'value')) {
    return (
      <>
        <Field ctx={ctx} node={only} path={[...path, only.key]} value={obj[only.key]} />
        <ErrorText ctx={ctx} path={path} />
      </>
    );
  }
  return (
    <div className="attr-group">
      <SubFields ctx={ctx} fields={main} path={path} obj={obj} />
      {advanced.length > 0 && <AdvancedFields ctx={ctx} fields={advanced} path={path} obj={obj} />}
      <ErrorText ctx={ctx} path={path} />
    </div>
  );
}

/** Several choices of a closed list (e.g. up to 5 chemicals): one multiple select. */
function MultiSelect({ ctx, node, path, value }: { ctx: AttrCtx; node: ListNode; path: Path; value: unknown }) {
  const leaf = node.item as LeafNode;
  const list = Array.isArray(value) ? value.filter((x) => x !== null && x !== undefined && x !== '') : [];
  return (
    <>
      <Select
        mode="multiple"
        allowClear
        disabled={isFrozen(node, getIn(ctx.saved, path))}
        data-testid={`attr-${pathText(ctx.name, path)}`}
        status={hasError(ctx, path) ? 'error' : undefined}
        maxCount={Number.isFinite(node.max) ? node.max : undefined}
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={`请选择${node.label}`}
        value={list as (string | number)[]}
        options={(leaf.options ?? []).map((o) => ({ value: o.value as string | number, label: o.label }))}
        style={{ width: '100%', maxWidth: 560 }}
        onChange={(v: (string | number)[]) => ctx.set(path, v)}
      />
      <ErrorText ctx={ctx} path={path} />
      {list.map((_, i) => (
        <ErrorText key={`e${i}`} ctx={ctx} path={[...path, i]} />
      ))}
    </>
  );
}

/** Whether a node renders as a list directly (a list, or groups of one structural field around one). */
function opensIntoList(node: FieldNode): boolean {
  if (node.kind === 'list') return true;
  if (node.kind !== 'group' || node.fields.length !== 1) return false;
  const only = node.fields[0]!;
  return only.kind !== 'leaf' && opensIntoList(only);
}

/** A list: one row per item with remove, and add up to `max` ("n/max"). One-item lists show the item alone. */
export function List({ ctx, node, path, value }: { ctx: AttrCtx; node: ListNode; path: Path; value: unknown }) {
  const item = node.item;
  if (node.max > 1 && item.kind === 'leaf' && item.options?.length && !item.open)
    return <MultiSelect ctx={ctx} node={node} path={path} value={value} />;
  const rows = Array.isArray(value) && value.length ? value : [emptyItem(item)];
  if (node.max === 1) {
    return (
      <>
        <Field ctx={ctx} node={item} path={[...path, 0]} value={rows[0]} />
        <ErrorText ctx={ctx} path={path} />
      </>
    );
  }
  const at = pathText(ctx.name, path);
  const full = rows.length >= node.max;
  // Rows up to the last one holding a saved `editable: false` value stay (positions identify values).
  const kept = lockedRowCount(node, getIn(ctx.saved, path));
  const actions = (
    <div className="attr-list-actions">
      <Button
        size="small"
        type="dashed"
        icon={<PlusOutlined />}
        disabled={full}
        data-testid={`attr-add-${at}`}
        onClick={() => ctx.set([...path, rows.length], emptyItem(item))}
      >
        添加一个值
      </Button>
      <span className="attr-list-count">
        {rows.length}
        {Number.isFinite(node.max) ? ` / ${node.max}` : ''}
      </span>
    </div>
  );
  // One row: the field alone (clearing it removes the value); several: numbered rows with remove.
  // A single row that is itself a list (price -> schedule) leaves adding to the inner list.
  if (rows.length === 1 && opensIntoList(item)) {
    return (
      <>
        <Field ctx={ctx} node={item} path={[...path, 0]} value={rows[0]} />
        <ErrorText ctx={ctx} path={path} />
      </>
    );
  }
  if (rows.length === 1)
    return (
      <div className="attr-list" data-testid={`attr-list-${at}`}>
        <Field ctx={ctx} node={item} path={[...path, 0]} value={rows[0]} />
        {actions}
        <ErrorText ctx={ctx} path={path} />
      </div>
    );
  return (
    <div className="attr-list" data-testid={`attr-list-${at}`}>
      {rows.map((row, i) => (
        // Rows have no identity of their own; positions are what the server reports errors by.
        <div key={i} className="attr-list-row">
          <span className="attr-list-no">{i + 1}</span>
          <div className="attr-list-body">
            <Field ctx={ctx} node={item} path={[...path, i]} value={row} />
          </div>
          <Tooltip title={i < kept ? '已保存的不可修改的值不能删除' : '删除此值'}>
            <Button
              type="text"
              size="small"
              icon={<DeleteOutlined />}
              aria-label="删除此值"
              disabled={i < kept}
              data-testid={`attr-remove-${pathText(ctx.name, [...path, i])}`}
              onClick={() => ctx.remove(path, i)}
            />
          </Tooltip>
        </div>
      ))}
      {actions}
      <ErrorText ctx={ctx} path={path} />
    </div>
  );
}

/** Renders any field node at `path`. */
export function Field({
  ctx,
  node,
  path,
  value,
}: {
  ctx: AttrCtx;
  node: FieldNode;
  path: Path;
  value: unknown;
}): ReactNode {
  if (node.kind === 'leaf') return <Leaf ctx={ctx} leaf={node} path={path} value={value} />;
  if (node.kind === 'group') return <Group ctx={ctx} node={node} path={path} value={value} />;
  return <List ctx={ctx} node={node} path={path} value={value} />;
}
