import { DateTime } from 'luxon';
import type { Clock } from '../../platform/clock.js';
import { fieldError } from '../../shared/errors.js';
import type { PageWindow } from '../../platform/schemas/common.js';
import { ACTIVE_STATUSES } from '../../shared/transitions.js';
import type { ShipmentSearchT } from './schemas.js';
import type { SearchFilter } from './store.js';

const DAY_MS = 86_400_000;

const DATE_COLUMNS = {
  CREATED: 'created_at',
  UPDATED: 'updated_at',
  LABELLED: 'labelled_at',
} as const satisfies Record<NonNullable<ShipmentSearchT['date_type']>, SearchFilter['dateColumn']>;

/**
 * The words of `q` a search matches, split at white space, each matched as a phrase of its parts (`SearchFilter`);
 * a word with no letter or digit is dropped. The engines keep every word out of their query syntax.
 */
export function searchWords(q: string): string[] {
  return q.split(/\s+/u).filter((w) => /[\p{L}\p{N}]/u.test(w));
}

/**
 * A date filter bound in epoch ms. A plain date covers its whole day in the station's time zone, so the
 * minimum is its first millisecond and the maximum its last.
 */
export function dateBound(value: string, zone: string, side: 'min' | 'max'): number {
  const path = side === 'min' ? '/date_range_min' : '/date_range_max';
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const day = DateTime.fromISO(value, { zone });
    if (!day.isValid) throw fieldError(path, 'format', 'is not a calendar date', { format: 'date' });
    return (side === 'min' ? day.startOf('day') : day.endOf('day')).toMillis();
  }
  const t = DateTime.fromISO(value, { setZone: true });
  if (!t.isValid) throw fieldError(path, 'format', 'is not a valid date-time', { format: 'date-time' });
  return t.toMillis();
}

/**
 * The store's filter of a search request, or null when `q` has no word (`--`), which matches nothing. The time
 * zone is asked for only when a plain date needs it.
 */
export async function searchFilter(
  accountId: number,
  q: ShipmentSearchT,
  window: PageWindow,
  clock: Clock,
  timeZone: () => Promise<string>,
): Promise<SearchFilter | null> {
  const filter: SearchFilter = {
    accountId,
    dateColumn: DATE_COLUMNS[q.date_type ?? 'CREATED'],
    newestFirst: (q.sort ?? 'NEWEST') === 'NEWEST',
    limit: window.size,
    offset: window.offset,
  };
  // An empty value (a cleared search box sends `q=`) is no filter at all.
  if (q.q) {
    const words = searchWords(q.q);
    if (!words.length) return null;
    filter.words = words;
    filter.whole = q.q.trim();
    if (q.party === 'RECEIVER' || q.party === 'SENDER') filter.party = q.party;
  }
  if (q.code) filter.code = q.code.toUpperCase();
  if (q.status !== undefined) filter.status = q.status;
  if (q.substatus !== undefined) filter.subStatus = q.substatus;
  if (q.platform !== undefined) filter.platform = q.platform;
  if (q.date_range_min !== undefined) filter.from = dateBound(q.date_range_min, await timeZone(), 'min');
  if (q.date_range_max !== undefined) filter.to = dateBound(q.date_range_max, await timeZone(), 'max');
  if (filter.from !== undefined && filter.to !== undefined && filter.from > filter.to)
    throw fieldError('/date_range_max', 'order', 'must not be before date_range_min', { other: 'date_range_min' });
  if (q.date_key) {
    const since = clock.now().getTime() - (q.date_key === 'LAST_DAY' ? DAY_MS : 30 * DAY_MS);
    filter.from = Math.max(filter.from ?? since, since);
  }
  if (q.shortcut === 'PENDING') filter.pending = true;
  if (q.shortcut === 'ACTIVE') filter.statusIn = ACTIVE_STATUSES;
  return filter;
}
