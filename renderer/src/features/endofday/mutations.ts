import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useClient } from '../../api/context';
import { shipmentQueries } from '../shipments/queries';

/** A manifest lists at most this many parcels (the API's limit). */
export const MAX_MANIFEST = 500;

/** The manifest of these shipments; they move to COLLECTED, so every shipment list refreshes. */
export function useCreateManifest() {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (codes: string[]) => client.call('manifests.create', { body: { codes } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shipmentQueries.all() }),
  });
}
