/** Distances on the earth's surface, for distance bands of the rate card and the `near` office search. */
const EARTH_RADIUS_KM = 6371.0088;
const rad = (deg: number) => (deg * Math.PI) / 180;

export interface LatLng {
  lat: number;
  lng: number;
}

/** Great-circle distance (haversine); within 0.5 % of the ellipsoid, plenty for bands and "nearest first". */
export function distanceKm(a: LatLng, b: LatLng): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * A lat/lng box that holds every point within `km` of `p`. Near the poles or across the antimeridian the
 * longitude span becomes the whole circle, which is still a correct (if loose) box.
 */
export function boxAround(p: LatLng, km: number): { minLat: number; maxLat: number; minLng: number; maxLng: number } {
  const dLat = (km / EARTH_RADIUS_KM) * (180 / Math.PI);
  const minLat = Math.max(-90, p.lat - dLat);
  const maxLat = Math.min(90, p.lat + dLat);
  const cosLat = Math.min(Math.cos(rad(minLat)), Math.cos(rad(maxLat)));
  const dLng = cosLat <= 1e-9 ? 360 : dLat / cosLat;
  if (dLng >= 180 || p.lng - dLng < -180 || p.lng + dLng > 180) return { minLat, maxLat, minLng: -180, maxLng: 180 };
  return { minLat, maxLat, minLng: p.lng - dLng, maxLng: p.lng + dLng };
}
