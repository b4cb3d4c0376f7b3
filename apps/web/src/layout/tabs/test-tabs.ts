import type { TabEntry } from '../../stores/tabs-reducer';

/** A plain cached tab at path `p` (tests of the tab commands). */
export const testTab = (p: string): TabEntry => ({
  fullPath: p,
  name: p.slice(1),
  path: p,
  params: {},
  query: {},
  meta: { title: p, cache: true, auth: true },
});
