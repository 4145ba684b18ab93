import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StationClient } from '../../api/client';
import { useClient } from '../../api/context';
import { rootKeys } from '../../api/keys';

/** How often a configured scale is read: about what a person sees as live. */
const LIVE_MS = 300;
/** Without a scale, now and then, in case one is configured meanwhile. */
const IDLE_MS = 5_000;

/** The scale's reads and their keys: `all` → the reading, the devices the OS can tell of. */
export const scaleQueries = {
  all: () => rootKeys.scale,
  reading: (client: StationClient) =>
    queryOptions({
      queryKey: [...scaleQueries.all(), 'reading'] as const,
      queryFn: () => client.call('scale.read'),
      staleTime: 0,
      retry: false,
    }),
  devices: (client: StationClient) =>
    queryOptions({
      queryKey: [...scaleQueries.all(), 'devices'] as const,
      queryFn: () => client.call('scale.devices'),
      retry: false,
    }),
};

/** The station's scale, read again and again while shown. */
export function useScaleReading() {
  return useQuery({
    ...scaleQueries.reading(useClient()),
    refetchInterval: (q) => (q.state.data?.device ? LIVE_MS : IDLE_MS),
  });
}

/** "Find scales": what the station's OS can tell of. Asked for, not polled. */
export function useScaleDevices(enabled: boolean) {
  return useQuery({ ...scaleQueries.devices(useClient()), enabled });
}
