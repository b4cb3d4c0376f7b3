import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';

/** The class of dialogs and drawers of a hidden tab (keep-alive.css: not displayed). */
export const HIDDEN_DIALOG_CLASS = 'pane-hidden-dialog';

// Stable objects: a change of these re-renders every antd component of the page.
const HIDDEN = {
  modal: { classNames: { root: HIDDEN_DIALOG_CLASS }, focusable: { trap: false } },
  drawer: { classNames: { root: HIDDEN_DIALOG_CLASS }, focusable: { trap: false } },
} as const;
const SHOWN = { modal: {}, drawer: {} } as const;

/**
 * Dialogs belong to their tab (issue 29 §6). antd draws a Modal or Drawer in `document.body`,
 * outside the page's hidden keep-alive pane, so a dialog opened on one tab stayed on screen
 * over every other tab. Around each kept page this gives its Modals and Drawers (not the
 * frame's own confirmations, `ui.modal`) a class that hides them while the tab is not the
 * active one, and no focus trap then; they stay open with their input and show again when
 * the user returns to the tab.
 */
export function PaneDialogs({ active, children }: { active: boolean; children: ReactNode }) {
  const config = active ? SHOWN : HIDDEN;
  return (
    <ConfigProvider modal={config.modal} drawer={config.drawer}>
      {children}
    </ConfigProvider>
  );
}
