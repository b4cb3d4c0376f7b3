import type {
  ChildAccount,
  ChildList,
  CreateChildBody,
  LinkAccountBody,
  LinkedAccount,
  UpdateChildBody,
  UpdateUserAccountBody,
} from '@console/shared/schemas/account';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { post } from './http';
import { getUserInfo } from './session';

export {
  confirmQrLogin,
  getQrLoginCode,
  getScanQrRes,
  getUserInfo,
  login,
  loginCodeUrl,
  loginOut,
  toggleAccount,
} from './session';

/** Query keys of the account domain. */
export const accountKeys = {
  all: ['account'] as const,
  userInfo: () => [...accountKeys.all, 'user-info'] as const,
  children: (filters: ChildFilters) => [...accountKeys.all, 'children', filters] as const,
  childrenAll: () => [...accountKeys.all, 'children'] as const,
};

/** Filters of the child-account list. */
export interface ChildFilters {
  page: number;
  pageSize: number;
  keyword?: string;
  auth?: number;
}

/** Child list answer (docs/api.md; shared schema `childListData`). */
export type { ChildList };

/** The account-info query. */
export function useUserInfo() {
  return useQuery({ queryKey: accountKeys.userInfo(), queryFn: () => getUserInfo() });
}

/** Saves the account-info form (only editable, visible fields). */
export function useUpdateUserAccount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<UpdateUserAccountBody>) => post<null>('/amazon-user/updateUserAccount', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: accountKeys.userInfo() }),
  });
}

/** Changes the own password. */
export function useUpdatePassword() {
  return useMutation({
    mutationFn: (body: { passwordOld: string; password: string; passwordAgain: string }) =>
      post<null>('/amazon-user/updateUserPassword', body),
  });
}

/**
 * Links another account by its name and password (the server throttles it like sign-in and
 * may answer NEED_CODE); silent, the dialog shows the message. See docs/decisions.md.
 */
export function linkAccount(body: LinkAccountBody) {
  return post<LinkedAccount>('/amazon-user/linkAccount', body, { silent: true });
}

/** Removes the link between the own account and `uid`. */
export function unlinkAccount(uid: number) {
  return post<null>('/amazon-user/unlinkAccount', { uid });
}

/** The child-account list (fetched while `enabled`). */
export function useChildAccounts(filters: ChildFilters, enabled = true) {
  return useQuery({
    queryKey: accountKeys.children(filters),
    queryFn: () => post<ChildList>('/amazon-user/getMyChildAccount', filters),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Child-account mutations; each refreshes the list. */
export function useChildMutations() {
  const qc = useQueryClient();
  const onSuccess = () => qc.invalidateQueries({ queryKey: accountKeys.childrenAll() });
  return {
    create: useMutation({
      mutationFn: (body: CreateChildBody) => post<ChildAccount>('/amazon-user/createChildAccount', body),
      onSuccess,
    }),
    update: useMutation({
      mutationFn: (body: UpdateChildBody) => post<ChildAccount>('/amazon-user/updateChildAccount', body),
      onSuccess,
    }),
    reset: useMutation({
      mutationFn: (body: { uid: number; password: string }) => post<null>('/amazon-user/resetChildAccount', body),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (uid: number) => post<null>('/amazon-user/deleteChildAccount', { uid }),
      onSuccess,
    }),
  };
}
