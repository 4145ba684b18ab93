import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Piscina } from 'piscina';
import type { MonoRaster } from '../drawing/raster-types.js';
import { packageRoot } from '../resources.js';
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
 * desk PC that is one worker: a 500-label batch then takes one core and every other request has the other.
 *
 * The worker is the built module (`dist/core/labels/render-worker.js`) whatever runs this file: the TypeScript
 * sources under vitest, `dist/` under `station`, or Electron's bundle (which packs `dist/core` beside it). A worker
 * thread loads plain JavaScript only; `npm run build:core` comes before the tests for that reason too.
 */
export const RENDER_THREADS = Math.max(1, Math.min(4, availableParallelism() - 1));
const WORKER = join(packageRoot(), 'dist', 'core', 'labels', 'render-worker.js');

export function createRenderPool(opts: { threads?: number } = {}) {
  let pool: Piscina | null = null;
  const threads = opts.threads ?? RENDER_THREADS;
  const run = <T>(name: string, task: unknown): Promise<T> => {
    // Made at first use: most `station` commands never draw.
    pool ??= new Piscina({
      filename: WORKER,
      minThreads: 0,
      maxThreads: threads,
      // A desk prints every few seconds to minutes; a worker that is kept saves the half second of loading fonts.
      idleTimeout: 10 * 60_000,
    });
    return pool.run(task, { name }) as Promise<T>;
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
    pdf: (task: Omit<PdfTask, 'file'>) => run<Uint8Array>('pdf', task),
    /** The PDF of the labels written to `task.file` (the service's thread never holds it); answers its size. */
    pdfFile: (task: PdfTask & { file: string }) => written(run('pdf', task)),
    raster: (task: Parameters<typeof import('./render-worker.js').raster>[0]) => run<MonoRaster>('raster', task),
    manifest: (task: ManifestTask) => written(run('manifest', task)),
    /** Starts a worker and has it load everything a label needs (the long-running service, at start). */
    warm: () => run<void>('warm', null),
    async close(): Promise<void> {
      const p = pool;
      pool = null;
      await p?.destroy();
    },
  };
}

export type RenderPool = ReturnType<typeof createRenderPool>;
