import { InvalidArgumentError, Option } from 'commander';
import { ownerPrincipal } from '../../platform/operations/principal.js';
import { ApiError, createClient, type StationClient } from '../../shared/client/index.js';
import { DomainError, notFound } from '../../shared/errors.js';
import { createCore, type Core } from '../../app/index.js';
import { resolveDataDir } from '../../platform/paths.js';

/** Shared pieces of every `station` command: the --data and --store options, numeric arguments, a core for one command. */
export const dataOption = () =>
  new Option('--data <dir>', 'data directory (default: $STATION_DATA, else the per-user app-data folder)');

export const storeOption = () =>
  new Option(
    '--store <url>',
    'postgres://… to run on PostgreSQL (default: $STATION_STORE, else SQLite in the data directory)',
  );

/** Where a command's station lives: its data folder, and its store when that is not SQLite in the folder. */
export interface Place {
  data?: string | undefined;
  store?: string | undefined;
}

/** `--store`, else `STATION_STORE`; absent means SQLite in the data folder. */
export const storeOf = (p: Place): string | undefined => p.store || process.env.STATION_STORE || undefined;

export function intArg(min: number, max: number) {
  return (v: string) => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < min || n > max)
      throw new InvalidArgumentError(`must be a whole number from ${min} to ${max}`);
    return n;
  };
}

/** On stderr, so that a command's output stays what scripts read. */
export const tellUpgrade = (message: string) => console.error(message);

/** Opens the store for one command and closes it afterwards, also when the command fails. */
export async function withCore<T>(place: Place, fn: (core: Core) => T | Promise<T>): Promise<T> {
  const core = await createCore({
    dataDir: resolveDataDir(place.data),
    store: storeOf(place),
    site: process.env.STATION_SITE || undefined,
    printQueue: false,
    onUpgrade: tellUpgrade,
  });
  try {
    return await fn(core);
  } finally {
    await core.close();
  }
}

/** The typed client of the station's owner acting for one account (or none): every call through `core.execute`. */
function clientAs(core: Core, accountId: number): StationClient {
  const principal = ownerPrincipal(accountId);
  return createClient(async (op, input) => {
    try {
      return await core.execute(op, input, principal);
    } catch (e) {
      throw e instanceof DomainError ? new ApiError(e.toProblem()) : e;
    }
  });
}

/**
 * The typed client of a command: every call goes through `core.execute` as the station's owner, acting for
 * `account` (an id or name) when the command is about one account. Errors arrive as ApiError, like over HTTP.
 */
export async function ownerClient(core: Core, account?: string | number): Promise<StationClient> {
  if (account === undefined) return clientAs(core, 0);
  const accounts = await clientAs(core, 0).call('accounts.list');
  const found = accounts.find((a) =>
    typeof account === 'number' || /^\d+$/.test(account) ? a.id === Number(account) : a.name === account,
  );
  if (!found) throw new ApiError(notFound(`account ${account}`).toProblem());
  return clientAs(core, found.id);
}

/** `withCore` and `ownerClient` together: what most commands need. */
export function withClient<T>(
  place: Place,
  account: string | number | undefined,
  fn: (client: StationClient, core: Core) => T | Promise<T>,
): Promise<T> {
  return withCore(place, async (core) => fn(await ownerClient(core, account), core));
}
