import { join } from 'node:path';
import { pino, type Logger } from 'pino';
import roll from 'pino-roll';

export type { Logger };

/**
 * pino, Fastify's own logger, so that the service, its HTTP adapter and the desktop app write one format. Secrets
 * never reach a log: headers are not logged at all, and these paths are censored should an object carry them.
 */
const redact = {
  paths: ['req.headers.authorization', 'headers.authorization', 'authorization', 'token', '*.token', 'body.token'],
  censor: '[redacted]',
};

/**
 * `station serve` and the other commands: one JSON line per event on stderr, so stdout stays what scripts read.
 * Warnings and failures by default (`STATION_LOG_LEVEL=info` adds the service's own notices).
 */
export function stderrLogger(level: string = process.env.STATION_LOG_LEVEL ?? 'warn'): Logger {
  return pino({ level, redact }, pino.destination({ dest: 2, sync: true }));
}

/** The desktop app: a file in its user-data folder, rolled daily or at 10 MB, the last 14 kept. */
export async function fileLogger(dir: string, level = 'info'): Promise<Logger> {
  const stream = await roll({
    file: join(dir, 'station.log'),
    frequency: 'daily',
    size: '10m',
    limit: { count: 14 },
    mkdir: true,
  });
  return pino({ level, redact }, stream);
}
