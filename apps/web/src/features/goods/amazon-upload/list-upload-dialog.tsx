import { useState } from 'react';
import { type BatchDialogProps, type Scope, SelectionScope } from '../goods-list/components/selection-scope';
import { UploadDialog } from './upload-dialog';

/** 上传到亚马逊 from the product list: the selected products or everything the filter matches. */
export function ListUploadDialog({
  open,
  onClose,
  selectionFor,
  selectedCount,
  total,
}: Omit<BatchDialogProps, 'onDone'>) {
  const [scope, setScope] = useState<Scope>(selectedCount ? 'selected' : 'filter');
  return (
    <UploadDialog
      open={open}
      onClose={onClose}
      source={{ selection: selectionFor(scope) }}
      extra={<SelectionScope value={scope} onChange={setScope} selectedCount={selectedCount} total={total} />}
    />
  );
}
