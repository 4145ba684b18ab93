import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { StationClient } from '../../api/client';
import { useClient } from '../../api/context';
import { rootKeys } from '../../api/keys';

/** Deliveries shown at once: a paused endpoint may hold thousands, paged. */
const DELIVERIES_PAGE = 20;

/** The account's webhook endpoints and their deliveries: each key under `all`, and its query. */
export const webhookQueries = {
  all: () => rootKeys.webhooks,
  lists: () => [...webhookQueries.all(), 'list'] as const,
  list: (client: StationClient) =>
    queryOptions({
      queryKey: webhookQueries.lists(),
      queryFn: () => client.call('webhooks.list').then((r) => r.data),
    }),
  deliveriesOf: (id: number) => [...webhookQueries.all(), 'deliveries', id] as const,
  /**
   * A page of the deliveries, newest first, followed while any is pending (a retry, a receiver that is down) and the
   * endpoint is enabled: a stopped one's pending messages wait for "Send again", which reads them anew.
   */
  deliveries: (client: StationClient, id: number, page: number, enabled: boolean) =>
    queryOptions({
      queryKey: [...webhookQueries.deliveriesOf(id), page] as const,
      queryFn: () =>
        client.call('webhooks.deliveries', { params: { id: String(id) }, query: { page, size: DELIVERIES_PAGE } }),
      refetchInterval: (q) => (enabled && q.state.data?.data.some((d) => d.state === 'pending') ? 1500 : false),
    }),
};

export function useWebhooks() {
  return useQuery(webhookQueries.list(useClient()));
}

export function useDeliveries(id: number, page: number, enabled: boolean) {
  return useQuery({ ...webhookQueries.deliveries(useClient(), id, page, enabled), placeholderData: keepPreviousData });
}
