/**
 * The test files the `postgres` project of vitest.config.ts does not run, each with the reason; every other test
 * file runs on both engines (test/architecture/both-engines.test.ts holds the config to this). An entry is a file,
 * or a folder ending in `/`.
 */
const NO_STORE = 'no store: pure functions, run once';
const SQLITE_ITSELF = 'the SQLite engine itself (its file, log, backups, lock, migrations or a second connection)';
const SQLITE_FIXTURE =
  'the services over an SQLite engine the test opens itself (test/helpers/fixtures.ts storeServices)';
export const SQLITE_ONLY: Record<string, string> = {
  'test/architecture/': 'no store: reads the source, the bundles and the docs',
  'test/core/code-collision.test.ts': SQLITE_FIXTURE,
  'test/core/credentials.test.ts': `${SQLITE_ITSELF}: another process's change to the tokens`,
  'test/core/failures-logged.test.ts': `${SQLITE_ITSELF}: a store damaged behind the service's back`,
  'test/core/search-index-behind.test.ts': `${SQLITE_FIXTURE}: SQLite's background search index`,
  'test/core/search-terms.test.ts': `${NO_STORE} (SQLite's FTS query text)`,
  'test/core/token-format.test.ts': NO_STORE,
  'test/core/transitions.test.ts': NO_STORE,
  'test/desk-api/batch-printing.test.ts': `${SQLITE_ITSELF}: a job put in doubt by hand in the file`,
  'test/desk/i18n.test.ts': `${NO_STORE} (the renderer's dictionaries)`,
  'test/desk/numbers.test.ts': `${NO_STORE} (the renderer's number formats)`,
  'test/desk/parcel.test.ts': `${NO_STORE} (the renderer's parcel rules)`,
  'test/desk/follow-job.test.tsx': "no store: the renderer's queries against a stand-in client",
  'test/desk/refresh-after-print.test.tsx': "no store: the renderer's queries against a stand-in client",
  'test/e2e/':
    'the desk in Chromium: the API it drives runs on PostgreSQL in test/http, test/print and test/desk-api; ' +
    'a second run of every browser suite would double the longest part of CI',
  'test/electron/': "the desktop app, which keeps its store in SQLite in the user's data folder",
  'test/engines/postgres-missing.test.ts': 'says that PostgreSQL is missing: runs only where it is',
  'test/labels/downloads-bounded.test.ts': `${SQLITE_ITSELF}: the download rows read beside the service`,
  'test/labels/font-subset.test.ts': `${NO_STORE} (label drawing)`,
  'test/labels/grid-path.test.ts': `${NO_STORE} (label drawing)`,
  'test/labels/layout.test.ts': `${NO_STORE} (label drawing)`,
  'test/labels/method-names.test.ts': `${NO_STORE} (label drawing)`,
  'test/labels/raster-ink.test.ts': `${NO_STORE} (label drawing)`,
  'test/labels/render-lanes.test.ts': `${NO_STORE} (label drawing)`,
  'test/offices/import.test.ts': `${SQLITE_ITSELF}: the imported rows read from the file`,
  'test/offices/pickup.test.ts': `${SQLITE_ITSELF}: office rows written into the file`,
  'test/offices/upgrade.test.ts': `${SQLITE_ITSELF}: an old schema version upgraded in place`,
  'test/qr/keys.test.ts': 'the signing keys as files beside the SQLite store (PostgreSQL keeps them in the database)',
  'test/quote/ratecard-import.test.ts':
    'not passing on PostgreSQL yet: every `station ratecard` call of the file timed out there (issue 31, to look into)',
  'test/quote/ratecard.test.ts': `${NO_STORE} (the rate card compiler)`,
  'test/scale/protocols.test.ts': `${NO_STORE} (the scales' protocols)`,
  'test/store/backup.test.ts': SQLITE_ITSELF,
  'test/store/checkpoint.test.ts': SQLITE_ITSELF,
  'test/store/full-disk.test.ts': SQLITE_ITSELF,
  'test/store/group-commit.test.ts': SQLITE_ITSELF,
  'test/store/migrations-every-version.test.ts': SQLITE_ITSELF,
  'test/store/native-binding.test.ts': SQLITE_ITSELF,
  'test/store/restore-damaged.test.ts': SQLITE_ITSELF,
  'test/store/store-files.test.ts': SQLITE_ITSELF,
  'test/store/store-identity.test.ts': SQLITE_ITSELF,
  'test/store/store-lock.test.ts': SQLITE_ITSELF,
  'test/store/conformance/': 'runs on both engines in the file itself (describe.each over the engines)',
};

/** The entries as vitest's exclude globs. */
export const sqliteOnlyGlobs = (): string[] => Object.keys(SQLITE_ONLY).map((p) => (p.endsWith('/') ? `${p}**` : p));
