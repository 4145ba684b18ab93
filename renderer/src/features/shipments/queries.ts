import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OpInput, StationClient } from '../../api/client';
import { useClient } from '../../api/context';
import { rootKeys } from '../../api/keys';

export type SearchQuery = NonNullable<OpInput<'shipments.search'>['query']>;
/** The filters of a search, without its page. */
export type SearchFilter = Omit<SearchQuery, 'page' | 'size'>;

/** Lists and details follow new tracking events without a reload: they are read again this often. */
export const LIST_POLL_MS = 5_000;
export const DETAIL_POLL_MS = 1_500;

/** The shipments' reads and their keys: `all` → `lists` → `search(query)`, or every code a filter matches; `all` → `details` → `detail(code)` → its events, packages. */
export const shipmentQueries = {
  all: () => rootKeys.shipments,
  lists: () => [...shipmentQueries.all(), 'search'] as const,
  search: (client: StationClient, query: SearchQuery) =>
    queryOptions({
      queryKey: [...shipmentQueries.lists(), query] as const,
      queryFn: () => client.call('shipments.search', { query }),
    }),
  codes: (client: StationClient, filter: SearchFilter, max: number) =>
    queryOptions({
      queryKey: [...shipmentQueries.lists(), 'codes', filter, max] as const,
      queryFn: () => allCodes(client, filter, max),
    }),
  details: () => [...shipmentQueries.all(), 'one'] as const,
  detail: (code: string) => [...shipmentQueries.details(), code] as const,
  one: (client: StationClient, code: string) =>
    queryOptions({
      queryKey: shipmentQueries.detail(code),
      queryFn: () => client.call('shipments.get', { params: { id: code } }),
    }),
  events: (client: StationClient, code: string) =>
    queryOptions({
      queryKey: [...shipmentQueries.detail(code), 'events'] as const,
      queryFn: () => client.call('events.list', { params: { id: code } }),
    }),
  packages: (client: StationClient, code: string) =>
    queryOptions({
      queryKey: [...shipmentQueries.detail(code), 'packages'] as const,
      queryFn: () => client.call('packages.list', { params: { id: code } }).then((r) => r.data),
    }),
};

export function useShipmentSearch(query: SearchQuery, opts: { poll?: boolean } = {}) {
  return useQuery({
    ...shipmentQueries.search(useClient(), query),
    // The previous page stays on screen while the next one loads: no flash of an empty table.
    placeholderData: keepPreviousData,
    refetchInterval: opts.poll === false ? false : LIST_POLL_MS,
  });
}

export function useShipment(code: string) {
  const queryClient = useQueryClient();
  const one = shipmentQueries.one(useClient(), code);
  return useQuery({
    ...one,
    // The detail polls more often than the lists: when its answer shows the shipment changed, the lists beside it
    // follow at once.
    queryFn: async (context) => {
      const before = queryClient.getQueryData(one.queryKey);
      const now = await one.queryFn!(context);
      if (before && before.updated_at !== now.updated_at)
        void queryClient.invalidateQueries({ queryKey: shipmentQueries.lists() });
      return now;
    },
    refetchInterval: DETAIL_POLL_MS,
  });
}

export function useEvents(code: string) {
  return useQuery({ ...shipmentQueries.events(useClient(), code), refetchInterval: DETAIL_POLL_MS });
}

export function usePackages(code: string, enabled: boolean) {
  return useQuery({ ...shipmentQueries.packages(useClient(), code), enabled, refetchInterval: DETAIL_POLL_MS });
}

/**
 * Every code a search matches, page by page (100 at a time, at most `max`): "select all" across pages for a batch
 * or a manifest, without rendering them.
 */
export async function allCodes(
  client: StationClient,
  filter: SearchFilter,
  max: number,
): Promise<{ codes: string[]; items: number; receivers: Map<string, string> }> {
  const codes: string[] = [];
  /** Each code's receiver: a parcel looked for on the bench is found by the name on its label. */
  const receivers = new Map<string, string>();
  for (let page = 1; ; page++) {
    const r = await client.call('shipments.search', { query: { ...filter, page, size: 100 } });
    for (const s of r.data) {
      codes.push(s.code);
      receivers.set(s.code, s.destination.contact.name);
    }
    if (r.last || codes.length >= max) return { codes: codes.slice(0, max), items: r.items, receivers };
  }
}

/** Every code a filter matches (at most `max`), refreshed with the lists: a manifest's parcels, say. */
export function useAllCodes(filter: SearchFilter, max: number) {
  return useQuery(shipmentQueries.codes(useClient(), filter, max));
}
