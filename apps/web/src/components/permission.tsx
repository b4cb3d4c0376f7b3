import type { Auth } from '@console/shared/constants/roles';
import { AUTH } from '@console/shared/constants/roles';
import { can } from '@console/shared/permissions/can';
import type { LibraryPermission, Permission } from '@console/shared/permissions/permissions';
import { LIBRARY_PERMISSION_NAMES } from '@console/shared/permissions/permissions';
import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { useSessionStore } from '../stores/session-store';

/** `has(permission)`: whether the signed-in user passes the shared `can` check. */
export function useHas(): (permission: Permission) => boolean {
  const user = useSessionStore((s) => s.user);
  return (permission) => can(user, permission);
}

/** Renders children only when the user has the permission (the specification's `has` directive). */
export function Has({ permission, children }: { permission: Permission; children: ReactNode }) {
  return useHas()(permission) ? children : null;
}

/** Removes children for a named role (the `hide` directive). */
export function Hide({ role, children }: { role: Auth | readonly Auth[]; children: ReactNode }) {
  const auth = useSessionStore((s) => s.user?.auth);
  const roles: readonly Auth[] = Array.isArray(role) ? role : [role as Auth];
  return auth !== undefined && roles.includes(auth) ? null : children;
}

/** Shown for company or personal admins (`companyPersonShow`). */
export function CompanyPersonShow({ children }: { children: ReactNode }) {
  return <Has permission="role.companyOrPersonalAdmin">{children}</Has>;
}

/** Shown for group leader, worker, personal admin (`workerShow`). */
export function WorkerShow({ children }: { children: ReactNode }) {
  return <Has permission="role.worker">{children}</Has>;
}

/** Shown for company admins only (`companyShow`). */
export function CompanyShow({ children }: { children: ReactNode }) {
  const auth = useSessionStore((s) => s.user?.auth);
  return auth === AUTH.companyAdmin ? children : null;
}

/** Hidden for company admins (`companyNotShow`). */
export function CompanyNotShow({ children }: { children: ReactNode }) {
  return <Hide role={AUTH.companyAdmin}>{children}</Hide>;
}

/** Page guard used by the router for a route's `meta.permission`: a plain no-access result unless it passes. */
export function RequirePermission({ permission, children }: { permission: Permission; children: ReactNode }) {
  if (useHas()(permission)) return children;
  return (
    <div style={{ padding: 48, textAlign: 'center', color: '#909399' }} data-testid="no-access">
      无权访问该页面
    </div>
  );
}

/**
 * Said where the change buttons of a library setting would be, when the account may not change
 * it (withheld per child account by its admin, issue 13 §5): the page reads, the server refuses changes.
 */
export function ReadOnlyNotice({ permission }: { permission: LibraryPermission }) {
  return (
    <Tag color="default" data-testid="read-only-notice">
      只读:无权修改{LIBRARY_PERMISSION_NAMES[permission]},请联系主账号管理员开通
    </Tag>
  );
}
