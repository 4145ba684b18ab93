export type DownloadKind = 'label' | 'manifest';

/** A file behind a download link. */
export interface DownloadFile {
  id: number;
  kind: DownloadKind;
  /** Relative to the data folder. */
  file: string;
  expires_at: number;
  bytes: number;
}

export interface NewDownload {
  secret_hash: Buffer;
  account_id: number;
  kind: DownloadKind;
  codes: string[];
  format: string;
  file: string;
  created_at: number;
  expires_at: number;
  /** The request a label document answers, so that the same request gets the same document; null for manifests. */
  doc_key: string | null;
  /** Kept (with a doc_key) so that the same link can be given again. */
  secret: string | null;
  bytes: number;
}

export interface DownloadStore {
  insert(d: NewDownload): Promise<void>;
  /** The newest live link to the account's document of this request, living past `until`. */
  reusable(accountId: number, docKey: string, until: number): Promise<{ secret: string; file: string } | undefined>;
  /** Bytes of all label documents. */
  labelBytes(): Promise<number>;
  /** Label documents, oldest first. */
  oldestLabels(): Promise<DownloadFile[]>;
  byHash(hash: Buffer): Promise<DownloadFile | undefined>;
  expired(now: number): Promise<DownloadFile[]>;
  remove(id: number): Promise<void>;
}
