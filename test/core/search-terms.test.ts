import { describe, expect, it } from 'vitest';
import { isLoopback } from '../../core/adapters/http/listen.js';
import { ftsQuery } from '../../core/engines/sqlite/search-sides.js';
import { dateBound, searchWords } from '../../core/features/shipments/search-filter.js';

/** q → the words a search matches → SQLite's FTS5 query of them. */
const fts = (q: string) => ftsQuery(searchWords(q));

describe('q to a full-text query', () => {
  it('makes every word a quoted phrase ending in a prefix, so that user text never reaches FTS syntax', () => {
    expect(fts('Ana Pérez')).toBe('"Ana"* "Pérez"*');
    // Its parts side by side: a ref's number is not any number of the address.
    expect(fts('ORDER-1001')).toBe('"ORDER-1001"*');
    expect(fts('a OR b')).toBe('"a"* "OR"* "b"*');
    expect(fts('x"y* NEAR(z)')).toBe('"x""y*"* "NEAR(z)"*');
    expect(fts('jose.alvarez@correo.es')).toBe('"jose.alvarez@correo.es"*');
  });

  it('searches ref, code and one side when asked', () => {
    expect(ftsQuery(searchWords('cordoba 5000'), 'RECEIVER')).toBe(
      '{ident receiver} : "cordoba"* {ident receiver} : "5000"*',
    );
    expect(ftsQuery(searchWords('deposito'), 'SENDER')).toBe('{ident sender} : "deposito"*');
  });

  it('has no word in text without letters or digits', () => {
    for (const q of ['', '  ', '--', '"*"', '()']) expect(searchWords(q)).toEqual([]);
  });
});

describe('date bounds', () => {
  it('reads a plain date as its whole day in the zone, also on a day that has 23 hours', () => {
    expect(new Date(dateBound('2026-03-10', 'America/Argentina/Buenos_Aires', 'min')).toISOString()).toBe(
      '2026-03-10T03:00:00.000Z',
    );
    expect(new Date(dateBound('2026-03-10', 'America/Argentina/Buenos_Aires', 'max')).toISOString()).toBe(
      '2026-03-11T02:59:59.999Z',
    );
    // Europe/Madrid moves to summer time on 2026-03-29.
    expect(new Date(dateBound('2026-03-29', 'Europe/Madrid', 'min')).toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(new Date(dateBound('2026-03-29', 'Europe/Madrid', 'max')).toISOString()).toBe('2026-03-29T21:59:59.999Z');
  });

  it('reads a date-time by its own offset, whatever the zone', () => {
    expect(dateBound('2026-03-10T10:00:00+05:30', 'UTC', 'min')).toBe(Date.parse('2026-03-10T04:30:00Z'));
    expect(dateBound('2026-03-10T10:00Z', 'Asia/Tokyo', 'max')).toBe(Date.parse('2026-03-10T10:00:00Z'));
  });

  it('names the parameter when the date does not exist', () => {
    let error: unknown;
    try {
      dateBound('2026-02-30', 'UTC', 'max');
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({
      code: 'validation_failed',
      errors: [{ path: '/date_range_max', message: 'is not a calendar date' }],
    });
  });
});

describe('loopback detection (binding elsewhere needs TLS)', () => {
  it('knows loopback from everything else', () => {
    for (const h of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]']) expect(isLoopback(h), h).toBe(true);
    for (const h of ['0.0.0.0', '::', '192.168.1.20', '10.0.0.1', 'example.com', '127.0.0.1.evil.com', ''])
      expect(isLoopback(h), h).toBe(false);
  });
});
