import { Radio } from 'antd';
import type { GoodsSelection } from '../../../../api/goods';

/** Whether a batch dialog acts on the chosen rows or on everything the filter matches. */
export type Scope = 'selected' | 'filter';

/** The scope switch of batch dialogs: "已选N个" or "全部符合筛选条件的M个". */
export function SelectionScope({
  value,
  onChange,
  selectedCount,
  total,
}: {
  value: Scope;
  onChange: (v: Scope) => void;
  selectedCount: number;
  /** Products the filter matches, as shown ("1000+" when capped). */
  total: string;
}) {
  return (
    <Radio.Group value={value} onChange={(e) => onChange(e.target.value)} style={{ marginBottom: 12 }}>
      <Radio value="selected" disabled={selectedCount === 0}>
        已选{selectedCount}个商品
      </Radio>
      <Radio value="filter">全部符合筛选条件的{total}个商品</Radio>
    </Radio.Group>
  );
}

/** Props every batch dialog gets from the list page. */
export interface BatchDialogProps {
  open: boolean;
  onClose: () => void;
  /** Builds the selection of the call for a scope. */
  selectionFor: (scope: Scope) => GoodsSelection;
  selectedCount: number;
  /** Products the filter matches, as shown ("1000+" when capped). */
  total: string;
  onDone: () => void;
}
