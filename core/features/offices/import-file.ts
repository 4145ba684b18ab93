import { parse as parseCsv } from 'csv-parse/sync';
import { DomainError, type FieldError } from '../../shared/errors.js';
import { parse } from '../../platform/validation.js';
import { OfficeRecord, type OfficeRecordT } from './schemas.js';

/** A bad row of an import file: its line (1-based) and what is wrong with it. */
export interface RowError {
  line: number;
  errors: FieldError[];
}

/** An import refused whole: nothing was written. `rows` says which lines to fix. */
export class OfficeImportError extends DomainError {
  readonly rows: RowError[];
  constructor(rows: RowError[]) {
    const n = rows.length;
    super('validation_failed', `${n} bad row${n === 1 ? '' : 's'}; nothing was imported`, {
      errors: rows.flatMap((r) => r.errors.map((e) => ({ ...e, path: `line ${r.line}: ${e.path}` }))),
      extra: { rows },
    });
    this.rows = rows;
  }
}

interface RawRow {
  line: number;
  value: unknown;
  /** A problem found before validation (a CSV line with the wrong number of cells). */
  problem?: string;
}

/**
 * The line on which each top-level element of a JSON array starts, so that a bad row is named by its line as in
 * a CSV. JSON.parse reports no positions and no installed library does, so a small scan that only follows
 * strings and nesting finds them.
 */
function arrayElementLines(text: string): number[] {
  const lines: number[] = [];
  let line = 1;
  let depth = 0;
  let inString = false;
  let expectValue = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\n') line++;
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (depth === 1 && expectValue && !/[\s,\]]/.test(c)) {
      lines.push(line);
      expectValue = false;
    }
    if (c === '"') inString = true;
    else if (c === '[' || c === '{') {
      depth++;
      if (depth === 1) expectValue = true;
    } else if (c === ']' || c === '}') depth--;
    else if (c === ',' && depth === 1) expectValue = true;
  }
  return lines;
}

function jsonRows(text: string): RawRow[] {
  let data: unknown;
  try {
    data = JSON.parse(text) as unknown;
  } catch (e) {
    throw new OfficeImportError([
      {
        line: 1,
        errors: [
          { path: '', message: `is not JSON (${(e as Error).message})`, code: 'format', params: { format: 'json' } },
        ],
      },
    ]);
  }
  if (!Array.isArray(data))
    throw new OfficeImportError([
      {
        line: 1,
        errors: [{ path: '', message: 'must be a JSON array of offices', code: 'type', params: { type: 'array' } }],
      },
    ]);
  const lines = arrayElementLines(text);
  return data.map((value: unknown, i) => ({ line: lines[i] ?? 1, value }));
}

/** csv-parse: quoting, BOMs and line counting are its job, not ours. */
function csvRows(text: string): RawRow[] {
  type Info = { lines: number; columns?: unknown[]; error?: { record?: unknown[] } };
  let records: Array<{ record: Record<string, string>; info: Info }>;
  try {
    // relax_column_count: a short or long line becomes one bad row (reported below), not the end of the file.
    records = parseCsv(text, {
      columns: true,
      bom: true,
      trim: true,
      skip_empty_lines: true,
      relax_column_count: true,
      info: true,
    }) as typeof records;
  } catch (e) {
    const err = e as Error & { lines?: number };
    throw new OfficeImportError([
      { line: err.lines ?? 1, errors: [{ path: '', message: err.message, code: 'format', params: { format: 'csv' } }] },
    ]);
  }
  return records.map(({ record, info }) => {
    // An empty cell means "not given", so that optional columns fall back to their defaults.
    const value = Object.fromEntries(Object.entries(record).filter(([, v]) => v !== ''));
    const cells = info.error?.record?.length;
    return cells === undefined
      ? { line: info.lines, value }
      : { line: info.lines, value, problem: `has ${cells} cells; the header has ${info.columns?.length ?? '?'}` };
  });
}

/**
 * Reads an office file (a JSON array, or CSV with a header row of OfficeRecord's member names) and validates
 * every row. Any bad row (or a code that repeats) refuses the whole file with every bad line listed.
 */
export function readOfficeFile(text: string, format: 'json' | 'csv'): OfficeRecordT[] {
  const raw = format === 'json' ? jsonRows(text) : csvRows(text);
  const bad: RowError[] = [];
  const seen = new Map<string, number>();
  const records: OfficeRecordT[] = [];
  for (const { line, value, problem } of raw) {
    if (problem) {
      bad.push({ line, errors: [{ path: '', message: problem, code: 'format', params: { format: 'csv' } }] });
      continue;
    }
    try {
      const rec = parse(OfficeRecord, value, { coerce: format === 'csv' });
      const key = rec.code.toUpperCase();
      const first = seen.get(key);
      if (first !== undefined) {
        bad.push({
          line,
          errors: [
            { path: '/code', message: `repeats the code of line ${first}`, code: 'duplicate', params: { first } },
          ],
        });
        continue;
      }
      seen.set(key, line);
      records.push(rec);
    } catch (e) {
      if (!(e instanceof DomainError) || !e.errors) throw e;
      bad.push({ line, errors: e.errors });
    }
  }
  if (bad.length) throw new OfficeImportError(bad);
  return records;
}

/** By extension; a file without one is JSON when it starts with `[`. */
export function officeFileFormat(name: string, text: string): 'json' | 'csv' {
  if (/\.csv$/i.test(name)) return 'csv';
  if (/\.json$/i.test(name)) return 'json';
  return text.trimStart().startsWith('[') ? 'json' : 'csv';
}
