import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OpInput } from '../../api/client';
import { useClient } from '../../api/context';
import type { Shipment } from '../../api/types';

export type ParcelPatch = OpInput<'shipments.update'>['body'];

/** Corrects a shipment before its label (PATCH): the answer is the shipment as it will print. */
export function useCorrectParcel() {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ shipment, patch }: { shipment: Shipment; patch: ParcelPatch }) =>
      client.call('shipments.update', { params: { id: shipment.code }, body: patch }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['shipments'] }),
  });
}
