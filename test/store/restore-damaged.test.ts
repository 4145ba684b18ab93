import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { station, STATION_BIN } from '../helpers/station.js';

/**
 * Issue 18, case 2 and the killed backup of case 6: a restore is most needed when the store is damaged, and it
 * failed there ("database disk image is malformed", a `.restoring` left behind, a `.before-restore` named that did
 * not exist); a backup killed mid-copy left `FILE.partial`, whose restore said "attempt to write a readonly
 * database".
 */
let work: string;
let good: string;
beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'station-restore-'));
  const data = join(work, 'source');
  expect((await station(['account', 'create', 'acme', '--data', data])).code).toBe(0);
  good = join(work, 'good.db');
  expect((await station(['backup', good, '--data', data])).code).toBe(0);
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A data folder whose store was made, then damaged by `damage`. */
async function damagedStore(name: string, damage: (file: string) => void): Promise<string> {
  const data = join(work, name);
  expect((await station(['account', 'create', 'damaged', '--data', data])).code).toBe(0);
  damage(join(data, 'station.db'));
  return data;
}

describe('station restore over a damaged store', () => {
  for (const [name, damage] of [
    ['truncated', (f: string) => truncateSync(f, 5000)],
    ['overwritten', (f: string) => writeFileSync(f, 'zeroes and junk '.repeat(4096))],
  ] as const)
    it(`replaces a ${name} store, keeping it as station.db.before-restore`, async () => {
      const data = await damagedStore(name, damage);
      const r = await station(['restore', good, '--data', data]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain(`the replaced store is ${join(data, 'station.db.before-restore')}`);
      expect(existsSync(join(data, 'station.db.before-restore'))).toBe(true);
      expect(readdirSync(data).filter((f) => f.includes('restoring'))).toEqual([]);
      const list = await station(['account', 'list', '--data', data]);
      expect(list.stdout).toMatch(/acme/);
      expect(list.stdout).not.toMatch(/damaged/);
    });

  it('says there was no store when the folder had none', async () => {
    const data = join(work, 'empty');
    const r = await station(['restore', good, '--data', data]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('there was no store to replace');
    expect(existsSync(join(data, 'station.db.before-restore'))).toBe(false);
  });
});

describe('a backup killed mid-copy', () => {
  it('is refused by restore as incomplete, and its .partial goes with the next backup; a stopped backup leaves none', async () => {
    // A store big enough that the copy takes a while (better-sqlite3 copies 100 pages per turn of the event loop).
    const data = join(work, 'big');
    expect((await station(['account', 'create', 'acme', '--data', data])).code).toBe(0);
    const db = new Database(join(data, 'station.db'));
    db.exec('CREATE TABLE ballast (b BLOB)');
    const blob = Buffer.alloc(64 * 1024, 7);
    const fill = db.prepare('INSERT INTO ballast VALUES (?)');
    db.transaction(() => {
      for (let i = 0; i < 1600; i++) fill.run(blob);
    })();
    db.close();
    const file = join(work, 'big-copy.db');

    const copyUntil = async (signal: NodeJS.Signals) => {
      const child = spawn(process.execPath, [STATION_BIN, 'backup', file, '--data', data], { stdio: 'ignore' });
      const exited = new Promise((r) => child.once('exit', r));
      for (let i = 0; i < 4000 && !existsSync(`${file}.partial`); i++) await new Promise((r) => setTimeout(r, 2));
      child.kill(signal);
      await exited;
    };

    await copyUntil('SIGKILL');
    expect(existsSync(file)).toBe(false);
    expect(existsSync(`${file}.partial`)).toBe(true);
    const target = join(work, 'target');
    for (const candidate of [`${file}.partial`]) {
      const r = await station(['restore', candidate, '--data', target]);
      expect(r.code).not.toBe(0);
      expect(r.stderr).toContain(`${candidate} is an incomplete backup`);
      expect(r.stderr).not.toMatch(/readonly database/);
    }
    const again = await station(['backup', file, '--data', data]);
    expect(again.code, again.stderr).toBe(0);
    expect(readdirSync(work).filter((f) => f.startsWith('big-copy.db.partial'))).toEqual([]);
    rmSync(file);

    await copyUntil('SIGTERM');
    expect(readdirSync(work).filter((f) => f.startsWith('big-copy.db'))).toEqual([]);
  });
});
