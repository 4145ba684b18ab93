/**
 * The drawing of labels and manifests, run in a worker thread (render-pool.ts): a 500-label document is a few
 * seconds of CPU, which on the service's thread held every other request of every desk behind it. Tasks take
 * plain data (what a label prints, already resolved from the store) and give back bytes, moved, not copied; a
 * document meant for download is written to its file here, so the service's thread never holds it whole.
 */
import { rename, rm, writeFile } from 'node:fs/promises';
import { Piscina } from 'piscina';
import { pagesPdf } from '../../platform/drawing/pdf.js';
import { LABEL_HEIGHT_MM, LABEL_WIDTH_MM } from '../../platform/drawing/primitives.js';
import type { MonoRaster } from '../../platform/drawing/raster-types.js';
import { A4_H, A4_W, manifestPages, type ManifestHeader, type ManifestLine } from '../manifests/layout.js';
import type { LabelFormat } from '../../shared/schemas/codes.js';
import { labelLayout, type LabelData } from './layout.js';
import { renderRaster } from './raster.js';
import { labelsPdf } from './sheets.js';

export interface PdfTask {
  labels: LabelData[];
  format: LabelFormat;
  start: number;
  title: string;
  /** Write the document here (atomically, 0600) and answer its size instead of its bytes. */
  file?: string;
}

export interface ManifestTask {
  header: ManifestHeader;
  lines: ManifestLine[];
  file: string;
}

/**
 * A failure to write a document, as the service's thread gets it: an error crossing from a worker keeps its message
 * but not its `code`, and ENOSPC is what tells a full disk (507) from a bug (500). render-pool.ts throws it again.
 */
export interface WriteFailure {
  failed: { message: string; code: string | undefined };
}

/** Writes `bytes` to `file` whole or not at all (temp file, then rename), readable by the user alone. */
async function writeWhole(file: string, bytes: Uint8Array): Promise<number | WriteFailure> {
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    await writeFile(tmp, bytes, { mode: 0o600 });
    await rename(tmp, file);
  } catch (e) {
    await rm(tmp, { force: true });
    return { failed: { message: (e as Error).message, code: (e as NodeJS.ErrnoException).code } };
  }
  return bytes.byteLength;
}

export async function pdf(task: PdfTask): Promise<Uint8Array | number | WriteFailure> {
  const bytes = await labelsPdf(
    (function* () {
      for (const d of task.labels) yield labelLayout(d);
    })(),
    task.format,
    task.start,
    task.title,
  );
  if (task.file) return writeWhole(task.file, bytes);
  return Piscina.move(bytes) as unknown as Uint8Array;
}

/** A label's 1-bit image (tens of kB: copied back, which costs less than a transfer list would save). */
export function raster(task: { label: LabelData; dpi: number }): MonoRaster {
  return renderRaster(labelLayout(task.label), LABEL_WIDTH_MM, LABEL_HEIGHT_MM, task.dpi);
}

export async function manifest(task: ManifestTask): Promise<number | WriteFailure> {
  const bytes = await pagesPdf(
    manifestPages(task.header, task.lines),
    A4_W,
    A4_H,
    `Collection manifest ${task.header.id}`,
  );
  return writeWhole(task.file, bytes);
}

const SAMPLE: LabelData = {
  code: 'WARMUP2345',
  qr: 'eyJhbGciOiJFZERTQSJ9.eyJjb2RlIjoiV0FSTVVQMjM0NSJ9.c2lnbmF0dXJl',
  method: 'STANDARD',
  type: 'DELIVERY',
  ref: 'WARM-UP',
  weightKg: 1,
  receiver: { name: 'Warm Up', street: 'Street 1', city: 'City', state: 'State', zip: '5000', country: 'AR' },
  sender: { name: 'Warm Up', street: 'Street 1', city: 'City', state: 'State', zip: '5000', country: 'AR' },
  piece: null,
  office: null,
};

/** Loads the drawing code and its fonts and draws a label both ways, so that the first real one does not wait. */
export async function warm(): Promise<void> {
  await labelsPdf([labelLayout(SAMPLE)], 'PDF_A7', 1, 'warm-up');
  renderRaster(labelLayout(SAMPLE), LABEL_WIDTH_MM, LABEL_HEIGHT_MM, 203);
}
