import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import type { Deleted } from '../../../api/goods-library';
import { useFeedback } from '../../../app/ui-bridge';

/**
 * The selection of a library list page and deleting from it: deleted ids leave the
 * selection, and the success message names the count with `unit` ("条", "个敏感词" ...).
 * A failure is already shown by the http client with the server's reason.
 */
export function useSelectionDelete(remove: UseMutationResult<Deleted, Error, number[]>, unit: string) {
  const { message } = useFeedback();
  const [selected, setSelected] = useState<number[]>([]);
  const removeIds = async (ids: number[]) => {
    try {
      const r = await remove.mutateAsync(ids);
      setSelected((s) => s.filter((id) => !ids.includes(id)));
      message.success(`已删除 ${r.deleted} ${unit}`);
    } catch {
      // Shown by the http client.
    }
  };
  return { selected, setSelected, removeIds, removeSelected: () => removeIds(selected), removing: remove.isPending };
}
