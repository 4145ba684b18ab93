import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import config, { TEST_FILES } from '../../vitest.config.js';
import { SQLITE_ONLY, sqliteOnlyGlobs } from '../helpers/sqlite-only.js';
import { postgresMissing } from '../helpers/postgres.js';
import { ROOT } from '../helpers/station.js';

/**
 * Every suite runs on both engines unless it says why: each test file is run by the `postgres` project of
 * vitest.config.ts, or listed in test/helpers/sqlite-only.ts with its reason.
 */
const globRegExp = (glob: string) =>
  new RegExp(
    `^${glob
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*\*\/|\*\*|\*/g, (star) => ({ '**/': '(?:.*/)?', '**': '.*', '*': '[^/]*' })[star]!)}$`,
  );
const matches = (globs: string[], file: string) => globs.some((g) => globRegExp(g).test(file));

function testFiles(dir = join(ROOT, 'test')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? testFiles(join(dir, e.name)) : [relative(ROOT, join(dir, e.name))],
  );
}

describe('suites on both engines', () => {
  const files = testFiles().filter((f) => matches(TEST_FILES, f));
  type Project = { name: string; include: string[]; exclude: string[] };
  const project = config.test!.projects!.map((p) => (p as { test: Project }).test).find((t) => t.name === 'postgres')!;

  it('the postgres project runs every test file but those listed with a reason', (ctx) => {
    if (postgresMissing) return ctx.skip(`the postgres project runs only postgres-missing here: ${postgresMissing}`);
    expect(project.include).toEqual(TEST_FILES);
    expect(project.exclude).toEqual(sqliteOnlyGlobs());
    expect(files.length).toBeGreaterThan(100);
    const unaccounted = files.filter(
      (f) => !(matches(project.include, f) && !matches(project.exclude, f)) && !matches(sqliteOnlyGlobs(), f),
    );
    expect(unaccounted, 'neither run on PostgreSQL nor listed in test/helpers/sqlite-only.ts').toEqual([]);
  });

  it('each file left to SQLite says why, and names a test file or folder that exists', () => {
    for (const [path, reason] of Object.entries(SQLITE_ONLY)) {
      expect(reason.length, `${path}: its reason`).toBeGreaterThan(15);
      expect(existsSync(join(ROOT, path)), `${path} exists`).toBe(true);
      expect(
        files.some((f) => f === path || (path.endsWith('/') && f.startsWith(path))),
        path,
      ).toBe(true);
    }
  });
});
