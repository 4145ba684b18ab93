import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ShipmentCreateT } from '../../core/shipments/schemas.js';
import { shipmentBody, storeServices } from '../helpers/fixtures.js';
import { SINK_PORTS, startSink, type Sink } from './sink.js';

/**
 * Issue 17 (speed): what stands between a desk's Control+Enter and its label, through the services as the core
 * composes them (the transactions of printing and labels pass through the outbox's wrapper, the drawing through the
 * render pool), on SQLite.
 */
describe("a desk's one-label job, from its submit to done", () => {
  let dir: string;
  let store: Awaited<ReturnType<typeof storeServices>>;
  let sink: Sink;
  /** The `synchronous` level of each COMMIT while recording (2 FULL: it waits for the disk; 1 NORMAL: it does not). */
  let levels: unknown[] | null;
  const account = 1;

  const shipment = async () => (await store.services.shipments.create(account, shipmentBody() as ShipmentCreateT)).code;
  const printing = () => store.services.printing;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'desk-path-'));
    store = await storeServices(dir, { env: { STATION_PRINTER_PORTS: SINK_PORTS } });
    const db = store.engine.db;
    db.prepare("INSERT INTO accounts (id, name, created_at) VALUES (1, 'acme', 0)").run();
    const exec = db.exec.bind(db);
    levels = null;
    db.exec = (sql: string) => {
      if (sql === 'COMMIT') levels?.push(db.pragma('synchronous', { simple: true }));
      return exec(sql);
    };
    sink = await startSink('zpl');
    await printing().createPrinter(account, {
      name: 'desk',
      driver: 'zpl',
      connection: sink.url,
      default_for: 'PDF_A7',
    });
  });
  afterEach(async () => {
    await store.close();
    await sink.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('waits for the disk three times: the job queued, its label on its way, the job done', async () => {
    printing().queue.start();
    // The first job learns whether the printer answers status (a commit of its own, once per printer).
    await printing().waitForJob(account, (await printing().submit(account, { codes: [await shipment()] })).id);
    const code = await shipment();
    levels = [];
    const job = await printing().submit(account, { codes: [code] });
    expect(await printing().waitForJob(account, job.id)).toMatchObject({ state: 'done' });
    const recorded = levels;
    levels = null;
    // The claim, the label's token and its labelled_at need not wait: the commit that marks the label on its way
    // does, before its first byte leaves (README, Durability). Each used to wait for a disk of its own.
    expect(recorded.filter((l) => l === 2)).toHaveLength(3);
    expect(recorded).toContain(1);
    expect(sink.jobs).toHaveLength(2);
  });
});
