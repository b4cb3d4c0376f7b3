import { Button, List, Modal, Tag } from 'antd';
import { useState } from 'react';
import { toggleAccount } from '../../../api/account';
import { guardAllTabs } from '../../../layout/tabs/discard-confirm';
import { useSessionStore } from '../../../stores/session-store';

/**
 * Switches to another account: POST toggleAccount, store the answer like a login, reload at
 * index. Open tabs with unsaved input are named first (the switch closes every tab).
 */
export async function switchToAccount(uid: number): Promise<void> {
  if (!(await guardAllTabs())) return;
  const result = await toggleAccount(uid);
  useSessionStore.getState().applyLogin(result);
  location.hash = '#/index';
  location.reload();
}

/** Switch account: the own account and its linked accounts (关联账号; shown only with two or more). */
export function SwitchAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const user = useSessionStore((s) => s.user);
  const [busy, setBusy] = useState<number | null>(null);
  const list = user?.bindSomePhoneAccountList ?? [];
  const go = async (uid: number) => {
    setBusy(uid);
    try {
      await switchToAccount(uid);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Modal title="切换账号" open={open} width={600} onCancel={onClose} footer={null} destroyOnHidden>
      <List
        dataSource={list}
        renderItem={(a) => (
          <List.Item
            actions={[
              a.uid === user?.uid ? (
                <Tag key="current" color="blue">
                  当前账号
                </Tag>
              ) : (
                <Button key="go" type="link" loading={busy === a.uid} onClick={() => go(a.uid)}>
                  切换
                </Button>
              ),
            ]}
          >
            <List.Item.Meta title={a.account} description={a.user_name} />
          </List.Item>
        )}
      />
    </Modal>
  );
}
