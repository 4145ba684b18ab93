import type { Status, SubStatus } from '../../shared/schemas/codes.js';
import type { ShipmentChangeRecord, ShipmentRecord } from '../../features/shipments/record.js';
import { countedByStatus, KeyTaken, type SearchFilter, type ShipmentStore } from '../../features/shipments/store.js';
import { first, rows, type Sql } from './sql.js';

const COLUMNS = `s.id, s.account_id, s.code, s.ref, s.type, s.method, s.office_id, s.value, s.content, s.notes, s.platform,
  s.origin, s.destination, s.dimensions, s.status, s.sub_status, s.parent_id, s.number, s.packages, s.created_at,
  s.updated_at, s.labelled_at, p.code AS twin`;
const SELECT = `SELECT ${COLUMNS} FROM shipments s LEFT JOIN shipments p ON p.id = s.parent_id`;

/** A shipment's search prefixes, as the index of migration 006 is made: the query must say it the same way. */
const PREFIXES = 'shipment_side_prefixes(s.account_id, s.ref, s.code, s.origin, s.destination)';

/**
 * The sides a search looks at (migration 006): their marks in the prefixes' index and their weights in `words`.
 * Ref and code (`i`, A) always; the receiver (`r`, B), the sender (`s`, C), or both.
 */
const SIDES = {
  ANY: { marks: ['i', 'r', 's'], weights: 'ABC' },
  RECEIVER: { marks: ['i', 'r'], weights: 'AB' },
  SENDER: { marks: ['i', 's'], weights: 'AC' },
} as const;
const sidesOf = (f: SearchFilter) => SIDES[f.party ?? 'ANY'];

/** The prefixes' query of a search's words, with the account (`$1`) as a value so that the index is used. */
const prefixQuery = (words: string, marks: string) => `station_side_prefix_query($1, ${words}, ${marks})`;

/**
 * Conditions of a search beyond the account (`$1`), as SQL with numbered parameters from `args`. `byIndex` false:
 * without the prefixes, for a query that walks the shipments by date (computing a shipment's prefixes to check
 * them took 0.5 ms a row, and the words alone say it exactly).
 */
function conditions(f: SearchFilter, args: unknown[], byIndex = true): string {
  const c: string[] = [];
  const arg = (v: unknown) => `$${args.push(v)}`;
  if (f.words) {
    const words = arg(f.words);
    const sides = sidesOf(f);
    // The prefixes' index finds the candidates (migration 006); the words of each, a small column, say it exactly
    // (each word a phrase of its parts).
    if (byIndex) c.push(`${PREFIXES} @@ ${prefixQuery(words, arg(sides.marks))}`);
    c.push(`s.words @@ station_phrase_query(${words}, ${arg(sides.weights)})`);
  }
  if (f.dateColumn === 'labelled_at') c.push('s.labelled_at IS NOT NULL');
  if (f.code !== undefined) c.push(`s.code = ${arg(f.code)}`);
  if (f.status !== undefined) c.push(`s.status = ${arg(f.status)}`);
  if (f.subStatus !== undefined) c.push(`s.sub_status = ${arg(f.subStatus)}`);
  if (f.platform !== undefined) c.push(`s.platform = ${arg(f.platform)}`);
  if (f.from !== undefined) c.push(`s.${f.dateColumn} >= ${arg(f.from)}`);
  if (f.to !== undefined) c.push(`s.${f.dateColumn} <= ${arg(f.to)}`);
  if (f.statusIn) c.push(`s.status = ANY(${arg(f.statusIn)})`);
  if (f.pending) c.push("s.labelled_at IS NULL AND s.status <> 'CANCELED'");
  return c.map((x) => ` AND ${x}`).join('');
}

/**
 * A search by words and nothing else (the totals a desk's search box asks for), each word of one part: the
 * prefixes' index alone says its matches exactly (a word of several parts is a phrase, which it cannot tell).
 */
const wordsOnly = (f: SearchFilter) =>
  !!f.words &&
  f.words.every((w) => w.split(/[^\p{L}\p{N}]+/u).filter(Boolean).length === 1) &&
  countedByStatus({ ...f, words: undefined }) &&
  f.status === undefined &&
  !f.statusIn;

/**
 * Transactions run at READ COMMITTED; a row read inside one is locked (FOR UPDATE) until it ends, so that what a
 * service decides from it (a package's number, a move of its status) holds when it writes.
 */
export function createShipmentStore(sql: Sql, keptFrom: number): ShipmentStore {
  const locked = sql.inTransaction ? ' FOR UPDATE OF s' : '';

  /**
   * The shipment whose ref or code the search is, typed whole (any letter case), when the other filters keep it:
   * lookups on unique indexes. It matches the words too, since its ref and code are always searched.
   */
  async function wholeMatch(f: SearchFilter): Promise<ShipmentRecord | undefined> {
    const w = f.whole!;
    const args: unknown[] = [f.accountId, w, w.toUpperCase(), w.toLowerCase()];
    const others = conditions({ ...f, words: undefined }, args);
    return first<ShipmentRecord>(
      sql,
      `${SELECT} WHERE s.account_id = $1 AND (s.ref IN ($2, $3, $4) OR s.code = $3)${others} LIMIT 1`,
      args,
    );
  }

  /**
   * A search by words alone (each of one part) that is kept (migration 009: the key of its words): its total,
   * the count over the counted shipments and the matches among the uncounted, in one statement (one snapshot); and
   * the account's shipments, to tell how broad it is. Undefined when not kept.
   */
  async function keptTotal(f: SearchFilter): Promise<{ n: number; of: number } | undefined> {
    const sides = sidesOf(f);
    // The uncounted are found through the prefixes' index as well as among the uncounted: just after a count
    // ahead every shipment is uncounted, and the index finds a word's few among them.
    return first<{ n: number; of: number }>(
      sql,
      `SELECT coalesce((SELECT n FROM search_word_counts c WHERE c.word = k.word AND c.account_id = $1 AND c.party = $3), 0)
         + (SELECT count(*) FROM search_uncounted u JOIN shipments s ON s.id = u.id
            WHERE s.account_id = $1 AND ${PREFIXES} @@ ${prefixQuery('$2', '$5')}
              AND s.words @@ station_phrase_query($2, $4)) AS n,
         (SELECT coalesce(sum(n), 0)::bigint FROM shipment_counts WHERE account_id = $1) AS of
       FROM search_words_kept k WHERE k.word = station_search_key($2)`,
      [f.accountId, f.words, f.party ?? 'ANY', sides.weights, sides.marks],
    );
  }

  /**
   * The total of a search by words alone, not kept: counted over the matches; a search found broad is kept from
   * then on, in a transaction of its own that the search does not wait for (until it commits, it is counted as
   * before; if it fails, the next search that counts it tries again).
   */
  async function countedTotal(f: SearchFilter): Promise<number> {
    // The prefixes carry the account: counted from the index alone, with no condition on the rows to check.
    const n = (await first<{ n: number }>(
      sql,
      `SELECT count(*) AS n FROM shipments s WHERE ${PREFIXES} @@ ${prefixQuery('$2', '$3')}`,
      [f.accountId, f.words, sidesOf(f).marks],
    ))!.n;
    if (n >= keptFrom && !sql.inTransaction)
      void sql.query('SELECT station_keep_key(station_search_key($1))', [f.words]).catch(() => undefined);
    return n;
  }

  /**
   * How many of the account's shipments, newest (or oldest) first, a page of a broad search walks through to find
   * its rows, or 0 to find them through the prefixes' index. The index fetches every match to sort them by date (a
   * city's 50,000, a zip prefix's 5,000: 20-70 ms at 1,000,000); a walk reads the shipments in the order of the page,
   * about (limit + offset) x all / matches of them, each a check of its words. Walked when that is at most 5 times
   * the matches (rows in order against rows anywhere in the table: from some 2,000 matches at 1,000,000), at most 4
   * times what it should take, so that a search whose matches all lie far back (a ref prefix of an old run) costs a
   * bounded walk and then the index.
   */
  function walkFor(f: SearchFilter, kept: { n: number; of: number } | undefined): number {
    if (!kept || kept.n === 0) return 0;
    const rows = ((f.limit + f.offset) * kept.of) / kept.n;
    return rows <= 5 * kept.n && rows < kept.of ? Math.max(1_000, Math.ceil(4 * rows)) : 0;
  }

  return {
    async insert(s, now) {
      // One round trip: the id and the time drawn together, under a lock held for the draw alone (migration 003: a
      // later id never gets an earlier time, across stations, and commits overlap), and the row written with them.
      // ON CONFLICT DO NOTHING rather than a savepoint around the insert (three round trips more per shipment, which
      // an import of thousands of orders paid for each): a taken ref or code leaves the transaction usable, and the
      // look-ups below, which see the row a concurrent station committed meanwhile, say which one was taken.
      const written = await first<{ id: number; created_at: number }>(
        sql,
        `WITH drawn AS (SELECT id, created_at FROM station_draw_shipment($1))
         INSERT INTO shipments (id, account_id, code, ref, type, method, office_id, value, content, notes, platform,
           origin, destination, dimensions, status, parent_id, number, created_at, updated_at)
         SELECT drawn.id, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, drawn.created_at,
           drawn.created_at
         FROM drawn
         ON CONFLICT DO NOTHING
         RETURNING id, created_at`,
        [
          now,
          s.account_id,
          s.code,
          s.ref,
          s.type,
          s.method,
          s.office_id,
          s.value,
          s.content,
          s.notes,
          s.platform,
          s.origin,
          s.destination,
          s.dimensions,
          s.status,
          s.parent_id,
          s.number,
        ],
      );
      if (written) return { id: written.id, at: written.created_at };
      if (await first(sql, 'SELECT 1 FROM shipments WHERE account_id = $1 AND ref = $2', [s.account_id, s.ref]))
        throw new KeyTaken('ref');
      if (await first(sql, 'SELECT 1 FROM shipments WHERE code = $1', [s.code])) throw new KeyTaken('code');
      // Package numbers are drawn with the parent locked (FOR UPDATE), so this is a fault, not a caller's error.
      throw new Error(`package ${s.number ?? ''} of shipment ${s.parent_id ?? ''} was written by another transaction`);
    },
    byId: (accountId, id) =>
      first<ShipmentRecord>(sql, `${SELECT} WHERE s.id = $1 AND s.account_id = $2${locked}`, [id, accountId]),
    byCode: (accountId, code) =>
      first<ShipmentRecord>(sql, `${SELECT} WHERE s.code = $1 AND s.account_id = $2${locked}`, [code, accountId]),
    byRefs: async (accountId, refs) =>
      new Map(
        (
          await rows<{ ref: string; id: number; code: string }>(
            sql,
            'SELECT ref, id, code FROM shipments WHERE account_id = $1 AND ref = ANY($2::text[])',
            [accountId, refs],
          )
        ).map(({ ref, ...hit }) => [ref, hit]),
      ),
    byRef: (accountId, ref) =>
      first<{ id: number; code: string }>(sql, 'SELECT id, code FROM shipments WHERE account_id = $1 AND ref = $2', [
        accountId,
        ref,
      ]),
    accountOfCode: async (code) =>
      (await first<{ account_id: number }>(sql, 'SELECT account_id FROM shipments WHERE code = $1', [code]))
        ?.account_id,
    children: (parentId) =>
      rows<ShipmentRecord>(sql, `${SELECT} WHERE s.parent_id = $1 ORDER BY s.number${locked}`, [parentId]),
    async setStatus(id: number, status: Status, subStatus: SubStatus | null, now: number) {
      await sql.query('UPDATE shipments SET status = $1, sub_status = $2, updated_at = $3 WHERE id = $4', [
        status,
        subStatus,
        now,
        id,
      ]);
    },
    async countPackage(parentId, now) {
      await sql.query('UPDATE shipments SET packages = packages + 1, updated_at = $1 WHERE id = $2', [now, parentId]);
    },
    async markLabelled(id, now) {
      await sql.query('UPDATE shipments SET labelled_at = coalesce(labelled_at, $1), updated_at = $1 WHERE id = $2', [
        now,
        id,
      ]);
    },
    async correct(r, now) {
      // The search words are a generated column: a new address is searchable at once.
      await sql.query(
        `UPDATE shipments SET method = $1, office_id = $2, content = $3, notes = $4, destination = $5, dimensions = $6,
           updated_at = $7 WHERE id = $8`,
        [r.method, r.office_id, r.content, r.notes, r.destination, r.dimensions, now, r.id],
      );
    },
    async recordChange(shipmentId, at, changes, madeBy) {
      await sql.query('INSERT INTO shipment_changes (shipment_id, date, changes, made_by) VALUES ($1, $2, $3, $4)', [
        shipmentId,
        at,
        JSON.stringify(changes),
        madeBy,
      ]);
    },
    changesOf: (shipmentId) =>
      rows<ShipmentChangeRecord>(
        sql,
        'SELECT id, date, changes, made_by FROM shipment_changes WHERE shipment_id = $1 ORDER BY id',
        [shipmentId],
      ),
    async search(f) {
      const args: unknown[] = [f.accountId];
      const kept = wordsOnly(f) ? await keptTotal(f) : undefined;
      const walk = walkFor(f, kept);
      const where = `s.account_id = $1${conditions(f, args)}`;
      const dir = f.newestFirst ? 'DESC' : 'ASC';
      const order = `ORDER BY s.${f.dateColumn} ${dir}, s.id ${dir}`;
      // A ref or code typed whole: that shipment first, on the first page, and the other matches after it.
      const whole = f.words && f.whole !== undefined ? await wholeMatch(f) : undefined;
      let { limit, offset } = f;
      if (whole && offset === 0) limit -= 1;
      else if (whole) offset -= 1;
      const except = (n: number) => (whole ? ` AND s.id <> $${n}` : '');
      const tail = (n: number) => `${except(n + 3)} ${order} LIMIT $${n + 1} OFFSET $${n + 2}`;
      const more = [limit, offset, ...(whole ? [whole.id] : [])];
      let page: ShipmentRecord[] | undefined;
      if (walk) {
        const walked: unknown[] = [f.accountId];
        // The walk on the account's index by date (the filters other than the words on it), the words on each row.
        const inner = `s.account_id = $1${conditions({ ...f, words: undefined }, walked)}`;
        const outer = `s.account_id = $1${conditions(f, walked, false)}`;
        walked.push(walk);
        page = await rows<ShipmentRecord>(
          sql,
          `SELECT ${COLUMNS} FROM (SELECT * FROM shipments s WHERE ${inner} ${order} LIMIT $${walked.length}) s
           LEFT JOIN shipments p ON p.id = s.parent_id WHERE ${outer}${tail(walked.length)}`,
          [...walked, ...more],
        );
        // Fewer than a page: the matches may lie further back than the walk went (or there are no more).
        if (page.length < limit) page = undefined;
      }
      page ??= await rows<ShipmentRecord>(sql, `${SELECT} WHERE ${where}${tail(args.length)}`, [...args, ...more]);
      if (whole && f.offset === 0) page.unshift(whole);
      let total: number;
      if (countedByStatus(f)) {
        const counted: unknown[] = [f.accountId];
        let filter = '';
        if (f.status !== undefined) filter += ` AND status = $${counted.push(f.status)}`;
        if (f.statusIn) filter += ` AND status = ANY($${counted.push(f.statusIn)})`;
        total = Number(
          (
            await first<{ n: number }>(
              sql,
              `SELECT coalesce(sum(n), 0) AS n FROM shipment_counts WHERE account_id = $1${filter}`,
              counted,
            )
          )?.n ?? 0,
        );
      } else if (kept) total = kept.n;
      else if (wordsOnly(f)) total = await countedTotal(f);
      else total = (await first<{ n: number }>(sql, `SELECT count(*) AS n FROM shipments s WHERE ${where}`, args))!.n;
      return { rows: page, total };
    },
  };
}
