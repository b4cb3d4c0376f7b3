import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { confirmSignOut } from '../../app/session-actions';
import { useSessionStore } from '../../stores/session-store';

// The dialogs (forms, selects, their zod schemas) load when opened, not with the frame
// (docs/web.md "Sign-in screen size": the frame stays under 400 KB gzip).
const AccountInfoDialog = lazy(() =>
  import('../../features/account/account-info/account-info-dialog').then((m) => ({ default: m.AccountInfoDialog })),
);
const ChangePasswordDialog = lazy(() =>
  import('../../features/account/change-password/change-password-dialog').then((m) => ({
    default: m.ChangePasswordDialog,
  })),
);
const LinkAccountDialog = lazy(() =>
  import('../../features/account/link-account/link-account-dialog').then((m) => ({ default: m.LinkAccountDialog })),
);
const SwitchAccountDialog = lazy(() =>
  import('../../features/account/switch-account/switch-account-dialog').then((m) => ({
    default: m.SwitchAccountDialog,
  })),
);
const PriceSettingsDialog = lazy(() =>
  import('../../features/goods/price-settings/price-settings-dialog').then((m) => ({
    default: m.PriceSettingsDialog,
  })),
);

type DialogName = 'info' | 'price' | 'password' | 'link' | 'switch' | null;

/**
 * User menu: account info, price settings, change password, link accounts, switch account
 * (2+ accounts in the switch list: the own and its linked ones), sign out.
 */
export function UserMenu() {
  const user = useSessionStore((s) => s.user);
  const [dialog, setDialog] = useState<DialogName>(null);
  const canSwitch = (user?.bindSomePhoneAccountList?.length ?? 0) >= 2;
  const items: MenuProps['items'] = [
    { key: 'info', label: '账号信息' },
    { key: 'price', label: '采集价格设置' },
    { key: 'password', label: '修改密码' },
    { key: 'link', label: '关联账号' },
    ...(canSwitch ? [{ key: 'switch', label: '切换账号' }] : []),
    { type: 'divider' },
    { key: 'logout', label: '退出登录', danger: true },
  ];
  const close = () => setDialog(null);
  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items,
          onClick: ({ key }) => (key === 'logout' ? confirmSignOut() : setDialog(key as DialogName)),
        }}
      >
        <Button type="text" className="header-btn header-user" data-testid="user-menu">
          <UserOutlined />
          <span>{user?.user_name}</span>
          <DownOutlined style={{ fontSize: 10 }} />
        </Button>
      </Dropdown>
      <Suspense fallback={null}>
        {dialog === 'info' && <AccountInfoDialog open onClose={close} />}
        {dialog === 'price' && <PriceSettingsDialog open onClose={close} />}
        {dialog === 'password' && <ChangePasswordDialog open onClose={close} />}
        {dialog === 'link' && <LinkAccountDialog open onClose={close} />}
        {dialog === 'switch' && <SwitchAccountDialog open onClose={close} />}
      </Suspense>
    </>
  );
}
