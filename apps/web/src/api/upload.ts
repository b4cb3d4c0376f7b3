import type { Answer } from '@console/shared/schemas/common';
import type {
  affectedItemsData,
  CreateUploadInput,
  createUploadData,
  DeleteListingInput,
  ErrorFeedData,
  ListingStatus,
  ListingView,
  listingsData,
  queueGoodsData,
  ResubmitBody,
  resubmitData,
  UploadQueueListQuery,
  UploadQueueView,
  uploadItemsData,
  uploadQueueListData,
  uploadTargetsData,
} from '@console/shared/schemas/upload';
import type { UploadCheckData, UploadCheckInput } from '@console/shared/schemas/upload-check';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { get, post } from './http';

/** Shops the user may upload to, with their allowed marketplaces (shared `uploadTargetsData`). */
export type UploadTargets = Answer<typeof uploadTargetsData>;
/** A page of queues (上传记录). */
export type UploadQueueList = Answer<typeof uploadQueueListData>;
/** A page of a queue's items. */
export type UploadItemList = Answer<typeof uploadItemsData>;
/** A page of a queue's products with what was sent (编辑上传队列). */
export type QueueGoodsPage = Answer<typeof queueGoodsData>;
/** The listing ledger rows of some products. */
export type Listings = Answer<typeof listingsData>;
/** The filters of 上传记录 as the screen holds them (page and size included). */
export type QueueListFilters = Partial<Omit<UploadQueueListQuery, 'page' | 'pageSize'>> & {
  page: number;
  pageSize: number;
};
/** The filters of a queue's item list. */
export interface ItemFilters {
  queue_id: number;
  page: number;
  pageSize: number;
  status?: string;
  marketplace?: string;
  keyword?: string;
}

/** How often an unfinished queue is read again. */
export const QUEUE_POLL_MS = 2000;

/** Query keys of the upload pipeline. */
export const uploadKeys = {
  all: ['upload'] as const,
  targets: () => [...uploadKeys.all, 'targets'] as const,
  queues: () => [...uploadKeys.all, 'queues'] as const,
  queueList: (f: QueueListFilters) => [...uploadKeys.queues(), 'list', f] as const,
  queue: (id: number) => [...uploadKeys.queues(), 'one', id] as const,
  items: (f: ItemFilters) => [...uploadKeys.queues(), 'items', f] as const,
  errorFeed: (queueId: number, goodsId: number) => [...uploadKeys.queues(), 'errorFeed', queueId, goodsId] as const,
  queueGoods: (queueId: number, page: number, pageSize: number) =>
    [...uploadKeys.queues(), 'goods', queueId, page, pageSize] as const,
  listings: (ids: readonly number[]) => [...uploadKeys.all, 'listings', ids] as const,
  checks: () => [...uploadKeys.all, 'check'] as const,
  check: (body: UploadCheckInput) => [...uploadKeys.checks(), body] as const,
};

/** The answer of the check before sending (`POST /upload/check`). */
export type UploadCheck = UploadCheckData;

/**
 * The check before sending of a selection (上传到亚马逊 dialog, the editor's 上架检查): per
 * product x marketplace ready or what stops it; none asked (`body` null): no call. Its
 * errors are shown where the check is, not as a toast.
 */
export function useUploadCheck(body: UploadCheckInput | null) {
  return useQuery({
    queryKey: uploadKeys.check(body ?? { shop_id: 0, marketplaces: [], upload_type: 'good' }),
    queryFn: () => post<UploadCheck>('/upload/check', body, { silent: true }),
    enabled: body !== null,
    retry: false,
  });
}

/** Whether a queue still changes (pending or running): its screens poll until it does not. */
export function queueUnfinished(q: Pick<UploadQueueView, 'status'> | undefined | null): boolean {
  return q?.status === 'pending' || q?.status === 'running';
}

/** The refetch interval of a list of queues: poll while any shown queue is unfinished. */
export function pollWhileUnfinished(queues: readonly Pick<UploadQueueView, 'status'>[] | undefined): number | false {
  return queues?.some(queueUnfinished) ? QUEUE_POLL_MS : false;
}

/** The shops (and marketplaces) the user may upload to. */
export function useUploadTargets(enabled = true) {
  return useQuery({
    queryKey: uploadKeys.targets(),
    queryFn: () => get<UploadTargets>('/upload/targets'),
    enabled,
  });
}

/** A page of queues; polls while one of them is unfinished. */
export function useQueueList(filters: QueueListFilters) {
  return useQuery({
    queryKey: uploadKeys.queueList(filters),
    queryFn: () => get<UploadQueueList>('/upload/queueList', filters),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => pollWhileUnfinished(q.state.data?.list),
  });
}

/** One queue; polls while it is unfinished. */
export function useQueue(id: number) {
  return useQuery({
    queryKey: uploadKeys.queue(id),
    queryFn: () => get<UploadQueueView>('/upload/queue', { id }),
    refetchInterval: (q) => (queueUnfinished(q.state.data) ? QUEUE_POLL_MS : false),
  });
}

/** A page of a queue's items; polls with the queue (`live`). */
export function useQueueItems(filters: ItemFilters | null, live: boolean) {
  return useQuery({
    queryKey: uploadKeys.items(filters ?? { queue_id: 0, page: 1, pageSize: 20 }),
    queryFn: () => get<UploadItemList>('/upload/queueItems', { ...filters }),
    enabled: filters !== null,
    placeholderData: keepPreviousData,
    refetchInterval: live ? QUEUE_POLL_MS : false,
  });
}

/** Every issue of one product in a queue (错误日志); polls while the queue is unfinished. */
export function useErrorFeed(queueId: number, goodsId: number) {
  return useQuery({
    queryKey: uploadKeys.errorFeed(queueId, goodsId),
    queryFn: () => get<ErrorFeedData>('/upload/errorFeed', { queue_id: queueId, goods_id: goodsId }),
    refetchInterval: (q) => (queueUnfinished(q.state.data?.queue) ? QUEUE_POLL_MS : false),
  });
}

/** A page of a queue's products with what was sent per marketplace (编辑上传队列). */
export function useQueueGoods(queueId: number, page: number, pageSize: number) {
  return useQuery({
    queryKey: uploadKeys.queueGoods(queueId, page, pageSize),
    queryFn: () => get<QueueGoodsPage>('/upload/queueGoods', { queue_id: queueId, page, pageSize }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (queueUnfinished(q.state.data?.queue) ? QUEUE_POLL_MS : false),
  });
}

/** Ledger states that change by themselves while a queue works (the ledger is read again until none is shown). */
export const LISTING_IN_FLIGHT: readonly ListingStatus[] = ['queued', 'submitted', 'accepted'];

/** The refetch interval of a ledger: poll while a shown row is on its way. */
export function pollWhileInFlight(rows: readonly Pick<ListingView, 'status'>[] | undefined): number | false {
  return rows?.some((r) => LISTING_IN_FLIGHT.includes(r.status)) ? QUEUE_POLL_MS : false;
}

/**
 * The listing ledger of some products (one call per list page); none asked, or a user
 * without `shop.use` (`enabled` false): no call. Polls while a row is on its way.
 */
export function useListings(goodsIds: readonly number[], enabled = true) {
  return useQuery({
    queryKey: uploadKeys.listings(goodsIds),
    queryFn: () => get<Listings>('/upload/listings', { goods_ids: goodsIds.join(',') }),
    enabled: enabled && goodsIds.length > 0,
    placeholderData: keepPreviousData,
    // Running queues change the ledger without a mutation here: a shown-again list reads it after 5 s.
    staleTime: 5_000,
    refetchInterval: (q) => pollWhileInFlight(q.state.data?.list),
  });
}

/** Upload mutations; each refreshes the queue screens and the ledger. */
export function useUploadMutations() {
  const qc = useQueryClient();
  const onSuccess = () => qc.invalidateQueries({ queryKey: uploadKeys.all });
  return {
    create: useMutation({
      mutationFn: (body: CreateUploadInput) => post<Answer<typeof createUploadData>>('/upload/create', body),
      onSuccess,
    }),
    /** 重试失败: the failed items (or the given ones) mapped again and sent again. */
    retry: useMutation({
      mutationFn: (body: { queue_id: number; item_ids?: number[] }) =>
        post<Answer<typeof affectedItemsData>>('/upload/retry', body),
      onSuccess,
    }),
    /** 重新查询: items whose result is unknown (or the given ones) read back from Amazon again; nothing is sent. */
    recheck: useMutation({
      mutationFn: (body: { queue_id: number; item_ids?: number[] }) =>
        post<Answer<typeof affectedItemsData>>('/upload/recheck', body),
      onSuccess,
    }),
    /** 取消未发送. */
    cancel: useMutation({
      mutationFn: (queueId: number) => post<Answer<typeof affectedItemsData>>('/upload/cancel', { queue_id: queueId }),
      onSuccess,
    }),
    /** 从亚马逊删除: one seller SKU's listing in one marketplace; the ledger row comes back 已删除. */
    deleteListing: useMutation({
      mutationFn: (body: DeleteListingInput) => post<ListingView>('/upload/deleteListing', body),
      onSuccess,
    }),
    /** 重新提交 of the edit queue: fixes saved into the products, their items sent again. */
    resubmit: useMutation({
      mutationFn: (body: ResubmitBody) => post<Answer<typeof resubmitData>>('/upload/resubmit', body),
      onSuccess: () => {
        onSuccess();
        // The products changed: the product lists and editors read them again.
        return qc.invalidateQueries({ queryKey: ['goods'] });
      },
    }),
  };
}
