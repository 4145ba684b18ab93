import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OpInput } from '../../api/client';
import { useClient } from '../../api/context';
import type { StationClient } from '../../api/client';
import type { PrintJob } from '../../api/types';
import { isFinalJobState } from '../../../../core/printing/job-states';

type JobFilter = NonNullable<OpInput<'printJobs.list'>['query']>;

/** Query keys of printers and print jobs: `all` invalidates everything printing-related after a change. */
export const printingKeys = {
  all: ['printing'] as const,
  printers: () => [...printingKeys.all, 'printers'] as const,
  printerStatus: (name: string) => [...printingKeys.printers(), name, 'status'] as const,
  discovered: () => [...printingKeys.all, 'discovered'] as const,
  jobs: () => [...printingKeys.all, 'jobs'] as const,
  jobList: (filter: JobFilter) => [...printingKeys.jobs(), 'list', filter] as const,
  job: (id: number) => [...printingKeys.jobs(), id] as const,
};

/**
 * A job that may still change is asked again at once after each answer: the request itself waits for the change,
 * and each millisecond here is one the operator waits for "printed".
 */
const JOB_ASK_AGAIN_MS = 1;
/** How long one request waits at the service for a change. */
const JOB_WAIT_MS = 20_000;
const STATUS_POLL_MS = 5_000;

export const printersQuery = (client: StationClient) =>
  queryOptions({ queryKey: printingKeys.printers(), queryFn: () => client.call('printers.list').then((r) => r.data) });

export function usePrinters() {
  return useQuery(printersQuery(useClient()));
}

export function usePrinterStatus(name: string) {
  const client = useClient();
  return useQuery({
    queryKey: printingKeys.printerStatus(name),
    queryFn: () => client.call('printers.status', { params: { name } }),
    refetchInterval: STATUS_POLL_MS,
  });
}

export function useDiscoveredPrinters(enabled: boolean) {
  const client = useClient();
  return useQuery({
    queryKey: printingKeys.discovered(),
    queryFn: () => client.call('printers.discover').then((r) => r.data),
    enabled,
  });
}

/** The queue, newest first; refreshed while any listed job can still move. */
export function useJobs(filter: JobFilter) {
  const client = useClient();
  return useQuery({
    queryKey: printingKeys.jobList(filter),
    queryFn: () => client.call('printJobs.list', { query: filter }),
    refetchInterval: (q) => (q.state.data?.data.some((j) => !isFinalJobState(j.state)) ? 1_000 : 5_000),
  });
}

/**
 * One job, followed until the queue is done with it. Each request waits at the service until the job differs from
 * what is shown (long polling), so a change reaches the screen at once, with one request per change.
 */
export function useJob(id: number | null) {
  const client = useClient();
  const queryClient = useQueryClient();
  const queryKey = printingKeys.job(id ?? 0);
  return useQuery({
    queryKey,
    queryFn: () => {
      const shown = queryClient.getQueryData<PrintJob>(queryKey);
      return client.call('printJobs.get', {
        params: { id: String(id) },
        query: shown
          ? {
              wait_ms: JOB_WAIT_MS,
              seen_state: shown.state,
              seen_done: shown.progress.done,
              seen_attempts: shown.attempts,
            }
          : {},
      });
    },
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: (q) => (q.state.data && isFinalJobState(q.state.data.state) ? false : JOB_ASK_AGAIN_MS),
    refetchIntervalInBackground: true,
  });
}
