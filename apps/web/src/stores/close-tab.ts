import { useTabsStore } from './tabs-store';

/**
 * Closes the tab of `fullPath` (dropping its kept-alive state), e.g. an add screen once
 * its record is saved and the user is back on the list. Does nothing if it is not open.
 */
export function closeTabOf(fullPath: string): void {
  const tabs = useTabsStore.getState();
  const tab = tabs.opened.find((t) => t.fullPath === fullPath);
  if (tab) tabs.commit({ opened: tabs.opened.filter((t) => t !== tab), removed: [tab] });
}
