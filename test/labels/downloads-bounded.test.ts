import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../core/platform/clock.js';
import { createDownloads } from '../../core/platform/downloads/downloads.js';
import { openSqliteEngine } from '../../core/engines/sqlite/index.js';
import { ALL_PERMISSIONS, startInProcess, type Station } from '../helpers/station.js';
import { accountWithToken, createShipment, download } from './fixtures.js';

/** Generated label documents stay bounded (issue 11): one document per request while its link lives; a size cap. */
describe('bounded label documents', () => {
  const clock = fixedClock('2026-11-21T10:00:00Z');
  let s: Station;
  let token: string;
  const files = () => readdirSync(join(s.dataDir, 'labels'));
  beforeAll(async () => {
    s = await startInProcess({ clock });
    ({ token } = await accountWithToken(s, 'acme', ALL_PERMISSIONS));
  });
  afterAll(async () => s?.stop());

  it('the same shipments and format get the same document and link while the link has half its life left', async () => {
    const a = await createShipment(s, token);
    const b = await createShipment(s, token);
    const get = async (q: string) => (await s.request('GET', `/labels?${q}`, { token })).body.url as string;
    const first = await get(`code=${a.code},${b.code}`);
    expect(await get(`code=${a.code},${b.code}`)).toBe(first);
    expect(files()).toHaveLength(1);
    const other = [
      await get(`code=${b.code},${a.code}`),
      await get(`code=${a.code},${b.code}&printer=PDF_A4`),
      await get(`code=${a.code}`),
    ];
    expect(new Set([first, ...other]).size).toBe(4);
    expect(files()).toHaveLength(4);
    clock.advance(12 * 3600 * 1000 + 1000);
    const later = await get(`code=${a.code},${b.code}`);
    expect(later).not.toBe(first);
    expect((await download(first)).status).toBe(200); // the old link still serves until it expires
    // A canceled shipment is not served from the earlier document.
    await s.request('POST', `/shipments/${a.code}/cancel`, { token });
    expect((await s.request('GET', `/labels?code=${a.code},${b.code}`, { token })).status).toBe(409);
  });

  it('past the size cap the oldest documents go first, with their links', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'downloads-cap-'));
    const t = fixedClock('2026-11-21T10:00:00Z');
    const engine = openSqliteEngine(dir, { clock: t, env: {} });
    try {
      engine.db.prepare("INSERT INTO accounts (id, name, created_at) VALUES (1, 'acme', 0)").run();
      const downloads = createDownloads(engine, t, dir, { maxLabelBytes: 2500 });
      const made: Array<{ file: string; secret: string }> = [];
      for (const i of [0, 1, 2, 3]) {
        const file = downloads.newLabelFile();
        downloads.writeFile(file, new Uint8Array(1000));
        const secret = await engine.transaction((tx) =>
          downloads.link(tx, {
            accountId: 1,
            kind: 'label',
            codes: [`C${i}`],
            format: 'PDF_A7',
            file,
            docKey: `k${i}`,
            bytes: 1000,
          }),
        );
        t.advance(1000);
        made.push({ file, secret });
      }
      await downloads.sweep();
      expect(made.map((m) => existsSync(join(dir, m.file)))).toEqual([false, false, true, true]);
      await expect(downloads.open(made[0]!.secret)).rejects.toThrow(/not found/);
      expect(await downloads.open(made[3]!.secret)).toBe(join(dir, made[3]!.file));
      expect(await downloads.reuse(1, 'k0')).toBeNull();
      expect(await downloads.reuse(1, 'k3')).toBe(made[3]!.secret);
    } finally {
      await engine.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
