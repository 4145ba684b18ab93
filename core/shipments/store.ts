import type { Db } from '../store/db.js';
import type { Status } from '../schemas/codes.js';
import { createShipmentSearch } from './search.js';

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
  };
  const search = createShipmentSearch(db, SELECT);

  return {
    /**
     * The creation time of a new shipment: now, or the newest shipment's when the clock went back, so that
     * creation times never decrease with the id. Call it inside the insert's transaction.
     */
    creationTime: (now: number) => Math.max(now, stmts.lastCreated.get()?.created_at ?? now),

    /** Inserts the row and its search words; the caller holds the transaction. */
    insert(row: NewShipmentRow, words: string): number {
      const id = Number(stmts.insert.run(row).lastInsertRowid);
      search.add(row.account_id, id, words);
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

    search: search.search,
  };
}

export type ShipmentStore = ReturnType<typeof createShipmentStore>;
