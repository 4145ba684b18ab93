import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OpInput } from '../../api/client';
import { useClient } from '../../api/context';
import { shipmentQueries } from './queries';

/** Every change to a shipment refreshes the lists and details that show it. */
function useShipmentMutation<I, O>(run: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shipmentQueries.all() }),
  });
}

export function useCancelShipment() {
  const client = useClient();
  return useShipmentMutation((code: string) => client.call('shipments.cancel', { params: { id: code } }));
}

export function useRecordEvent() {
  const client = useClient();
  return useShipmentMutation(({ code, body }: { code: string; body: OpInput<'events.create'>['body'] }) =>
    client.call('events.create', { params: { id: code }, body }),
  );
}
