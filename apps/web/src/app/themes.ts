import type { ThemeConfig } from 'antd';
import type { TextSize, ThemeName } from '../stores/user-storage';

/** One theme of the theme dialog (spec section 2: classic, simple line, coastal, town, star grey). */
export interface ThemeDef {
  name: ThemeName;
  label: string;
  /** Primary colour for antd. */
  primary: string;
  /** Frame colours, applied as CSS variables on <html>. */
  frame: { headerBg: string; headerText: string; siderBg: string; siderText: string; bodyBg: string };
  /** Dark side menu. */
  darkMenu: boolean;
}

/** The five themes; `line` is the default. */
export const THEMES: readonly ThemeDef[] = [
  {
    name: 'classic',
    label: '经典',
    primary: '#409eff',
    frame: { headerBg: '#1f2d3d', headerText: '#ffffff', siderBg: '#304156', siderText: '#bfcbd9', bodyBg: '#f0f2f5' },
    darkMenu: true,
  },
  {
    name: 'line',
    label: '简约线条',
    primary: '#1677ff',
    frame: { headerBg: '#ffffff', headerText: '#303133', siderBg: '#ffffff', siderText: '#303133', bodyBg: '#f5f7fa' },
    darkMenu: false,
  },
  {
    name: 'coastal',
    label: '海岸',
    primary: '#0e8a9e',
    frame: { headerBg: '#0b5566', headerText: '#e9fbff', siderBg: '#e6f4f6', siderText: '#0b3c47', bodyBg: '#f1f8f9' },
    darkMenu: false,
  },
  {
    name: 'town',
    label: '小镇',
    primary: '#c0662f',
    frame: { headerBg: '#7a4a2b', headerText: '#fff6ec', siderBg: '#fbf3ea', siderText: '#4a2e1b', bodyBg: '#fcf8f3' },
    darkMenu: false,
  },
  {
    name: 'star',
    label: '星空灰',
    primary: '#5b6b8c',
    frame: { headerBg: '#2b2f3a', headerText: '#e6e8ee', siderBg: '#353a47', siderText: '#c9ced9', bodyBg: '#eceef2' },
    darkMenu: true,
  },
];

/** The theme definition by name (falls back to the default). */
export function themeByName(name: ThemeName): ThemeDef {
  return THEMES.find((t) => t.name === name) ?? (THEMES[1] as ThemeDef);
}

/** Text sizes (spec section 2: default, medium, small, mini) as antd tokens. */
export const TEXT_SIZES: readonly { name: TextSize; label: string; fontSize: number; controlHeight: number }[] = [
  { name: 'default', label: '默认', fontSize: 14, controlHeight: 34 },
  { name: 'medium', label: '中', fontSize: 14, controlHeight: 32 },
  { name: 'small', label: '小', fontSize: 13, controlHeight: 28 },
  { name: 'mini', label: '最小', fontSize: 12, controlHeight: 24 },
];

/** antd theme config for a theme and text size. */
export function antdTheme(name: ThemeName, size: TextSize, reducedMotion = false): ThemeConfig {
  const t = themeByName(name);
  const s = TEXT_SIZES.find((x) => x.name === size) ?? (TEXT_SIZES[0] as (typeof TEXT_SIZES)[number]);
  return {
    token: {
      colorPrimary: t.primary,
      fontSize: s.fontSize,
      controlHeight: s.controlHeight,
      borderRadius: 4,
      // The system's "reduce motion" (prefers-reduced-motion) turns antd's animations off.
      ...(reducedMotion ? { motion: false } : {}),
    },
  };
}

/** Writes the frame colours of a theme as CSS variables on the document. */
export function applyFrameVars(name: ThemeName, greyscale: boolean): void {
  const t = themeByName(name);
  const root = document.documentElement;
  root.dataset.theme = t.name;
  root.style.setProperty('--frame-header-bg', t.frame.headerBg);
  root.style.setProperty('--frame-header-text', t.frame.headerText);
  root.style.setProperty('--frame-sider-bg', t.frame.siderBg);
  root.style.setProperty('--frame-sider-text', t.frame.siderText);
  root.style.setProperty('--frame-body-bg', t.frame.bodyBg);
  root.classList.toggle('greyscale', greyscale);
}
