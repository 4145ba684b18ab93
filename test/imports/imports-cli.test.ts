import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '../../core/index.js';
import { station } from '../helpers/station.js';
import { encode, generic, mercadolibre, someOrders, woocommerce } from './exports.js';

describe('station shipments import FILE', () => {
  const data = mkdtempSync(join(tmpdir(), 'station-import-cli-'));
  const run = (args: string[]) => station(['shipments', 'import', ...args, '--data', data]);
  const shipmentsOf = (ref: string) => {
    const core = createCore({ dataDir: data, printQueue: false });
    try {
      return core.services.shipments.search(1, { q: ref }).data.filter((s) => s.ref === ref);
    } finally {
      core.close();
    }
  };

  beforeAll(async () => {
    expect((await station(['account', 'create', 'tienda', '--data', data])).code).toBe(0);
    const core = createCore({ dataDir: data, printQueue: false });
    core.services.presets.create(1, { name: 'Caja chica', key: 'c', length: 20, width: 15, height: 10, weight: 0.6 });
    core.close();
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
    const [one] = shipmentsOf('CLIW-1001');
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
    expect(shipmentsOf('CLIG-1001')).toEqual([]);
    const real = await run([file, '--platform', 'VTX']);
    expect(real.code, real.stderr).toBe(0);
    expect(shipmentsOf('CLIG-1001')[0]).toMatchObject({ platform: 'VTX' });
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
    expect(shipmentsOf('CLIB-1001')).toEqual([]);
  });
});
