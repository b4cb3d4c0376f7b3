import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Space } from 'antd';
import { useContext, useEffect, useState } from 'react';
import { assignProductEan } from '../../../../api/goods';
import { invalidateAfterGoodsSave } from '../../../../api/goods-saved';
import { ApiError } from '../../../../api/http';
import { useFeedback } from '../../../../app/ui-bridge';
import { useSessionStore } from '../../../../stores/session-store';
import { useEditor, useEditorStore } from '../editor-store';
import { applyStoredProductId, EditorTargetContext, productIdState } from '../product-id';

/**
 * 产品ID (EAN/UPC) of a product without variations (issue 28 §1), with 从EAN池分配: the code
 * comes from the tenant's pool (on save, or at once with the button), or is an ASIN typed in.
 * The input's id is `product_id` (the 去修改 links of EAN issues focus it).
 */
export function ProductIdField() {
  const store = useEditorStore();
  const form = Form.useFormInstance();
  const target = useContext(EditorTargetContext);
  const { message } = useFeedback();
  const qc = useQueryClient();
  const value = useEditor((s) => s.draft.baseInfo.product_id);
  const hasVariations = useEditor(
    (s) => s.draft.parentage.children.length > 0 && s.draft.parentage.attrs.some((a) => a.trim() !== ''),
  );
  const exempt = useSessionStore((s) => s.user?.is_not_use_ean === 1);
  const [busy, setBusy] = useState(false);
  // A code the server stored (a save, the button) shows in the input too.
  useEffect(() => {
    if ((form.getFieldValue('product_id') ?? '') !== (value ?? '')) form.setFieldsValue({ product_id: value });
  }, [form, value]);
  const state = productIdState({ value, exempt, saved: target.id !== null, hasVariations });

  const assign = async () => {
    if (target.id === null || target.version === null) return;
    setBusy(true);
    try {
      const r = await assignProductEan({ id: target.id, version: target.version });
      target.setVersion(r.version);
      applyStoredProductId(store, r.product_id);
      void invalidateAfterGoodsSave(qc);
      message.success(`已从EAN库分配: ${r.product_id}`);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      message.error(e.message || '分配失败');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form.Item label="产品ID(EAN/UPC)" help={state.help}>
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item name="product_id" noStyle>
          <Input data-testid="base-product-id" disabled={hasVariations} placeholder="EAN/UPC 或 ASIN" />
        </Form.Item>
        {!exempt && !hasVariations && (
          <Button
            data-testid="base-product-id-assign"
            disabled={!state.canAssign}
            loading={busy}
            onClick={() => void assign()}
          >
            从EAN池分配
          </Button>
        )}
      </Space.Compact>
    </Form.Item>
  );
}
