import { parse as parseCsv } from 'csv-parse/sync';
import { fieldError } from '../../shared/errors.js';

/** A file as rows of cells, each numbered as a spreadsheet numbers it (the first row is 1). */
export interface Table {
  rows: Array<{ row: number; cells: string[] }>;
  /** JSON files have no header row: their keys are the header, and each element is a row numbered from 1. */
  header?: string[];
}

const DELIMITERS = [';', ',', '\t'] as const;

/**
 * `;` or `,` (or a tab): the one a line uses most often among the first lines. A header row has one per column, so
 * it decides even where values hold the other character (Tiendanube's `1.234,50` beside `;`). Quoted text is left
 * out of the count.
 */
export function detectDelimiter(text: string): string {
  const lines = text.slice(0, 64 * 1024).split(/\r?\n/, 20);
  let best: string = ',';
  let most = 0;
  for (const line of lines) {
    const bare = line.replace(/"[^"]*"/g, '');
    for (const d of DELIMITERS) {
      const n = bare.split(d).length - 1;
      if (n > most) [best, most] = [d, n];
    }
  }
  return best;
}

/**
 * The records of a CSV file. Every record is kept, empty ones too, so that a record's index is its row number as
 * the operator's spreadsheet shows it (a quoted cell may span lines; it is still one row). csv-parse does the
 * quoting; a short or long line is kept as it is and judged by the columns it lacks.
 */
export function readCsv(text: string, opts: { to?: number; keep?: readonly number[] } = {}): Table {
  let records: string[][];
  const { keep } = opts;
  try {
    records = parseCsv(text, {
      delimiter: detectDelimiter(text),
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      ...(opts.to !== undefined ? { to: opts.to } : {}),
      // Only the columns a mapping reads are kept (the others are let go as each record is read): a 45-column
      // export holds a fraction of its cells in memory.
      ...(keep
        ? {
            on_record: (record: string[]) => {
              const kept: string[] = new Array<string>(record.length).fill('');
              for (const i of keep) if (i < record.length) kept[i] = record[i]!;
              return kept;
            },
          }
        : {}),
    }) as string[][];
  } catch (e) {
    const err = e as Error & { lines?: number };
    throw fieldError(
      '/text',
      'format',
      `is not a CSV file the station can read (line ${err.lines ?? 1}: ${err.message})`,
      {
        format: 'csv',
      },
    );
  }
  return { rows: records.map((cells, i) => ({ row: i + 1, cells: cells.map((c) => c.trim()) })) };
}

/** A shipment nests four levels (destination.address.zip); anything deeper is no order. */
const MAX_DEPTH = 8;

/** A shipment as JSON, flattened to the dotted paths a generic CSV's headers have. */
function flatten(value: unknown, prefix: string, out: Record<string, string>, depth = 0): void {
  if (value === null || value === undefined) return;
  if (typeof value === 'object' && !Array.isArray(value)) {
    if (depth >= MAX_DEPTH)
      throw fieldError('/text', 'too_deep', `nests deeper than ${MAX_DEPTH} levels at ${prefix}`, { limit: MAX_DEPTH });
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out, depth + 1);
    return;
  }
  out[prefix] = Array.isArray(value)
    ? value.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ')
    : typeof value === 'string'
      ? value
      : JSON.stringify(value);
}

/**
 * The orders of a JSON file: an array of objects, flat (keys are columns, as a CSV's headers) or shaped like
 * shipments (nested members become the contract's dotted paths). Element n is row n.
 */
export function readJson(text: string): Table {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw fieldError('/text', 'format', `is not JSON (${(e as Error).message})`, { format: 'json' });
  }
  if (!Array.isArray(data)) throw fieldError('/text', 'type', 'must be a JSON array of orders', { type: 'array' });
  const header: string[] = [];
  const index = new Map<string, number>();
  const flat = data.map((item, i) => {
    if (!item || typeof item !== 'object' || Array.isArray(item))
      throw fieldError(`/text/${i}`, 'type', 'must be an object (an order)', { type: 'object' });
    const out: Record<string, string> = {};
    try {
      flatten(item, '', out);
    } catch (e) {
      // An array nested thousands deep inside an order: JSON.stringify runs out of stack before anything is wrong.
      if (e instanceof RangeError)
        throw fieldError(`/text/${i}`, 'too_deep', 'nests too deep to be an order', { limit: MAX_DEPTH });
      throw e;
    }
    for (const k of Object.keys(out))
      if (!index.has(k)) {
        index.set(k, header.length);
        header.push(k);
      }
    return out;
  });
  return {
    header,
    rows: flat.map((o, i) => ({ row: i + 1, cells: header.map((h) => (o[h] ?? '').trim()) })),
  };
}
