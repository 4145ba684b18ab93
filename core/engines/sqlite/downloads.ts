import type { DownloadFile, DownloadStore, NewDownload } from '../../platform/downloads/store.js';
import type { Db } from './db.js';
import type { Sync } from './sync.js';

const FILE = 'id, kind, file, expires_at, bytes';

export function createDownloadStore(db: Db): Sync<DownloadStore> {
  const stmts = {
    insert: db.prepare(
      `INSERT INTO label_files (secret_hash, account_id, kind, codes, format, file, created_at, expires_at, doc_key, secret, bytes)
       VALUES (@secret_hash, @account_id, @kind, @codes, @format, @file, @created_at, @expires_at, @doc_key, @secret, @bytes)`,
    ),
    reusable: db.prepare<{ account: number; key: string; until: number }, { secret: string; file: string }>(
      `SELECT secret, file FROM label_files WHERE account_id = @account AND kind = 'label' AND doc_key = @key
       AND secret IS NOT NULL AND expires_at > @until ORDER BY expires_at DESC LIMIT 1`,
    ),
    labelBytes: db.prepare<[], { n: number }>(
      `SELECT coalesce(sum(bytes), 0) AS n FROM label_files WHERE kind = 'label'`,
    ),
    oldestLabels: db.prepare<[], DownloadFile>(
      `SELECT ${FILE} FROM label_files WHERE kind = 'label' ORDER BY created_at, id`,
    ),
    byHash: db.prepare<[Buffer], DownloadFile>(`SELECT ${FILE} FROM label_files WHERE secret_hash = ?`),
    expired: db.prepare<[number], DownloadFile>(`SELECT ${FILE} FROM label_files WHERE expires_at <= ?`),
    remove: db.prepare<[number]>('DELETE FROM label_files WHERE id = ?'),
  };
  return {
    insert: (d: NewDownload) => void stmts.insert.run({ ...d, codes: JSON.stringify(d.codes) }),
    reusable: (accountId, docKey, until) => stmts.reusable.get({ account: accountId, key: docKey, until }),
    labelBytes: () => stmts.labelBytes.get()!.n,
    oldestLabels: () => stmts.oldestLabels.all(),
    byHash: (hash) => stmts.byHash.get(hash),
    expired: (now) => stmts.expired.all(now),
    remove: (id) => void stmts.remove.run(id),
  };
}
