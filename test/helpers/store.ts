import Database from 'better-sqlite3';
import { expect } from 'vitest';

/** The codes of every shipment in a store file, read as an outsider would, after checking the file's integrity. */
export function codesIn(file: string): Set<string> {
  const db = new Database(file, { readonly: true });
  try {
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    return new Set(
      db
        .prepare<[], { code: string }>('SELECT code FROM shipments')
        .all()
        .map((r) => r.code),
    );
  } finally {
    db.close();
  }
}
