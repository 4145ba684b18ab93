import { networkInterfaces } from 'node:os';

const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/;
const ANY = /^(0\.0\.0\.0|\[::\])$/;

/**
 * Where another computer opens the desk, from the address links in answers use (`--public-url`, else the listening
 * address): none while it is loopback; this machine's network addresses when the service listens on all of them.
 * The desk used to tell the other computer to open 127.0.0.1, which is that computer itself.
 */
export function connectInfo(baseUrl: string | null): { other_computers: boolean; desk_urls: string[] } {
  if (!baseUrl) return { other_computers: false, desk_urls: [] };
  const url = new URL(baseUrl);
  // The desktop app's own page (station:) is served to itself alone.
  if (!/^https?:$/.test(url.protocol) || LOOPBACK.test(url.hostname)) return { other_computers: false, desk_urls: [] };
  if (!ANY.test(url.hostname)) return { other_computers: true, desk_urls: [`${url.origin}/`] };
  const port = url.port ? `:${url.port}` : '';
  const addresses = Object.values(networkInterfaces())
    .flat()
    .filter((a) => a && !a.internal && a.family === 'IPv4')
    .map((a) => `${url.protocol}//${a!.address}${port}/`);
  return { other_computers: true, desk_urls: addresses };
}
