import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useClient } from '../../api/context';
import { rootKeys } from '../../api/keys';
import type { PrintJob } from '../../api/types';

/** How long one request waits at the service for the list to change. */
const WAIT_MS = 20_000;

export interface Attention {
  data: PrintJob[];
  version: string;
}

/**
 * Not under `rootKeys.printing`: the answer follows every change by itself, and an invalidation would leave the
 * request in flight (the client cannot abort one) holding one of the browser's few connections for up to 20 s.
 */
export const attentionKey = () => rootKeys.attention;

/**
 * The labels waiting for the operator (held, unconfirmed, failed), on every screen. Each request waits at the
 * service until the list differs from the one shown (long polling): a printer gone silent is on screen as soon as
 * the queue gives up on a label, with one request per change.
 */
export function useAttention() {
  const client = useClient();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: attentionKey(),
    queryFn: () => {
      const shown = queryClient.getQueryData<Attention>(attentionKey());
      return client.call('printJobs.attention', { query: shown ? { wait_ms: WAIT_MS, seen: shown.version } : {} });
    },
    staleTime: 0,
    // Asked again at once after each answer: the request itself is the wait.
    refetchInterval: 1,
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: false,
  });
}
