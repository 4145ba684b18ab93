import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OpInput } from '../../api/client';
import { useClient } from '../../api/context';
import { rootKeys } from '../../api/keys';

/** A package is itself a shipment: adding one refreshes every list and detail of shipments. */
export function useAddPackage() {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, body }: { code: string; body: OpInput<'packages.create'>['body'] }) =>
      client.call('packages.create', { params: { id: code }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rootKeys.shipments }),
  });
}
