import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Piscina } from 'piscina';
import type { MonoRaster } from '../../platform/drawing/raster-types.js';
import { packageRoot } from '../../platform/resources.js';
import type { ManifestTask, PdfTask, WriteFailure } from './render-worker.js';

/**
 * Labels and manifests are drawn in worker threads, so that a 500-label document (seconds of CPU) never holds
 * the service's own thread: every other desk's scans, quotes and status polls go on meanwhile.
 *
 * Piscina (the Node.js project's worker pool, kept by Node's core collaborators; 5.x runs on Node 20) rather than
 * worker_threads by hand: it queues tasks when every worker is busy, moves transferable results without a copy,
 * starts workers lazily, retires idle ones and replaces a worker that crashed; all of which we would otherwise
 * write and test ourselves.
 *
 * Size: the machine's cores less one, kept for the service's thread (the requests, the store's commits), at
 * least one and at most four (each worker holds its own fonts, pdf-lib and Skia: ~60 MB). On the usual two-core
 * desk PC that is one worker: a 500-label batch then takes one core and every other request has the other. A
 * desk's single label has a worker of its own beside them (RenderLane).
 *
 * The worker is the built module (`dist/core/features/labels/render-worker.js`) whatever runs this file: the TypeScript
 * sources under vitest, `dist/` under `station`, or Electron's bundle (which packs `dist/core` beside it). A worker
 * thread loads plain JavaScript only; `npm run build:core` comes before the tests for that reason too.
 */
export const RENDER_THREADS = Math.max(1, Math.min(4, availableParallelism() - 1));
const WORKER = join(packageRoot(), 'dist', 'core', 'features', 'labels', 'render-worker.js');

/**
 * Who waits for a drawing. `desk`: one label an operator is waiting for (a single-label print job, a preview), a
 * few tens of ms; `bulk`: documents, manifests and the labels of a batch job, up to seconds each. They have a
 * worker each: in one pool a desk's label queued behind a 500-label document (or a batch's next label) and the
 * operator waited for all of it. A queue priority would not do: a running task cannot be interrupted.
 */
export type RenderLane = 'desk' | 'bulk';

export function createRenderPool(opts: { threads?: number } = {}) {
  const threads = opts.threads ?? RENDER_THREADS;
  const pools: Record<RenderLane, Piscina | null> = { desk: null, bulk: null };
  const run = <T>(lane: RenderLane, name: string, task: unknown): Promise<T> => {
    // Made at first use: most `station` commands never draw.
    pools[lane] ??= new Piscina({
      filename: WORKER,
      minThreads: 0,
      // One label at a time is what a desk asks for; the bulk lane takes the cores left to it.
      maxThreads: lane === 'desk' ? 1 : threads,
      // A desk prints every few seconds to minutes; a worker that is kept saves the half second of loading fonts.
      idleTimeout: 10 * 60_000,
    });
    return pools[lane].run(task, { name }) as Promise<T>;
  };
  /** A document written to its file: its size, or the worker's write failure thrown again with its code. */
  const written = async (result: Promise<unknown>): Promise<number> => {
    const r = (await result) as number | Uint8Array | WriteFailure;
    if (typeof r === 'number') return r;
    if (r instanceof Uint8Array) return r.byteLength;
    throw Object.assign(new Error(r.failed.message), { code: r.failed.code });
  };
  return {
    threads,
    /** The PDF of the labels. */
    pdf: (task: Omit<PdfTask, 'file'>, lane: RenderLane = 'bulk') => run<Uint8Array>(lane, 'pdf', task),
    /** The PDF of the labels written to `task.file` (the service's thread never holds it); answers its size. */
    pdfFile: (task: PdfTask & { file: string }) => written(run('bulk', 'pdf', task)),
    raster: (task: Parameters<typeof import('./render-worker.js').raster>[0], lane: RenderLane) =>
      run<MonoRaster>(lane, 'raster', task),
    manifest: (task: ManifestTask) => written(run('bulk', 'manifest', task)),
    /** Starts a worker of each lane and has it load everything a label needs (the long-running service, at start). */
    warm: async () => void (await Promise.all([run<void>('desk', 'warm', null), run<void>('bulk', 'warm', null)])),
    async close(): Promise<void> {
      const open = [pools.desk, pools.bulk];
      pools.desk = pools.bulk = null;
      await Promise.all(open.map((p) => p?.destroy() ?? Promise.resolve()));
    },
  };
}

export type RenderPool = ReturnType<typeof createRenderPool>;
