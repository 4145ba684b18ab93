import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StationClient } from '../../api/client';
import { useClient } from '../../api/context';
import { rootKeys } from '../../api/keys';

/** The reads of what Settings keeps in the station (not in the browser): each key under `all`, and its query. */
export const settingsQueries = {
  all: () => rootKeys.settings,
  senders: () => [...settingsQueries.all(), 'senders'] as const,
  /** The account's senders, the default first (the station makes one from the rate card's origin when none exists). */
  senderList: (client: StationClient) =>
    queryOptions({
      queryKey: settingsQueries.senders(),
      queryFn: () => client.call('senders.list').then((r) => r.data),
      staleTime: 60_000,
    }),
  presets: () => [...settingsQueries.all(), 'presets'] as const,
  presetList: (client: StationClient) =>
    queryOptions({
      queryKey: settingsQueries.presets(),
      queryFn: () => client.call('presets.list').then((r) => r.data),
      staleTime: 60_000,
    }),
  station: () => [...settingsQueries.all(), 'station'] as const,
  stationSettings: (client: StationClient) =>
    queryOptions({ queryKey: settingsQueries.station(), queryFn: () => client.call('station.settings.get') }),
  ratecard: (client: StationClient) =>
    queryOptions({
      queryKey: [...settingsQueries.all(), 'ratecard'] as const,
      queryFn: () => client.call('ratecard.get'),
      retry: false,
    }),
  /** The account the desk works in and the station's accounts (the desk's own credential only). */
  deskAccount: (client: StationClient) =>
    queryOptions({
      queryKey: [...settingsQueries.all(), 'desk-account'] as const,
      queryFn: () => client.call('station.desk.get'),
    }),
  /** Where another computer opens the desk (none while the service listens on loopback only). */
  connect: (client: StationClient) =>
    queryOptions({
      queryKey: [...settingsQueries.all(), 'connect'] as const,
      queryFn: () => client.call('station.connect'),
    }),
};

export function useSenders() {
  return useQuery(settingsQueries.senderList(useClient()));
}

export function usePresets() {
  return useQuery(settingsQueries.presetList(useClient()));
}

export function useStationSettings() {
  return useQuery(settingsQueries.stationSettings(useClient()));
}

/** The rate card (its origin's time zone is the station's day). */
export function useRatecard(enabled = true) {
  return useQuery({ ...settingsQueries.ratecard(useClient()), enabled });
}

export function useStationConnect(enabled: boolean) {
  return useQuery({ ...settingsQueries.connect(useClient()), enabled });
}

export function useDeskAccount() {
  return useQuery(settingsQueries.deskAccount(useClient()));
}
