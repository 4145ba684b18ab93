import type { Status, SubStatus } from '../../shared/schemas/codes.js';
import type { NewShipment, ShipmentChangeRecord, ShipmentRecord } from '../../features/shipments/record.js';
import { KeyTaken, type SearchFilter, type ShipmentStore } from '../../features/shipments/store.js';
import type { Db } from './db.js';
import type { Sync } from './sync.js';
import { fromRow, SELECT_ROWS, type ShipmentRow } from './shipment-rows.js';
import { createShipmentSearch } from './shipment-search.js';

/** The unique key a failed insert collided with, if that is why it failed. */
function takenKey(e: unknown): KeyTaken['key'] | null {
  if (!(e instanceof Error) || (e as { code?: string }).code !== 'SQLITE_CONSTRAINT_UNIQUE') return null;
  if (e.message.endsWith('shipments.code')) return 'code';
  if (e.message.endsWith('shipments.account_id, shipments.ref')) return 'ref';
  return null;
}

/** The shipments table and its search index. Returns records; the row and its JSON columns stay in here. */
export function createShipmentStore(db: Db, idle: () => Promise<void>, keptFrom: number) {
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
  const search = createShipmentSearch(db, idle, keptFrom);
  const record = (r: ShipmentRow | undefined) => (r ? fromRow(r) : undefined);

  const store = {
    /**
     * The unique indexes check the code and the ref, with no lookup before. Its words are indexed behind it. The
     * newest shipment's time is read in the insert's transaction, under SQLite's one writer.
     */
    insert(s: Omit<NewShipment, 'created_at' | 'updated_at'>, now: number): { id: number; at: number } {
      const at = Math.max(now, stmts.lastCreated.get()?.created_at ?? now);
      let id: number;
      try {
        id = Number(
          stmts.insert.run({
            ...s,
            created_at: at,
            updated_at: at,
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
      return { id, at };
    },
    byId: (accountId: number, id: number): ShipmentRecord | undefined => record(stmts.byId.get(id, accountId)),
    byCode: (accountId: number, code: string): ShipmentRecord | undefined => record(stmts.byCode.get(code, accountId)),
    byRef: (accountId: number, ref: string) => stmts.byRef.get(accountId, ref),
    byRefs: (accountId: number, refs: string[]) =>
      new Map(
        refs.flatMap((ref) => {
          const hit = stmts.byRef.get(accountId, ref);
          return hit ? [[ref, hit] as const] : [];
        }),
      ),
    accountOfCode: (code: string) => stmts.accountOfCode.get(code)?.account_id,
    children: (parentId: number): ShipmentRecord[] => stmts.children.all(parentId).map(fromRow),
    setStatus: (id: number, status: Status, subStatus: SubStatus | null, now: number) =>
      void stmts.setStatus.run(status, subStatus, now, id),
    countPackage: (parentId: number, now: number) => void stmts.addPackage.run(now, parentId),
    markLabelled: (id: number, now: number) => void stmts.markLabelled.run(now, now, id),

    /** The search index follows when the address changed. */
    correct(s: ShipmentRecord, now: number, addressChanged: boolean): void {
      const change = () =>
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
      if (addressChanged) search.wordsChange(s.id, change);
      else change();
    },
    recordChange: (shipmentId: number, at: number, changes: ShipmentChangeRecord['changes'], madeBy: string) =>
      void stmts.insertChange.run(shipmentId, at, JSON.stringify(changes), madeBy),
    changesOf: (shipmentId: number): ShipmentChangeRecord[] =>
      stmts.changesOf
        .all(shipmentId)
        .map((r) => ({ ...r, changes: JSON.parse(r.changes) as ShipmentChangeRecord['changes'] })),

    search: (f: SearchFilter) => search.search(f),
  } satisfies Sync<ShipmentStore>;
  return {
    store,
    indexInBackground: (onError: (err: unknown) => void, log: (msg: string) => void) =>
      search.indexInBackground(onError, log),
    catchUp: () => search.catchUp(),
  };
}
