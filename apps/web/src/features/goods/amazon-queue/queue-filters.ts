import type { UploadQueueStatus, UploadType } from '@console/shared/schemas/upload';
import type { Dayjs } from 'dayjs';
import type { QueueListFilters } from '../../../api/upload';
import { rangeToSeconds } from '../../../lib/date-range';

/** The values of 上传记录's filter form. */
export interface FilterValues {
  shop_id?: number;
  status?: UploadQueueStatus;
  upload_type?: UploadType;
  marketplace?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

/** The list filters from the form: empty choices are left out; the date range becomes startTime/endTime seconds. */
export function queueFiltersFromValues(v: FilterValues, pageSize: number): QueueListFilters {
  const { startTime, endTime } = rangeToSeconds(v.range);
  return {
    page: 1,
    pageSize,
    ...(v.shop_id ? { shop_id: v.shop_id } : {}),
    ...(v.status ? { status: v.status } : {}),
    ...(v.upload_type ? { upload_type: v.upload_type } : {}),
    ...(v.marketplace ? { marketplace: v.marketplace as QueueListFilters['marketplace'] } : {}),
    ...(startTime ? { startTime } : {}),
    ...(endTime ? { endTime } : {}),
  };
}
