import { API_PREFIX } from '@console/shared/constants/app';
import type {
  ChildAccount,
  ChildList,
  CreateChildBody,
  LinkAccountBody,
  LinkedAccount,
  LoginBody,
  LoginResult,
  loginData,
  QrLoginCode,
  scanQrData,
  UpdateChildBody,
  UpdateUserAccountBody,
  UserInfo,
} from '@console/shared/schemas/account';
import type { Answer } from '@console/shared/schemas/common';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { get, post } from './http';

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

/** Password sign-in; resolves the login result or `{code:'NEED_CODE'}`. */
export function login(body: Partial<LoginBody>) {
  return post<Answer<typeof loginData>>('/amazon-user/login', body, { silent: true });
}

/** Signs out on the server (revokes the session). */
export function loginOut() {
  return post<null>('/amazon-user/loginOut', {}, { silent: true });
}

/** URL of the verification-code image; `nonce` busts the browser cache. */
export function loginCodeUrl(nonce: number): string {
  return `${API_PREFIX}/amazon-user/getLoginCode?t=${nonce}`;
}

/** Asks for a QR sign-in code. */
export function getQrLoginCode() {
  return get<QrLoginCode>('/amazon-user/getQrLoginCode');
}

/** Polls a QR code: pending until a signed-in phone confirms, then the login result. */
export function getScanQrRes(code: string) {
  return get<Answer<typeof scanQrData>>('/amazon-user/getScanQrRes', { code }, { silent: true });
}

/** Approves a QR code from a signed-in device. */
export function confirmQrLogin(code: string) {
  return post<null>('/amazon-user/confirmQrLogin', { code });
}

/** Current user's info from the session. */
export function getUserInfo(quiet401 = false) {
  return post<UserInfo>('/amazon-user/getUserInfo', {}, { quiet401, silent: quiet401 });
}

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

/** Switches to another account (a linked account, or a managed child); answers like login. */
export function toggleAccount(uid: number) {
  return post<LoginResult>('/amazon-user/toggleAccount', { uid });
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
