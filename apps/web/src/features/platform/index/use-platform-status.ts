import type { Answer } from '@console/shared/schemas/common';
import type { platformStatusData } from '@console/shared/schemas/platform';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../../api/http';

/** The cards of 平台首页 (docs/platform.md). */
export type PlatformStatus = Answer<typeof platformStatusData>;

/** `GET /amazon-user/platformStatus`: the state of every connection the caller may see. */
export function usePlatformStatus() {
  return useQuery({
    queryKey: ['platform', 'status'],
    queryFn: () => get<PlatformStatus>('/amazon-user/platformStatus'),
  });
}
