import type { Db } from '../store/db.js';
import type { Status, SubStatus } from '../schemas/codes.js';
import type { NewShipment, ShipmentChangeRecord, ShipmentRecord } from './record.js';
import { fromRow, SELECT_ROWS, type ShipmentRow } from './row.js';
import { createShipmentSearch, type SearchFilter } from './search.js';

/** A new shipment collided with an existing one on a unique key: its code, or its ref within the account. */
export class KeyTaken extends Error {
  constructor(readonly key: 'code' | 'ref') {
    super(`a shipment with this ${key} exists`);
  }
}

/** The unique key a failed insert collided with, if that is why it failed. */
function takenKey(e: unknown): KeyTaken['key'] | null {
  if (!(e instanceof Error) || (e as { code?: string }).code !== 'SQLITE_CONSTRAINT_UNIQUE') return null;
  if (e.message.endsWith('shipments.code')) return 'code';
  if (e.message.endsWith('shipments.account_id, shipments.ref')) return 'ref';
  return null;
}

/** The shipments table and its search index. Returns records; the row and its JSON columns stay in here. */
export function createShipmentStore(db: Db) {
  const stmts = {
    insert: db.prepare(
      `INSERT INTO shipments (account_id, code, ref, type, method, office_id, value, content, notes, platform, origin,
         destination, dimensions, status, parent_id, number, created_at, updated_at)
       VALUES (@account_id, @code, @ref, @type, @method, @office_id, @value, @content, @notes, @platform, @origin,
         @destination, @dimensions, @status, @parent_id, @number, @created_at, @updated_at)`,
    ),
    byId: db.prepare<[number, number], ShipmentRow>(`${SELECT_ROWS} WHERE s.id = ? AND s.account_id = ?`),
    byCode: db.prepare<[string, number], ShipmentRow>(`${SELECT_ROWS} WHERE s.code = ? AND s.account_id = ?`),
    byRef: db.prepare<[number, string], { id: number; code: string }>(
      'SELECT id, code FROM shipments WHERE account_id = ? AND ref = ?',
    ),
    accountOfCode: db.prepare<[string], { account_id: number }>('SELECT account_id FROM shipments WHERE code = ?'),
    children: db.prepare<[number], ShipmentRow>(`${SELECT_ROWS} WHERE s.parent_id = ? ORDER BY s.number`),
    setStatus: db.prepare<[string, string | null, number, number]>(
      'UPDATE shipments SET status = ?, sub_status = ?, updated_at = ? WHERE id = ?',
    ),
    addPackage: db.prepare<[number, number]>(
      'UPDATE shipments SET packages = packages + 1, updated_at = ? WHERE id = ?',
    ),
    markLabelled: db.prepare<[number, number, number]>(
      'UPDATE shipments SET labelled_at = COALESCE(labelled_at, ?), updated_at = ? WHERE id = ?',
    ),
    lastCreated: db.prepare<[], { created_at: number }>('SELECT created_at FROM shipments ORDER BY id DESC LIMIT 1'),
    correct: db.prepare(
      `UPDATE shipments SET method = @method, office_id = @office_id, content = @content, notes = @notes,
         destination = @destination, dimensions = @dimensions, updated_at = @updated_at WHERE id = @id`,
    ),
    insertChange: db.prepare<[number, number, string, string]>(
      'INSERT INTO shipment_changes (shipment_id, date, changes, made_by) VALUES (?, ?, ?, ?)',
    ),
    changesOf: db.prepare<[number], { id: number; date: number; changes: string; made_by: string }>(
      'SELECT id, date, changes, made_by FROM shipment_changes WHERE shipment_id = ? ORDER BY id',
    ),
  };
  const search = createShipmentSearch(db);
  const record = (r: ShipmentRow | undefined) => (r ? fromRow(r) : undefined);

  return {
    /**
     * The creation time of a new shipment: now, or the newest shipment's when the clock went back, so that
     * creation times never decrease with the id. Call it inside the insert's transaction.
     */
    creationTime: (now: number) => Math.max(now, stmts.lastCreated.get()?.created_at ?? now),

    /**
     * Inserts the shipment, or throws `KeyTaken`: the unique indexes check the code and the ref, with no lookup
     * before. Its words are indexed behind it (search.ts). The caller holds the transaction.
     */
    insert(s: NewShipment): number {
      let id: number;
      try {
        id = Number(
          stmts.insert.run({
            ...s,
            origin: JSON.stringify(s.origin),
            destination: JSON.stringify(s.destination),
            dimensions: JSON.stringify(s.dimensions),
          }).lastInsertRowid,
        );
      } catch (e) {
        const key = takenKey(e);
        throw key ? new KeyTaken(key) : e;
      }
      search.added();
      return id;
    },
    byId: (accountId: number, id: number): ShipmentRecord | undefined => record(stmts.byId.get(id, accountId)),
    byCode: (accountId: number, code: string): ShipmentRecord | undefined => record(stmts.byCode.get(code, accountId)),
    byRef: (accountId: number, ref: string) => stmts.byRef.get(accountId, ref),
    accountOfCode: (code: string) => stmts.accountOfCode.get(code)?.account_id,
    children: (parentId: number): ShipmentRecord[] => stmts.children.all(parentId).map(fromRow),
    setStatus: (id: number, status: Status, subStatus: SubStatus | null, now: number) =>
      void stmts.setStatus.run(status, subStatus, now, id),
    countPackage: (parentId: number, now: number) => void stmts.addPackage.run(now, parentId),
    markLabelled: (id: number, now: number) => void stmts.markLabelled.run(now, now, id),

    /**
     * Writes a correction made before the label (PATCH): the parcel, method, office, texts and, for a PICKUP, the
     * office's address; the search index follows when the address changed. The caller holds the transaction.
     */
    correct(s: ShipmentRecord, now: number, addressChanged: boolean): void {
      stmts.correct.run({
        id: s.id,
        method: s.method,
        office_id: s.office_id,
        content: s.content,
        notes: s.notes,
        destination: JSON.stringify(s.destination),
        dimensions: JSON.stringify(s.dimensions),
        updated_at: now,
      });
      if (addressChanged) search.wordsChanged(s.id);
    },
    recordChange: (shipmentId: number, at: number, changes: ShipmentChangeRecord['changes'], madeBy: string) =>
      Number(stmts.insertChange.run(shipmentId, at, JSON.stringify(changes), madeBy).lastInsertRowid),
    changesOf: (shipmentId: number): ShipmentChangeRecord[] =>
      stmts.changesOf
        .all(shipmentId)
        .map((r) => ({ ...r, changes: JSON.parse(r.changes) as ShipmentChangeRecord['changes'] })),

    search: (f: SearchFilter) => search.search(f),
    catchUpIndex: search.catchUp,
    indexInBackground: (onError: (err: unknown) => void) => search.indexInBackground(onError),
  };
}

export type ShipmentStore = ReturnType<typeof createShipmentStore>;
