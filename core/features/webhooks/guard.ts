import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * No door into the network: a webhook reaches only the public internet, over https, unless the station's owner
 * lists a host in `STATION_WEBHOOK_HOSTS` (a receiver on the LAN, or 127.0.0.1 in tests), which may then be plain
 * http and resolve to a private address. Checked when an endpoint is registered and again at every delivery, on the
 * address the connection is made to (DNS may answer differently later).
 */
export interface HostPolicy {
  /** Hosts the owner listed, lower case (IPv6 without brackets). */
  listed: ReadonlySet<string>;
}

export function hostPolicyFromEnv(env: Record<string, string | undefined>): HostPolicy {
  const listed = (env.STATION_WEBHOOK_HOSTS ?? '')
    .split(',')
    .map((h) =>
      h
        .trim()
        .toLowerCase()
        .replace(/^\[|\]$/g, ''),
    )
    .filter(Boolean);
  return { listed: new Set(listed) };
}

/** Loopback, private, link-local (the cloud metadata services among them), and what is no host at all. */
const refused = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT, and Alibaba's metadata at 100.100.100.200
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local: 169.254.169.254 is AWS, GCP and Azure metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  refused.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7], // unique local, AWS's IPv6 metadata fd00:ec2::254 among them
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  refused.addSubnet(net, bits, 'ipv6');

/** Whether an address is one a webhook may not reach unless its host is listed. */
export function isRefusedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return refused.check(address, 'ipv4');
  if (family !== 6) return true;
  // An IPv4 address written as IPv6 (::ffff:10.0.0.1) is the IPv4 address.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return refused.check(mapped[1]!, 'ipv4');
  return refused.check(address, 'ipv6');
}

export const hostOf = (url: URL) => url.hostname.toLowerCase().replace(/^\[|\]$/g, '');

/** Why a URL may not be a webhook's (a field error's code and words), or null. Only the form: see `checkAddresses`. */
export function urlProblem(
  raw: string,
  policy: HostPolicy,
): { code: 'format' | 'not_allowed'; message: string; reason?: 'credentials' | 'scheme' } | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { code: 'format', message: 'must be an absolute URL' };
  }
  if (url.username || url.password)
    return { code: 'not_allowed', message: 'must not carry a user name or password', reason: 'credentials' };
  const listed = policy.listed.has(hostOf(url));
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:')
    return listed
      ? null
      : {
          code: 'not_allowed',
          message: 'must be https (plain http only to hosts listed in STATION_WEBHOOK_HOSTS)',
          reason: 'scheme',
        };
  return { code: 'not_allowed', message: 'must be an https URL', reason: 'scheme' };
}

export class RefusedAddress extends Error {
  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(
      `${host} resolves to ${address}, a loopback, private, link-local or metadata address (allowed only for hosts listed in STATION_WEBHOOK_HOSTS)`,
    );
  }
}

/** Resolves a host the way the delivery will, every address it answers. */
export const resolveAll = (host: string): Promise<LookupAddress[]> =>
  new Promise((res, rej) =>
    dnsLookup(host, { all: true, verbatim: true }, (err, addresses) => (err ? rej(err) : res(addresses))),
  );

/** Throws RefusedAddress unless the host is listed or every address it resolves to is public. */
export async function checkAddresses(url: URL, policy: HostPolicy): Promise<void> {
  const host = hostOf(url);
  if (policy.listed.has(host)) return;
  const addresses = isIP(host) ? [{ address: host }] : await resolveAll(host);
  for (const a of addresses) if (isRefusedAddress(a.address)) throw new RefusedAddress(host, a.address);
}

/**
 * The lookup a delivery's connection uses: the addresses checked at the moment of connecting, so that a name
 * that answered a public address at registration and a private one now (DNS rebinding) is still refused.
 */
export function guardedLookup(policy: HostPolicy): LookupFunction {
  return (hostname, options, callback) => {
    const host = hostname.toLowerCase();
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 0);
      const bad = policy.listed.has(host) ? undefined : addresses.find((a) => isRefusedAddress(a.address));
      if (bad) return callback(new RefusedAddress(host, bad.address), '', 0);
      if ((options as { all?: boolean }).all)
        return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0]!;
      callback(null, first.address, first.family);
    });
  };
}
