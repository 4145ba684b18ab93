import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, startStation, type Station } from '../helpers/station.js';
import { admin, createShipment } from '../http/fixtures.js';
import { expectEveryMessageOnce, FAST, startReceiver, type Receiver } from './receiver.js';

/** A token of account acme on `s`, with every permission. */
async function acmeToken(s: Station): Promise<string> {
  const a = await admin(s);
  const { token } = await a.token(await a.account('acme'), ALL_PERMISSIONS);
  await a.close();
  return token;
}

/** Subscribes `rx` to `events` on `s`; the receiver verifies with the secret it got. */
async function subscribeOn(s: Station, token: string, rx: Receiver, events = ['shipment.created']) {
  const r = await s.request('POST', '/webhooks', { token, body: { url: rx.url, events } });
  expect(r.status, r.text).toBe(201);
  rx.trust(r.body.secret);
  return r.body as { id: number; secret: string };
}

/**
 * The tests that wait up to 25 s for every message, some after starting a station again: the 30 s of a test left a
 * PostgreSQL run on a loaded 2-core machine no time for the starts around that wait (CI timed out at 30 s).
 */
const SLOW = { timeout: 90_000 };

describe('webhooks: nothing lost (receivers down, failing, slow; a station killed)', () => {
  let s: Station;
  let token: string;
  const receivers: Receiver[] = [];

  const subscribe = (rx: Receiver) => subscribeOn(s, token, rx);

  beforeAll(async () => {
    s = await startStation({ env: FAST });
    token = await acmeToken(s);
  });
  afterAll(async () => {
    await s.stop();
    for (const rx of receivers) await rx.close().catch(() => undefined);
  });

  it(
    'a receiver down for a while, one answering 500, one timing out: every message delivered, duplicates share their webhook-id',
    SLOW,
    async () => {
      const down = await startReceiver();
      const failing = await startReceiver({
        // Each message refused twice with a 500, then taken.
        answer: (_n, r) => (failing.received.filter((x) => x.id === r.id).length <= 2 ? 500 : 204),
      });
      const slow = await startReceiver({
        // Each message's first request never answered: the station gives up after its timeout and sends it again.
        answer: (_n, r) => (slow.received.filter((x) => x.id === r.id).length === 1 ? 'hang' : 200),
      });
      receivers.push(down, failing, slow);
      for (const rx of [down, failing, slow]) await subscribe(rx);
      await down.down();

      const codes: string[] = [];
      for (let i = 0; i < 12; i++) codes.push((await createShipment(s, token)).code);
      await new Promise((r) => setTimeout(r, 1000));
      await down.up();

      for (const rx of [down, failing, slow])
        await expect.poll(() => rx.delivered().size, { timeout: 25_000 }).toBe(codes.length);
      expectEveryMessageOnce(down, codes);
      expectEveryMessageOnce(failing, codes);
      expectEveryMessageOnce(slow, codes);
      // The failing receiver saw each message at least three times, the slow one at least twice, each under its id
      // (more when a busy machine made an answer late enough to count as a timeout).
      expect(failing.received.length).toBeGreaterThanOrEqual(codes.length * 3);
      expect(slow.received.length).toBeGreaterThanOrEqual(codes.length * 2);
      // Every attempt carries the message's id in its body as in its webhook-id header, retries too.
      for (const r of [...failing.received, ...slow.received]) expect(r.payload.id).toBe(r.id);
      const [hook] = (await s.request('GET', '/webhooks', { token })).body.data as Array<{ id: number }>;
      // Results are written a moment after the receiver answers (several in one commit).
      const states = async () =>
        (await s.request('GET', `/webhooks/${hook!.id}/deliveries?size=100`, { token })).body.data.map(
          (x: { state: string }) => x.state,
        );
      await expect.poll(states).toEqual(codes.map(() => 'delivered'));
      for (const { id } of (await s.request('GET', '/webhooks', { token })).body.data as Array<{ id: number }>)
        await s.request('DELETE', `/webhooks/${id}`, { token });
    },
  );

  it(
    'a backlog larger than the worker takes at once (a paused endpoint enabled again) is sent whole',
    SLOW,
    async () => {
      const rx = await startReceiver();
      receivers.push(rx);
      const w = await subscribe(rx);
      const body = { url: rx.url, events: ['shipment.created'] };
      await s.request('PUT', `/webhooks/${w.id}`, { token, body: { ...body, enabled: false } });
      const codes: string[] = [];
      for (let i = 0; i < 10; i++)
        codes.push(
          ...(await Promise.all(Array.from({ length: 30 }, () => createShipment(s, token)))).map((b) => b.code),
        );
      await s.request('PUT', `/webhooks/${w.id}`, { token, body: { ...body, enabled: true } });
      await expect.poll(() => rx.delivered().size, { timeout: 20_000 }).toBe(codes.length);
      expectEveryMessageOnce(rx, codes);
      await s.request('DELETE', `/webhooks/${w.id}`, { token });
    },
  );

  it('410 Gone disables the endpoint: nothing more is sent until it is enabled again, then what waited goes', async () => {
    let gone = true;
    const rx = await startReceiver({ answer: () => (gone ? 410 : 204) });
    receivers.push(rx);
    const w = await subscribe(rx);
    const first = await createShipment(s, token);
    await expect.poll(async () => (await s.request('GET', `/webhooks/${w.id}`, { token })).body.enabled).toBe(false);
    expect((await s.request('GET', `/webhooks/${w.id}`, { token })).body.disabled_reason).toBe('gone');
    const d = await s.request('GET', `/webhooks/${w.id}/deliveries`, { token });
    expect(d.body.data[0]).toMatchObject({ state: 'failed', attempts: 1, last_status: 410, next_attempt_at: null });
    const waiting = await createShipment(s, token);
    await new Promise((r) => setTimeout(r, 700));
    expect(rx.received.map((r) => r.payload.data.code)).toEqual([first.code]);

    gone = false;
    const put = await s.request('PUT', `/webhooks/${w.id}`, {
      token,
      body: { url: rx.url, events: ['shipment.created'], enabled: true },
    });
    expect(put.body).toMatchObject({ enabled: true, disabled_reason: null });
    await expect.poll(() => rx.received.map((r) => r.payload.data.code)).toEqual([first.code, waiting.code]);
    await s.request('DELETE', `/webhooks/${w.id}`, { token });
  });
});

describe('webhooks: a station SIGKILLed with deliveries pending', () => {
  it(
    'sends every message after a restart on the same store; the only duplicates carry the same webhook-id',
    SLOW,
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'webhooks-kill-'));
      // Slow answers, so that many deliveries are in flight or waiting when the station dies.
      const rx = await startReceiver({ answer: () => 204 });
      const slowDown = (ms: number) => new Promise((r) => setTimeout(r, ms));
      let s = await startStation({ env: FAST, dataDir });
      const store = s.store;
      try {
        const token = await acmeToken(s);
        await subscribeOn(s, token, rx);
        await rx.down();
        const codes: string[] = [];
        for (let i = 0; i < 20; i++) codes.push((await createShipment(s, token)).code);
        // Written and committed, and being retried when the process is killed.
        process.kill(s.pid!, 'SIGKILL');
        await s.stop();
        await rx.up();
        await slowDown(100);
        s = await startStation({ env: FAST, dataDir, ...(store ? { store } : {}) });
        await expect.poll(() => rx.delivered().size, { timeout: 25_000 }).toBe(codes.length);
        expectEveryMessageOnce(rx, codes);
      } finally {
        await s.stop();
        await rx.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );

  it(
    'a station killed while sending: what it held is sent by the next start, under the same webhook-ids',
    SLOW,
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'webhooks-kill-'));
      let taken = 0;
      // Answers the first few, then holds every request open: the station dies with deliveries in flight.
      const rx = await startReceiver({ answer: () => (taken++ < 5 ? 204 : 'hang') });
      let s = await startStation({ env: { ...FAST, STATION_WEBHOOK_TIMEOUT_MS: '15000' }, dataDir });
      const store = s.store;
      try {
        const token = await acmeToken(s);
        await subscribeOn(s, token, rx);
        const codes: string[] = [];
        for (let i = 0; i < 20; i++) codes.push((await createShipment(s, token)).code);
        await expect.poll(() => rx.received.length).toBeGreaterThan(8);
        process.kill(s.pid!, 'SIGKILL');
        await s.stop();
        taken = -1_000;
        s = await startStation({ env: FAST, dataDir, ...(store ? { store } : {}) });
        await expect.poll(() => rx.delivered().size, { timeout: 25_000 }).toBe(codes.length);
        expectEveryMessageOnce(rx, codes);
        // Those in flight at the kill were received twice, each time under its one id.
        expect(rx.received.length).toBeGreaterThan(codes.length);
      } finally {
        await s.stop();
        await rx.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});

describe('webhooks: a message noticed at its commit, deliveries kept for their retention', () => {
  let s: Station;
  let token: string;
  const receivers: Receiver[] = [];

  beforeAll(async () => {
    // The poll an hour away: only the notice of a commit can send a message soon; delivered ones kept 3 s.
    s = await startStation({
      env: { ...FAST, STATION_WEBHOOK_POLL_MS: '3600000', STATION_WEBHOOK_RETENTION_MS: '3000' },
    });
    token = await acmeToken(s);
  });
  afterAll(async () => {
    await s.stop();
    for (const rx of receivers) await rx.close().catch(() => undefined);
  });

  const subscribe = (rx: Receiver) => subscribeOn(s, token, rx);
  const deliveries = async (id: number) =>
    (await s.request('GET', `/webhooks/${id}/deliveries`, { token })).body as {
      items: number;
      data: Array<{ state: string }>;
    };

  it('sends a new message within 0.5 s of its commit, with no poll to find it', async () => {
    const rx = await startReceiver();
    receivers.push(rx);
    await subscribe(rx);
    // Idle first: nothing is due and the next poll is an hour away.
    await new Promise((r) => setTimeout(r, 1000));
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      await createShipment(s, token);
      const committed = Date.now();
      await expect.poll(() => rx.delivered().size, { interval: 10 }).toBe(i + 1);
      waits.push(Date.now() - committed);
      await new Promise((r) => setTimeout(r, 300));
    }
    // The median, so that one stall of this shared machine is not counted as the worker's.
    expect([...waits].sort((a, b) => a - b)[2], waits.join(', ')).toBeLessThan(500);
  });

  it('deletes delivered deliveries after the retention; those still pending stay', async () => {
    const ok = await startReceiver();
    const failing = await startReceiver({ answer: () => 500 });
    receivers.push(ok, failing);
    const good = await subscribe(ok);
    const bad = await subscribe(failing);
    await createShipment(s, token);
    await expect.poll(async () => (await deliveries(good.id)).data.map((d) => d.state)).toEqual(['delivered']);
    await expect.poll(async () => (await deliveries(good.id)).items, { timeout: 15_000 }).toBe(0);
    expect((await deliveries(bad.id)).data.map((d) => d.state)).toEqual(['pending']);
    expect(failing.received.length).toBeGreaterThan(0);
  });
});

describe('webhooks: deliveries yield to a burst of creates', () => {
  let s: Station;
  let token: string;
  let rx: Receiver;

  beforeAll(async () => {
    // A pause of 600 ms lets deliveries go: creates back to back from four clients stay closer than that even on a
    // loaded machine (the service's own pause, 50 ms, they would not).
    s = await startStation({ env: { ...FAST, STATION_WEBHOOK_QUIET_MS: '600' } });
    token = await acmeToken(s);
    rx = await startReceiver();
    await subscribeOn(s, token, rx);
  });
  afterAll(async () => {
    await s.stop();
    await rx.close();
  });

  it('sends none of its messages while the creates stream in, and all of them once they pause', async () => {
    const until = Date.now() + 1000;
    let made = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (Date.now() < until) {
          await createShipment(s, token);
          made++;
        }
      }),
    );
    const duringBurst = rx.delivered().size;
    // Sent beside the creates, nearly every message would be in by the burst's end.
    expect(duringBurst, `${duringBurst} of ${made} sent during the burst`).toBe(0);
    await expect.poll(() => rx.delivered().size, { timeout: 5_000 }).toBe(made);
  });
});
