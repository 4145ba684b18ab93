/**
 * What the station remembers of a request sent with an `Idempotency-Key`: whose key, a hash of the request, and
 * once known the answer it gave (docs/api.md: "Retries: Idempotency-Key").
 */
export interface IdempotencyRecord {
  account_id: number;
  key: string;
  /** SHA-256 of the canonical request: the operation, its path parameters, query and body. */
  request_hash: string;
  /** The answer's HTTP status and JSON body; null while the operation runs (its writes committed, its answer not). */
  status: number | null;
  body: string | null;
  created_at: number;
  expires_at: number;
}

export interface IdempotencyStore {
  /** The account's record of `key` that has not expired by `now`. */
  find(accountId: number, key: string, now: number): Promise<IdempotencyRecord | undefined>;
  /**
   * Writes the record unless the account holds the key already; false then. One expired by `now` is replaced. On
   * PostgreSQL a record another transaction is writing makes this wait for its end (then false, if it committed).
   */
  insert(r: IdempotencyRecord, now: number): Promise<boolean>;
  /** The answer of a record written while its operation ran. */
  answer(accountId: number, key: string, status: number, body: string): Promise<void>;
  /** Deletes at most `most` records expired by `now`; resolves to how many. */
  prune(now: number, most: number): Promise<number>;
}
