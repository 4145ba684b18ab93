import { DateTime } from 'luxon';
import { distanceKm, type LatLng } from '../../platform/geo.js';
import { compareKeys, DAY_MS, type CompiledZone, type RateCard } from './ratecard.js';
import type { Method } from '../../shared/schemas/codes.js';
import type { Size } from './ratecard-schema.js';

export interface QuoteOption {
  method: Method;
  name: string;
  title: string;
  rate: number;
  currency: string;
  min_date: string;
  max_date: string;
}

/** Where to quote: coordinates (distance bands) or a postal code (postal-code ranges). */
export type Destination = { point: LatLng } | { zip: string };

/** The first zone of the card that holds the destination, in the card's order; null outside every zone. */
export function zoneOf(card: RateCard, dest: Destination): CompiledZone | null {
  if ('point' in dest) {
    const d = distanceKm(card.origin, dest.point);
    return card.zones.find((z) => z.distance !== null && d >= z.distance.from && d < z.distance.to) ?? null;
  }
  const key = card.zipKey(dest.zip);
  if (key === null) return null;
  return (
    card.zones.find((z) => z.zips.some((r) => compareKeys(r.from, key) <= 0 && compareKeys(key, r.to) <= 0)) ?? null
  );
}

/**
 * Working days and holidays. A day is a calendar date of the origin's time zone, as a day number (days since
 * 1970-01-01): stepping through days is integer arithmetic, and the time zone is consulted only to find today
 * and to state a promise with its offset (luxon's zone arithmetic is the slow part of a quote).
 */
function calendar(card: RateCard) {
  // 1970-01-01 was a Thursday (ISO weekday 4).
  const weekday = (day: number) => ((day + 3) % 7) + 1;
  const isWorking = (day: number) => card.workingDays.has(weekday(day)) && !card.holidays.has(day);
  const nextWorking = (day: number) => {
    // Terminates: at least one weekday works and the holidays are a finite list.
    let n = day + 1;
    while (!isWorking(n)) n++;
    return n;
  };
  const addWorking = (day: number, days: number) => {
    let n = day;
    for (let i = 0; i < days; i++) n = nextWorking(n);
    return n;
  };
  return { isWorking, nextWorking, addWorking };
}

/** The promise for a day: its delivery time in the origin's zone, with the offset of that day. */
function promiseAt(card: RateCard, day: number): string {
  const d = new Date(day * DAY_MS);
  return DateTime.fromObject(
    { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), ...card.deliveryTime },
    { zone: card.timeZone },
  ).toISO({ suppressMilliseconds: true })!;
}

/**
 * One option per method of the card that serves the destination's zone in this size, cheapest first.
 * A parcel is dispatched today when today is a working day and `now` is before the method's cut-off, else on the
 * next working day; delivery promises count business days from the dispatch day and are stated at the card's
 * delivery time with the origin's UTC offset. A same-day method is offered only when dispatched today.
 */
export function quote(card: RateCard, dest: Destination, size: Size, now: Date): QuoteOption[] {
  const zone = zoneOf(card, dest);
  if (!zone) return [];
  const cal = calendar(card);
  const local = DateTime.fromJSDate(now, { zone: card.timeZone });
  const today = Date.UTC(local.year, local.month - 1, local.day) / DAY_MS;
  const minuteOfDay = local.hour * 60 + local.minute;
  const at = (day: number) => {
    let iso = card.promises.get(day);
    if (iso === undefined) card.promises.set(day, (iso = promiseAt(card, day)));
    return iso;
  };

  const options: QuoteOption[] = [];
  for (const m of card.methods) {
    const service = m.zones.get(zone.id);
    const rate = service?.rates[size];
    if (!service || rate === undefined) continue;
    const dispatchedToday = cal.isWorking(today) && minuteOfDay < m.cutoff;
    if (m.sameDay && !dispatchedToday) continue;
    const dispatch = dispatchedToday ? today : cal.nextWorking(today);
    options.push({
      method: m.method,
      name: m.name,
      title: m.title,
      rate,
      currency: card.file.currency,
      min_date: at(cal.addWorking(dispatch, service.transit[0])),
      max_date: at(cal.addWorking(dispatch, service.transit[1])),
    });
  }
  // Array.prototype.sort is stable: equal rates keep the card's method order.
  return options.sort((a, b) => a.rate - b.rate);
}
