import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { OpInput, StationClient } from '../../api/client';
import { useClient } from '../../api/context';
import { rootKeys } from '../../api/keys';
import type { PrintJob } from '../../api/types';
import { isFinalJobState } from '@shared/job-states';

type JobFilter = NonNullable<OpInput<'printJobs.list'>['query']>;

/**
 * A job followed by a fetch that ended before the job did is asked again at once: the request itself waits for the
 * change, and each millisecond here is one the operator waits for "printed".
 */
const JOB_ASK_AGAIN_MS = 1;
/** How long one request waits at the service for a change. */
const JOB_WAIT_MS = 20_000;
/**
 * A label on its way without trouble is waited for until it comes to something (`outcome`), for this long at most:
 * its claim (queued → printing) would cost the operator a round trip to the station for a word shown a few ms
 * (5–20 ms on a loaded desk PC); a printer slow to take it shows "printing" after this.
 */
const JOB_OUTCOME_MS = 1_000;
const STATUS_POLL_MS = 5_000;

/**
 * The reads of printers and print jobs, and their keys: `all` (every change to printing invalidates it) → `printers`
 * → a printer's status; `all` → `jobs` → a list by filter, or one job.
 */
export const printingQueries = {
  all: () => rootKeys.printing,
  printers: () => [...printingQueries.all(), 'printers'] as const,
  printerList: (client: StationClient) =>
    queryOptions({
      queryKey: printingQueries.printers(),
      queryFn: () => client.call('printers.list').then((r) => r.data),
    }),
  printerStatus: (client: StationClient, name: string) =>
    queryOptions({
      queryKey: [...printingQueries.printers(), name, 'status'] as const,
      queryFn: () => client.call('printers.status', { params: { name } }),
    }),
  discovered: (client: StationClient) =>
    queryOptions({
      queryKey: [...printingQueries.all(), 'discovered'] as const,
      queryFn: () => client.call('printers.discover').then((r) => r.data),
    }),
  jobs: () => [...printingQueries.all(), 'jobs'] as const,
  jobList: (client: StationClient, filter: JobFilter) =>
    queryOptions({
      queryKey: [...printingQueries.jobs(), 'list', filter] as const,
      queryFn: () => client.call('printJobs.list', { query: filter }),
    }),
  job: (id: number) => [...printingQueries.jobs(), id] as const,
  /**
   * One job, followed until the queue is done with it. Each request waits at the service until the job differs from
   * what is shown (long polling), or while it is on its way without trouble, until it comes to something
   * (JOB_OUTCOME_MS); a change that is not the end is shown and the next request sent at once, in this same fetch: a
   * re-render between the two requests (5–8 ms on a desk PC) was in the operator's wait for "printed". The answer
   * that shows it done (or failed) refreshes the shipments it labelled.
   */
  follow: (client: StationClient, queryClient: QueryClient, id: number) =>
    queryOptions({
      queryKey: printingQueries.job(id),
      queryFn: async ({ signal }) => {
        const key = printingQueries.job(id);
        const before = queryClient.getQueryData<PrintJob>(key);
        let shown = before;
        for (;;) {
          const onItsWay = shown && (shown.state === 'queued' || shown.state === 'printing') && !shown.last_error;
          const job = await client.call('printJobs.get', {
            params: { id: String(id) },
            query: !shown
              ? {}
              : onItsWay
                ? { wait_ms: JOB_OUTCOME_MS, outcome: true }
                : {
                    wait_ms: JOB_WAIT_MS,
                    seen_state: shown.state,
                    seen_done: shown.progress.done,
                    seen_attempts: shown.attempts,
                  },
          });
          if (isFinalJobState(job.state) || signal.aborted) {
            if (isFinalJobState(job.state) && !(before && isFinalJobState(before.state)))
              void queryClient.invalidateQueries({ queryKey: rootKeys.shipments });
            return job;
          }
          queryClient.setQueryData(key, job);
          shown = job;
        }
      },
      staleTime: 0,
    }),
};

/**
 * Read again as often as their states: a printer added or removed at another desk (or by a script) reaches this
 * desk's bar and choices without a reload. Batch offered only the printers of the moment it was first read.
 */
export function usePrinters() {
  return useQuery({ ...printingQueries.printerList(useClient()), refetchInterval: STATUS_POLL_MS });
}

export function usePrinterStatus(name: string) {
  return useQuery({ ...printingQueries.printerStatus(useClient(), name), refetchInterval: STATUS_POLL_MS });
}

export function useDiscoveredPrinters(enabled: boolean) {
  return useQuery({ ...printingQueries.discovered(useClient()), enabled });
}

/** The queue, newest first; refreshed while any listed job can still move. */
export function useJobs(filter: JobFilter) {
  return useQuery({
    ...printingQueries.jobList(useClient(), filter),
    refetchInterval: (q) => (q.state.data?.data.some((j) => !isFinalJobState(j.state)) ? 1_000 : 5_000),
  });
}

/** One job, followed until the queue is done with it (printingQueries.follow), while `id` is not null. */
export function useJob(id: number | null) {
  return useQuery({
    ...printingQueries.follow(useClient(), useQueryClient(), id ?? 0),
    enabled: id !== null,
    // Asked again after a fetch that ended before the job did (an operator's action restarts it, an error).
    refetchInterval: (q) => (q.state.data && isFinalJobState(q.state.data.state) ? false : JOB_ASK_AGAIN_MS),
    refetchIntervalInBackground: true,
  });
}

/**
 * Follows jobs outside a query (a batch follows its jobs one after another, under one bar): each request waits at
 * the service for the job's next change, reported to `seen`, until the queue is done with it or `stop` says so.
 * The answer that shows it done refreshes the shipments it labelled, as useJob's does.
 */
export function useFollowJob() {
  const client = useClient();
  const queryClient = useQueryClient();
  return async (job: PrintJob, seen: (j: PrintJob) => void, stop: () => boolean): Promise<PrintJob> => {
    let j = job;
    while (!isFinalJobState(j.state) && !stop()) {
      j = await client.call('printJobs.get', {
        params: { id: String(j.id) },
        query: { wait_ms: JOB_WAIT_MS, seen_state: j.state, seen_done: j.progress.done, seen_attempts: j.attempts },
      });
      seen(j);
    }
    if (isFinalJobState(j.state)) void queryClient.invalidateQueries({ queryKey: rootKeys.shipments });
    return j;
  };
}
