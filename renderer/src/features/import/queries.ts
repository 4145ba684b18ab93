import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OpInput } from '../../api/client';
import { useClient } from '../../api/context';

export type ImportBody = OpInput<'shipments.import'>['body'];

/** Query keys of the Import screen. */
export const importKeys = {
  all: ['import'] as const,
  mappings: () => [...importKeys.all, 'mappings'] as const,
  progress: (id: string) => [...importKeys.all, 'progress', id] as const,
};

export function useImportMappings() {
  const client = useClient();
  return useQuery({ queryKey: importKeys.mappings(), queryFn: () => client.call('importMappings.list') });
}

/** The import, or its dry run: the service checks every order and answers what it did (or would do). */
export function useImportOrders() {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ImportBody) => client.call('shipments.import', { body }),
    onSuccess: (r) => {
      if (!r.dry_run) void queryClient.invalidateQueries({ queryKey: ['shipments'] });
    },
  });
}

/** Where a running import stands, asked every quarter second while it runs. */
export function useImportProgress(importId: string | null) {
  const client = useClient();
  return useQuery({
    queryKey: importKeys.progress(importId ?? ''),
    queryFn: () => client.call('shipments.importProgress', { params: { import_id: importId! } }),
    enabled: importId !== null,
    refetchInterval: 250,
    retry: false,
  });
}
