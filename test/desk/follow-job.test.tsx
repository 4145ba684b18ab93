// A .tsx test: it imports the renderer, so it is typechecked with the page's settings (tsconfig.web.json).
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { StationClient } from '../../renderer/src/api/client';
import type { PrintJob, Shipment } from '../../renderer/src/api/types';
import { createAndPrint } from '../../renderer/src/features/pack/mutations';
import { printingQueries } from '../../renderer/src/features/printing/queries';

/**
 * Issue 17 (speed): what the desk sends between Control+Enter and "printed", with no screen in between. The create
 * says its label is printed next; the job's long poll leaves as soon as the job is queued, not after a re-render;
 * a change that is not the end (printing) is shown and the next long poll sent within the same fetch.
 */
describe("the desk's Create and print", () => {
  const job = (state: PrintJob['state'], done = 0): PrintJob =>
    ({ id: 7, state, attempts: 0, last_error: null, progress: { done, total: 1 }, printer: 'desk-a7' }) as PrintJob;

  /** A station whose long polls answer when the test says (`answer`): the job queued, then printing, then done. */
  function station() {
    const calls: Array<{ op: string; input: unknown }> = [];
    const polls: Array<(j: PrintJob) => void> = [];
    const client = {
      call: (op: string, input: unknown) => {
        calls.push({ op, input });
        if (op === 'shipments.create') return Promise.resolve({ code: 'SS1' } as Shipment);
        if (op === 'printJobs.create') return Promise.resolve(job('queued'));
        if (op === 'printJobs.get') return new Promise<PrintJob>((r) => polls.push(r));
        return Promise.reject(new Error(`unexpected ${op}`));
      },
    } as unknown as StationClient;
    const answer = (j: PrintJob) => polls.shift()!(j);
    return { client, calls, answer, polls };
  }

  it('asks for the label ahead, and follows the job from its answer until done', async () => {
    const { client, calls, answer, polls } = station();
    const qc = new QueryClient();
    const shown: string[] = [];
    qc.getQueryCache().subscribe((e) => {
      const data = e.query.state.data as PrintJob | undefined;
      if (e.type === 'updated' && data && shown.at(-1) !== data.state) shown.push(data.state);
    });
    const printed = await createAndPrint(client, qc, {} as never);
    expect(printed.job).toMatchObject({ id: 7, state: 'queued' });
    // Before any screen: the create asked for its label ahead, and the job's long poll is under way.
    expect(calls.map((c) => c.op)).toEqual(['shipments.create', 'printJobs.create', 'printJobs.get']);
    expect(calls[0]!.input).toMatchObject({ query: { label_ahead: true } });

    answer(job('printing'));
    await expect.poll(() => polls.length).toBe(1);
    expect(qc.getQueryData<PrintJob>(printingQueries.job(7))?.state).toBe('printing');
    answer(job('done', 1));
    await expect.poll(() => qc.getQueryData<PrintJob>(printingQueries.job(7))?.state).toBe('done');
    // One fetch, two long polls; while the label is on its way without trouble each waits for what it comes to
    // (`outcome`), not for its claim: the second came only because the first reached its second's end ("printing").
    expect(calls.slice(2).map((c) => (c.input as { query: object }).query)).toEqual([
      { wait_ms: 1000, outcome: true },
      { wait_ms: 1000, outcome: true },
    ]);
    expect(shown).toEqual(['queued', 'printing', 'done']);
    expect(qc.getQueryCache().find({ queryKey: printingQueries.job(7) })?.state.dataUpdateCount).toBe(3);
  });

  it('follows a job that met trouble by each change of what it shows', async () => {
    const { client, calls, answer } = station();
    const qc = new QueryClient();
    const held = { ...job('queued'), attempts: 1, last_error: 'the printer did not answer' };
    qc.setQueryData(printingQueries.job(7), held);
    const followed = qc.fetchQuery(printingQueries.follow(client, qc, 7));
    await expect.poll(() => calls.length).toBe(1);
    expect(calls[0]!.input).toMatchObject({
      query: { wait_ms: 20_000, seen_state: 'queued', seen_done: 0, seen_attempts: 1 },
    });
    answer(job('done', 1));
    expect(await followed).toMatchObject({ state: 'done' });
  });
});
