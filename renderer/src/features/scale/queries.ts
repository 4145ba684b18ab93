import { useQuery } from '@tanstack/react-query';
import { useClient } from '../../api/context';

/** Query keys of the scale. */
export const scaleKeys = {
  all: ['scale'] as const,
  reading: () => [...scaleKeys.all, 'reading'] as const,
  devices: () => [...scaleKeys.all, 'devices'] as const,
};

/** How often a configured scale is read: about what a person sees as live. */
const LIVE_MS = 300;
/** Without a scale, now and then, in case one is configured meanwhile. */
const IDLE_MS = 5_000;

/** The station's scale, read again and again while shown. */
export function useScaleReading() {
  const client = useClient();
  return useQuery({
    queryKey: scaleKeys.reading(),
    queryFn: () => client.call('scale.read'),
    refetchInterval: (q) => (q.state.data?.device ? LIVE_MS : IDLE_MS),
    staleTime: 0,
    retry: false,
  });
}

/** "Find scales": what the station's OS can tell of. Asked for, not polled. */
export function useScaleDevices(enabled: boolean) {
  const client = useClient();
  return useQuery({
    queryKey: scaleKeys.devices(),
    queryFn: () => client.call('scale.devices'),
    enabled,
    retry: false,
  });
}
