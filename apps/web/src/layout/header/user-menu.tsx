import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useState } from 'react';
import { confirmSignOut } from '../../app/session-actions';
import { AccountInfoDialog } from '../../features/account/account-info/account-info-dialog';
import { ChangePasswordDialog } from '../../features/account/change-password/change-password-dialog';
import { LinkAccountDialog } from '../../features/account/link-account/link-account-dialog';
import { SwitchAccountDialog } from '../../features/account/switch-account/switch-account-dialog';
import { PriceSettingsDialog } from '../../features/goods/price-settings/price-settings-dialog';
import { useSessionStore } from '../../stores/session-store';

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
      {dialog === 'info' && <AccountInfoDialog open onClose={close} />}
      <PriceSettingsDialog open={dialog === 'price'} onClose={close} />
      {dialog === 'password' && <ChangePasswordDialog open onClose={close} />}
      {dialog === 'link' && <LinkAccountDialog open onClose={close} />}
      {dialog === 'switch' && <SwitchAccountDialog open onClose={close} />}
    </>
  );
}
