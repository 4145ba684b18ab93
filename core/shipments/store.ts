import type { Statement } from 'better-sqlite3';
import type { Db } from '../store/db.js';
import type { Status } from '../schemas/codes.js';

export interface ShipmentRow {
  id: number;
  account_id: number;
  code: string;
  ref: string;
  type: string;
  method: string;
  office_id: number | null;
  value: number | null;
  content: string | null;
  notes: string | null;
  platform: string | null;
  origin: string;
  destination: string;
  dimensions: string;
  status: string;
  sub_status: string | null;
  parent_id: number | null;
  number: number | null;
  packages: number;
  created_at: number;
  updated_at: number;
  labelled_at: number | null;
  /** The parent's code, joined in. */
  twin: string | null;
}

export type NewShipmentRow = Omit<ShipmentRow, 'id' | 'twin' | 'packages' | 'labelled_at' | 'sub_status'>;

/** Filters of a search, already resolved to columns and epoch milliseconds. */
export interface SearchFilter {
  accountId: number;
  match?: string;
  code?: string;
  status?: string;
  subStatus?: string;
  platform?: string;
  dateColumn: 'created_at' | 'updated_at';
  from?: number;
  to?: number;
  statusIn?: readonly string[];
  pending?: boolean;
  newestFirst: boolean;
  limit: number;
  offset: number;
}

const SELECT = 'SELECT s.*, p.code AS twin FROM shipments s LEFT JOIN shipments p ON p.id = s.parent_id';

export function createShipmentStore(db: Db) {
  const stmts = {
    insert: db.prepare(
      `INSERT INTO shipments (account_id, code, ref, type, method, office_id, value, content, notes, platform, origin,
         destination, dimensions, status, parent_id, number, created_at, updated_at)
       VALUES (@account_id, @code, @ref, @type, @method, @office_id, @value, @content, @notes, @platform, @origin,
         @destination, @dimensions, @status, @parent_id, @number, @created_at, @updated_at)`,
    ),
    index: db.prepare<[number, string]>('INSERT INTO shipments_fts (rowid, words) VALUES (?, ?)'),
    byId: db.prepare<[number, number], ShipmentRow>(`${SELECT} WHERE s.id = ? AND s.account_id = ?`),
    byCode: db.prepare<[string, number], ShipmentRow>(`${SELECT} WHERE s.code = ? AND s.account_id = ?`),
    byRef: db.prepare<[number, string], { id: number; code: string }>('SELECT id, code FROM shipments WHERE account_id = ? AND ref = ?'),
    codeExists: db.prepare<[string], { id: number }>('SELECT id FROM shipments WHERE code = ?'),
    accountOfCode: db.prepare<[string], { account_id: number }>('SELECT account_id FROM shipments WHERE code = ?'),
    children: db.prepare<[number], ShipmentRow>(`${SELECT} WHERE s.parent_id = ? ORDER BY s.number`),
    setStatus: db.prepare<[string, string | null, number, number]>(
      'UPDATE shipments SET status = ?, sub_status = ?, updated_at = ? WHERE id = ?',
    ),
    addPackage: db.prepare<[number, number]>('UPDATE shipments SET packages = packages + 1, updated_at = ? WHERE id = ?'),
    markLabelled: db.prepare<[number, number, number]>(
      'UPDATE shipments SET labelled_at = COALESCE(labelled_at, ?), updated_at = ? WHERE id = ?',
    ),
    lastCreated: db.prepare<[], { created_at: number }>('SELECT created_at FROM shipments ORDER BY id DESC LIMIT 1'),
    // Two index seeks, where `account_id <> ?` would scan every entry of a one-account store.
    othersExist: db.prepare<[number, number], { others: number }>(
      'SELECT EXISTS (SELECT 1 FROM shipments WHERE account_id < ?) OR EXISTS (SELECT 1 FROM shipments WHERE account_id > ?) AS others',
    ),
    matchCount: db.prepare<[string], { n: number }>('SELECT count(*) AS n FROM shipments_fts WHERE shipments_fts MATCH ?'),
  };

  /**
   * A q-only search, by creation date, of the account that owns every shipment in the store (a desk's usual
   * case) needs nothing but the full-text index: every match is the caller's, and since creation times never
   * decrease with the id (see `creationTime`), rowid order is creation order. Counting and paging then never
   * touch the rows of the matches, which is what broad terms (a city, a surname) otherwise pay for.
   */
  function matchesOnly(f: SearchFilter): boolean {
    return (
      f.match !== undefined &&
      f.dateColumn === 'created_at' &&
      f.code === undefined && f.status === undefined && f.subStatus === undefined && f.platform === undefined &&
      f.from === undefined && f.to === undefined && f.statusIn === undefined && !f.pending &&
      stmts.othersExist.get(f.accountId, f.accountId)!.others === 0
    );
  }

  /** Searches have a bounded number of shapes (which filters are present); each is prepared once. */
  const searchStatements = new Map<string, Statement>();
  function prepared(sql: string): Statement {
    let st = searchStatements.get(sql);
    if (!st) searchStatements.set(sql, (st = db.prepare(sql)));
    return st;
  }

  /**
   * With `q`, the full-text matches drive the query (CROSS JOIN keeps SQLite from scanning the account's whole
   * date index and probing each row against the matches, which is O(shipments) for the page and always for
   * the count). Without it, the account's date index does.
   */
  function where(f: SearchFilter): { from: string; sql: string; args: unknown[] } {
    const clauses = ['s.account_id = ?'];
    const args: unknown[] = [f.accountId];
    let from = 'shipments s';
    if (f.match !== undefined) {
      from = 'shipments_fts CROSS JOIN shipments s ON s.id = shipments_fts.rowid';
      clauses.unshift('shipments_fts MATCH ?');
      args.unshift(f.match);
    }
    if (f.code !== undefined) (clauses.push('s.code = ?'), args.push(f.code));
    if (f.status !== undefined) (clauses.push('s.status = ?'), args.push(f.status));
    if (f.subStatus !== undefined) (clauses.push('s.sub_status = ?'), args.push(f.subStatus));
    if (f.platform !== undefined) (clauses.push('s.platform = ?'), args.push(f.platform));
    if (f.from !== undefined) (clauses.push(`s.${f.dateColumn} >= ?`), args.push(f.from));
    if (f.to !== undefined) (clauses.push(`s.${f.dateColumn} <= ?`), args.push(f.to));
    if (f.statusIn) (clauses.push(`s.status IN (${f.statusIn.map(() => '?').join(',')})`), args.push(...f.statusIn));
    if (f.pending) clauses.push("s.labelled_at IS NULL AND s.status <> 'CANCELED'");
    return { from, sql: clauses.join(' AND '), args };
  }

  return {
    /**
     * The creation time of a new shipment: now, or the newest shipment's when the clock went back, so that
     * creation times never decrease with the id. Call it inside the insert's transaction.
     */
    creationTime: (now: number) => Math.max(now, stmts.lastCreated.get()?.created_at ?? now),

    /** Inserts the row and its search words; the caller holds the transaction. */
    insert(row: NewShipmentRow, words: string): number {
      const id = Number(stmts.insert.run(row).lastInsertRowid);
      stmts.index.run(id, words);
      return id;
    },
    byId: (accountId: number, id: number) => stmts.byId.get(id, accountId),
    byCode: (accountId: number, code: string) => stmts.byCode.get(code, accountId),
    byRef: (accountId: number, ref: string) => stmts.byRef.get(accountId, ref),
    codeExists: (code: string) => !!stmts.codeExists.get(code),
    accountOfCode: (code: string) => stmts.accountOfCode.get(code)?.account_id,
    children: (parentId: number) => stmts.children.all(parentId),
    setStatus: (id: number, status: Status, subStatus: string | null, now: number) =>
      void stmts.setStatus.run(status, subStatus, now, id),
    countPackage: (parentId: number, now: number) => void stmts.addPackage.run(now, parentId),
    markLabelled: (id: number, now: number) => void stmts.markLabelled.run(now, now, id),

    search(f: SearchFilter): { rows: ShipmentRow[]; total: number } {
      const order = `ORDER BY s.${f.dateColumn} ${f.newestFirst ? 'DESC' : 'ASC'}, s.id ${f.newestFirst ? 'DESC' : 'ASC'}`;
      if (matchesOnly(f)) {
        const byRowid = `ORDER BY rowid ${f.newestFirst ? 'DESC' : 'ASC'}`;
        const rows = prepared(
          `${SELECT} WHERE s.id IN (SELECT rowid FROM shipments_fts WHERE shipments_fts MATCH ? ${byRowid} LIMIT ? OFFSET ?) ${order}`,
        ).all(f.match, f.limit, f.offset) as ShipmentRow[];
        return { rows, total: stmts.matchCount.get(f.match!)!.n };
      }
      const w = where(f);
      // The page's ids first, then those rows: many matches are sorted on (date, id) alone, not on whole rows.
      const rows = prepared(`${SELECT} WHERE s.id IN (SELECT s.id FROM ${w.from} WHERE ${w.sql} ${order} LIMIT ? OFFSET ?) ${order}`)
        .all(...w.args, f.limit, f.offset) as ShipmentRow[];
      const total = (prepared(`SELECT count(*) AS n FROM ${w.from} WHERE ${w.sql}`).get(...w.args) as { n: number }).n;
      return { rows, total };
    },
  };
}

export type ShipmentStore = ReturnType<typeof createShipmentStore>;
