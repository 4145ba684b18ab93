import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_FILE } from '../../core/platform/paths.js';
import { openDb } from '../../core/engines/sqlite/db.js';
import { packageBody, shipmentBody } from '../helpers/fixtures.js';
import { startInProcess, type Station } from '../helpers/station.js';
import { errorPaths, expectProblem } from '../http/fixtures.js';
import { pdfInfo, words } from '../labels/tools.js';

const A4_HEIGHT = 297 * (72 / 25.4);

/** The desk's batch printing through the queue: A4 sheets from a start tile, and parents with their packages. */
describe('print jobs: start tile and packages', () => {
  let s: Station;
  let token: string;
  let folder: string;
  const shipment = async () =>
    (await s.request('POST', '/shipments', { token, body: shipmentBody() })).body as { id: number; code: string };
  const waitDone = async (id: number) => {
    for (let i = 0; i < 300; i++) {
      const job = (await s.request('GET', `/print-jobs/${id}`, { token })).body;
      if (['done', 'failed', 'canceled'].includes(job.state)) return job;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`print job ${id} did not end`);
  };
  /** The PDFs a job wrote, in the order it wrote them (unit by unit), with the codes each page shows. */
  const sheetsOf = async (jobId: number, codes: string[]) => {
    const files = readdirSync(folder)
      .filter((f) => f.startsWith(`job${jobId}-`))
      .sort((a, b) => Number(a.split('-')[1]) - Number(b.split('-')[1]));
    return Promise.all(
      files.map(async (f) => {
        const ws = (await words(join(folder, f))).filter((w) => codes.includes(w.text));
        return {
          file: f,
          pages: (await pdfInfo(join(folder, f))).pages,
          codes: ws.map((w) => w.text),
          topRowEmpty: ws.every((w) => w.yMin > A4_HEIGHT / 4),
        };
      }),
    );
  };

  beforeAll(async () => {
    s = await startInProcess();
    const acme = await s.account('acme');
    token = await s.token(acme, ['shipments.read', 'shipments.write']);
    folder = mkdtempSync(join(tmpdir(), 'sheets-'));
    const r = await s.request('POST', '/printers', {
      token,
      body: { name: 'sheets', driver: 'file', connection: folder, default_for: 'PDF_A4' },
    });
    expect(r.status, r.text).toBe(201);
  });
  afterAll(async () => {
    await s?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('start=3 fills the first sheet from tile 3; later sheets start at tile 1; every label once, in order', async () => {
    const codes: string[] = [];
    for (let i = 0; i < 16; i++) codes.push((await shipment()).code);
    const job = await s.request('POST', '/print-jobs', { token, body: { codes, format: 'PDF_A4', start: 3 } });
    expect(job.status, job.text).toBe(202);
    expect(job.body).toMatchObject({ start: 3, progress: { done: 0, total: 16 } });
    expect(await waitDone(job.body.id)).toMatchObject({ state: 'done', progress: { done: 16, total: 16 }, start: 3 });
    const sheets = await sheetsOf(job.body.id, codes);
    // 6 tiles left on the partly used sheet, then 8, then the last 2.
    expect(sheets.map((x) => x.codes.length)).toEqual([6, 8, 2]);
    expect(sheets.every((x) => x.pages === 1)).toBe(true);
    expect(sheets.map((x) => x.topRowEmpty)).toEqual([true, false, false]);
    expect(sheets.flatMap((x) => x.codes).sort()).toEqual([...codes].sort());
    expect(sheets.map((x) => [...x.codes].sort())).toEqual(
      [codes.slice(0, 6), codes.slice(6, 14), codes.slice(14)].map((c) => [...c].sort()),
    );
  });

  it('refuses a start outside 1..8, or with A7, naming the field, and queues nothing', async () => {
    const code = (await shipment()).code;
    const before = (await s.request('GET', '/print-jobs', { token })).body.items;
    for (const body of [
      { codes: [code], format: 'PDF_A4', start: 0 },
      { codes: [code], format: 'PDF_A4', start: 9 },
      { codes: [code], format: 'PDF_A4', start: 2.5 },
      { codes: [code], format: 'PDF_A7', printer: 'sheets', start: 2 },
    ]) {
      const r = await s.request('POST', '/print-jobs', { token, body });
      expectProblem(r, 400, 'validation_failed');
      expect(errorPaths(r)).toEqual(['/start']);
    }
    expect((await s.request('GET', '/print-jobs', { token })).body.items).toBe(before);
  });

  it('packages: each parent followed by its live packages, in one job; a package listed too prints once', async () => {
    const parent = await shipment();
    const pkgs = [];
    for (let i = 0; i < 3; i++)
      pkgs.push((await s.request('POST', `/shipments/${parent.id}/packages`, { token, body: packageBody() })).body);
    expect((await s.request('POST', `/shipments/${pkgs[1].code}/cancel`, { token })).status).toBe(200);
    const single = await shipment();
    const job = await s.request('POST', '/print-jobs', {
      token,
      body: { codes: [parent.code, single.code, pkgs[2].code], format: 'PDF_A4', packages: true },
    });
    expect(job.status, job.text).toBe(202);
    expect(job.body.codes).toEqual([parent.code, pkgs[0].code, pkgs[2].code, single.code]);
    expect(await waitDone(job.body.id)).toMatchObject({ state: 'done', progress: { done: 4, total: 4 } });
    const [sheet] = await sheetsOf(job.body.id, job.body.codes);
    expect(sheet!.codes.sort()).toEqual([...job.body.codes].sort());
    // Without `packages` the parent is one label.
    const alone = await s.request('POST', '/print-jobs', {
      token,
      body: { codes: [parent.code], format: 'PDF_A4', reprint: true },
    });
    expect(alone.body.codes).toEqual([parent.code]);
    await waitDone(alone.body.id);
  });

  it('an unconfirmed job from tile 3: "it printed" counts the 6 labels of its first sheet, not 8', async () => {
    const printing = s.services!.printing;
    await printing.queue.stop(); // nothing prints while the job is put in doubt by hand
    try {
      const codes: string[] = [];
      for (let i = 0; i < 10; i++) codes.push((await shipment()).code);
      const job = (await s.request('POST', '/print-jobs', { token, body: { codes, format: 'PDF_A4', start: 3 } })).body;
      // As the queue leaves a job whose first sheet may have reached the printer when the station died.
      const db = openDb(join(s.dataDir, DB_FILE));
      db.prepare("UPDATE print_jobs SET state = 'unconfirmed' WHERE id = ?").run(job.id);
      db.close();
      const confirmed = await s.request('POST', `/print-jobs/${job.id}/confirm`, { token });
      expect(confirmed.status, confirmed.text).toBe(200);
      expect(confirmed.body).toMatchObject({ state: 'queued', progress: { done: 6, total: 10 }, start: 3 });
      await s.request('POST', `/print-jobs/${job.id}/cancel`, { token });
    } finally {
      printing.queue.start();
    }
  });

  it('a code listed twice is still refused', async () => {
    const { code } = await shipment();
    const r = await s.request('POST', '/print-jobs', {
      token,
      body: { codes: [code, code.toLowerCase()], format: 'PDF_A4', packages: true },
    });
    expectProblem(r, 400, 'validation_failed');
    expect(errorPaths(r)).toEqual(['/codes']);
  });
});

describe('GET /shipments/{id}/packages', () => {
  let s: Station;
  let token: string;
  let rival: string;
  beforeAll(async () => {
    s = await startInProcess();
    token = await s.token(await s.account('acme'), ['shipments.read', 'shipments.write']);
    rival = await s.token(await s.account('rival'), ['shipments.read', 'shipments.write']);
  });
  afterAll(() => s?.stop());

  it('lists the packages by number, canceled ones too; none for a plain shipment; 404 for another account', async () => {
    const parent = (await s.request('POST', '/shipments', { token, body: shipmentBody() })).body;
    const made = [];
    for (let i = 0; i < 2; i++)
      made.push((await s.request('POST', `/shipments/${parent.code}/packages`, { token, body: packageBody() })).body);
    await s.request('POST', `/shipments/${made[0].code}/cancel`, { token });
    const r = await s.request('GET', `/shipments/${parent.code}/packages`, { token });
    expect(r.status, r.text).toBe(200);
    expect(
      r.body.data.map((p: { code: string; number: number; twin: string; status: string }) => [
        p.code,
        p.number,
        p.twin,
        p.status,
      ]),
    ).toEqual([
      [made[0].code, 1, parent.code, 'CANCELED'],
      [made[1].code, 2, parent.code, 'TO_COLLECT'],
    ]);
    expect((await s.request('GET', `/shipments/${parent.id}/packages`, { token })).body.data).toHaveLength(2);
    expect((await s.request('GET', `/shipments/${made[1].code}/packages`, { token })).body).toEqual({ data: [] });
    expectProblem(await s.request('GET', `/shipments/${parent.code}/packages`, { token: rival }), 404, 'not_found');
  });
});
