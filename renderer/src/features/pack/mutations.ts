import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OpInput } from '../../api/client';
import { useClient } from '../../api/context';
import type { PrintJob, Shipment } from '../../api/types';
import { rootKeys } from '../../api/keys';
import { printingQueries } from '../printing/queries';

/** What a scan opens: the scan rule lives in the service (`scan.resolve`), once. */
export function useScan() {
  const client = useClient();
  return useMutation({ mutationFn: (value: string) => client.call('scan.resolve', { query: { value } }) });
}

export interface Printed {
  shipment: Shipment;
  job: PrintJob | null;
  /** The shipment exists; its label could not be queued (no default printer, …). */
  printError: unknown;
}

/**
 * Prints a shipment's A7 label on the default A7 printer; a label printed before is an explicit reprint. The job as
 * the queue answered is kept as the job's query data, so that following it starts with a request that waits for
 * its first change instead of one that only says "queued"; and that request leaves now, not after the re-render that
 * shows the job (6–15 ms in a page trace, while the label could be done already).
 */
async function printLabel(
  client: ReturnType<typeof useClient>,
  queryClient: ReturnType<typeof useQueryClient>,
  shipment: Shipment,
  reprint: boolean,
): Promise<Printed> {
  try {
    const job = await client.call('printJobs.create', {
      body: { codes: [shipment.code], format: 'PDF_A7', ...(reprint ? { reprint } : {}) },
    });
    queryClient.setQueryData(printingQueries.job(job.id), job);
    // The desk's useJob then joins this fetch rather than starting its own.
    void queryClient.prefetchQuery(printingQueries.follow(client, queryClient, job.id));
    return { shipment, job, printError: null };
  } catch (e) {
    return { shipment, job: null, printError: e };
  }
}

/**
 * What the rest of the desk shows of shipments and printing is refreshed behind the answer: the operator's
 * "printed" does not wait for other lists to be fetched again.
 */
export function refreshAfterPrint(queryClient: ReturnType<typeof useQueryClient>, shipments: boolean): void {
  if (shipments) void queryClient.invalidateQueries({ queryKey: rootKeys.shipments });
  // The lists of jobs only: the job being followed keeps its own long poll (invalidating it would only restart the
  // request), and a print changes no printer. Refreshing the printers asked each printer for its status, the one
  // printing the label too, while the label was on its way (three requests in the operator's wait; they are read
  // every few seconds anyway).
  void queryClient.invalidateQueries({
    queryKey: printingQueries.jobs(),
    predicate: (q) => typeof q.queryKey[2] !== 'number',
  });
}

/** "Create and print": the shipment, then its label on the queue. A refused create prints nothing. */
export async function createAndPrint(
  client: ReturnType<typeof useClient>,
  queryClient: ReturnType<typeof useQueryClient>,
  body: OpInput<'shipments.create'>['body'],
): Promise<Printed> {
  // Its label is printed next: the station starts drawing it at the create (label_ahead).
  const shipment = await client.call('shipments.create', { query: { label_ahead: true }, body });
  return printLabel(client, queryClient, shipment, false);
}

export function useCreateAndPrint() {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OpInput<'shipments.create'>['body']) => createAndPrint(client, queryClient, body),
    onSettled: () => refreshAfterPrint(queryClient, true),
  });
}

export function usePrintShipment() {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ shipment, reprint }: { shipment: Shipment; reprint: boolean }) =>
      printLabel(client, queryClient, shipment, reprint),
    onSettled: () => refreshAfterPrint(queryClient, false),
  });
}
