import type { FormInstance } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useFeedback } from '../../../app/ui-bridge';
import { useFormDirtyGuard } from '../../../lib/use-form-dirty-guard';
import { saveFailure } from '../../../lib/version-conflict';
import { closeTabOf } from '../../../stores/close-tab';

type Failure = ReturnType<typeof saveFailure>;

interface Options<V, Body, R extends { id: number; version: number }> {
  form: FormInstance<V>;
  /** The stored record being edited; none on the add page. */
  record?: R;
  /** Loads the stored record again (after a stale save). */
  reload?: () => Promise<R | undefined>;
  /** Form values of a stored record. */
  toValues: (r: R) => V;
  create: (body: Body) => Promise<unknown>;
  update: (body: Body & { id: number; version: number }) => Promise<{ version: number }>;
  /** The list page to return to after adding, and the add page's route (its tab closes). */
  listPath: string;
  addPath: string;
}

/**
 * Add/edit of a versioned library record (bullet points, search terms): saves with the
 * version the input is based on, keeps a stale save's failure for `SaveFailureAlert`, reloads
 * the stored record on request, and keeps the tab's unsaved-change guard clean after each.
 * After adding, it returns to the list and closes the add tab.
 */
export function useVersionedForm<V, Body, R extends { id: number; version: number }>(o: Options<V, Body, R>) {
  const { message } = useFeedback();
  const navigate = useNavigate();
  const [version, setVersion] = useState(o.record?.version ?? 0);
  const [failure, setFailure] = useState<Failure | null>(null);
  const markClean = useFormDirtyGuard(o.form);

  const save = async (body: Body) => {
    setFailure(null);
    try {
      if (o.record) {
        const saved = await o.update({ ...body, id: o.record.id, version });
        setVersion(saved.version);
        markClean();
        message.success('修改成功');
      } else {
        await o.create(body);
        message.success('添加成功');
        o.form.resetFields();
        markClean();
        navigate(o.listPath);
        closeTabOf(o.addPath);
      }
    } catch (err) {
      setFailure(saveFailure(err));
    }
  };

  const reloadStored = async () => {
    const fresh = await o.reload?.();
    if (!fresh) return;
    o.form.setFieldsValue(o.toValues(fresh) as Parameters<FormInstance<V>['setFieldsValue']>[0]);
    markClean();
    setVersion(fresh.version);
    setFailure(null);
  };

  return { version, failure, setFailure, save, reloadStored };
}
