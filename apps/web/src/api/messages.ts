import type { Answer } from '@console/shared/schemas/common';
import type { messageListData, messageUnreadData } from '@console/shared/schemas/message';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { get, post } from './http';

/** A page of the account's messages. */
export type MessageList = Answer<typeof messageListData>;
/** One message. */
export type Message = MessageList['list'][number];
/** The header badge: unread count and the latest unread. */
export type MessageUnread = Answer<typeof messageUnreadData>;

/** Query keys of the shared messages (docs/messages.md). */
export const messageKeys = {
  all: ['messages'] as const,
  unread: () => [...messageKeys.all, 'unread'] as const,
  list: (f: MessageFilters) => [...messageKeys.all, 'list', f] as const,
};

/** The filters of 消息记录: a page, a source, unread only or read only. */
export type MessageFilters = {
  page: number;
  pageSize: number;
  unread?: 0 | 1;
  read?: 0 | 1;
  source?: string;
};

/** The header badge, refreshed every 30 seconds. */
export function useUnreadMessages(enabled = true) {
  return useQuery({
    queryKey: messageKeys.unread(),
    queryFn: () => get<MessageUnread>('/amazon-user/messageUnread'),
    refetchInterval: 30_000,
    enabled,
  });
}

/** A page of the account's messages (every category). */
export function useMessageList(f: MessageFilters) {
  return useQuery({
    queryKey: messageKeys.list(f),
    queryFn: () => get<MessageList>('/amazon-user/messageList', f),
    placeholderData: keepPreviousData,
  });
}

/** Marks messages read (some, or all); refreshes the badge and the lists. */
export function useMessageRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { ids?: number[]; all?: 1 }) => post<{ marked: number }>('/amazon-user/messageRead', body),
    onSettled: () => qc.invalidateQueries({ queryKey: messageKeys.all }),
  });
}

/** The operator's notice (title, body) to every tenant or one, all accounts or a role. */
export interface NoticeInput {
  title: string;
  body?: string;
  tenant_id?: number;
  role?: number;
}

/** Sends an operator's notice (`message.notice`); refreshes the lists (the sender may be a reader too). */
export function useSendNotice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: NoticeInput) => post<{ tenants: number }>('/amazon-user/messageNotice', body),
    onSettled: () => qc.invalidateQueries({ queryKey: messageKeys.all }),
  });
}
