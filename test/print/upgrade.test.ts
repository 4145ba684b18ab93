import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { storeServices } from '../helpers/fixtures.js';
import { DB_FILE } from '../../core/platform/paths.js';
import { openDb } from '../../core/engines/sqlite/db.js';
import { migrations } from '../../core/engines/sqlite/migrations/index.js';

/** A store written before migration 007: jobs are tied to their printer by id, and jobs in flight wait for the operator. */
describe('print jobs on an upgraded store', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'print-upgrade-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('matches jobs to the printer they copied; a job without its printer fails, one left printing is unconfirmed', async () => {
    const old = openDb(
      join(dataDir, DB_FILE),
      migrations.filter((m) => m.version <= 6),
    );
    old.prepare("INSERT INTO accounts (id, name, created_at) VALUES (1, 'acme', 0)").run();
    const printer = old.prepare(
      `INSERT INTO printers (account_id, name, driver, connection, settings, created_at, updated_at) VALUES (1, ?, 'zpl', ?, '{}', 0, 0)`,
    );
    printer.run('desk', 'tcp://10.0.0.5:9100');
    // "desk2" was removed and a new "desk2" added elsewhere: its old queued job must not follow the name.
    printer.run('desk2', 'tcp://10.0.0.9:9100');
    const job = old.prepare(
      `INSERT INTO print_jobs (account_id, codes, format, printer, driver, connection, settings, state, done, total, next_attempt_at, lease_owner, lease_until, created_at, updated_at)
       VALUES (1, '["A1","A2"]', 'PDF_A7', ?, 'zpl', ?, '{}', ?, ?, 2, 0, ?, ?, 0, 7)`,
    );
    const queued = Number(job.run('desk', 'tcp://10.0.0.5:9100', 'queued', 0, null, null).lastInsertRowid);
    const printing = Number(job.run('desk', 'tcp://10.0.0.5:9100', 'printing', 1, 'gone', 1).lastInsertRowid);
    const orphan = Number(job.run('desk2', 'tcp://10.0.0.7:9100', 'queued', 0, null, null).lastInsertRowid);
    const history = Number(job.run('desk2', 'tcp://10.0.0.7:9100', 'done', 2, null, null).lastInsertRowid);
    old.close();

    const core = await storeServices(dataDir);
    try {
      const p = core.services.printing;
      const store = core.engine.stores.printing;
      const row = async (id: number) => (await store.jobById(id))!;
      const desk = (await store.printer(1, 'desk'))!.id;
      expect(await row(queued)).toMatchObject({ printer_id: desk, state: 'queued', in_doubt: false });
      // Left printing by the old version under a lease: its label may be on the printer.
      expect(await row(printing)).toMatchObject({ printer_id: desk, state: 'printing', in_doubt: true });
      expect(await row(orphan)).toMatchObject({
        printer_id: null,
        state: 'failed',
        last_error: expect.stringMatching(/move the job/),
      });
      expect(await row(history)).toMatchObject({ printer_id: null, state: 'done' });
      await expect(p.retry(1, String(orphan))).rejects.toThrow(/move it to another printer/);
      expect(await p.move(1, String(orphan), { printer: 'desk2' })).toMatchObject({
        state: 'queued',
        printer: 'desk2',
      });
      await expect(p.deletePrinter(1, 'desk')).rejects.toThrow(/2 print jobs not finished/);
      expect((await store.printer(1, 'desk'))!.answers_status).toBeNull();
    } finally {
      await core.close();
    }
  });
});
