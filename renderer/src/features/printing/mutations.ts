import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OpInput } from '../../api/client';
import { useClient } from '../../api/context';
import type { PrintJob } from '../../api/types';
import { canDo } from './job-states';
import { printingKeys } from './queries';

/** Every change to printers or jobs refreshes what the desk shows of printing. */
function usePrintingMutation<I, O>(run: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => queryClient.invalidateQueries({ queryKey: printingKeys.all }) });
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
      isNew ? client.call('printers.create', { body: { name, ...body } }) : client.call('printers.update', { params: { name }, body }),
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
 * Sends the rest of a job to another printer. The queue has no move yet: the job is canceled (nothing of it printed
 * on its printer after that) and the same labels are queued on the other printer, as a reprint when any came out.
 */
export function useMoveJob() {
  const client = useClient();
  return usePrintingMutation(async ({ job, printer }: { job: PrintJob; printer: string }) => {
    if (canDo(job.state, 'cancel')) await client.call('printJobs.cancel', { params: { id: String(job.id) } });
    return client.call('printJobs.create', {
      body: { codes: job.codes.slice(job.progress.done), printer, format: job.format, ...(job.reprint ? { reprint: true } : {}) },
    });
  });
}
