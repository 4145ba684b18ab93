import type { Command } from 'commander';
import { systemClock } from '../clock.js';
import { dataOption } from './context.js';
import { resolveDataDir } from '../paths.js';
import { createKeyStore, keysDir } from '../qr/keys.js';
import { createQrTokens, InvalidQrToken } from '../qr/tokens.js';

/**
 * `station keys …` and `station verify`. They work on the key files alone (no database, no running service),
 * so a scanner desk with a copy of the data directory verifies labels offline.
 */
export function registerQrCommands(program: Command): void {
  const keyStore = (data: string | undefined) => createKeyStore(keysDir(resolveDataDir(data)), systemClock);
  const iso = (ms: number | null) => (ms === null ? '-' : new Date(ms).toISOString());

  const keys = program.command('keys').description('the signing keys of label QR tokens');
  keys
    .command('list')
    .description('list keys: kid, created, retired, and which one signs')
    .addOption(dataOption())
    .action((o: { data?: string }) => {
      const store = keyStore(o.data);
      const active = store.active()?.kid;
      for (const k of store.list())
        console.log(
          [
            k.kid,
            iso(k.created_at),
            iso(k.retired_at),
            k.kid === active ? 'signing' : k.retired_at ? 'retired' : 'published',
          ].join('\t'),
        );
    });
  keys
    .command('rotate')
    .description('make a new signing key; older keys stay published so printed labels keep verifying')
    .addOption(dataOption())
    .action((o: { data?: string }) => {
      console.log(keyStore(o.data).rotate().kid);
    });
  keys
    .command('retire <kid>')
    .description('stop publishing a key: tokens it signed no longer verify')
    .addOption(dataOption())
    .action((kid: string, o: { data?: string }) => {
      console.log(`retired ${keyStore(o.data).retire(kid).kid}`);
    });

  program
    .command('verify <token>')
    .description('check a scanned label QR token offline; prints "CODE ACCOUNT" when valid, else why not (exit 1)')
    .addOption(dataOption())
    .action(async (token: string, o: { data?: string }) => {
      try {
        const claims = await createQrTokens(keyStore(o.data), systemClock).verify(token);
        console.log(`${claims.code} ${claims.acc}`);
      } catch (e) {
        if (!(e instanceof InvalidQrToken)) throw e;
        console.error(`invalid token: ${e.message}`);
        process.exitCode = 1;
      }
    });
}
