import { AsyncLocalStorage } from 'node:async_hooks';
import { hash } from 'node:crypto';
import type { Clock } from '../clock.js';
import { DomainError, fieldError, type ErrorCode, type ProblemBody } from '../../shared/errors.js';
import type { Logger } from '../logger.js';
import type { Principal } from '../operations/principal.js';
import type { Operation } from '../operations/types.js';
import type { UnitOfWork } from '../unit-of-work.js';
import type { IdempotencyRecord, IdempotencyStore } from './store.js';

/** How long a key answers what it first answered: the 24 hours integrators know from Stripe. */
const KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;
const KEY_MAX_CHARS = 255;
/** Where a refused key is named in a 400's `errors` (the header, as a query parameter is named by its name). */
const KEY_PATH = '/Idempotency-Key';
/**
 * Expired records each kept answer deletes besides writing its own: more than one, so that a backlog (a busy day
 * before a quiet one) drains without a timer, and few, so that the work of one request stays bounded (the expiry
 * index finds them). A key sent again after its expiry replaces its own record as well.
 */
const PRUNED_PER_ANSWER = 4;

/**
 * A keyed request while its operation runs. `open`: its first write transaction writes the key's record too;
 * `claimed` once that one committed (the operation's writes and the record stand together); `closed` once the
 * operation ended (work it set off in the background writes no record).
 */
interface Claim {
  record: IdempotencyRecord;
  state: 'open' | 'claiming' | 'claimed' | 'closed';
}

interface KeyedRequest {
  op: Operation;
  principal: Principal;
  key: string;
  /** The request as the adapter received it, before validation: what "the same request" compares. */
  raw: { params?: unknown; query?: unknown; body?: unknown };
  /** Told when the answer is the one kept for the key, not the operation's doing now. */
  onReplay?: () => void;
}

/** The sorted-members JSON of a request: the same data gives the same hash, whatever the order of its members. */
function canonical(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonical);
  if (v === null || typeof v !== 'object') return v;
  const o = v as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(o)
      .sort()
      .map((k) => [k, canonical(o[k])]),
  );
}

function requestHash(op: Operation, raw: KeyedRequest['raw']): string {
  const route = op.http ? `${op.http.method} ${op.http.path}` : op.name;
  const request = [route, raw.params ?? null, raw.query ?? null, raw.body ?? null];
  return hash('sha256', JSON.stringify(canonical(request)), 'hex');
}

/** The header's rules: on a POST, 1-255 printable ASCII characters (a UUID, as most clients make them, fits). */
function checkKey(op: Operation, key: string): void {
  const method = op.http?.method;
  if (method !== 'POST')
    throw fieldError(
      KEY_PATH,
      'not_allowed',
      `is taken on POST only; a ${method ?? 'local'} request is safe to repeat`,
    );
  if (key.length === 0) throw fieldError(KEY_PATH, 'min_length', 'must not be empty', { limit: 1 });
  if (key.length > KEY_MAX_CHARS)
    throw fieldError(KEY_PATH, 'max_length', `must be at most ${KEY_MAX_CHARS} characters`, { limit: KEY_MAX_CHARS });
  if (!/^[\x20-\x7e]+$/.test(key))
    throw fieldError(KEY_PATH, 'pattern', 'must be printable ASCII characters', { pattern: '^[\\x20-\\x7E]+$' });
}

const inFlight = (key: string) =>
  new DomainError(
    'idempotency_key_in_flight',
    `a request with the Idempotency-Key ${JSON.stringify(key)} is still being answered; retry once it is`,
  );

/** An answer kept for a key, sent again as it was: its status and problem body, not a new one. */
class KeptProblem extends DomainError {
  readonly #status: number;
  readonly #body: ProblemBody;

  constructor(status: number, body: ProblemBody) {
    super(body.code as ErrorCode, body.detail, { extra: body });
    this.#status = status;
    this.#body = body;
  }

  override get status(): number {
    return this.#status;
  }

  override toProblem(): ProblemBody {
    return this.#body;
  }
}

/**
 * Refusals that are not kept for the key, so that the same key may be sent again: an invalid request (corrected, it
 * is another request), and what a retry may find otherwise (another request in flight, the store out of reach, a
 * full disk, a failure of the station; the rate limit refuses before the core). Kept are the operation's answers: its success and its refusals of
 * what the request asks (404, 409 invalid_state, duplicate_ref…). Once the operation has written, every answer is
 * kept: running it again would write again.
 */
function keptWhenNothingWritten(e: DomainError): boolean {
  return e.status < 500 && !['validation_failed', 'idempotency_key_in_flight'].includes(e.code);
}

/**
 * `Idempotency-Key` (docs/api.md: "Retries: Idempotency-Key"): a POST sent again with the same key and the same request
 * is answered what the first was answered, status and body, for 24 hours, without being done again; with another
 * request 422; while the first is still running 409.
 *
 * The key's record is written in the operation's own transaction: `engine` (below) is the engine the services write
 * through, and the first transaction an operation of a keyed request commits writes the record before its own
 * writes. So a crash leaves both or neither: never writes that a retry would make again, nor a key whose work was
 * not done. The answer is added to the record right after, in a transaction of its own (it is made after the
 * operation's transactions: a label's link, a view read back); a crash between the two leaves the key claimed
 * without an answer, which answers 409 until it expires, rather than doing the work twice.
 *
 * In flight: on one station, a map of the keys its requests are running; stations sharing a PostgreSQL database
 * meet at the record, whose primary key makes the second one's transaction wait for the first's and then refuse
 * (409, its writes rolled back); a record that committed without its answer yet is in flight too.
 */
export function createIdempotency<S extends { idempotency: IdempotencyStore }, E extends UnitOfWork<S>>({
  engine,
  clock,
  log,
}: {
  engine: E;
  clock: Clock;
  log: Logger;
}) {
  const claims = new AsyncLocalStorage<Claim>();
  const running = new Set<string>();

  const transaction: UnitOfWork<S>['transaction'] = async (fn, opts) => {
    const claim = claims.getStore();
    if (claim?.state !== 'open') return engine.transaction(fn, opts);
    claim.state = 'claiming';
    try {
      const value = await engine.transaction(async (tx) => {
        if (!(await tx.idempotency.insert(claim.record, claim.record.created_at))) throw inFlight(claim.record.key);
        return fn(tx);
      }, opts);
      claim.state = 'claimed';
      return value;
    } catch (e) {
      claim.state = 'open';
      throw e;
    }
  };

  function replay(found: IdempotencyRecord, hashed: string, req: KeyedRequest): unknown {
    if (found.request_hash !== hashed)
      throw new DomainError(
        'idempotency_key_reused',
        `the Idempotency-Key ${JSON.stringify(req.key)} was sent with another request; a new request needs a new key`,
      );
    if (found.status === null || found.body === null) throw inFlight(req.key);
    req.onReplay?.();
    const body: unknown = JSON.parse(found.body);
    if (found.status >= 400) throw new KeptProblem(found.status, body as ProblemBody);
    return body;
  }

  /** Adds the answer to the record (or writes both, when the operation wrote nothing); a failure only loses it. */
  async function keep(claim: Claim, status: number, body: unknown): Promise<void> {
    const { record } = claim;
    const json = JSON.stringify(body ?? null);
    try {
      await engine.transaction(async (tx) => {
        if (claim.state === 'claimed') await tx.idempotency.answer(record.account_id, record.key, status, json);
        else await tx.idempotency.insert({ ...record, status, body: json }, record.created_at);
        await tx.idempotency.prune(record.created_at, PRUNED_PER_ANSWER);
      });
    } catch (err) {
      log.warn({ err, account: record.account_id }, 'the answer of an Idempotency-Key was not kept');
    }
  }

  return {
    /** The engine the services write through: a keyed request's first transaction writes its key's record. */
    engine: { ...engine, transaction } as E,

    /** Runs `perform` (the operation, validation included) under the request's key. */
    async run(req: KeyedRequest, perform: () => Promise<unknown>): Promise<unknown> {
      checkKey(req.op, req.key);
      const { accountId } = req.principal;
      const id = `${accountId}\n${req.key}`;
      if (running.has(id)) throw inFlight(req.key);
      running.add(id);
      try {
        const now = clock.now().getTime();
        const hashed = requestHash(req.op, req.raw);
        const found = await engine.stores.idempotency.find(accountId, req.key, now);
        if (found) return replay(found, hashed, req);
        const claim: Claim = {
          record: {
            account_id: accountId,
            key: req.key,
            request_hash: hashed,
            status: null,
            body: null,
            created_at: now,
            expires_at: now + KEY_LIFETIME_MS,
          },
          state: 'open',
        };
        let result: unknown;
        try {
          result = await claims.run(claim, perform);
        } catch (e) {
          if (claim.state !== 'claimed') claim.state = 'closed';
          if (e instanceof DomainError && (claim.state === 'claimed' || keptWhenNothingWritten(e)))
            await keep(claim, e.status, e.toProblem());
          throw e;
        }
        if (claim.state !== 'claimed') claim.state = 'closed';
        await keep(claim, req.op.successStatus ?? 200, result);
        return result;
      } finally {
        running.delete(id);
      }
    },
  };
}
