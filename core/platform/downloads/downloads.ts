import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Clock } from '../clock.js';
import { notFound } from '../../shared/errors.js';
import type { UnitOfWork } from '../unit-of-work.js';
import type { DownloadKind, DownloadStore } from './store.js';

export const DOWNLOAD_TTL_MS = 24 * 3600 * 1000;
/** A document is given again only while its link has at least this long to live. */
const REUSE_MIN_LIFE_MS = DOWNLOAD_TTL_MS / 2;
/** Label documents beyond this many bytes in all are removed oldest first, links and all. */
export const DEFAULT_LABEL_FILES_MAX_BYTES = 256 * 1024 * 1024;
/** 32 random bytes, base64url: the whole of a download url's secret. */
const SECRET = /^[A-Za-z0-9_-]{43}$/;

const sha256 = (s: string) => createHash('sha256').update(s).digest();

export interface LinkRequest {
  accountId: number;
  kind: DownloadKind;
  codes: string[];
  format: string;
  file: string;
  docKey?: string;
  bytes?: number;
}

/**
 * Token-free downloads of generated PDFs (contract: label urls carry an unguessable secret and expire after
 * 24 hours). Files live under the data directory; a link maps the secret's hash to the file and its expiry.
 * Label documents stay bounded: the same request (account, `doc_key`) is answered with the same document and link
 * while the link has half its life left, and the label folder has a size cap, enforced oldest first. The secret
 * is kept beside its hash for that reuse; it opens nothing the data directory's own files do not.
 */
export function createDownloads(
  db: UnitOfWork<{ downloads: DownloadStore }>,
  clock: Clock,
  dataDir: string,
  opts: { maxLabelBytes?: number } = {},
) {
  const maxLabelBytes = opts.maxLabelBytes ?? DEFAULT_LABEL_FILES_MAX_BYTES;

  /** The absolute path of `<data>/<relPath>`, its folder made (0700): for a file another thread writes. */
  function prepareFile(relPath: string): string {
    const abs = join(dataDir, relPath);
    mkdirSync(join(abs, '..'), { recursive: true, mode: 0o700 });
    return abs;
  }

  /** Writes `bytes` to `<data>/<relPath>` atomically (temp file, then rename), so a download never sees half a PDF. */
  function writeFile(relPath: string, bytes: Uint8Array): void {
    const abs = join(dataDir, relPath);
    mkdirSync(join(abs, '..'), { recursive: true, mode: 0o700 });
    const tmp = `${abs}.${process.pid}.tmp`;
    try {
      writeFileSync(tmp, bytes, { mode: 0o600 });
      renameSync(tmp, abs);
    } catch (e) {
      // A full disk: no half file stays behind.
      rmSync(tmp, { force: true });
      throw e;
    }
  }

  /**
   * Forgets expired links; label PDFs go with them (a manifest's PDF stays, its manifest can link it again). Then,
   * while label documents exceed the cap, the oldest go, their links with them.
   */
  async function sweep(): Promise<void> {
    const gone = await db.transaction(async (tx) => {
      const rows = await tx.downloads.expired(clock.now().getTime());
      for (const r of rows) await tx.downloads.remove(r.id);
      let total = await tx.downloads.labelBytes();
      if (total > maxLabelBytes)
        for (const r of await tx.downloads.oldestLabels()) {
          if (total <= maxLabelBytes) break;
          await tx.downloads.remove(r.id);
          rows.push(r);
          total -= r.bytes;
        }
      return rows;
    });
    for (const r of gone) if (r.kind === 'label') rmSync(join(dataDir, r.file), { force: true });
  }

  return {
    dataDir,
    writeFile,
    prepareFile,
    sweep,

    /**
     * A new link to `opts.file` (already written), recorded in the caller's transaction (`tx`), so that e.g.
     * labelled_at and the link are recorded together. Returns the secret for the url.
     */
    async link(tx: { downloads: DownloadStore }, opts: LinkRequest): Promise<string> {
      const secret = randomBytes(32).toString('base64url');
      const now = clock.now().getTime();
      await tx.downloads.insert({
        secret_hash: sha256(secret),
        account_id: opts.accountId,
        kind: opts.kind,
        codes: opts.codes,
        format: opts.format,
        file: opts.file,
        created_at: now,
        expires_at: now + DOWNLOAD_TTL_MS,
        doc_key: opts.docKey ?? null,
        secret: opts.docKey ? secret : null,
        bytes: opts.bytes ?? 0,
      });
      return secret;
    },

    /** The secret of the label document made for the same request, while its link has half its life left. */
    async reuse(accountId: number, docKey: string): Promise<string | null> {
      const row = await db.stores.downloads.reusable(accountId, docKey, clock.now().getTime() + REUSE_MIN_LIFE_MS);
      return row && existsSync(join(dataDir, row.file)) ? row.secret : null;
    },

    /** Absolute path of the file behind `secret`; unknown, malformed or expired is not found. */
    async open(secret: string): Promise<string> {
      const row = SECRET.test(secret) ? await db.stores.downloads.byHash(sha256(secret)) : undefined;
      if (!row || row.expires_at <= clock.now().getTime()) throw notFound('label file');
      return join(dataDir, row.file);
    },

    removeFile: (relPath: string) => rmSync(join(dataDir, relPath), { force: true }),

    /** A fresh file name for a label document; the name does not reveal the secret. */
    newLabelFile: () => join('labels', `${randomBytes(16).toString('hex')}.pdf`),
  };
}

export type Downloads = ReturnType<typeof createDownloads>;

/** `{base_url}/labels/files/<secret>.pdf`; without a base url (IPC, CLI) the path alone. */
export function downloadUrl(baseUrl: string | null, secret: string): string {
  return `${baseUrl ?? ''}/labels/files/${secret}.pdf`;
}
