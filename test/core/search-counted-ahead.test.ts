import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { party, shipmentBody, storeServices } from '../helpers/fixtures.js';

type Core = Awaited<ReturnType<typeof storeServices>>;

/**
 * A store that already holds many shipments when this version first serves it: its broad words are counted once,
 * at that start, so that no search pays for counting them (core/engines/sqlite/search-counts.ts).
 */
describe('the search totals counted ahead', () => {
  const dirs: string[] = [];
  const cores: Core[] = [];
  const stops: Array<() => void> = [];
  afterEach(async () => {
    for (const stop of stops.splice(0)) stop();
    for (const c of cores.splice(0)) await c.close();
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  // No daily copy of the store: it would race with the removal of the folder.
  const env = { ...process.env, STATION_SEARCH_KEPT_FROM: '4', STATION_BACKUP_KEEP: '0' };
  /** The services with what the long-running service runs beside them (the counting ahead first). */
  async function serving(dir: string): Promise<Core> {
    const core = await storeServices(dir, { env });
    cores.push(core);
    const work = core.engine.background(
      (err) => console.error(err),
      () => undefined,
    );
    stops.push(() => work.stop());
    return core;
  }
  const kept = (core: Core) =>
    (core.engine.db.prepare('SELECT word FROM search_words_kept ORDER BY word').all() as Array<{ word: string }>).map(
      (r) => r.word,
    );

  it('keeps the words with enough matches at the first start, with their exact totals per account and side', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'search-ahead-'));
    dirs.push(dir);
    // A command (no background work) fills the store, as an import or an older version would have.
    const cli = await storeServices(dir, { env });
    const a = (await cli.services.auth.createAccount('north')).id;
    const b = (await cli.services.auth.createAccount('south')).id;
    for (let i = 0; i < 10; i++)
      await cli.services.shipments.create(i < 7 ? a : b, {
        ...shipmentBody({ ref: `AHEAD-${i}` }),
        destination: party(i % 2 ? 'Quilmes Urquiza' : 'Ulises Urquiza', 'Salta', 'A4400'),
      } as never);
    await cli.services.shipments.search(a, { q: 'urquiza', page: 1, size: 1 });
    expect(kept(cli)).toEqual([]);
    await cli.close();

    const first = await serving(dir);
    // Ten shipments have `urquiza` and its prefixes (and `salta`, `ahead`); five `ulises`, five `quilmes`.
    expect(kept(first)).toEqual(expect.arrayContaining(['urquiza', 'u', 'ur', 'salta', 'ahead', 'ulises']));
    expect(kept(first)).not.toContain('urquizas');
    const counts = first.engine.db
      .prepare("SELECT account_id, party, n FROM search_word_counts WHERE word = 'ulises' ORDER BY account_id, party")
      .all();
    // Shipments 0, 2, 4, 6 of north and 8 of south; the receiver's side only.
    expect(counts).toEqual([
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
    // Counted once only: a second start leaves them as they are.
    first.engine.db.prepare("UPDATE search_word_counts SET n = 40 WHERE word = 'ulises' AND account_id = ?").run(a);
    for (const stop of stops.splice(0)) stop();
    await cores.pop()!.close();
    const again = await serving(dir);
    expect((await again.services.shipments.search(a, { q: 'ulises', page: 1, size: 1 })).items).toBe(40);
  });
});
