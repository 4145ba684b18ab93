import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, type OpInput } from '../../api/client';
import { useClient } from '../../api/context';
import type { PrintJob } from '../../api/types';
import { rootKeys } from '../../api/keys';
import { printingQueries } from './queries';

/** Every change to printers or jobs refreshes what the desk shows of printing. */
function usePrintingMutation<I, O>(
  run: (input: I) => Promise<O>,
  options: { retry?: (count: number, error: unknown) => boolean } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: printingQueries.all() }),
    ...(options.retry ? { retry: options.retry, retryDelay: 500 } : {}),
  });
}

export function usePrint() {
  const client = useClient();
  return usePrintingMutation((body: OpInput<'printJobs.create'>['body']) => client.call('printJobs.create', { body }));
}

export function useRetryJob() {
  const client = useClient();
  return usePrintingMutation((id: number) => client.call('printJobs.retry', { params: { id: String(id) } }));
}

export function useCancelJob() {
  const client = useClient();
  return usePrintingMutation((id: number) => client.call('printJobs.cancel', { params: { id: String(id) } }));
}

export function useSavePrinter() {
  const client = useClient();
  return usePrintingMutation(
    ({ name, body, isNew }: { name: string; body: OpInput<'printers.update'>['body']; isNew: boolean }) =>
      isNew
        ? client.call('printers.create', { body: { name, ...body } })
        : client.call('printers.update', { params: { name }, body }),
  );
}

export function useDeletePrinter() {
  const client = useClient();
  return usePrintingMutation((name: string) => client.call('printers.delete', { params: { name } }));
}

export function useTestPrinter() {
  const client = useClient();
  return useMutation({ mutationFn: (name: string) => client.call('printers.test', { params: { name } }) });
}

/**
 * Sends the rest of a job to another printer: the queue moves it, and it never prints on the first one again. An
 * attempt under way (up to the connect timeout of an unreachable printer) must end first, so "is printing" is asked again.
 */
export function useMoveJob() {
  const client = useClient();
  return usePrintingMutation(
    ({ job, printer }: { job: PrintJob; printer: string }) =>
      client.call('printJobs.move', { params: { id: String(job.id) }, body: { printer } }),
    {
      retry: (count, e) =>
        count < 12 && e instanceof ApiError && e.problem.code === 'invalid_state' && /printing/.test(e.problem.detail),
    },
  );
}

/** The operator's answer to an unconfirmed job: the label came out ("it printed"). */
export function useConfirmJob() {
  const client = useClient();
  return usePrintingMutation((id: number) => client.call('printJobs.confirm', { params: { id: String(id) } }));
}

/** The operator's answer to an unconfirmed job: it did not come out, send it again. */
export function usePrintAgain() {
  const client = useClient();
  return usePrintingMutation((id: number) => client.call('printJobs.printAgain', { params: { id: String(id) } }));
}

type LabelsQuery = NonNullable<OpInput<'labels.get'>['query']>;

/** Labels as a PDF to download (a link valid for a day). Making a label labels the shipment: its lists refresh. */
export function useLabelsPdf() {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (query: LabelsQuery) => client.call('labels.get', { query }).then((r) => r.url),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rootKeys.shipments }),
  });
}
