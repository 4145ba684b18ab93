import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { systemClock } from '../../core/platform/clock.js';
import type { Engine } from '../../core/engines/engine.js';
import { openEngine } from '../../core/engines/open.js';
import { createCore } from '../../core/app/index.js';
import { ownerPrincipal } from '../../core/platform/operations/principal.js';
import { testStore } from './station.js';

/**
 * A store of the run's engine (SQLite, or a fresh PostgreSQL database) with one account, opened as the engine itself
 * for tests that look behind the services; closed and removed after each test of the calling file.
 */
export function engineWithAccount(name: string) {
  let engine: Engine | null = null;
  let dataDir = '';
  afterEach(async () => {
    await engine?.close();
    engine = null;
    rmSync(dataDir, { recursive: true, force: true });
  });
  return async () => {
    dataDir = mkdtempSync(join(tmpdir(), `${name}-`));
    const store = await testStore();
    const core = await createCore({ dataDir, store, printQueue: false });
    const account = await core.execute('accounts.create', { body: { name } }, ownerPrincipal());
    await core.close();
    engine = await openEngine({ dataDir, store, clock: systemClock, env: process.env });
    return { engine, accountId: account.id, dataDir, store };
  };
}
