import type { Statement } from 'better-sqlite3';
import type { ShipmentRecord } from '../../features/shipments/record.js';
import { countedByStatus, type SearchFilter } from '../../features/shipments/store.js';
import type { Db } from './db.js';
import { isStorageFull } from './errors.js';
import { createSearchCounts } from './search-counts.js';
import { ftsQuery } from './search-sides.js';
import { fromRow, SELECT_ROWS, type ShipmentRow } from './shipment-rows.js';

/** A search filter with its words as an FTS5 query. */
type Filter = SearchFilter & { match?: string };

/**
 * The full-text index (`shipment_search`, migration 005) keys a shipment by its account and, within the account,
 * newest first: rowid = account_id * 2^40 + (2^40 - 1 - id). One account's entries are then one rowid range, so
 * a search counts and pages its account's matches without reading a shipment row to tell them from another
 * account's, whatever the number of accounts. (FTS5 still steps over the other accounts' entries of a doclist,
 * ~0.1 µs each, where joining each match to its row to check the account cost ~8 µs.) Ascending rowid is
 * descending id, which is newest first because creation times never decrease with the id (`creationTime` in
 * store.ts); FTS5 walks a doclist forwards far more cheaply than backwards, and newest first is the default sort.
 * The arithmetic stays in SQL: keys pass 2^53, beyond the integers a JavaScript number holds exactly.
 */
const SPAN = 1_099_511_627_776; // 2^40; ids stay below it
/** The first and last key of the account bound to `?`. */
const FIRST_KEY = `? * ${SPAN}`;
const LAST_KEY = `? * ${SPAN} + ${SPAN - 1}`;
/** The shipment id of `key`, the account bound to `?`. */
const idOf = (key: string) => `${LAST_KEY} - ${key}`;

type Query = { sql: string; args: unknown[] };

/**
 * The words `q` finds a shipment by, a column per side (migration 016): `ident` (ref and code), `receiver` (the
 * destination's contact name, e-mail and every address field) and `sender` (the origin's, alike).
 */
const party = (column: string) =>
  `concat_ws(' ', ${[
    'contact.name',
    'contact.email',
    'address.street',
    'address.city',
    'address.state',
    'address.zip',
    'address.country',
  ]
    .map((f) => `${column} ->> '$.${f}'`)
    .join(', ')})`;
const COLUMNS = `ident, receiver, sender`;
const WORDS = `concat_ws(' ', ref, code), ${party('destination')}, ${party('origin')}`;

/**
 * At most this many shipments are indexed in one transaction in the background, the next chunk after the requests
 * waiting meanwhile: about 20 ms of work, which every request of the moment waits for (1,000 a chunk, 90 ms,
 * made the longest waits of a load of 200 connections).
 */
const BACKGROUND_CHUNK = 250;
/**
 * How long after a create the background indexing starts: long enough to gather a busy moment's creates (a batch
 * of 500 costs about a fifth less per shipment than one of 100), short enough that a search by words right after a
 * burst has little left to index first (at most half a second of creates).
 */
const BACKGROUND_DELAY_MS = 500;

/**
 * Searches shipments. With `q`, the index drives: alone when nothing else filters (count and page never touch a
 * row), else joined to the matches' rows. Without it, the account's date index gives the page and
 * `shipment_counts` the total when only the status is filtered.
 */
export function createShipmentSearch(db: Db, idle: () => Promise<void>, keptFrom: number) {
  const indexedUpto = db.prepare<[], { n: number }>('SELECT indexed_upto AS n FROM shipment_search_progress');
  const newestShipment = db.prepare<[], { n: number | null }>('SELECT max(id) AS n FROM shipments');
  const indexRange = db.prepare<[number, number]>(
    `INSERT INTO shipment_search (rowid, ${COLUMNS}) SELECT account_id * ${SPAN} + (${SPAN - 1} - id), ${WORDS} FROM shipments WHERE id > ? AND id <= ?`,
  );
  const setIndexedUpto = db.prepare<[number]>('UPDATE shipment_search_progress SET indexed_upto = ?');
  const unindexOne = db.prepare<[number]>(
    `DELETE FROM shipment_search WHERE rowid = (SELECT account_id * ${SPAN} + (${SPAN - 1} - id) FROM shipments WHERE id = ?)`,
  );
  const indexOne = db.prepare<[number]>(
    `INSERT INTO shipment_search (rowid, ${COLUMNS}) SELECT account_id * ${SPAN} + (${SPAN - 1} - id), ${WORDS} FROM shipments WHERE id = ?`,
  );
  const pending = () => (newestShipment.get()?.n ?? 0) > indexedUpto.get()!.n;
  const counts = createSearchCounts(db, { words: WORDS, span: SPAN, keptFrom });
  /** Searches found broad and not kept yet, by key: kept by the next background step. */
  const toKeep = new Set<string>();

  /**
   * Indexes the shipments above the mark (at most `most`), in one write transaction that also moves the mark:
   * another process's creates are indexed as well, and none twice. Says whether any are left.
   */
  const indexStep = db.transaction((most: number): boolean => {
    const from = indexedUpto.get()!.n;
    const newest = newestShipment.get()?.n ?? 0;
    const to = Math.min(newest, from + most);
    if (to <= from) return false;
    indexRange.run(from, to);
    counts.indexed(from, to);
    setIndexedUpto.run(to);
    return to < newest;
  });
  /**
   * Every shipment created so far is in the index: what a search by words does first. On a full disk the index
   * cannot take them and the search answers from the index as it is (reads keep working): only shipments created
   * in the half second before the disk filled can be missing, until space returns.
   */
  function catchUp(): void {
    try {
      if (pending()) indexStep.immediate(Number.MAX_SAFE_INTEGER);
    } catch (e) {
      if (!isStorageFull(e)) throw e;
    }
  }

  const keepFound = db.transaction(() => {
    for (const key of toKeep) counts.keep(key);
    toKeep.clear();
  });

  /**
   * A background step commits without waiting for the disk (`synchronous=NORMAL`, as the print queue's bookkeeping
   * does: docs/durability.md). The index is derived from the rows and moves with its mark in one transaction, so a
   * step lost in a power cut is only done again by the next one. Its fsync held the service's thread 1–24 ms a step
   * on a shared machine (0.3 ms without), and a step half a second after a create fell in the middle of the next
   * label of a desk printing every half second (issue 17: `npm run bench -- desk`).
   */
  function relaxed<T>(step: () => T): T {
    db.pragma('synchronous = NORMAL');
    try {
      return step();
    } finally {
      db.pragma('synchronous = FULL');
    }
  }

  /** Set while the long-running service indexes in the background (see `indexInBackground`). */
  let background: { timer: NodeJS.Timeout | null; onError: (err: unknown) => void } | null = null;
  function schedule(delayMs: number): void {
    if (!background || background.timer) return;
    const b = background;
    b.timer = setTimeout(() => {
      // After the transactions under way: the step is a write transaction of its own.
      void idle()
        .then(() => {
          b.timer = null;
          if (toKeep.size) relaxed(() => keepFound.immediate());
          if (relaxed(() => indexStep.immediate(BACKGROUND_CHUNK))) schedule(0);
        })
        // Nothing is lost: the shipments stay above the mark until the next step, or the next search by words.
        .catch((err: unknown) => {
          b.timer = null;
          b.onError(err);
        });
    }, delayMs).unref();
  }

  /** Searches have a bounded number of shapes (which filters are present); each is prepared once. */
  const statements = new Map<string, Statement>();
  function prepared(sql: string): Statement {
    let st = statements.get(sql);
    if (!st) statements.set(sql, (st = db.prepare(sql)));
    return st;
  }

  /** Conditions on the shipment rows, beyond the account. */
  function rowFilters(f: Filter): Query {
    const clauses: string[] = [];
    const args: unknown[] = [];
    const and = (clause: string, ...values: unknown[]) => {
      clauses.push(clause);
      args.push(...values);
    };
    if (f.dateColumn === 'labelled_at') and('s.labelled_at IS NOT NULL');
    if (f.code !== undefined) and('s.code = ?', f.code);
    if (f.status !== undefined) and('s.status = ?', f.status);
    if (f.subStatus !== undefined) and('s.sub_status = ?', f.subStatus);
    if (f.platform !== undefined) and('s.platform = ?', f.platform);
    if (f.from !== undefined) and(`s.${f.dateColumn} >= ?`, f.from);
    if (f.to !== undefined) and(`s.${f.dateColumn} <= ?`, f.to);
    if (f.statusIn) and(`s.status IN (${f.statusIn.map(() => '?').join(',')})`, ...f.statusIn);
    if (f.pending) and("s.labelled_at IS NULL AND s.status <> 'CANCELED'");
    return { sql: clauses.map((c) => ` AND ${c}`).join(''), args };
  }

  /**
   * FROM … WHERE … of the matches: the index alone, or joined to the rows when they are filtered or sorted on;
   * without the shipment `except` (the one put first).
   */
  function matches(f: Filter, filters: Query, withRows: boolean, except?: number): Query {
    const without = except === undefined ? '' : ` AND shipment_search.rowid <> ${idOf('?')}`;
    const where = `WHERE shipment_search MATCH ? AND shipment_search.rowid BETWEEN ${FIRST_KEY} AND ${LAST_KEY}${without}`;
    const keyArgs = [f.match, f.accountId, f.accountId, ...(except === undefined ? [] : [f.accountId, except])];
    if (!withRows) return { sql: `FROM shipment_search ${where}`, args: keyArgs };
    // CROSS JOIN keeps the matches outermost: SQLite would otherwise walk the account's date index and probe
    // each row against the matches, which is O(shipments).
    return {
      sql: `FROM shipment_search CROSS JOIN shipments s ON s.id = ${idOf('shipment_search.rowid')} ${where} AND s.account_id = ?${filters.sql}`,
      args: [f.accountId, ...keyArgs, f.accountId, ...filters.args],
    };
  }

  /**
   * The shipment whose ref or code the search is, typed whole (any letter case), when the other filters keep it:
   * two lookups on unique indexes, then the filters on those rows alone. It matches the words too, since its ref or
   * code is in its `ident` column. (Written as `account_id = ? AND (ref IN (…) OR code = ?) AND filters`, SQLite,
   * with no statistics, walked the account's status index instead: every shipment of it, 0.6–2 s at 1,000,000.)
   */
  function wholeMatch(f: Filter, filters: Query): number | undefined {
    if (f.whole === undefined) return undefined;
    const w = f.whole;
    const row = prepared(
      `SELECT s.id FROM shipments s WHERE s.id IN (
         SELECT id FROM shipments WHERE account_id = ? AND ref IN (?, ?, ?)
         UNION ALL SELECT id FROM shipments WHERE code = ? AND account_id = ?)${filters.sql} LIMIT 1`,
    ).get(f.accountId, w, w.toUpperCase(), w.toLowerCase(), w.toUpperCase(), f.accountId, ...filters.args) as
      { id: number } | undefined;
    return row?.id;
  }

  const matchCount = (f: Filter, aboveId: number) =>
    (
      prepared(
        `SELECT count(*) AS n FROM shipment_search WHERE shipment_search MATCH ? AND shipment_search.rowid BETWEEN ${FIRST_KEY} AND ${idOf('?')} - 1`,
      ).get(f.match, f.accountId, f.accountId, aboveId) as { n: number }
    ).n;

  /**
   * Totals of q-only searches, by account and query, with the newest shipment they include. Counting a broad
   * term walks all its matches (~0.15 µs each: 65 ms for a city every shipment leaves from, at 1,000,000), where
   * the page costs next to nothing; paging through the results, or asking again, asks for the same total.
   * A total stays exact because a shipment's words never change and shipments are never deleted: the total of
   * a later moment is the remembered one plus the matches among the shipments created since: the first keys of
   * the account's range, where FTS5 stops as soon as it is past them.
   */
  const totals = new Map<string, { n: number; newest: number }>();
  const TOTALS_KEPT = 1_000;
  const matchTotal = db.transaction((f: Filter): number => {
    // Its kept total, if the search is broad enough to be kept (search-counts.ts).
    const key = counts.keyOf(f.words!);
    const kept = key === undefined ? undefined : counts.total(key, f.accountId, f.party);
    if (kept !== undefined) return kept;
    // The newest indexed shipment, not the newest shipment: the total is of what the index holds, in this snapshot.
    const newest = indexedUpto.get()!.n;
    const asked = `${f.accountId} ${f.match}`;
    const known = totals.get(asked);
    const n = known ? known.n + (known.newest === newest ? 0 : matchCount(f, known.newest)) : matchCount(f, 0);
    totals.delete(asked);
    totals.set(asked, { n, newest });
    if (totals.size > TOTALS_KEPT) totals.delete(totals.keys().next().value!);
    if (key !== undefined && n >= keptFrom && background) {
      toKeep.add(key);
      schedule(0);
    }
    return n;
  });

  function count(f: Filter, filters: Query): number {
    let q: Query;
    if (f.match !== undefined) {
      if (filters.sql === '') return matchTotal(f);
      const m = matches(f, filters, true);
      q = { sql: `SELECT count(*) AS n ${m.sql}`, args: m.args };
    } else if (countedByStatus(f)) {
      const statusIn = f.statusIn ? ` AND status IN (${f.statusIn.map(() => '?').join(',')})` : '';
      q = {
        sql: `SELECT coalesce(sum(n), 0) AS n FROM shipment_counts WHERE account_id = ?${f.status !== undefined ? ' AND status = ?' : ''}${statusIn}`,
        args: [f.accountId, ...(f.status !== undefined ? [f.status] : []), ...(f.statusIn ?? [])],
      };
    } else
      q = {
        sql: `SELECT count(*) AS n FROM shipments s WHERE s.account_id = ?${filters.sql}`,
        args: [f.accountId, ...filters.args],
      };
    return (prepared(q.sql).get(...q.args) as { n: number }).n;
  }

  return {
    /**
     * A shipment's words change (`change`: a correction made it a PICKUP, its address the office's): its entry is
     * written anew if it was indexed already, its old words taken out of the kept totals and its new ones put in,
     * and the remembered totals, which assume words never change, are dropped. Only the serving process corrects
     * shipments, so its totals are the ones that could be stale. The caller holds the transaction.
     */
    wordsChange(id: number, change: () => void): void {
      const indexed = id <= indexedUpto.get()!.n;
      if (indexed) counts.unindexing(id);
      change();
      if (indexed) {
        unindexOne.run(id);
        indexOne.run(id);
        counts.indexed(id - 1, id);
      }
      totals.clear();
    },
    /** A shipment was added: the background indexing (if on) takes it with the others of the moment. */
    added: () => schedule(BACKGROUND_DELAY_MS),
    catchUp,
    /**
     * The long-running service indexes new shipments a moment after their creation, a batch at a time, and
     * whatever another process added meanwhile; `stop` before the store closes.
     */
    indexInBackground(onError: (err: unknown) => void, log: (msg: string) => void): { stop: () => void } {
      counts.countAhead(log);
      background = { timer: null, onError };
      if (pending()) schedule(0);
      return {
        stop: () => {
          if (background?.timer) clearTimeout(background.timer);
          background = null;
        },
      };
    },

    search(filter: SearchFilter): { rows: ShipmentRecord[]; total: number } {
      const f: Filter = filter.words ? { ...filter, match: ftsQuery(filter.words, filter.party) } : filter;
      if (f.match !== undefined) catchUp();
      const filters = rowFilters(f);
      const dir = f.newestFirst ? 'DESC' : 'ASC';
      const order = `ORDER BY s.${f.dateColumn} ${dir}, s.id ${dir}`;
      // A ref or code typed whole: that shipment first, on the first page, and the other matches after it.
      const first = f.match !== undefined ? wholeMatch(f, filters) : undefined;
      let { limit, offset } = f;
      if (first !== undefined && offset === 0) limit -= 1;
      else if (first !== undefined) offset -= 1;
      let page: Query;
      if (f.match !== undefined) {
        const byKey = f.dateColumn === 'created_at';
        const m = matches(f, filters, filters.sql !== '' || !byKey, first);
        // Key order is creation order, newest first: the page streams from the index, with no sort of the matches.
        const keyOrder = `ORDER BY shipment_search.rowid ${f.newestFirst ? 'ASC' : 'DESC'}`;
        page = {
          sql: `SELECT ${idOf('shipment_search.rowid')} AS id ${m.sql} ${byKey ? keyOrder : order}`,
          args: [f.accountId, ...m.args],
        };
      } else {
        page = {
          sql: `SELECT s.id FROM shipments s WHERE s.account_id = ?${filters.sql} ${order}`,
          args: [f.accountId, ...filters.args],
        };
      }
      // The page's ids first, then those rows: the matches are sorted on keys or (date, id), never on whole rows.
      const rows = prepared(`${SELECT_ROWS} WHERE s.id IN (${page.sql} LIMIT ? OFFSET ?) ${order}`).all(
        ...page.args,
        limit,
        offset,
      ) as ShipmentRow[];
      if (first !== undefined && f.offset === 0)
        rows.unshift(prepared(`${SELECT_ROWS} WHERE s.id = ?`).get(first) as ShipmentRow);
      return { rows: rows.map(fromRow), total: count(f, filters) };
    },
  };
}
