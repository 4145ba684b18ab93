import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, startStation } from '../helpers/station.js';
import { admin, createShipment } from '../http/fixtures.js';
import { expectEveryMessageOnce, FAST, startReceiver } from '../webhooks/receiver.js';

describe('webhooks: stations sharing one PostgreSQL database', () => {
  it('each message is sent by one station (FOR UPDATE SKIP LOCKED), every one delivered once', async () => {
    const rx = await startReceiver();
    const one = await startStation({ env: FAST });
    const two = await startStation({ env: FAST, store: one.store! });
    try {
      const a = await admin(one);
      const token = (await a.token(await a.account('acme'), ALL_PERMISSIONS)).token;
      await a.close();
      const w = await one.request('POST', '/webhooks', { token, body: { url: rx.url, events: ['shipment.created'] } });
      rx.trust(w.body.secret);
      const codes = (
        await Promise.all(Array.from({ length: 60 }, (_, i) => createShipment(i % 2 ? one : two, token)))
      ).map((b) => b.code as string);
      await expect.poll(() => rx.delivered().size, { timeout: 20_000 }).toBe(codes.length);
      await new Promise((r) => setTimeout(r, 700));
      // Receivers that answer at once get no duplicate at all: no message was taken by both stations.
      expect(rx.received).toHaveLength(codes.length);
      expectEveryMessageOnce(rx, codes);
    } finally {
      await two.stop();
      await one.stop();
      await rx.close();
    }
    // Two stations to start and 60 creates on a loaded machine: 29 s when it passed, past the default 30 s when not.
  }, 90_000);
});
