import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { Core } from '../../app/index.js';
import { API_PREFIX, buildServer, type ServerOptions } from './server.js';

export interface ListenOptions extends Omit<ServerOptions, 'https' | 'baseUrl'> {
  host: string;
  port: number;
  tlsCert?: string;
  tlsKey?: string;
  /** `{base_url}` as clients reach the service (behind a proxy, or bound to 0.0.0.0); default: the listening address. */
  publicUrl?: string;
}

export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/**
 * Starts the HTTP service. Anything but loopback would put tokens and addresses on the network in clear text,
 * so it needs TLS.
 */
export async function listen(core: Core, opts: ListenOptions): Promise<{ app: FastifyInstance; url: string }> {
  if (!!opts.tlsCert !== !!opts.tlsKey) throw new Error('--tls-cert and --tls-key go together');
  if (!isLoopback(opts.host) && !opts.tlsCert)
    throw new Error(
      `refusing to serve on ${opts.host} without TLS: pass --tls-cert and --tls-key, or bind to 127.0.0.1`,
    );
  const https =
    opts.tlsCert && opts.tlsKey ? { cert: readFileSync(opts.tlsCert), key: readFileSync(opts.tlsKey) } : null;
  // Links in answers are known once the port is (with --port 0, after listening).
  let baseUrl: string | null = opts.publicUrl ? opts.publicUrl.replace(/\/+$/, '') : null;
  const app = await buildServer(core, { ...opts, https, baseUrl: () => baseUrl });
  await app.listen({ host: opts.host, port: opts.port });
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : opts.port;
  const host = opts.host.includes(':') && !opts.host.startsWith('[') ? `[${opts.host}]` : opts.host;
  const url = `${https ? 'https' : 'http'}://${host}:${port}${API_PREFIX}`;
  baseUrl ??= url;
  return { app, url };
}
