import type { FormInstance } from 'antd';
import { useCallback, useEffect, useRef } from 'react';
import { useTabDirtyGuard } from '../layout/tabs/use-tab-dirty-guard';

const snapshot = (form: FormInstance) => JSON.stringify(form.getFieldsValue(true));

/**
 * Unsaved-change guard of an antd form kept in a tab: the tab asks before closing or
 * refreshing while the values differ from the last clean state (the loaded record, or what
 * was last saved or reloaded). Returns `markClean`, to call after a save or a reload.
 */
export function useFormDirtyGuard(form: FormInstance, label?: () => string): () => void {
  const baseline = useRef<string | null>(null);
  const markClean = useCallback(() => {
    baseline.current = snapshot(form);
  }, [form]);
  // After the first render the form's store holds its initial values.
  useEffect(markClean, []);
  useTabDirtyGuard(() => baseline.current !== null && snapshot(form) !== baseline.current, label);
  return markClean;
}
