import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { station, testStore } from '../helpers/station.js';
import { generic, someOrders } from '../imports/exports.js';

/**
 * Issue 30, bad characters, at the command line: its arguments and the files it reads reach the service through the
 * same operations as HTTP, so the same rule refuses them, naming the field, before anything is written. (An argument
 * cannot hold NUL; a file can.)
 */
/** Each command is a process of its own, a few seconds apiece on a loaded machine; a test runs two to three. */
const SLOW = 120_000;

describe('station commands refuse control characters in their arguments and files', () => {
  const data = mkdtempSync(join(tmpdir(), 'station-chars-cli-'));
  let store: string | undefined;
  const run = (args: string[]) => station([...args, '--data', data, ...(store ? ['--store', store] : [])]);

  beforeAll(async () => {
    store = await testStore();
    expect((await run(['account', 'create', 'tienda'])).code).toBe(0);
  });
  afterAll(() => rmSync(data, { recursive: true, force: true }));

  it(
    'refuses an account name holding ESC, naming the field; no account is made',
    async () => {
      const r = await run(['account', 'create', 'ACME\u001bS.A.']);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('name holds a control character (U+001B)');
      expect(r.stdout).toBe('');
      expect((await run(['account', 'list'])).stdout.trim().split('\n')).toEqual([expect.stringMatching(/\ttienda$/)]);
    },
    SLOW,
  );

  it(
    'refuses a token name holding U+0001; no token is made',
    async () => {
      const r = await run([
        'token',
        'create',
        '--account',
        'tienda',
        '--name',
        'erp\u0001',
        '--permissions',
        'shipments.read',
      ]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('name holds a control character (U+0001)');
      expect((await run(['token', 'list', '--account', 'tienda'])).stdout).toBe('');
    },
    SLOW,
  );

  it(
    'refuses a printer connection holding ESC; no printer is made',
    async () => {
      const args = ['--account', 'tienda', '--driver', 'file', '--connection', `${data}\u001b/labels`];
      const r = await run(['printers', 'add', 'Archivo', ...args]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('connection holds a control character (U+001B)');
      expect((await run(['printers', 'list', '--account', 'tienda'])).stdout).not.toContain('Archivo');
    },
    SLOW,
  );

  it(
    'refuses an order export with a NUL in a cell as a bad row, on a dry run too; imports nothing',
    async () => {
      const orders = someOrders('NULCLI-', 3);
      orders[1] = { ...orders[1]!, first: 'Mar\u0000tín' };
      const file = join(data, 'pedidos.csv');
      writeFileSync(file, generic(orders));
      for (const dry of [['--dry-run'], []]) {
        const r = await run(['shipments', 'import', file, '--account', 'tienda', ...dry]);
        expect(r.code, r.stderr).toBe(2);
        expect(r.stderr).toContain('row 3, destination.contact.name: holds a control character (U+0000)');
        expect(r.stderr).toContain('1 bad row; nothing was imported');
        expect(r.stdout).toBe('');
      }
      // The same file, its row mended and an accented e-mail (RFC 6531) in another: every order is imported.
      orders[1] = { ...orders[1], first: 'Martín' };
      orders[2] = { ...orders[2]!, email: 'julián@example.com' };
      writeFileSync(file, generic(orders));
      const r = await run(['shipments', 'import', file, '--account', 'tienda']);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout.trim().split('\n')).toHaveLength(3);
    },
    SLOW,
  );
});
