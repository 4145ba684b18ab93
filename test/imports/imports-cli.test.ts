import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '../../core/app/index.js';
import { ownerPrincipal } from '../../core/platform/operations/principal.js';
import { station, testStore } from '../helpers/station.js';
import { encode, generic, mercadolibre, someOrders, woocommerce } from './exports.js';

describe('station shipments import FILE', () => {
  const data = mkdtempSync(join(tmpdir(), 'station-import-cli-'));
  let store: string | undefined;
  const place = () => ['--data', data, ...(store ? ['--store', store] : [])];
  const run = (args: string[]) => station(['shipments', 'import', ...args, ...place()]);
  /** The owner's calls through the core's door, on the same store as the commands. */
  async function asOwner<T>(fn: (core: Awaited<ReturnType<typeof createCore>>) => Promise<T>): Promise<T> {
    const core = await createCore({ dataDir: data, store, printQueue: false });
    try {
      return await fn(core);
    } finally {
      await core.close();
    }
  }
  const shipmentsOf = (ref: string) =>
    asOwner(async (core) =>
      (await core.execute('shipments.search', { query: { q: ref } }, ownerPrincipal(1))).data.filter(
        (s) => s.ref === ref,
      ),
    );

  beforeAll(async () => {
    store = await testStore();
    expect((await station(['account', 'create', 'tienda', ...place()])).code).toBe(0);
    await asOwner((core) =>
      core.execute(
        'presets.create',
        { body: { name: 'Caja chica', key: 'c', length: 20, width: 15, height: 10, weight: 0.6 } },
        ownerPrincipal(1),
      ),
    );
  });
  afterAll(() => rmSync(data, { recursive: true, force: true }));

  it('imports a WooCommerce export saved in Windows-1252, prints each created shipment, and skips it the second time', async () => {
    const file = join(data, 'pedidos.csv');
    writeFileSync(file, encode(woocommerce(someOrders('CLIW-')), 'windows-1252'));
    const first = await run([file, '--preset', 'c']);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout.trim().split('\n')).toEqual([
      expect.stringMatching(/^created\t[A-Z0-9]{10}\tCLIW-1001$/),
      expect.stringMatching(/^created\t[A-Z0-9]{10}\tCLIW-1002$/),
      expect.stringMatching(/^created\t[A-Z0-9]{10}\tCLIW-1003$/),
    ]);
    expect(first.stderr).toContain('3 orders (WooCommerce (Advanced Order Export)): 3 created, 0 skipped');
    const [one] = await shipmentsOf('CLIW-1001');
    expect(one).toMatchObject({
      platform: 'WOO',
      destination: { contact: { name: 'María José Peñalba' }, address: { state: 'Córdoba' } },
      content: expect.stringContaining('“Ñandú”'),
      dimensions: { length: 20, weight: 0.6 },
    });

    const again = await run([file, '--preset', 'c']);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/^skipped\t[A-Z0-9]{10}\tCLIW-1001\t\(its ref exists\)$/m);
    expect(again.stderr).toContain('0 created, 3 skipped');
  });

  it('a dry run writes nothing; a generic CSV needs no preset; --platform sets the platform', async () => {
    const file = join(data, 'generico.csv');
    writeFileSync(file, generic(someOrders('CLIG-', 2)));
    const dry = await run([file, '--dry-run', '--platform', 'VTX']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toMatch(/^would create\t\tCLIG-1001$/m);
    expect(await shipmentsOf('CLIG-1001')).toEqual([]);
    const real = await run([file, '--platform', 'VTX']);
    expect(real.code, real.stderr).toBe(0);
    expect((await shipmentsOf('CLIG-1001'))[0]).toMatchObject({ platform: 'VTX' });
  });

  it('a bad row imports nothing: exit 2 (refused, as every station command), each bad row named by row and column on stderr', async () => {
    const orders = someOrders('CLIB-', 2);
    orders[1] = { ...orders[1]!, city: '' };
    const file = join(data, 'ventas.csv');
    writeFileSync(file, encode(mercadolibre(orders), 'windows-1252'));
    const r = await run([file, '--mapping', 'mercadolibre', '--preset', 'c']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('row 9, Ciudad: is required');
    expect(r.stderr).toContain('1 bad row; nothing was imported');
    expect(await shipmentsOf('CLIB-1001')).toEqual([]);
  });
});
