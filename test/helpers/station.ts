import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { createCore, type Core } from '../../core/app/index.js';
import type { Services } from '../../core/app/services.js';
import type { Clock } from '../../core/platform/clock.js';
import { listen } from '../../core/adapters/http/listen.js';
import { createClient, httpTransport, type StationClient } from '../../core/shared/client/index.js';
import { freshDatabase } from './postgres.js';

const execFileP = promisify(execFile);
export const ROOT = resolve(import.meta.dirname, '..', '..');
export const STATION_BIN = join(ROOT, 'bin', 'station.js');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the built `station` command (as a user would) and never throws on a non-zero exit. */
export async function station(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  try {
    const { stdout, stderr } = await execFileP(process.execPath, [STATION_BIN, ...args], {
      env: { ...process.env, ...env },
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = e as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof err.code === 'number' ? err.code : 1, stdout: err.stdout ?? '', stderr: err.stderr ?? '' };
  }
}

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/**
 * The engine the suites run on: SQLite by default; `STATION_TEST_ENGINE=postgres` runs the same suites on
 * PostgreSQL, each station on a database of its own (test/helpers/postgres.ts; vitest.config.ts runs both).
 */
export const onPostgres = process.env.STATION_TEST_ENGINE === 'postgres';

/** A new store for a station of a test: a fresh PostgreSQL database, or none (SQLite in the data folder). */
export const testStore = async (): Promise<string | undefined> => (onPostgres ? freshDatabase() : undefined);

export interface Station {
  /** `{base_url}`, e.g. http://127.0.0.1:40123/v1 */
  url: string;
  dataDir: string;
  /** The PostgreSQL database the station runs on, when it does. */
  store?: string;
  /** Present only for in-process stations. */
  core?: Core;
  /** The services behind the core's door, for tests that look behind it; in-process stations only. */
  services?: Services;
  cli(args: string[]): Promise<CliResult>;
  /** Creates an account through the CLI and returns its id. */
  account(name: string): Promise<number>;
  /** Creates a token through the CLI. */
  token(account: string | number, permissions: string[], extra?: string[]): Promise<string>;
  request<T = any>(
    method: string,
    path: string,
    opts?: { token?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> },
  ): Promise<ApiResponse<T>>;
  /** The typed client the desk and the CLI use, over HTTP with this token. */
  client(token: string): StationClient;
  stop(): Promise<void>;
  /** What a spawned `station serve` wrote on stderr so far. */
  stderr(): string;
  /** The process of a spawned `station serve` (to kill it hard). */
  pid?: number;
}

const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const c of children) c.kill('SIGKILL');
});

export { PERMISSIONS as ALL_PERMISSIONS } from '../../core/shared/schemas/codes.js';

function makeStation(
  url: string,
  dataDir: string,
  store: string | undefined,
  stop: () => Promise<void>,
  core?: { core: Core; services: Services },
  stderr = () => '',
): Station {
  const cli = (args: string[]) => station([...args, '--data', dataDir, ...(store ? ['--store', store] : [])]);
  return {
    url,
    dataDir,
    ...(store ? { store } : {}),
    ...(core ?? {}),
    cli,
    async account(name) {
      const r = await cli(['account', 'create', name]);
      if (r.code !== 0) throw new Error(`account create failed: ${r.stderr}`);
      return Number(r.stdout.trim());
    },
    async token(account, permissions, extra = []) {
      const r = await cli([
        'token',
        'create',
        '--account',
        String(account),
        '--name',
        'test',
        '--permissions',
        permissions.join(','),
        ...extra,
      ]);
      if (r.code !== 0) throw new Error(`token create failed: ${r.stderr}`);
      return r.stdout.trim();
    },
    async request(method, path, opts = {}) {
      const headers: Record<string, string> = { ...opts.headers };
      if (opts.token) headers.authorization = `Bearer ${opts.token}`;
      let body: string | undefined;
      if (opts.rawBody !== undefined) body = opts.rawBody;
      else if (opts.body !== undefined) {
        body = JSON.stringify(opts.body);
        headers['content-type'] ??= 'application/json';
      }
      const res = await fetch(url + path, { method, headers, ...(body !== undefined ? { body } : {}) });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        /* not JSON: keep the text */
      }
      return { status: res.status, headers: res.headers, body: parsed as never, text };
    },
    client: (token) => createClient(httpTransport({ baseUrl: url, token })),
    stop,
    stderr,
  };
}

/** A `station serve` process, once it has said where it listens. */
export interface Served {
  url: string;
  child: ChildProcess;
  exited: Promise<unknown>;
  /** What it wrote on stderr so far. */
  err: () => string;
}

/**
 * Runs `station serve ARGS` (env added to the test's own) and resolves once it prints where it listens; rejects with
 * what it wrote when it exits first or takes more than 30 s. It is killed when the test process exits.
 */
export function spawnServe(args: string[], env: Record<string, string> = {}): Promise<Served> {
  const child = spawn(process.execPath, [STATION_BIN, 'serve', '--port', '0', ...args], {
    env: { ...process.env, STATION_RATE_LIMIT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  const exited = new Promise((r) => child.once('exit', r));
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`station did not start: ${out}${err}`)), 30_000);
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening on (\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ url: m[1]!, child, exited, err: () => err });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`station exited with ${code}: ${out}${err}`));
    });
  });
}

/**
 * Starts `station serve` as its own process, exactly as a desk or CI would, on a free loopback port and a
 * fresh data directory. It is killed by `stop()` or when the test process exits.
 */
export async function startStation(
  opts: {
    env?: Record<string, string>;
    args?: string[];
    /** a folder of the test's own, kept at stop */ dataDir?: string;
    /** the PostgreSQL database of an earlier station (a restart), instead of a fresh one */ store?: string;
  } = {},
): Promise<Station> {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'station-'));
  const store = opts.store ?? (await testStore());
  const { url, child, exited, err } = await spawnServe(
    ['--data', dataDir, ...(store ? ['--store', store] : []), ...(opts.args ?? [])],
    opts.env,
  );
  const started = makeStation(
    url,
    dataDir,
    store,
    async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
    undefined,
    err,
  );
  return { ...started, pid: child.pid! };
}

/**
 * The same service in this process, listening on a real loopback socket, for tests that need to steer the
 * clock or reach the services directly.
 */
export async function startInProcess(
  opts: {
    clock?: Clock;
    env?: Record<string, string>;
    rateLimitPerMinute?: number;
    /** Serve the built desk UI too. */ desk?: boolean;
  } = {},
): Promise<Station> {
  const dataDir = mkdtempSync(join(tmpdir(), 'station-'));
  const store = await testStore();
  let services: Services | undefined;
  const core = await createCore({
    exposeServicesForTests: (s) => (services = s),
    dataDir,
    store,
    ...(opts.clock ? { clock: opts.clock } : {}),
    env: { ...process.env, ...opts.env },
  });
  const { app, url } = await listen(core, {
    host: '127.0.0.1',
    port: 0,
    rateLimitPerMinute: opts.rateLimitPerMinute ?? 0,
    ...(opts.desk ? { rendererDir: join(ROOT, 'out', 'renderer') } : {}),
  });
  return makeStation(
    url,
    dataDir,
    store,
    async () => {
      await app.close();
      await core.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
    { core, services: services! },
  );
}
