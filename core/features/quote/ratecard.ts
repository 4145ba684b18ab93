import { IANAZone } from 'luxon';
import { validationError, type FieldError, type FieldErrorCode, type FieldErrorParams } from '../../shared/errors.js';
import { parse } from '../../platform/validation.js';
import { MAX_RANGES, RateCardFile, SIZES, type RateCardFileT, type Size } from './ratecard-schema.js';

/** A zone ready for matching: postal-code ranges already keyed. */
export interface CompiledZone {
  id: string;
  name: string;
  zips: Array<{ from: string; to: string }>;
  distance: { from: number; to: number } | null;
}

export interface CompiledMethod {
  method: RateCardFileT['methods'][number]['method'];
  name: string;
  title: string;
  /** Minutes after midnight, in the origin's time zone. */
  cutoff: number;
  sameDay: boolean;
  zones: Map<string, { transit: [number, number]; rates: Partial<Record<Size, number>> }>;
}

/** A validated card, in the shape the quote needs. `file` is what was imported, kept for display and export. */
export interface RateCard {
  file: RateCardFileT;
  timeZone: string;
  origin: { lat: number; lng: number };
  deliveryTime: { hour: number; minute: number };
  workingDays: ReadonlySet<number>;
  /** Holidays as day numbers (days since 1970-01-01), the calendar unit of the quote. */
  holidays: ReadonlySet<number>;
  zipKey: (zip: string) => string | null;
  zones: CompiledZone[];
  methods: CompiledMethod[];
  /** Promise strings by day number, memoised: a day's delivery time and offset never change for a card. */
  promises: Map<number, string>;
}

export const DAY_MS = 86_400_000;

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Postal-code keys compare as numbers when both are digits ("999" < "1000"), else as upper-case text. */
export function compareKeys(a: string, b: string): number {
  if (/^\d+$/.test(a) && /^\d+$/.test(b)) return Number(a) - Number(b);
  return a < b ? -1 : a > b ? 1 : 0;
}

const normalZip = (zip: string) => zip.toUpperCase().replace(/\s+/g, '');

function keyFunction(pattern: string | undefined): (zip: string) => string | null {
  if (pattern === undefined) return (zip) => normalZip(zip) || null;
  const re = new RegExp(pattern);
  return (zip) => {
    const m = re.exec(normalZip(zip));
    return m ? (m[1] ?? m[0]).toUpperCase() : null;
  };
}

/**
 * What a postal code means for matching codes written differently: its key under a card's `zip_key`
 * (`X5000ABC` and `5000` are one code with the default card), or the code itself, upper-case and space-free,
 * where the key does not read it.
 */
export function postalKey(pattern: string | undefined): (zip: string) => string {
  const key = keyFunction(pattern);
  return (zip) => key(zip) ?? normalZip(zip);
}

/**
 * Validates a rate-card file whole and returns it compiled, or throws `validation_failed` listing every
 * problem with a JSON pointer into the file (`/methods/2/zones/LOCAL/transit_days`).
 */
export function compileRateCard(input: unknown): RateCard {
  const file = parse(RateCardFile, input);
  const errors: FieldError[] = [];
  const fail = (path: string, code: FieldErrorCode, message: string, params?: FieldErrorParams) =>
    errors.push({ path, message, code, ...(params ? { params } : {}) });

  if (!IANAZone.isValidZone(file.origin.time_zone))
    fail('/origin/time_zone', 'unknown', 'is not an IANA time zone', { value: file.origin.time_zone });
  if (!Intl.supportedValuesOf('currency').includes(file.currency))
    fail('/currency', 'unknown', 'is not an ISO 4217 currency code', { value: file.currency });
  if (minutes(file.cutoff) >= minutes(file.delivery_time))
    fail('/cutoff', 'order', 'must be before delivery_time', { other: 'delivery_time' });

  const limits = ['max_side_cm', 'max_sum_cm', 'max_weight_kg'] as const;
  SIZES.slice(1).forEach((size, i) => {
    const smaller = file.sizes[SIZES[i]!];
    for (const l of limits)
      if (file.sizes[size][l] < smaller[l])
        fail(`/sizes/${size}/${l}`, 'order', `must not be below ${SIZES[i]}'s`, { other: `sizes/${SIZES[i]}/${l}` });
  });

  let zipKey: RateCard['zipKey'] = keyFunction(undefined);
  try {
    zipKey = keyFunction(file.zip_key);
  } catch {
    fail('/zip_key', 'format', 'is not a valid regular expression', { format: 'regex' });
  }

  const zoneIds = new Set<string>();
  const zones: CompiledZone[] = file.zones.map((z, i) => {
    if (zoneIds.has(z.id)) fail(`/zones/${i}/id`, 'duplicate', `repeats zone ${z.id}`);
    zoneIds.add(z.id);
    if (!z.zips?.length && !z.distance_km) fail(`/zones/${i}`, 'required', 'needs zips or distance_km');
    const zips = (z.zips ?? []).map((r, j) => {
      const from = zipKey(r.from);
      const to = zipKey(r.to);
      if (from === null) fail(`/zones/${i}/zips/${j}/from`, 'format', 'does not match zip_key', { format: 'zip_key' });
      if (to === null) fail(`/zones/${i}/zips/${j}/to`, 'format', 'does not match zip_key', { format: 'zip_key' });
      if (from !== null && to !== null && compareKeys(from, to) > 0)
        fail(`/zones/${i}/zips/${j}/to`, 'order', 'must not be before from', { other: 'from' });
      return { from: from ?? '', to: to ?? '' };
    });
    if (z.distance_km && z.distance_km.from >= z.distance_km.to)
      fail(`/zones/${i}/distance_km/to`, 'order', 'must be above from', { other: 'from' });
    return { id: z.id, name: z.name, zips, distance: z.distance_km ?? null };
  });

  const ranges = zones.reduce((n, z) => n + z.zips.length, 0);
  if (ranges > MAX_RANGES)
    fail('/zones', 'max_items', `hold ${ranges} postal-code ranges in all; a card may hold at most ${MAX_RANGES}`, {
      limit: MAX_RANGES,
    });

  const methodIds = new Set<string>();
  const methods: CompiledMethod[] = file.methods.map((m, i) => {
    const at = `/methods/${i}`;
    if (methodIds.has(m.method)) fail(`${at}/method`, 'duplicate', `repeats method ${m.method}`);
    methodIds.add(m.method);
    const cutoff = minutes(m.cutoff ?? file.cutoff);
    if (m.cutoff !== undefined && cutoff >= minutes(file.delivery_time))
      fail(`${at}/cutoff`, 'order', 'must be before delivery_time', { other: 'delivery_time' });
    const served = Object.entries(m.zones);
    if (!served.length) fail(`${at}/zones`, 'min_items', 'must name at least one zone', { limit: 1 });
    const zoneMap: CompiledMethod['zones'] = new Map();
    for (const [zoneId, s] of served) {
      if (!zoneIds.has(zoneId))
        fail(`${at}/zones/${zoneId}`, 'unknown', 'is not a zone of this card', { value: zoneId });
      const [min, max] = s.transit_days;
      if (min > max) fail(`${at}/zones/${zoneId}/transit_days`, 'order', 'min must not exceed max');
      if (m.same_day && max !== 0)
        fail(`${at}/zones/${zoneId}/transit_days`, 'const', 'must be [0, 0] for a same_day method', {
          value: '[0, 0]',
        });
      zoneMap.set(zoneId, { transit: [min, max], rates: s.rates });
    }
    return { method: m.method, name: m.name, title: m.title, cutoff, sameDay: m.same_day ?? false, zones: zoneMap };
  });

  if (errors.length) throw validationError(errors);
  const [h, mi] = [Math.floor(minutes(file.delivery_time) / 60), minutes(file.delivery_time) % 60];
  return {
    file,
    timeZone: file.origin.time_zone,
    origin: { lat: file.origin.lat, lng: file.origin.lng },
    deliveryTime: { hour: h, minute: mi },
    workingDays: new Set(file.working_days),
    holidays: new Set(file.holidays.map((d) => Date.parse(d.date) / DAY_MS)),
    zipKey,
    zones,
    methods,
    promises: new Map(),
  };
}
