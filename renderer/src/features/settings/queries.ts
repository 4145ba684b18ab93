import { useQuery } from '@tanstack/react-query';
import { useClient } from '../../api/context';

/** Query keys of what Settings keeps in the station (not in the browser). */
export const settingsKeys = {
  all: ['settings'] as const,
  senders: () => [...settingsKeys.all, 'senders'] as const,
  presets: () => [...settingsKeys.all, 'presets'] as const,
  station: () => [...settingsKeys.all, 'station'] as const,
  ratecard: () => [...settingsKeys.all, 'ratecard'] as const,
  connect: () => [...settingsKeys.all, 'connect'] as const,
};

/** The account's senders, the default first (the station makes one from the rate card's origin when none exists). */
export function useSenders() {
  const client = useClient();
  return useQuery({
    queryKey: settingsKeys.senders(),
    queryFn: () => client.call('senders.list').then((r) => r.data),
    staleTime: 60_000,
  });
}

export function usePresets() {
  const client = useClient();
  return useQuery({
    queryKey: settingsKeys.presets(),
    queryFn: () => client.call('presets.list').then((r) => r.data),
    staleTime: 60_000,
  });
}

export function useStationSettings() {
  const client = useClient();
  return useQuery({ queryKey: settingsKeys.station(), queryFn: () => client.call('station.settings.get') });
}

export function useRatecard(enabled = true) {
  const client = useClient();
  return useQuery({
    queryKey: settingsKeys.ratecard(),
    queryFn: () => client.call('ratecard.get'),
    enabled,
    retry: false,
  });
}

/** Where another computer opens the desk (none while the service listens on loopback only). */
export function useStationConnect(enabled: boolean) {
  const client = useClient();
  return useQuery({ queryKey: settingsKeys.connect(), queryFn: () => client.call('station.connect'), enabled });
}
