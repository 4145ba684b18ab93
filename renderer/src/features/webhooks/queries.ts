import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StationClient } from '../../api/client';
import { useClient } from '../../api/context';
import { rootKeys } from '../../api/keys';

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
  /** The newest deliveries, followed while any is pending (a retry, a receiver that is down). */
  deliveries: (client: StationClient, id: number) =>
    queryOptions({
      queryKey: webhookQueries.deliveriesOf(id),
      queryFn: () => client.call('webhooks.deliveries', { params: { id: String(id) }, query: { size: 20 } }),
      refetchInterval: (q) => (q.state.data?.data.some((d) => d.state === 'pending') ? 1500 : false),
    }),
};

export function useWebhooks() {
  return useQuery(webhookQueries.list(useClient()));
}

export function useDeliveries(id: number) {
  return useQuery(webhookQueries.deliveries(useClient(), id));
}
