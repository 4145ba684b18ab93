import { useEffect, useRef } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OpInput } from '../../api/client';
import { useClient } from '../../api/context';

export type SearchQuery = NonNullable<OpInput<'shipments.search'>['query']>;
/** The filters of a search, without its page. */
export type SearchFilter = Omit<SearchQuery, 'page' | 'size'>;

/** Lists and details follow new tracking events without a reload: they are read again this often. */
export const LIST_POLL_MS = 5_000;
export const DETAIL_POLL_MS = 1_500;

export const shipmentKeys = {
  all: ['shipments'] as const,
  search: (q: SearchQuery) => [...shipmentKeys.all, 'search', q] as const,
  one: (code: string) => [...shipmentKeys.all, 'one', code] as const,
  events: (code: string) => [...shipmentKeys.all, 'one', code, 'events'] as const,
  packages: (code: string) => [...shipmentKeys.all, 'one', code, 'packages'] as const,
};

export function useShipmentSearch(query: SearchQuery, opts: { poll?: boolean } = {}) {
  const client = useClient();
  return useQuery({
    queryKey: shipmentKeys.search(query),
    queryFn: () => client.call('shipments.search', { query }),
    // The previous page stays on screen while the next one loads: no flash of an empty table.
    placeholderData: keepPreviousData,
    refetchInterval: opts.poll === false ? false : LIST_POLL_MS,
  });
}

export function useShipment(code: string) {
  const client = useClient();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: shipmentKeys.one(code),
    queryFn: () => client.call('shipments.get', { params: { id: code } }),
    refetchInterval: DETAIL_POLL_MS,
  });
  // The detail polls more often than the lists: when it sees the shipment change, the lists beside it follow at once.
  const updated = query.data?.updated_at;
  const seen = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (seen.current !== undefined && updated !== seen.current)
      void queryClient.invalidateQueries({ queryKey: [...shipmentKeys.all, 'search'] });
    seen.current = updated;
  }, [updated, queryClient]);
  return query;
}

export function useEvents(code: string) {
  const client = useClient();
  return useQuery({
    queryKey: shipmentKeys.events(code),
    queryFn: () => client.call('events.list', { params: { id: code } }),
    refetchInterval: DETAIL_POLL_MS,
  });
}

export function usePackages(code: string, enabled: boolean) {
  const client = useClient();
  return useQuery({
    queryKey: shipmentKeys.packages(code),
    queryFn: () => client.call('packages.list', { params: { id: code } }).then((r) => r.data),
    enabled,
    refetchInterval: DETAIL_POLL_MS,
  });
}

/** Every change to a shipment refreshes the lists and details that show it. */
function useShipmentMutation<I, O>(run: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shipmentKeys.all }),
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

export function useAddPackage() {
  const client = useClient();
  return useShipmentMutation(({ code, body }: { code: string; body: OpInput<'packages.create'>['body'] }) =>
    client.call('packages.create', { params: { id: code }, body }),
  );
}

/**
 * Every code a search matches, page by page (100 at a time, at most `max`): "select all" across pages for a batch
 * or a manifest, without rendering them.
 */
export async function allCodes(
  client: ReturnType<typeof useClient>,
  filter: SearchFilter,
  max: number,
): Promise<{ codes: string[]; items: number }> {
  const codes: string[] = [];
  for (let page = 1; ; page++) {
    const r = await client.call('shipments.search', { query: { ...filter, page, size: 100 } });
    codes.push(...r.data.map((s) => s.code));
    if (r.last || codes.length >= max) return { codes: codes.slice(0, max), items: r.items };
  }
}
