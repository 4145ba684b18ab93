import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/**
 * PostgreSQL for the tests: `STATION_TEST_PG_URL` (a server CI or the developer started; each test gets a database
 * of its own on it), else a throwaway cluster this process starts with Debian's PostgreSQL (initdb into a temporary
 * folder, a free port on 127.0.0.1, fsync off) and stops when it exits. Where neither is possible the PostgreSQL
 * half of a suite is skipped with `postgresMissing` as the reason.
 */
const BIN = process.env.STATION_PG_BIN ?? '/usr/lib/postgresql/15/bin';

export const postgresMissing: string | null =
  process.env.STATION_TEST_PG_URL || existsSync(join(BIN, 'initdb'))
    ? null
    : `PostgreSQL is not installed here (no ${BIN}/initdb, no STATION_TEST_PG_URL): apt-get install postgresql; CI runs this half`;

let server: Promise<string> | null = null;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/**
 * Starts a cluster that lives until `stop` (or this process's exit); its URL names the `postgres` database.
 * `sharedBuffers`: PostgreSQL's own cache (its default is 128 MB), for a bench that sizes the server for its data.
 */
export async function startCluster(
  opts: { fsync?: boolean; sharedBuffers?: string } = {},
): Promise<{ url: string; stop: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), 'station-pg-'));
  // initdb refuses to run as root: the cluster then belongs to the postgres user.
  const asRoot = userInfo().uid === 0;
  const run = (cmd: string, args: string[]) => {
    const r = asRoot
      ? spawnSync('runuser', ['-u', 'postgres', '--', join(BIN, cmd), ...args], { encoding: 'utf8' })
      : spawnSync(join(BIN, cmd), args, { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr || r.stdout || r.error?.message}`);
  };
  if (asRoot) {
    const pw = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    chownSync(dir, Number(pw.stdout), Number(gid.stdout));
  }
  const port = await freePort();
  run('initdb', [
    '-D',
    join(dir, 'data'),
    '-U',
    'postgres',
    '-A',
    'trust',
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
    '--no-sync',
  ]);
  run('pg_ctl', [
    '-D',
    join(dir, 'data'),
    '-l',
    join(dir, 'log'),
    '-w',
    '-o',
    `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=${opts.fsync ? 'on' : 'off'} -c max_connections=200` +
      (opts.sharedBuffers ? ` -c shared_buffers=${opts.sharedBuffers}` : ''),
    'start',
  ]);
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    const args = ['-D', join(dir, 'data'), '-m', 'immediate', 'stop'];
    if (asRoot) spawnSync('runuser', ['-u', 'postgres', '--', join(BIN, 'pg_ctl'), ...args]);
    else spawnSync(join(BIN, 'pg_ctl'), args);
    rmSync(dir, { recursive: true, force: true });
  };
  process.on('exit', stop);
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop };
}

/** The URL of a new, empty database for one test (or one suite), on the cluster of `server` when given. */
export async function freshDatabase(server_?: string): Promise<string> {
  if (postgresMissing) throw new Error(postgresMissing);
  if (!server_)
    server ??= process.env.STATION_TEST_PG_URL
      ? Promise.resolve(process.env.STATION_TEST_PG_URL)
      : startCluster().then((c) => c.url);
  const admin = new URL(server_ ?? (await server!));
  const name = `station_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  admin.pathname = `/${name}`;
  return admin.toString();
}
