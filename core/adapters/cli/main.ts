import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { Command } from 'commander';
import { createCore } from '../../app/index.js';
import { dataOption, intArg, storeOf, storeOption, tellUpgrade } from './context.js';
import { featureCommands } from './commands.js';
import { ApiError } from '../../shared/client/index.js';
import { DomainError, pointerToName } from '../../shared/errors.js';
import { resolveDataDir } from '../../platform/paths.js';
import { deskToken } from '../desk/credential.js';

/**
 * `station`: the service's command line (commander: a well-kept parser with help, sub-commands and errors
 * of its own, so that none of that is hand-written). Commands are thin adapters over the core's operations.
 */
const here = dirname(fileURLToPath(import.meta.url));
/** How long `serve` may take to stop on SIGINT/SIGTERM before it exits anyway. */
const STOP_MS = 20_000;
/** The built renderer, served by `serve` (dist/core/adapters/cli → out/renderer). */
const rendererDir = join(here, '..', '..', '..', '..', 'out', 'renderer');

export function buildCli(): Command {
  const program = new Command('station')
    .description('Shipping Station: the packing desk’s shipping service')
    .showHelpAfterError()
    .exitOverride();

  program
    .command('serve')
    .description('run the service headless and serve the desk UI to a browser')
    .addOption(dataOption())
    .addOption(storeOption())
    .option('--site <name>', 'the site this station prints for: its printers’ jobs (default: $STATION_SITE, else main)')
    .option('--host <host>', 'address to bind', '127.0.0.1')
    .option('--port <port>', 'port (0 picks a free one)', intArg(0, 65535), 8787)
    .option('--tls-cert <file>', 'TLS certificate (PEM), required off loopback')
    .option('--tls-key <file>', 'TLS private key (PEM)')
    .option('--desk-link', 'print (on stderr) a sign-in link for the desk UI, with the desk’s own token')
    .option(
      '--rate-limit <n>',
      'requests per minute per token (0: off)',
      intArg(0, 1_000_000),
      Number(process.env.STATION_RATE_LIMIT ?? 1200),
    )
    .option(
      '--public-url <url>',
      '{base_url} as clients reach the service, for links in answers (default: the listening address)',
      process.env.STATION_PUBLIC_URL,
    )
    .action(
      async (o: {
        data?: string;
        store?: string;
        site?: string;
        host: string;
        port: number;
        tlsCert?: string;
        tlsKey?: string;
        rateLimit: number;
        deskLink?: boolean;
        publicUrl?: string;
      }) => {
        // Fastify is loaded for `serve` alone, so that short commands start quickly.
        const { listen } = await import('../http/listen.js');
        const { corsOrigins } = await import('../http/cors.js');
        const core = await createCore({
          dataDir: resolveDataDir(o.data),
          store: storeOf(o),
          site: o.site || process.env.STATION_SITE || undefined,
          onUpgrade: tellUpgrade,
        });
        let app;
        try {
          ({ app } = await listen(core, {
            host: o.host,
            port: o.port,
            rendererDir,
            rateLimitPerMinute: o.rateLimit,
            corsOrigins: corsOrigins(process.env.STATION_CORS_ORIGINS),
            ...(o.publicUrl ? { publicUrl: o.publicUrl } : {}),
            ...(o.tlsCert ? { tlsCert: o.tlsCert } : {}),
            ...(o.tlsKey ? { tlsKey: o.tlsKey } : {}),
          }).then(async (r) => {
            process.stdout.write(`listening on ${r.url}\n`);
            // The first requests of the day should not wait for validators to compile or a drawing worker to start.
            core.warm().catch((err: unknown) => core.log.error({ err }, 'warming the service up failed'));
            // The token rides in the fragment, which browsers never send to a server or its logs.
            if (o.deskLink)
              process.stderr.write(`desk UI: ${r.url.replace(/\/v1$/, '/')}#token=${await deskToken(core)}\n`);
            return r;
          }));
        } catch (e) {
          await core.close();
          throw e;
        }
        let stopping = false;
        const stop = async () => {
          if (stopping) return;
          stopping = true;
          // A stop that hangs still stops, saying on what: past the print queue's drain (10 s) and as long again,
          // well before a supervisor's SIGKILL (systemd waits 90 s), which would leave no word of it.
          let step = 'closing the HTTP server';
          setTimeout(() => {
            core.log.error({ step }, 'stopping took more than 20 s: exiting');
            process.exit(1);
          }, STOP_MS).unref();
          try {
            await app.close();
            step = 'finishing the label in flight';
            // The label in flight finishes (bounded) so that it is neither lost nor printed twice.
            await core.drain();
            step = 'closing the store';
            await core.close();
          } catch (err) {
            // A stop that fails still stops: the process never stays up with its port closed.
            core.log.error({ err }, 'stopping failed');
            process.exit(1);
          }
          process.exit(0);
        };
        process.on('SIGINT', () => void stop());
        process.on('SIGTERM', () => void stop());
      },
    );

  for (const register of featureCommands) register(program);

  return program;
}

export async function main(argv = process.argv): Promise<void> {
  const program = buildCli();
  try {
    await program.parseAsync(argv);
  } catch (e) {
    const err = e as { code?: string; exitCode?: number };
    if (err.code?.startsWith('commander.')) process.exit(err.exitCode ?? 2);
    if (e instanceof ApiError) {
      console.error(`station: ${e.message}`);
      // Each place that is wrong, on its own line (a rate card or a file names many).
      if ((e.problem.errors?.length ?? 0) > 1)
        for (const err of e.problem.errors!) console.error(`  ${pointerToName(err.path) || '(input)'}: ${err.message}`);
      process.exit(e.problem.status >= 500 || e.problem.status === 0 ? 1 : 2);
    }
    if (e instanceof DomainError) {
      console.error(`station: ${e.message}`);
      process.exit(e.status >= 500 ? 1 : 2);
    }
    console.error(`station: ${(e as Error).message}`);
    process.exit(1);
  }
}
