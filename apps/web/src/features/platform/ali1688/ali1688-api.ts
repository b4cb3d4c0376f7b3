import type { Ali1688CompleteBody, Ali1688ConnectionView, ali1688ConnectData } from '@console/shared/schemas/ali1688';
import type { Answer } from '@console/shared/schemas/common';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../api/http';

const keys = { connection: ['ali1688', 'connection'] as const };

/** The tenant's 1688 connection (`POST /ali1688/connection`). */
export function useAli1688Connection() {
  return useQuery({
    queryKey: keys.connection,
    queryFn: () => post<Ali1688ConnectionView>('/ali1688/connection'),
  });
}

/** Starts a connection: the answer's authorize URL is where the browser goes next. */
export function startAli1688Connect() {
  return post<Answer<typeof ali1688ConnectData>>('/ali1688/connect');
}

/** 完成授权 and 断开; each refreshes the connection. */
export function useAli1688Mutations() {
  const qc = useQueryClient();
  const onSettled = () => qc.invalidateQueries({ queryKey: keys.connection });
  return {
    complete: useMutation({
      mutationFn: (body: Ali1688CompleteBody) => post<Ali1688ConnectionView>('/ali1688/complete', body),
      onSettled,
    }),
    disconnect: useMutation({
      mutationFn: () => post<Ali1688ConnectionView>('/ali1688/disconnect'),
      onSettled,
    }),
  };
}
