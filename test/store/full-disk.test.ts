import Database from 'better-sqlite3';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStation, station, type Station } from '../helpers/station.js';
import { directAccount, shipmentBody } from '../helpers/fixtures.js';

/**
 * Issue 18, case 3: on a full disk every write answered 500. On a real small filesystem (an 8 MiB tmpfs, which
 * needs root to mount), writes now answer 507 `storage_full` with Retry-After, reads keep working, and the
 * service takes writes again by itself once space is freed; a start on the full disk serves reads.
 */
const mountPoint = mkdtempSync(join(tmpdir(), 'station-full-'));
const canMount = (() => {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return false;
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=8m', 'tmpfs', mountPoint], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
if (!canMount) console.warn('full-disk test skipped: mounting a small tmpfs needs Linux and root');

describe.skipIf(!canMount)('a full disk', () => {
  const data = join(mountPoint, 'data');
  const ballast = join(mountPoint, 'ballast');
  let s: Station;
  let token: string;
  const acked: string[] = [];
  const post = () => s.request('POST', '/shipments', { token, body: shipmentBody() });

  beforeAll(async () => {
    mkdirSync(data);
    writeFileSync(ballast, Buffer.alloc(1024 * 1024));
    s = await startStation({ dataDir: data, env: { STATION_BACKUP_KEEP: '0' } });
    token = (await directAccount(s, 'acme', ['shipments.write', 'shipments.read'])).token;
  });
  afterAll(async () => {
    await s?.stop();
    if (canMount) execFileSync('umount', [mountPoint]);
    rmSync(mountPoint, { recursive: true, force: true });
  });

  it('answers writes 507 storage_full with Retry-After, and reads as usual', async () => {
    let refused: Awaited<ReturnType<typeof post>> | null = null;
    // Four desks creating until the disk is full (bounded: 8 MiB holds a few thousand shipments).
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let i = 0; i < 5000 && !refused; i++) {
          const r = await post();
          if (r.status === 201) acked.push(r.body.code);
          else refused = r;
        }
      }),
    );
    expect(acked.length).toBeGreaterThan(100);
    const r = refused!;
    expect(r.status, r.text).toBe(507);
    expect(r.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect(r.body.code).toBe('storage_full');
    expect(r.body.detail).toMatch(/the disk of this station is full/);
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);

    const code = acked.at(-1)!;
    expect((await s.request('GET', `/shipments/${code}`, { token })).status).toBe(200);
    expect((await s.request('GET', '/shipments?size=5', { token })).status).toBe(200);
    const words = await s.request('GET', `/shipments?q=${code}`, { token });
    expect(words.status, words.text).toBe(200);
    // A small write may still find room (SQLite reuses its log's space); none answers anything but done or 507.
    for (const [method, path] of [
      ['GET', `/labels?code=${code}`],
      ['POST', `/shipments/${code}/cancel`],
      ['POST', '/shipments'],
    ] as const) {
      const w = await s.request(method, path, {
        token,
        ...(method === 'POST' && path === '/shipments' ? { body: shipmentBody() } : {}),
      });
      expect([200, 201, 507], `${method} ${path}: ${w.text}`).toContain(w.status);
    }
    // Failures that are not bugs: warnings, never the errors (level 50) a 500 logs.
    expect(s.stderr()).not.toMatch(/"level":50/);
  });

  it('takes writes again by itself once space is freed, and has lost no acknowledged shipment', async () => {
    rmSync(ballast);
    const r = await post();
    expect(r.status, r.text).toBe(201);
    acked.push(r.body.code);
    expect((await s.request('GET', `/labels?code=${r.body.code}`, { token })).status).toBe(200);
    await s.stop();
    const db = new Database(join(data, 'station.db'), { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const stored = new Set(
        db
          .prepare<[], { code: string }>('SELECT code FROM shipments')
          .all()
          .map((x) => x.code),
      );
      expect(acked.filter((c) => !stored.has(c))).toEqual([]);
    } finally {
      db.close();
    }
  });

  it('refuses to start on a disk too full for the store, saying so and leaving no pid file; starts once space is freed', async () => {
    // As after a clean stop: no WAL and no shared index, which SQLite must make to open the store.
    for (const f of ['station.db-wal', 'station.db-shm']) rmSync(join(data, f), { force: true });
    try {
      writeFileSync(ballast, Buffer.alloc(16 * 1024 * 1024));
    } catch {
      // The disk is full now: what was written of the ballast stays.
    }
    const full = await station(['serve', '--port', '0', '--data', data]);
    expect(full.code).not.toBe(0);
    expect(full.stderr).toMatch(/the disk holding .*station\.db is full: .* Free some space on it, then start again/);
    expect(existsSync(join(data, 'station.pid'))).toBe(false);
    rmSync(ballast);
    s = await startStation({ dataDir: data, env: { STATION_BACKUP_KEEP: '0' } });
    expect((await s.request('GET', `/shipments/${acked[0]}`, { token })).status).toBe(200);
    expect((await post()).status).toBe(201);
  });
});
