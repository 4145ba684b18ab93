import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { hostPolicyFromEnv, isRefusedAddress, urlProblem } from '../../core/features/webhooks/guard.js';
import { createSender } from '../../core/features/webhooks/send.js';
import { nextAttemptAt, retryScheduleFromEnv } from '../../core/features/webhooks/schedule.js';
import { newSecret, sign, signatureHeader } from '../../core/features/webhooks/signing.js';

describe('webhooks: no door into the network', () => {
  it('refuses loopback, private, link-local, metadata and unspecified addresses, IPv4 written as IPv6 too', () => {
    for (const a of [
      '127.0.0.1',
      '10.0.0.1',
      '172.31.255.255',
      '192.168.0.1',
      '169.254.169.254',
      '100.100.100.200',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd00:ec2::254',
      '::ffff:10.0.0.1',
      '::ffff:169.254.169.254',
    ])
      expect(isRefusedAddress(a), a).toBe(true);
    for (const a of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '172.32.0.1'])
      expect(isRefusedAddress(a), a).toBe(false);
  });

  it('wants https, or http to a host the owner lists', () => {
    const policy = hostPolicyFromEnv({ STATION_WEBHOOK_HOSTS: 'erp.lan, 127.0.0.1' });
    expect(urlProblem('https://example.com/h', policy)).toBeNull();
    expect(urlProblem('http://erp.lan:8080/h', policy)).toBeNull();
    expect(urlProblem('http://127.0.0.1:9/h', policy)).toBeNull();
    expect(urlProblem('http://example.com/h', policy)).toMatchObject({ code: 'not_allowed', message: /https/ });
    expect(urlProblem('file:///etc/passwd', policy)).toMatchObject({ code: 'not_allowed', message: /https/ });
    expect(urlProblem('not a url', policy)).toMatchObject({ code: 'format' });
  });

  it('checks the address again as each delivery connects: a name that now resolves to loopback is refused', async () => {
    let hits = 0;
    const server = createServer((_req, res) => {
      hits++;
      res.writeHead(204).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    const body = '{}';
    try {
      // Nothing listed: neither the literal address nor a name that resolves to it is reached.
      const closed = createSender(hostPolicyFromEnv({}), 2000);
      expect(await closed.send(`http://127.0.0.1:${port}/h`, {}, body)).toMatchObject({ status: null });
      const byName = await closed.send(`http://localhost:${port}/h`, {}, body);
      expect(byName).toMatchObject({ status: null });
      expect((byName as { error: string }).error).toMatch(/loopback, private/);
      closed.close();
      expect(hits).toBe(0);
      // Listed by the owner: reached.
      const open = createSender(hostPolicyFromEnv({ STATION_WEBHOOK_HOSTS: '127.0.0.1' }), 2000);
      expect(await open.send(`http://127.0.0.1:${port}/h`, {}, body)).toEqual({ status: 204 });
      open.close();
      expect(hits).toBe(1);
    } finally {
      server.close();
    }
  });

  it('follows no redirect: a 3xx is a failed attempt and its Location is never asked', async () => {
    const asked: string[] = [];
    const server = createServer((req, res) => {
      asked.push(req.url!);
      if (req.url === '/h') res.writeHead(307, { location: '/elsewhere' }).end();
      else res.writeHead(204).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    const sender = createSender(hostPolicyFromEnv({ STATION_WEBHOOK_HOSTS: '127.0.0.1' }), 2000);
    try {
      expect(await sender.send(`http://127.0.0.1:${port}/h`, {}, '{}')).toEqual({ status: 307 });
      expect(asked).toEqual(['/h']);
    } finally {
      sender.close();
      server.close();
    }
  });

  it("retries on the specification's schedule; STATION_WEBHOOK_RETRY_MS replaces 5 s and scales the rest", () => {
    const spec = retryScheduleFromEnv({});
    expect(spec).toEqual([
      0, 5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 50_400_000, 72_000_000, 86_400_000,
    ]);
    expect(retryScheduleFromEnv({ STATION_WEBHOOK_RETRY_MS: '50' }).slice(0, 4)).toEqual([0, 50, 3_000, 18_000]);
    expect(nextAttemptAt(spec, 1, 1000)).toBe(6000);
    expect(nextAttemptAt(spec, 9, 0)).toBe(86_400_000);
    expect(nextAttemptAt(spec, 10, 0)).toBeNull();
  });
});

describe('webhooks: signatures', () => {
  it('signs exactly as the standardwebhooks reference library does, with both secrets after a rotation', () => {
    const secret = newSecret();
    const previous = newSecret();
    const at = new Date('2026-11-26T10:00:00.123Z');
    const body = JSON.stringify({ type: 'shipment.created', timestamp: at.toISOString(), data: { code: 'ÁÉ ✓' } });
    expect(sign(secret, 'msg_1', at, body)).toBe(new Webhook(secret).sign('msg_1', at, body));
    const header = signatureHeader(
      { secret, previous_secret: previous, previous_until: at.getTime() + 1 },
      'msg_1',
      at,
      body,
    );
    expect(header).toBe(
      `${new Webhook(secret).sign('msg_1', at, body)} ${new Webhook(previous).sign('msg_1', at, body)}`,
    );
    // Past its 24 hours the previous secret no longer signs.
    expect(
      signatureHeader({ secret, previous_secret: previous, previous_until: at.getTime() }, 'msg_1', at, body),
    ).toBe(sign(secret, 'msg_1', at, body));
  });
});
