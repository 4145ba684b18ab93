import { InvalidArgumentError, Option } from 'commander';
import { ownerPrincipal } from '../operations/principal.js';
import { ApiError, createClient, type StationClient } from '../client/index.js';
import { DomainError } from '../errors.js';
import { createCore, type Core } from '../index.js';
import { resolveDataDir } from '../paths.js';

/** Shared pieces of every `station` command: the --data option, numeric arguments, a core for one command. */
export const dataOption = () =>
  new Option('--data <dir>', 'data directory (default: $STATION_DATA, else the per-user app-data folder)');

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
export async function withCore<T>(data: string | undefined, fn: (core: Core) => T | Promise<T>): Promise<T> {
  const core = createCore({ dataDir: resolveDataDir(data), printQueue: false, onUpgrade: tellUpgrade });
  try {
    return await fn(core);
  } finally {
    core.close();
  }
}

/**
 * The typed client of a command: every call goes through `core.execute` as the station's owner, acting for
 * `account` (an id or name) when the command is about one account. Errors arrive as ApiError, like over HTTP.
 */
export function ownerClient(core: Core, account?: string | number): StationClient {
  const principal = ownerPrincipal(account === undefined ? 0 : core.services.auth.findAccount(account).id);
  return createClient(async (op, input) => {
    try {
      return await core.execute(op, input, principal);
    } catch (e) {
      throw e instanceof DomainError ? new ApiError(e.toProblem()) : e;
    }
  });
}

/** `withCore` and `ownerClient` together: what most commands need. */
export function withClient<T>(
  data: string | undefined,
  account: string | number | undefined,
  fn: (client: StationClient, core: Core) => T | Promise<T>,
): Promise<T> {
  return withCore(data, (core) => fn(ownerClient(core, account), core));
}
