import type { ComponentType, ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { RequirePermission } from '../components/permission';
import { guardedScreen } from './guarded-screen';
import { FRAME_ROUTES } from './route-table';

function Screen() {
  return <p>SCREEN</p>;
}
const screenLoader = async () => ({ Component: Screen });
const route = (path: string) => FRAME_ROUTES.find((r) => r.path === path)!;

/** What a guarded screen renders at its top: the permission guard around the screen. */
async function topOf(load: () => Promise<{ Component: ComponentType }>) {
  const { Component } = await load();
  return (Component as () => ReactElement<{ permission: string; children: ReactElement }>)();
}

// The guard's own behaviour (no-access page for a worker, screen not mounted) is proven in
// the browser: e2e/account.test.ts and e2e/translation.test.ts.
describe('guardedScreen: the router puts every screen behind its meta.permission', () => {
  it('a goods screen renders inside RequirePermission for goods operation', async () => {
    const top = await topOf(guardedScreen({ ...route('/goods/admin/list'), load: screenLoader }, screenLoader));
    expect(top.type).toBe(RequirePermission);
    expect(top.props.permission).toBe('goods.operate');
    expect(top.props.children.type).toBe(Screen);
  });

  it('not-built screens are guarded too; routes without a permission load the screen as it is', async () => {
    // Every screen of the specification is built now: a route as it is before its screen is, given a permission.
    const { load: _screen, ...unbuilt } = route('/build-site/seo');
    const notBuilt = { ...unbuilt, meta: { ...unbuilt.meta, permission: 'goods.operate' as const } };
    const top = await topOf(guardedScreen(notBuilt, screenLoader));
    expect(top.props.permission).toBe('goods.operate');
    expect(top.props.children.type).toBe(Screen);
    const home = route('/index');
    expect(home.meta.permission).toBeUndefined();
    expect(guardedScreen({ ...home, load: screenLoader }, screenLoader)).toBe(screenLoader);
  });

  it('every goods route requires goods operation or a stricter permission; accounts and the log theirs', () => {
    for (const r of FRAME_ROUTES.filter((x) => x.path.startsWith('/goods/'))) {
      expect(r.meta.permission, r.path).toBeDefined();
    }
    expect(route('/goods/admin/translation').meta.permission).toBe('role.companyOrPersonalAdmin');
    expect(route('/goods/admin/view/:goods_id').meta.permission).toBe('goods.operate');
    expect(route('/system/admin/member').meta.permission).toBe('account.child.addBuyer');
    expect(route('/system/admin/opera-log').meta.permission).toBe('system.operaLog.read');
  });
});
