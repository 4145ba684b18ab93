import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '../../core/app/services.js';
import { storeServices } from '../helpers/fixtures.js';
import { STATION_BIN, station } from '../helpers/station.js';

/*
 * Every `station` process costs about a second here, so each test spawns only what it is about; accounts and
 * tokens that are merely needed are written through the core, as the commands themselves do.
 */

const dirs: string[] = [];
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'station-cli-'));
  dirs.push(d);
  return d;
}
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function withServices<T>(dataDir: string, fn: (s: Services) => T | Promise<T>): Promise<T> {
  const store = await storeServices(dataDir);
  try {
    return await fn(store.services);
  } finally {
    await store.close();
  }
}

/** `station serve` as its own process; `ready` resolves once it has printed its first line or exited. */
function serve(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [STATION_BIN, 'serve', '--port', '0', ...args], {
    env: { ...process.env, STATION_RATE_LIMIT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((res) => child.once('exit', (code) => res(code)));
  const ready = new Promise<void>((res) => {
    child.stdout.on('data', () => stdout.includes('\n') && res());
    void exited.then(() => res());
  });
  return {
    child,
    ready,
    exited,
    out: () => stdout,
    err: () => stderr,
    url: () => /listening on (\S+)/.exec(stdout)?.[1],
  };
}

describe('station serve', () => {
  it('prints "listening on http://HOST:PORT/v1", serves, and exits 0 on SIGTERM and on SIGINT', async () => {
    const runs = (['SIGTERM', 'SIGINT'] as const).map((signal) => ({ signal, p: serve(['--data', tempDir()]) }));
    for (const { signal, p } of runs) {
      await p.ready;
      expect(p.out()).toMatch(/^listening on http:\/\/127\.0\.0\.1:\d+\/v1\n$/);
      expect((await fetch(`${p.url()}/shipments`)).status).toBe(401);
      p.child.kill(signal);
      expect(await p.exited, signal).toBe(0);
      expect(p.err()).toBe('');
    }
  });

  it('refuses to bind a non-loopback address without TLS, with a clear message', async () => {
    const p = serve(['--host', '0.0.0.0', '--data', tempDir()]);
    expect(await p.exited).not.toBe(0);
    expect(p.out()).toBe('');
    expect(p.err()).toMatch(/refusing to serve on 0\.0\.0\.0 without TLS.*--tls-cert.*--tls-key/);
  });

  it('serves the data directory named by STATION_DATA when --data is absent', async () => {
    const data = tempDir();
    const token = await withServices(data, async (core) => {
      const id = (await core.auth.createAccount('envco')).id;
      return (await core.auth.createToken({ account: id, name: 'ci', permissions: 'shipments.read' })).token;
    });
    const p = serve([], { STATION_DATA: data });
    await p.ready;
    const r = await fetch(`${p.url()}/shipments`, { headers: { authorization: `Bearer ${token}` } });
    expect(r.status).toBe(200);
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
  });
});

describe('station account / token', () => {
  it('`account create NAME` prints only the id; it honours STATION_DATA, and --data over it', async () => {
    // A directory that does not exist yet: it is created and initialised on first use.
    const env = join(tempDir(), 'nested', 'fresh');
    const flag = tempDir();
    const [viaEnv, viaFlag] = await Promise.all([
      station(['account', 'create', 'acme'], { STATION_DATA: env }),
      station(['account', 'create', 'globex', '--data', flag], { STATION_DATA: env }),
    ]);
    expect(viaEnv).toEqual({ code: 0, stdout: '1\n', stderr: '' });
    expect(viaFlag).toEqual({ code: 0, stdout: '1\n', stderr: '' });
    expect(existsSync(join(env, 'station.db'))).toBe(true);
    expect(await withServices(env, async (c) => (await c.auth.accounts()).map((a) => a.name))).toEqual(['acme']);
    expect(await withServices(flag, async (c) => (await c.auth.accounts()).map((a) => a.name))).toEqual(['globex']);
  });

  describe('on one data directory', () => {
    const data = tempDir();
    beforeAll(() => withServices(data, (c) => c.auth.createAccount('acme')));

    it('`token create` prints only the token; --expires-in-days sets its expiry', async () => {
      const r = await station([
        'token',
        'create',
        '--data',
        data,
        '--account',
        'acme',
        '--name',
        'ci',
        '--permissions',
        'shipments.read,events.read',
        '--expires-in-days',
        '30',
      ]);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/^sspat_[0-9A-Za-z]{40}_[0-9A-Za-z]{6}\n$/);
      expect(r.stderr).toBe('');
      const info = await withServices(data, async (c) =>
        (await c.auth.listTokens('acme')).find((t) => t.name === 'ci')!,
      );
      expect(info.permissions).toEqual(['shipments.read', 'events.read']);
      const days = (Date.parse(info.expires_at!) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(29.9);
      expect(days).toBeLessThanOrEqual(30);
    });

    it('refuses a duplicate account, an unknown permission, a bad expiry or an unknown account: a message on stderr, a non-zero exit, nothing on stdout', async () => {
      const token = ['token', 'create', '--data', data, '--name', 'x'];
      const cases: Array<[string[], RegExp]> = [
        [['account', 'create', 'ACME', '--data', data], /^station: .*acme/i],
        [[...token, '--account', 'acme', '--permissions', 'shipments.read,admin'], /unknown permission admin/],
        [[...token, '--account', 'acme', '--permissions', 'shipments.read', '--expires-in-days', '0'], /whole number/],
        [[...token, '--account', 'nobody', '--permissions', 'shipments.read'], /not found/],
      ];
      const results = await Promise.all(cases.map(([args]) => station(args)));
      results.forEach((r, i) => {
        expect(r.code, cases[i]![0].join(' ')).not.toBe(0);
        expect(r.stdout).toBe('');
        expect(r.stderr).toMatch(cases[i]![1]);
      });
      expect(
        await withServices(data, async (c) => (await c.auth.listTokens('acme')).filter((t) => t.name === 'x')),
      ).toEqual([]);
      expect(await withServices(data, (c) => c.auth.accounts())).toHaveLength(1);
    });
  });
});
