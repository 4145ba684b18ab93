import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OpInput, StationClient } from '../../api/client';
import { useClient } from '../../api/context';
import { rootKeys } from '../../api/keys';

export type ImportBody = OpInput<'shipments.import'>['body'];

/** The Import screen's reads and their keys: `all` → the saved mappings, a running import's progress. */
export const importQueries = {
  all: () => rootKeys.import,
  mappings: () => [...importQueries.all(), 'mappings'] as const,
  mappingList: (client: StationClient) =>
    queryOptions({ queryKey: importQueries.mappings(), queryFn: () => client.call('importMappings.list') }),
  progress: (client: StationClient, importId: string) =>
    queryOptions({
      queryKey: [...importQueries.all(), 'progress', importId] as const,
      queryFn: () => client.call('shipments.importProgress', { params: { import_id: importId } }),
      retry: false,
    }),
};

export function useImportMappings() {
  return useQuery(importQueries.mappingList(useClient()));
}

/** Where a running import stands, asked every quarter second while it runs. */
export function useImportProgress(importId: string | null) {
  return useQuery({
    ...importQueries.progress(useClient(), importId ?? ''),
    enabled: importId !== null,
    refetchInterval: 250,
  });
}
