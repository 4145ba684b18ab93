import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe } from 'vitest';
import { systemClock } from '../../../core/platform/clock.js';
import type { Engine, Stores } from '../../../core/engines/engine.js';
import { openEngine } from '../../../core/engines/open.js';
import { freshDatabase, postgresMissing } from '../../helpers/postgres.js';

/**
 * The engines every store conformance suite runs against, in the same file (as Kysely runs its whole suite per
 * dialect): a suite is written once and each engine must give the same answers. PostgreSQL's half is skipped,
 * with the reason in its name, where PostgreSQL is not installed.
 */
const ENGINES = [
  { name: 'sqlite', missing: null, store: () => Promise.resolve(undefined) },
  { name: 'postgres', missing: postgresMissing, store: () => freshDatabase() },
];

export interface Opened {
  engine: Engine;
  /** An account made for the test. */
  accountId: number;
  /** Runs `fn` in one transaction of the engine. */
  tx<T>(fn: (stores: Stores) => Promise<T> | T): Promise<T>;
}

/**
 * `describe.each` over the engines: each test gets a new, empty store of the engine with one account, closed and
 * removed after it.
 */
export function conformance(store: keyof Stores, suite: (opened: () => Opened) => void): void {
  describe.each(ENGINES)(`${store} store on $name`, (e) => {
    let opened: Opened | null = null;
    let dataDir = '';
    beforeEach(async (ctx) => {
      if (e.missing) return ctx.skip(e.missing);
      dataDir = mkdtempSync(join(tmpdir(), `conformance-${store}-`));
      const engine = await openEngine({ dataDir, store: await e.store(), clock: systemClock, env: {} });
      const tx = <T>(fn: (stores: Stores) => Promise<T> | T) => engine.transaction(async (s) => fn(s));
      opened = { engine, tx, accountId: await tx((s) => s.auth.insertAccount('acme', 0)) };
    });
    afterEach(async () => {
      await opened?.engine.close();
      opened = null;
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });
    suite(() => opened!);
  });
}
