import type { DownloadFile, DownloadStore } from '../../platform/downloads/store.js';
import { first, rows, type Sql } from './sql.js';

const FILE = 'id, kind, file, expires_at, bytes';

export function createDownloadStore(sql: Sql): DownloadStore {
  return {
    async insert(d) {
      await sql.query(
        `INSERT INTO label_files (secret_hash, account_id, kind, codes, format, file, created_at, expires_at, doc_key, secret, bytes)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [
          d.secret_hash,
          d.account_id,
          d.kind,
          JSON.stringify(d.codes),
          d.format,
          d.file,
          d.created_at,
          d.expires_at,
          d.doc_key,
          d.secret,
          d.bytes,
        ],
      );
    },
    reusable: (accountId, docKey, until) =>
      first<{ secret: string; file: string }>(
        sql,
        `SELECT secret, file FROM label_files WHERE account_id = $1 AND kind = 'label' AND md5(doc_key) = md5($2)
         AND doc_key = $2 AND secret IS NOT NULL AND expires_at > $3 ORDER BY expires_at DESC LIMIT 1`,
        [accountId, docKey, until],
      ),
    labelBytes: async () =>
      Number(
        (await first<{ n: string }>(sql, `SELECT coalesce(sum(bytes), 0) AS n FROM label_files WHERE kind = 'label'`))!
          .n,
      ),
    oldestLabels: () =>
      rows<DownloadFile>(sql, `SELECT ${FILE} FROM label_files WHERE kind = 'label' ORDER BY created_at, id`),
    byHash: (hash) => first<DownloadFile>(sql, `SELECT ${FILE} FROM label_files WHERE secret_hash = $1`, [hash]),
    expired: (now) => rows<DownloadFile>(sql, `SELECT ${FILE} FROM label_files WHERE expires_at <= $1`, [now]),
    async remove(id) {
      await sql.query('DELETE FROM label_files WHERE id = $1', [id]);
    },
  };
}
