import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The suites that hold the contract run twice: on SQLite (every test) and on PostgreSQL (the API, contract,
 * printing and CLI suites, and the API parts of imports, the scale and labels, `STATION_TEST_ENGINE=postgres`; test/helpers/postgres.ts starts a throwaway cluster, or
 * uses STATION_TEST_PG_URL). Where PostgreSQL is not installed, test/engines/postgres-missing.test.ts says so as a
 * skipped test with the reason instead.
 */
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
          include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
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
          include: postgres
            ? [
                'test/http/**/*.test.ts',
                'test/print/**/*.test.ts',
                'test/cli/**/*.test.ts',
                // The API parts of the later features: order imports (HTTP and CLI), the scale over HTTP, labels
                // and their fixed QR tokens through the service.
                'test/imports/**/*.test.ts',
                'test/scale/scale-serial.test.ts',
                'test/labels/labels-http.test.ts',
                'test/labels/preview.test.ts',
                'test/labels/qr-fixed.test.ts',
                'test/labels/raster.test.ts',
                'test/labels/render-off-thread.test.ts',
                // Issue 17's store features: the printed language, the places of a postal code, the manifest.
                'test/labels/label-language.test.ts',
                'test/offices/offices.test.ts',
                'test/manifests/manifests.test.ts',
                // Webhooks: the outbox, the delivery worker and its guarantees, on both engines.
                'test/webhooks/**/*.test.ts',
                'test/engines/postgres.test.ts',
                'test/engines/postgres-migrations.test.ts',
                'test/engines/postgres-webhooks.test.ts',
              ]
            : ['test/engines/postgres-missing.test.ts'],
          env: { STATION_VERIFY_OUTPUT: '1', STATION_TEST_ENGINE: 'postgres' },
        },
      },
    ],
  },
});
