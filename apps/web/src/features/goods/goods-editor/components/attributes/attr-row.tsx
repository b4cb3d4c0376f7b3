import { LockOutlined } from '@ant-design/icons';
import { Form, Tooltip } from 'antd';
import { memo, useCallback, useMemo } from 'react';
import type { AttrError } from '../../editor-store';
import { useEditor, useEditorStore } from '../../editor-store';
import { type AttrCtx, List, LOCK_HINT } from './attr-fields';
import { type AttrDef, singleControlLocked } from './attr-schema';
import { isBlank, normalizeNode, type Path, removeAt, setIn, validateAttr } from './attr-values';
import { isProductFilled } from './product-filled';
import { ProductSourceNote } from './product-source-note';

const NO_ERRORS: readonly AttrError[] = [];

/**
 * One attribute of the form. It subscribes to its own value only, so typing re-renders this
 * row and nothing else; inline errors come from the schema (while typing) and from the
 * server's last refusal (until the attribute is edited again). `saved` is the attribute as
 * last loaded or saved: its `editable: false` values are shown read-only.
 */
export const AttrRow = memo(function AttrRow({
  def,
  saved,
  serverErrors = NO_ERRORS,
  marketplace,
}: {
  def: AttrDef;
  saved: unknown;
  serverErrors?: readonly AttrError[];
  /** The template's marketplace: attributes filled from the product show its value in that language. */
  marketplace?: string;
}) {
  const store = useEditorStore();
  const value = useEditor((s) => s.draft.extraAttrs[def.name]);
  const errors = useMemo(() => {
    const map = validateAttr(def, value);
    for (const e of serverErrors) if (!map.has(e.field)) map.set(e.field, e.message);
    return map;
  }, [def, value, serverErrors]);

  const write = useCallback(
    (update: (cur: unknown) => unknown) => {
      const s = store.getState();
      const attrs = s.draft.extraAttrs;
      const next = normalizeNode(def, update(attrs[def.name]));
      s.setDraft({ extraAttrs: { ...attrs, [def.name]: next ?? [] } });
      // The server's message about this attribute no longer applies to the edited value.
      if (s.attrErrors.some((e) => e.attr === def.name))
        s.setWarnings({ attrErrors: s.attrErrors.filter((e) => e.attr !== def.name) });
    },
    [store, def],
  );
  const ctx = useMemo<AttrCtx>(
    () => ({
      name: def.name,
      errors,
      saved,
      set: (path: Path, v: unknown) => write((cur) => setIn(cur ?? [], path, v)),
      remove: (path: Path, index: number) => write((cur) => removeAt(cur, path, index)),
    }),
    [def.name, errors, saved, write],
  );

  const label = (
    <span>
      {def.label}
      {(def.locked || singleControlLocked(def.item)) && (
        <Tooltip title={LOCK_HINT}>
          <LockOutlined className="attr-lock" />
        </Tooltip>
      )}
    </span>
  );
  return (
    <div data-testid={`attr-row-${def.name}`}>
      <Form.Item
        label={label}
        required={def.required}
        tooltip={def.description || undefined}
        extra={
          <>
            {marketplace && isProductFilled(def.name) && (
              <ProductSourceNote attr={def.name} marketplace={marketplace} overridden={!isBlank(value)} />
            )}
            <span className="attr-name">{def.name}</span>
          </>
        }
      >
        <List ctx={ctx} node={def} path={[]} value={value} />
      </Form.Item>
    </div>
  );
});
