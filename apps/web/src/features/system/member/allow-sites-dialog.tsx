import { COUNTRY_OPTIONS } from '@console/shared/constants/marketplaces';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Checkbox, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { accountKeys } from '../../../api/account';
import { updateAllowSites } from '../../../api/shop';
import { useFeedback } from '../../../app/ui-bridge';

/** A child account and the marketplaces it may upload to now. */
export interface AllowSitesTarget {
  uid: number;
  account: string;
  sites: string[];
}

/** 可上传站点: the marketplaces a child account may upload products to (none ticked: all). */
export function AllowSitesDialog({ target, onClose }: { target: AllowSitesTarget | null; onClose: () => void }) {
  const { message } = useFeedback();
  const qc = useQueryClient();
  const [sites, setSites] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  useEffect(() => setSites(target?.sites ?? []), [target]);

  const submit = async () => {
    if (!target) return;
    setBusy(true);
    try {
      await updateAllowSites({ uid: target.uid, sites });
      await qc.invalidateQueries({ queryKey: accountKeys.childrenAll() });
      message.success('修改成功');
      onClose();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title={`可上传站点 - ${target?.account ?? ''}`}
      open={target !== null}
      width={600}
      onCancel={onClose}
      onOk={submit}
      okText="保存"
      cancelText="取消"
      confirmLoading={busy}
      destroyOnHidden
    >
      <Alert type="info" showIcon style={{ marginBottom: 12 }} message="不勾选任何站点时,该账号可以上传到所有站点" />
      <Checkbox.Group
        data-testid="allow-sites"
        value={sites}
        onChange={(v) => setSites(v.map(String))}
        options={COUNTRY_OPTIONS.map((o) => ({ value: o.value, label: o.label }))}
      />
    </Modal>
  );
}
