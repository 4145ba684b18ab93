import type { Command } from 'commander';
import { systemClock } from '../../platform/clock.js';
import { openEngine } from '../../engines/open.js';
import { resolveDataDir } from '../../platform/paths.js';
import { keyFiles, keysDir } from '../../features/qr/key-files.js';
import { createKeyStore, type KeyStore } from '../../features/qr/keys.js';
import { createQrTokens, InvalidQrToken } from '../../features/qr/tokens.js';
import { dataOption, storeOf, storeOption, type Place } from './context.js';

/**
 * `station keys …` and `station verify`. On SQLite they work on the key files alone (no database, no running
 * service), so a scanner desk with a copy of the data directory verifies labels offline; with `--store` they work
 * on the keys the database keeps for all its stations.
 */
async function withKeys<T>(o: Place, fn: (keys: KeyStore) => Promise<T>): Promise<T> {
  const store = storeOf(o);
  if (!store) return fn(createKeyStore(keyFiles(keysDir(resolveDataDir(o.data))), systemClock));
  const engine = await openEngine({ store, dataDir: resolveDataDir(o.data), clock: systemClock, env: process.env });
  try {
    return await fn(createKeyStore(engine.stores.signingKeys, systemClock));
  } finally {
    await engine.close();
  }
}

export function registerQrCommands(program: Command): void {
  const iso = (ms: number | null) => (ms === null ? '-' : new Date(ms).toISOString());

  const keys = program.command('keys').description('the signing keys of label QR tokens');
  keys
    .command('list')
    .description('list keys: kid, created, retired, and which one signs')
    .addOption(dataOption())
    .addOption(storeOption())
    .action((o: Place) =>
      withKeys(o, async (store) => {
        const active = (await store.active())?.kid;
        for (const k of await store.list())
          console.log(
            [
              k.kid,
              iso(k.created_at),
              iso(k.retired_at),
              k.kid === active ? 'signing' : k.retired_at ? 'retired' : 'published',
            ].join('\t'),
          );
      }),
    );
  keys
    .command('rotate')
    .description('make a new signing key; older keys stay published so printed labels keep verifying')
    .addOption(dataOption())
    .addOption(storeOption())
    .action((o: Place) => withKeys(o, async (store) => console.log((await store.rotate()).kid)));
  keys
    .command('retire <kid>')
    .description('stop publishing a key: tokens it signed no longer verify')
    .addOption(dataOption())
    .addOption(storeOption())
    .action((kid: string, o: Place) =>
      withKeys(o, async (store) => console.log(`retired ${(await store.retire(kid)).kid}`)),
    );

  program
    .command('verify <token>')
    .description('check a scanned label QR token offline; prints "CODE ACCOUNT" when valid, else why not (exit 1)')
    .addOption(dataOption())
    .addOption(storeOption())
    .action((token: string, o: Place) =>
      withKeys(o, async (store) => {
        try {
          const claims = await createQrTokens(store, systemClock).verify(token);
          console.log(`${claims.code} ${claims.acc}`);
        } catch (e) {
          if (!(e instanceof InvalidQrToken)) throw e;
          console.error(`invalid token: ${e.message}`);
          process.exitCode = 1;
        }
      }),
    );
}
