import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { party, shipmentBody, storeServices } from '../helpers/fixtures.js';

type Core = Awaited<ReturnType<typeof storeServices>>;

/**
 * A create stores the shipment and its first event; its words reach the search index behind it, in batches
 * (core/features/shipments/search.ts). Whatever the index has not taken yet, a search by words never misses a shipment.
 */
describe('the search index, written behind the creates', () => {
  const dirs: string[] = [];
  const cores: Core[] = [];
  const stops: Array<() => void> = [];
  afterEach(async () => {
    for (const stop of stops.splice(0)) stop();
    for (const c of cores.splice(0)) await c.close();
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  /** The services on a store; `background` runs what the long-running service runs beside them. */
  async function open(dataDir?: string, background = false, env: Record<string, string | undefined> = process.env) {
    const dir = dataDir ?? mkdtempSync(join(tmpdir(), 'search-behind-'));
    if (!dataDir) dirs.push(dir);
    const core = await storeServices(dir, { env });
    cores.push(core);
    if (background) {
      const work = core.engine.background(
        (err) => console.error(err),
        () => 0,
        () => undefined,
      );
      stops.push(() => work.stop());
    }
    return { core, dir };
  }
  const mark = (core: Core) =>
    (core.engine.db.prepare('SELECT indexed_upto AS n FROM shipment_search_progress').get() as { n: number }).n;
  const newest = (core: Core) =>
    (core.engine.db.prepare('SELECT max(id) AS n FROM shipments').get() as { n: number }).n;
  const refsFound = async (core: Core, account: number, q: string) => {
    const page = await core.services.shipments.search(account, { q, page: 1, size: 50 });
    return { refs: page.data.map((s) => s.ref).sort(), items: page.items };
  };
  const to = (name: string) => ({ destination: party(name, 'Villa Gesell', 'B7165') });

  it('leaves the words out of the create, and a search by words finds the shipment created a moment ago', async () => {
    const { core } = await open();
    const account = (await core.services.auth.createAccount('north')).id;
    const before = mark(core);
    const made = await core.services.shipments.create(
      account,
      shipmentBody({ ref: 'BEHIND-1', ...to('Quimey Lanusse') }) as never,
    );
    expect(newest(core)).toBe(made.id);
    expect(mark(core)).toBe(before);

    expect(await refsFound(core, account, 'quimey lanu')).toEqual({ refs: ['BEHIND-1'], items: 1 });
    expect(mark(core)).toBe(made.id);
  });

  it('keeps a remembered total exact across creates the index has not taken yet', async () => {
    const { core } = await open();
    const account = (await core.services.auth.createAccount('north')).id;
    await core.services.shipments.create(account, shipmentBody({ ref: 'T-1', ...to('Ulrica Zamudio') }) as never);
    expect((await refsFound(core, account, 'zamudio')).items).toBe(1);
    for (const ref of ['T-2', 'T-3'])
      await core.services.shipments.create(account, shipmentBody({ ref, ...to('Ulrica Zamudio') }) as never);
    expect(await refsFound(core, account, 'zamudio')).toEqual({ refs: ['T-1', 'T-2', 'T-3'], items: 3 });
  });

  it('finds what another process created, and indexes it once, whichever process gets to it', async () => {
    const { core: serving, dir } = await open();
    const { core: cli } = await open(dir);
    const account = (await serving.services.auth.createAccount('north')).id;
    await cli.services.shipments.create(account, shipmentBody({ ref: 'CLI-1', ...to('Wenceslao Iturbe') }) as never);
    await serving.services.shipments.create(
      account,
      shipmentBody({ ref: 'SRV-1', ...to('Wenceslao Iturbe') }) as never,
    );
    expect(await refsFound(serving, account, 'iturbe')).toEqual({ refs: ['CLI-1', 'SRV-1'], items: 2 });
    expect(await refsFound(cli, account, 'iturbe')).toEqual({ refs: ['CLI-1', 'SRV-1'], items: 2 });
    // Indexed once: a word of both appears in exactly two index entries.
    const entries = serving.engine.db
      .prepare("SELECT count(*) AS n FROM shipment_search WHERE shipment_search MATCH 'wenceslao'")
      .get() as { n: number };
    expect(entries.n).toBe(2);
  });

  it('the long-running service indexes new shipments by itself, with no search asking', async () => {
    const { core } = await open(undefined, true);
    const account = (await core.services.auth.createAccount('north')).id;
    let last = 0;
    for (let i = 0; i < 30; i++)
      last = (await core.services.shipments.create(account, shipmentBody({ ref: `BG-${i}` }) as never)).id;
    expect(mark(core)).toBeLessThan(last);
    await expect.poll(() => mark(core), { timeout: 5_000 }).toBe(last);
  });

  it('indexes in the background without waiting for the disk, and the store waits for it again after', async () => {
    const { core } = await open(undefined, true);
    const db = core.engine.db;
    const account = (await core.services.auth.createAccount('south')).id;
    // The `synchronous` level each step of the index ran under, noted by a trigger on its mark.
    let level = 'FULL';
    const pragma = db.pragma.bind(db);
    db.pragma = (source: string, options?: Parameters<typeof pragma>[1]) => {
      level = /^synchronous = (\w+)$/.exec(source)?.[1] ?? level;
      return pragma(source, options);
    };
    const steps: string[] = [];
    db.function('note_index_step', () => (steps.push(level), null));
    db.exec(
      'CREATE TEMP TRIGGER note_step AFTER UPDATE ON shipment_search_progress BEGIN SELECT note_index_step(); END',
    );
    const made = await core.services.shipments.create(account, shipmentBody({ ref: 'BEHIND-N' }) as never);
    await expect.poll(() => mark(core), { timeout: 5_000 }).toBe(made.id);
    // Its fsync held the service's thread (and a desk's label on its way) 1–24 ms a step on a shared machine.
    expect(steps).toEqual(['NORMAL']);
    expect(pragma('synchronous', { simple: true })).toBe(2);
  });

  it('merges its segments 8 per level, as migration 013 sets (the bench measures what it saves)', async () => {
    const { core } = await open();
    const setting = core.engine.db.prepare("SELECT v FROM shipment_search_config WHERE k = 'automerge'").get();
    expect(setting).toEqual({ v: 8 });
  });

  /**
   * A store that already holds many shipments when this version first serves it: its broad words are counted once,
   * at that start, so that no search pays for counting them (core/engines/sqlite/search-counts.ts). No daily copy
   * of the store: it would race with the removal of the folder.
   */
  const env = { ...process.env, STATION_SEARCH_KEPT_FROM: '4', STATION_BACKUP_KEEP: '0' };
  const kept = (core: Core) =>
    (core.engine.db.prepare('SELECT word FROM search_words_kept ORDER BY word').all() as Array<{ word: string }>).map(
      (r) => r.word,
    );
  it('keeps the words with enough matches at the first start, with their exact totals per account and side', async () => {
    // A command (no background work) fills the store, as an import or an older version would have.
    const { core: cli, dir } = await open(undefined, false, env);
    const a = (await cli.services.auth.createAccount('north')).id;
    const b = (await cli.services.auth.createAccount('south')).id;
    for (let i = 0; i < 10; i++)
      await cli.services.shipments.create(i < 7 ? a : b, {
        ...shipmentBody({ ref: `AHEAD-${i}` }),
        destination: party(i % 2 ? 'Quilmes Urquiza' : 'Ulises Urquiza', 'Salta', 'A4400'),
        // A place of several words, named by all ten: kept as one search, whose matches no single word's count tells.
        origin: party('Depósito', i % 5 ? 'Villa Carlos Paz' : 'villa carlos  PAZ', 'X5152'),
      } as never);
    await cli.services.shipments.search(a, { q: 'urquiza', page: 1, size: 1 });
    expect(kept(cli)).toEqual([]);
    await cores.pop()!.close();

    const { core: first } = await open(dir, true, env);
    // Ten shipments have `urquiza` and its prefixes (and `salta`, `ahead`); five `ulises`, five `quilmes`.
    expect(kept(first)).toEqual(expect.arrayContaining(['urquiza', 'u', 'ur', 'salta', 'ahead', 'ulises']));
    expect(kept(first)).not.toContain('urquizas');
    expect(kept(first)).toContain('carlos paz villa');
    expect(kept(first).filter((w) => w.includes(' '))).toEqual(['carlos paz villa']);
    const countsOf = (key: string) =>
      first.engine.db
        .prepare('SELECT account_id, party, n FROM search_word_counts WHERE word = ? ORDER BY account_id, party')
        .all(key);
    expect(countsOf('carlos paz villa')).toEqual([
      { account_id: a, party: 'ANY', n: 7 },
      { account_id: a, party: 'SENDER', n: 7 },
      { account_id: b, party: 'ANY', n: 3 },
      { account_id: b, party: 'SENDER', n: 3 },
    ]);
    // Shipments 0, 2, 4, 6 of north and 8 of south; the receiver's side only.
    expect(countsOf('ulises')).toEqual([
      { account_id: a, party: 'ANY', n: 4 },
      { account_id: a, party: 'RECEIVER', n: 4 },
      { account_id: b, party: 'ANY', n: 1 },
      { account_id: b, party: 'RECEIVER', n: 1 },
    ]);
    const total = async (q: string, account = a) =>
      (await first.services.shipments.search(account, { q, page: 1, size: 1 })).items;
    expect(await total('Ulises')).toBe(4);
    expect(await total('URQUIZA')).toBe(7);
    expect(await total('urquiza', b)).toBe(3);
    expect(await total('Paz villa CARLOS')).toBe(7);
    // Counted once only: a second start leaves them as they are.
    first.engine.db.prepare("UPDATE search_word_counts SET n = 40 WHERE word = 'ulises' AND account_id = ?").run(a);
    for (const stop of stops.splice(0)) stop();
    await cores.pop()!.close();
    const { core: again } = await open(dir, true, env);
    expect((await again.services.shipments.search(a, { q: 'ulises', page: 1, size: 1 })).items).toBe(40);
  });
});
