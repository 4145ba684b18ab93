import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OpInput } from '../../api/client';
import { useClient } from '../../api/context';
import type { PrintJob, Shipment } from '../../api/types';
import { rootKeys } from '../../api/keys';

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

/** Prints a shipment's A7 label on the default A7 printer; a label printed before is an explicit reprint. */
async function printLabel(
  client: ReturnType<typeof useClient>,
  shipment: Shipment,
  reprint: boolean,
): Promise<Printed> {
  try {
    const job = await client.call('printJobs.create', {
      body: { codes: [shipment.code], format: 'PDF_A7', ...(reprint ? { reprint } : {}) },
    });
    return { shipment, job, printError: null };
  } catch (e) {
    return { shipment, job: null, printError: e };
  }
}

/** "Create and print": the shipment, then its label on the queue. A refused create prints nothing. */
export function useCreateAndPrint() {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: OpInput<'shipments.create'>['body']) =>
      printLabel(client, await client.call('shipments.create', { body }), false),
    onSettled: () =>
      queryClient
        .invalidateQueries({ queryKey: rootKeys.shipments })
        .then(() => queryClient.invalidateQueries({ queryKey: rootKeys.printing })),
  });
}

export function usePrintShipment() {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ shipment, reprint }: { shipment: Shipment; reprint: boolean }) =>
      printLabel(client, shipment, reprint),
    onSettled: () => queryClient.invalidateQueries({ queryKey: rootKeys.printing }),
  });
}
