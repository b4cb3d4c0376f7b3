import {
  AppstoreOutlined,
  BuildOutlined,
  EyeOutlined,
  FileOutlined,
  GlobalOutlined,
  HomeOutlined,
  ProfileOutlined,
  RocketOutlined,
  SettingOutlined,
  ShoppingOutlined,
  TeamOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

const ICONS: Record<string, ReactNode> = {
  AppstoreOutlined: <AppstoreOutlined />,
  BuildOutlined: <BuildOutlined />,
  EyeOutlined: <EyeOutlined />,
  GlobalOutlined: <GlobalOutlined />,
  HomeOutlined: <HomeOutlined />,
  ProfileOutlined: <ProfileOutlined />,
  RocketOutlined: <RocketOutlined />,
  SettingOutlined: <SettingOutlined />,
  ShoppingOutlined: <ShoppingOutlined />,
  TeamOutlined: <TeamOutlined />,
  WalletOutlined: <WalletOutlined />,
};

/** The icon of a menu row by its stored name (only the names the menu uses are bundled). */
export function menuIcon(name: string, fallback = false): ReactNode {
  return ICONS[name] ?? (fallback ? <FileOutlined /> : null);
}
