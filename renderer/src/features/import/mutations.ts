import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useClient } from '../../api/context';
import { rootKeys } from '../../api/keys';
import type { ImportBody } from './queries';

/** The import, or its dry run: the service checks every order and answers what it did (or would do). */
export function useImportOrders() {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ImportBody) => client.call('shipments.import', { body }),
    // The new shipments are in every list of shipments.
    onSuccess: (r) => {
      if (!r.dry_run) void queryClient.invalidateQueries({ queryKey: rootKeys.shipments });
    },
  });
}
