import type { Answer } from '@console/shared/schemas/common';
import type { GatherExtensionData, gatherRevokeData, gatherTokenCreated } from '@console/shared/schemas/gather';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { get, post } from '../../../api/http';

const key = ['gather', 'extension'] as const;

/** getGatherExtension: the zip's facts and the caller's token state. */
export function useGatherExtension() {
  return useQuery({ queryKey: key, queryFn: () => get<GatherExtensionData>('/amazon-user/getGatherExtension') });
}

/** 生成/重新生成 and 撤销 of the collection token; both refresh the page's facts. */
export function useGatherToken() {
  const qc = useQueryClient();
  const onSuccess = () => qc.invalidateQueries({ queryKey: key });
  return {
    create: useMutation({
      mutationFn: () => post<Answer<typeof gatherTokenCreated>>('/gather/token', {}),
      onSuccess,
    }),
    revoke: useMutation({
      mutationFn: () => post<Answer<typeof gatherRevokeData>>('/gather/token/revoke', {}),
      onSuccess,
    }),
  };
}
