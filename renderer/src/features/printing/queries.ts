import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OpInput } from '../../api/client';
import { useClient } from '../../api/context';
import type { StationClient } from '../../api/client';
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

/** How often a job that may still change is read again: the status line follows the queue within ~100 ms. */
export const JOB_POLL_MS = 100;
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

/** One job, followed until the queue is done with it. */
export function useJob(id: number | null) {
  const client = useClient();
  return useQuery({
    queryKey: printingKeys.job(id ?? 0),
    queryFn: () => client.call('printJobs.get', { params: { id: String(id) } }),
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: (q) => (q.state.data && isFinalJobState(q.state.data.state) ? false : JOB_POLL_MS),
    refetchIntervalInBackground: true,
  });
}
