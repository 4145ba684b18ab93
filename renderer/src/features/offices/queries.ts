import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StationClient } from '../../api/client';
import { useClient } from '../../api/context';
import { rootKeys } from '../../api/keys';

export interface Point {
  lat: number;
  lng: number;
}
/** How many offices the picker shows. */
const SHOWN = 12;

/**
 * The offices nearest to a point, or to a postal code: the directory has no map of postal codes, so a code's
 * point is the middle of its own offices (by the rate card's postal key), and the nearest to it come first.
 */
async function nearest(client: StationClient, zip: string, near: Point | null) {
  let point = near;
  if (!point && zip) {
    const inZip = (await client.call('offices.search', { query: { zip, size: 100 } })).data;
    if (!inZip.length) return [];
    point = {
      lat: inZip.reduce((s, o) => s + o.address.lat, 0) / inZip.length,
      lng: inZip.reduce((s, o) => s + o.address.lng, 0) / inZip.length,
    };
  }
  const query = point ? { near: `${point.lat.toFixed(5)},${point.lng.toFixed(5)}`, size: SHOWN } : { size: SHOWN };
  return (await client.call('offices.search', { query })).data;
}

/** The pickup-office directory's reads and their keys. */
export const officeQueries = {
  all: () => rootKeys.offices,
  nearest: (client: StationClient, zip: string, near: Point | null) =>
    queryOptions({
      queryKey: [...officeQueries.all(), 'near', zip, near] as const,
      queryFn: () => nearest(client, zip, near),
    }),
  /** The places (city, province) of a postal code, as the directory's offices name them. */
  places: (client: StationClient, zip: string) =>
    queryOptions({
      queryKey: [...officeQueries.all(), 'places', zip] as const,
      queryFn: () => client.call('offices.places', { query: { zip } }).then((r) => r.data),
      staleTime: Infinity,
    }),
};

/** The offices the picker lists, asked for only while it is open. */
export function useNearestOffices(zip: string, near: Point | null, enabled: boolean) {
  return useQuery({ ...officeQueries.nearest(useClient(), zip, near), enabled });
}

/** Asks, when the operator leaves the postal code, which place it is (once per code: the answer is kept). */
export function usePlaceLookup() {
  const client = useClient();
  const queryClient = useQueryClient();
  return (zip: string) => queryClient.fetchQuery(officeQueries.places(client, zip));
}
