import { isAbsolute } from 'node:path';

/** Where a raw printer listens: a TCP socket (JetDirect-style port 9100) or a device file. */
export type Endpoint = { kind: 'tcp'; host: string; port: number } | { kind: 'device'; path: string };

const WINDOWS_DEVICE = /^\\\\\.\\[A-Za-z0-9]+$/; // \\.\COM3

/** Parses `tcp://host:port` or an absolute device path; a string is the message for a person. */
export function parseEndpoint(connection: string): Endpoint | string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(connection)) {
    let url: URL;
    try {
      url = new URL(connection);
    } catch {
      return 'must be tcp://HOST:PORT or an absolute device path';
    }
    if (url.protocol !== 'tcp:') return `scheme ${url.protocol.replace(':', '')} is not supported; use tcp://HOST:PORT`;
    if (!url.hostname || !url.port || (url.pathname && url.pathname !== '/') || url.search || url.hash || url.username)
      return 'must be tcp://HOST:PORT, e.g. tcp://192.168.1.50:9100';
    return { kind: 'tcp', host: url.hostname.replace(/^\[(.*)\]$/, '$1'), port: Number(url.port) };
  }
  if (isAbsolute(connection) || WINDOWS_DEVICE.test(connection)) return { kind: 'device', path: connection };
  return 'must be tcp://HOST:PORT or an absolute device path such as /dev/usb/lp0';
}

export function describeEndpoint(e: Endpoint): string {
  return e.kind === 'tcp' ? `${e.host}:${e.port}` : e.path;
}
