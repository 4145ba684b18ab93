import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { sqliteOnlyGlobs } from './test/helpers/sqlite-only.js';

/**
 * Every suite runs twice: on SQLite and on PostgreSQL (`STATION_TEST_ENGINE=postgres`; test/helpers/postgres.ts
 * starts a throwaway cluster, or uses STATION_TEST_PG_URL), but for the files test/helpers/sqlite-only.ts lists, each
 * with its reason (test/architecture/both-engines.test.ts holds this config to it). Where PostgreSQL is not
 * installed, test/engines/postgres-missing.test.ts says so as a skipped test with the reason instead.
 */
export const TEST_FILES = ['test/**/*.test.ts', 'test/**/*.test.tsx'];
const postgres =
  !!process.env.STATION_TEST_PG_URL ||
  existsSync(`${process.env.STATION_PG_BIN ?? '/usr/lib/postgresql/15/bin'}/initdb`);

const shared = {
  pool: 'forks' as const,
  // Two cores: many suites each start a server process; more workers only add contention.
  maxWorkers: 2,
  testTimeout: 30_000,
  // Polls wait for a browser or a print queue; on a loaded 2-core machine 1 s (the default) is too tight.
  expect: { poll: { timeout: 10_000 } },
  hookTimeout: 60_000,
};

/** The one folder of core the desk imports, by the alias the desk's build knows it by (electron.vite.config.ts). */
const resolve = { alias: { '@shared': fileURLToPath(new URL('./core/shared', import.meta.url)) } };

export default defineConfig({
  resolve,
  test: {
    ...shared,
    globalSetup: ['test/helpers/postgres-global.ts'],
    projects: [
      {
        resolve,
        test: {
          ...shared,
          name: 'sqlite',
          include: TEST_FILES,
          exclude: ['test/engines/**'],
          // Every answer of every station a test starts is checked against its operation's output schema.
          env: { STATION_VERIFY_OUTPUT: '1' },
        },
      },
      {
        resolve,
        test: {
          ...shared,
          name: 'postgres',
          include: postgres ? TEST_FILES : ['test/engines/postgres-missing.test.ts'],
          exclude: postgres ? sqliteOnlyGlobs() : [],
          env: { STATION_VERIFY_OUTPUT: '1', STATION_TEST_ENGINE: 'postgres' },
        },
      },
    ],
  },
});
