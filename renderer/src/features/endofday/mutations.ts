import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useClient } from '../../api/context';
import { allCodes, shipmentQueries, type SearchFilter } from '../shipments/queries';

/** A manifest lists at most this many parcels (the API's limit). */
export const MAX_MANIFEST = 500;

/** The manifest of every shipment the filter matches; they move to COLLECTED, so every shipment list refreshes. */
export function useCreateManifest() {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (filter: SearchFilter) =>
      client.call('manifests.create', { body: { codes: (await allCodes(client, filter, MAX_MANIFEST)).codes } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shipmentQueries.all() }),
  });
}
