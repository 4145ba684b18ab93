import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stderrLogger } from '../../core/platform/logger.js';
import { ownerPrincipal } from '../../core/platform/operations/principal.js';
import { shipmentOperations } from '../../core/features/shipments/operations.js';
import type { ShipmentCreateT } from '../../core/features/shipments/schemas.js';
import { shipmentBody, storeServices } from '../helpers/fixtures.js';
import { decodeZpl, readSymbols } from './decode.js';
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
  /** The rasters the render pool was asked for, and in which lane. */
  let drawn: string[];
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
    const render = store.services.render;
    const raster = render.raster.bind(render);
    drawn = [];
    render.raster = (task, lane) => {
      drawn.push(lane);
      return raster(task, lane);
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
    // does, before its first byte leaves (docs/durability.md). Each used to wait for a disk of its own.
    expect(recorded.filter((l) => l === 2)).toHaveLength(3);
    expect(recorded).toContain(1);
    expect(sink.jobs).toHaveLength(2);
  });

  it('draws the label while the job waits to be claimed; the worker prints that drawing', async () => {
    // A station whose worker has not claimed the job yet (it was busy, or the claim's commit is still under way).
    const code = await shipment();
    const job = await printing().submit(account, { codes: [code] });
    await expect.poll(() => drawn, { timeout: 10_000 }).toEqual(['desk']);
    expect(await printing().job(account, String(job.id))).toMatchObject({ state: 'queued' });
    // Drawn ahead is not labelled: the label is made when it is printed.
    expect((await store.services.shipments.get(account, code)).labelled_at).toBeNull();

    printing().queue.start();
    expect(await printing().waitForJob(account, job.id)).toMatchObject({ state: 'done' });
    expect(drawn).toEqual(['desk']);
    expect(sink.jobs).toHaveLength(1);
    expect((await store.services.shipments.get(account, code)).labelled_at).not.toBeNull();
  });

  it('with label_ahead, draws the label at the create; the job prints that drawing, with the QR fixed for it', async () => {
    const create = shipmentOperations.find((o) => o.name === 'shipments.create')!;
    const created = (query: object) =>
      create.handler(
        { principal: ownerPrincipal(account), services: store.services, baseUrl: null, log: stderrLogger() },
        { query, body: shipmentBody() },
      ) as Promise<{ code: string }>;
    // An API create that does not say so draws nothing: it may never be printed.
    await created({});
    await new Promise((r) => setTimeout(r, 300));
    expect(drawn).toEqual([]);

    const { code } = await created({ label_ahead: true });
    await expect.poll(() => drawn, { timeout: 10_000 }).toEqual(['desk']);
    // Drawn, not labelled: the label is made when it prints (its token is fixed, as /labels/qr would fix it).
    expect((await store.services.shipments.get(account, code)).labelled_at).toBeNull();
    const token = await store.services.labels.qrToken(account, code);

    printing().queue.start();
    const job = await printing().submit(account, { codes: [code] });
    expect(await printing().waitForJob(account, job.id)).toMatchObject({ state: 'done' });
    expect(drawn).toEqual(['desk']);
    expect(await readSymbols(decodeZpl(sink.jobs[0]!))).toContain(`QR-Code:${token}`);
    expect((await store.services.shipments.get(account, code)).labelled_at).not.toBeNull();
  });

  it('draws nothing ahead for a batch, or for a printer that draws its labels itself', async () => {
    await printing().submit(account, { codes: [await shipment(), await shipment()] });
    await printing().createPrinter(account, {
      name: 'native',
      driver: 'escpos',
      connection: sink.url,
      settings: { native: true },
    });
    await printing().submit(account, { codes: [await shipment()], printer: 'native' });
    // Long enough for a drawing begun at the submit to have been asked of the pool (the test above: at once).
    await new Promise((r) => setTimeout(r, 300));
    expect(drawn).toEqual([]);
  });
});
