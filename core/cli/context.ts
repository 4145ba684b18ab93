import { InvalidArgumentError, Option } from 'commander';
import { createCore, type Core } from '../index.js';
import { resolveDataDir } from '../paths.js';

/** Shared pieces of every `station` command: the --data option, numeric arguments, a core for one command. */
export const dataOption = () =>
  new Option('--data <dir>', 'data directory (default: $STATION_DATA, else the per-user app-data folder)');

export function intArg(min: number, max: number) {
  return (v: string) => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < min || n > max) throw new InvalidArgumentError(`must be a whole number from ${min} to ${max}`);
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
