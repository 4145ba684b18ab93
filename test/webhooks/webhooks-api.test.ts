import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextKeywords } from '../../core/platform/validation.js';
import { ALL_PERMISSIONS, startStation, type Station } from '../helpers/station.js';
import { admin, createShipment, expectProblem, packageBody, postEvent, shipmentBody } from '../http/fixtures.js';
import { startReceiver, type Receiver } from './receiver.js';

/** Every event type a station sends. */
const ALL_EVENTS = [
  'shipment.created',
  'shipment.canceled',
  'shipment.status_changed',
  'label.created',
  'package.created',
  'print_job.finished',
  'manifest.created',
];

describe('webhooks: endpoints, events and signatures (station serve)', () => {
  let s: Station;
  let token: string;
  let otherToken: string;
  let narrowToken: string;
  let rx: Receiver;
  let folder: string;

  const hook = (body: object, t = token) => s.request('POST', '/webhooks', { token: t, body });

  beforeAll(async () => {
    rx = await startReceiver();
    folder = mkdtempSync(join(tmpdir(), 'webhook-prints-'));
    s = await startStation({
      env: { STATION_WEBHOOK_HOSTS: '127.0.0.1', STATION_WEBHOOK_RETRY_MS: '100' },
    });
    const a = await admin(s);
    token = (await a.token(await a.account('acme'), ALL_PERMISSIONS)).token;
    otherToken = (await a.token(await a.account('globex'), ALL_PERMISSIONS)).token;
    narrowToken = (await a.token('acme', ['shipments.read', 'shipments.write'])).token;
    await a.close();
  });
  afterAll(async () => {
    await s.stop();
    await rx.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('registers an endpoint (201) with a whsec_ secret shown once; lists and reads it without the secret', async () => {
    const r = await hook({ url: rx.url, events: ['shipment.created'], description: 'ERP' });
    expect(r.status, r.text).toBe(201);
    expect(r.body).toMatchObject({ url: rx.url, events: ['shipment.created'], description: 'ERP', enabled: true });
    expect(r.body.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
    const got = await s.request('GET', `/webhooks/${r.body.id}`, { token });
    expect(got.status).toBe(200);
    expect(got.body.secret).toBeUndefined();
    expect(got.body).toMatchObject({ id: r.body.id, url: rx.url });
    const list = await s.request('GET', '/webhooks', { token });
    expect(list.body.data.map((w: { id: number }) => w.id)).toContain(r.body.id);
    expect(JSON.stringify(list.body)).not.toContain('whsec_');
    await s.request('DELETE', `/webhooks/${r.body.id}`, { token });
  });

  it("needs webhooks.write (403 naming it); another account's endpoint is 404 and absent from its list", async () => {
    const denied = await hook({ url: rx.url, events: ['shipment.created'] }, narrowToken);
    expect(expectProblem(denied, 403, 'forbidden').permission).toBe('webhooks.write');
    const mine = (await hook({ url: rx.url, events: ['shipment.created'] })).body;
    for (const [method, path] of [
      ['GET', `/webhooks/${mine.id}`],
      ['DELETE', `/webhooks/${mine.id}`],
      ['POST', `/webhooks/${mine.id}/rotate`],
      ['GET', `/webhooks/${mine.id}/deliveries`],
      ['POST', `/webhooks/${mine.id}/test`],
    ] as const)
      expectProblem(await s.request(method, path, { token: otherToken }), 404, 'not_found');
    const put = await s.request('PUT', `/webhooks/${mine.id}`, {
      token: otherToken,
      body: { url: rx.url, events: ['label.created'] },
    });
    expectProblem(put, 404, 'not_found');
    expect((await s.request('GET', '/webhooks', { token: otherToken })).body.data).toEqual([]);
    expect((await s.request('GET', `/webhooks/${mine.id}`, { token })).body.events).toEqual(['shipment.created']);
    await s.request('DELETE', `/webhooks/${mine.id}`, { token });
  });

  it('refuses URLs into the network: metadata, private, loopback, plain http, credentials; names the field', async () => {
    for (const url of [
      'https://169.254.169.254/latest/meta-data/',
      'http://169.254.169.254/latest/meta-data/',
      'https://10.0.0.1/hook',
      'https://192.168.1.20/hook',
      'https://172.16.0.5/hook',
      'https://[::1]/hook',
      'https://[fd00:ec2::254]/hook',
      'https://[::ffff:10.0.0.1]/hook',
      'https://localhost/hook',
      'https://0.0.0.0/hook',
      'http://example.com/hook',
      'ftp://example.com/hook',
      'https://user:pw@example.com/hook',
      'not a url',
    ]) {
      const r = await hook({ url, events: ['shipment.created'] });
      const p = expectProblem(r, 400, 'validation_failed');
      expect(
        p.errors.map((e: { path: string }) => e.path),
        url,
      ).toEqual(['/url']);
    }
    const metadata = expectProblem(
      await hook({ url: 'https://169.254.169.254/', events: ['label.created'] }),
      400,
      'validation_failed',
    );
    expect(metadata.errors[0].params).toEqual({ reason: 'private_address', address: '169.254.169.254' });
    expectProblem(await hook({ url: rx.url, events: [] }), 400, 'validation_failed');
    expectProblem(await hook({ url: rx.url, events: ['shipment.lost'] }), 400, 'validation_failed');
  });

  it('sends every event type, each verified by standardwebhooks, body {id, type, timestamp, data} as documented for its type', async () => {
    const created = await hook({ url: rx.url, events: ALL_EVENTS });
    rx.trust(created.body.secret);
    const printer = await s.request('POST', '/printers', {
      token,
      body: { name: 'files', driver: 'file', connection: folder },
    });
    expect(printer.status, printer.text).toBe(201);

    const a = await createShipment(s, token);
    const pkg = await s.request('POST', `/shipments/${a.code}/packages`, { token, body: packageBody() });
    expect(pkg.status, pkg.text).toBe(201);
    const label = await s.request('GET', `/labels?code=${a.code}`, { token });
    expect(label.status, label.text).toBe(200);
    const job = await s.request('POST', '/print-jobs', {
      token,
      body: { codes: [a.code], printer: 'files', reprint: true },
    });
    expect(job.status, job.text).toBe(202);
    const b = await createShipment(s, token);
    const manifest = await s.request('POST', '/manifests', { token, body: { codes: [a.code] } });
    expect(manifest.status, manifest.text).toBe(201);
    expect((await postEvent(s, token, a.code, { status: 'TO_DELIVER' })).status).toBe(201);
    expect((await s.request('POST', `/shipments/${b.code}/cancel`, { token })).status).toBe(200);

    await expect
      .poll(() => new Set(rx.received.map((r) => r.payload.type)), { timeout: 15_000 })
      .toEqual(new Set(ALL_EVENTS));
    await expect.poll(() => rx.received.filter((r) => r.payload.type === 'shipment.created').length).toBe(2);
    for (const r of rx.received) {
      expect(r.verified, r.body).toBe(true);
      expect(Object.keys(r.payload)).toEqual(['id', 'type', 'timestamp', 'data']);
      // The event's id is in the body too, for a receiver that keeps only the body: the webhook-id header's.
      expect(r.payload.id).toBe(r.id);
      expect(r.payload.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(r.id).toMatch(/^msg_/);
      expect(r.signature).toMatch(/^v1,[A-Za-z0-9+/=]+$/);
    }
    // Each message conforms to the schema the served document gives its type, and to no other type's.
    const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
    ajv.addVocabulary(nextKeywords);
    const { components } = (await s.request('GET', '/openapi.json')).body;
    // Added once and compiled once: the messages are checked against its components without compiling them again.
    ajv.addSchema({ $id: 'doc', components });
    const documented = ajv.getSchema('doc#/components/schemas/WebhookMessage')!;
    const mapping: Record<string, string> = components.schemas.WebhookMessage.discriminator.mapping;
    for (const r of rx.received) {
      expect(documented(r.payload), `${r.body}: ${ajv.errorsText(documented.errors)}`).toBe(true);
      expect(ajv.getSchema(`doc${mapping[r.payload.type]}`)!(r.payload), r.payload.type).toBe(true);
      const as = r.payload.type === 'print_job.finished' ? 'manifest.created' : 'print_job.finished';
      expect(documented({ ...r.payload, type: as }), `${r.payload.type} as ${as}`).toBe(false);
    }
    const of = (type: string) => rx.received.filter((r) => r.payload.type === type).map((r) => r.payload.data);
    expect(of('shipment.created').map((d) => d.code)).toEqual(expect.arrayContaining([a.code, b.code]));
    expect(of('package.created')[0]).toMatchObject({ code: pkg.body.code, twin: a.code, number: 1 });
    expect(of('label.created')[0]).toMatchObject({ code: a.code });
    expect(of('label.created')[0].labelled_at).not.toBeNull();
    expect(of('print_job.finished')[0]).toMatchObject({ id: job.body.id, state: 'done' });
    expect(of('manifest.created')[0]).toMatchObject({ id: manifest.body.id, codes: [a.code], pieces: 1 });
    const moves = of('shipment.status_changed');
    expect(moves.map((m) => [m.shipment.code, m.event.status])).toEqual(
      expect.arrayContaining([
        [a.code, 'COLLECTED'],
        [a.code, 'TO_DELIVER'],
        [b.code, 'CANCELED'],
      ]),
    );
    expect(moves.find((m) => m.event.status === 'TO_DELIVER').shipment.status).toBe('TO_DELIVER');
    expect(of('shipment.canceled')).toEqual([expect.objectContaining({ code: b.code, status: 'CANCELED' })]);
    // A label printed again is no new label.created.
    await s.request('GET', `/labels?code=${a.code}&printer=PDF_A4`, { token });
    await createShipment(s, token);
    await expect.poll(() => rx.received.filter((r) => r.payload.type === 'shipment.created').length).toBe(3);
    expect(of('label.created')).toHaveLength(1);

    const list = () => s.request('GET', `/webhooks/${created.body.id}/deliveries?size=100`, { token });
    // Results are written a moment after the receiver answers (several in one commit).
    await expect
      .poll(async () => (await list()).body.data.every((d: { state: string }) => d.state === 'delivered'))
      .toBe(true);
    const deliveries = await list();
    expect(deliveries.status).toBe(200);
    expect(deliveries.body.items).toBe(rx.received.length);
    for (const d of deliveries.body.data) {
      expect(d).toMatchObject({ state: 'delivered', attempts: 1, last_status: 204, next_attempt_at: null });
      expect(rx.received.find((r) => r.id === d.message_id)?.payload).toEqual(d.payload);
    }
    await s.request('DELETE', `/webhooks/${created.body.id}`, { token });
    // Every feature's change, delivered, then the document's schemas compiled (a second): past 30 s on a loaded machine.
  }, 60_000);

  it('sends only what an endpoint subscribes to, only for its account', async () => {
    const own = await startReceiver();
    const w = await hook({ url: own.url, events: ['package.created'] });
    own.trust(w.body.secret);
    const other = await startReceiver();
    const o = await hook({ url: other.url, events: ALL_EVENTS }, otherToken);
    other.trust(o.body.secret);
    const a = await createShipment(s, token);
    await s.request('POST', `/shipments/${a.code}/packages`, { token, body: packageBody() });
    await expect.poll(() => own.received.length).toBe(1);
    expect(own.received[0]!.payload.type).toBe('package.created');
    const theirs = await createShipment(s, otherToken);
    await expect.poll(() => other.received.length).toBe(1);
    expect(other.received[0]!.payload.data.code).toBe(theirs.code);
    expect(own.received).toHaveLength(1);
    await own.close();
    await other.close();
  });

  it('rotates: the new secret signs, the old one beside it for 24 h; a test event; a retry keeps its webhook-id', async () => {
    const w = (await hook({ url: rx.url, events: ['shipment.created'] })).body;
    const before = rx.received.length;
    const rotated = await s.request('POST', `/webhooks/${w.id}/rotate`, { token });
    expect(rotated.status, rotated.text).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(w.secret);
    const until = Date.parse(rotated.body.previous_secret_until);
    expect(until - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    expect(until - Date.now()).toBeLessThanOrEqual(24 * 3600_000);

    // A receiver that still has only the old secret, and one that has only the new: both verify.
    const oldOnly = await startReceiver();
    oldOnly.trust(w.secret);
    const newOnly = await startReceiver();
    newOnly.trust(rotated.body.secret);
    const test = await s.request('POST', `/webhooks/${w.id}/test`, { token });
    expect(test.status, test.text).toBe(202);
    expect(test.body).toMatchObject({ type: 'webhook.test', state: 'pending' });
    await expect.poll(() => rx.received.length).toBe(before + 1);
    const sent = rx.received.at(-1)!;
    expect(sent.payload.type).toBe('webhook.test');
    expect(sent.signature.split(' ')).toHaveLength(2);
    for (const r of [oldOnly, newOnly]) {
      const res = await fetch(r.url, {
        method: 'POST',
        headers: { 'webhook-id': sent.id, 'webhook-timestamp': sent.timestamp, 'webhook-signature': sent.signature },
        body: sent.body,
      });
      expect(res.status).toBe(204);
      expect(r.received[0]!.verified).toBe(true);
      await r.close();
    }

    const latest = async () => (await s.request('GET', `/webhooks/${w.id}/deliveries`, { token })).body.data[0];
    await expect.poll(latest).toMatchObject({ id: test.body.id, state: 'delivered', attempts: 1 });
    const retried = await s.request('POST', `/webhooks/${w.id}/deliveries/${test.body.id}/retry`, { token });
    expect(retried.status, retried.text).toBe(202);
    expect(retried.body).toMatchObject({ state: 'pending', attempts: 1 });
    await expect.poll(() => rx.received.length).toBe(before + 2);
    expect(rx.received.at(-1)!.id).toBe(sent.id);
    expect(rx.received.at(-1)!.payload.id).toBe(sent.id);
    expect(sent.payload.id).toBe(sent.id);
    await expect.poll(latest).toMatchObject({ id: test.body.id, state: 'delivered', attempts: 2 });
    expectProblem(await s.request('POST', `/webhooks/${w.id}/deliveries/999999/retry`, { token }), 404, 'not_found');
    await s.request('DELETE', `/webhooks/${w.id}`, { token });
  });

  it('a change that does not happen announces nothing: a refused create, a second cancel', async () => {
    const own = await startReceiver();
    const w = await hook({ url: own.url, events: ['shipment.created', 'shipment.canceled'] });
    own.trust(w.body.secret);
    const a = await createShipment(s, token);
    const again = await s.request('POST', '/shipments', { token, body: { ...shipmentBody(), ref: a.ref } });
    expectProblem(again, 409, 'duplicate_ref');
    await s.request('POST', `/shipments/${a.code}/cancel`, { token });
    await s.request('POST', `/shipments/${a.code}/cancel`, { token });
    await expect.poll(() => own.received.length).toBe(2);
    await new Promise((r) => setTimeout(r, 700));
    expect(own.received.map((r) => [r.payload.type, r.payload.data.code])).toEqual([
      ['shipment.created', a.code],
      ['shipment.canceled', a.code],
    ]);
    await own.close();
    await s.request('DELETE', `/webhooks/${w.body.id}`, { token });
  });

  it('PATCH changes only the members sent: {"enabled": false} pauses, {"enabled": true} sends again; PUT needs them all', async () => {
    // A receiver of its own: what other endpoints of the account send is not counted here.
    const own = await startReceiver();
    const w = (await hook({ url: own.url, events: ['shipment.created'], description: 'ERP' })).body;
    own.trust(w.secret);
    // PUT replaces the whole endpoint: `enabled` alone is a 400 naming what it lacks.
    const put = await s.request('PUT', `/webhooks/${w.id}`, { token, body: { enabled: true } });
    expect(expectProblem(put, 400, 'validation_failed').errors.map((e: { path: string }) => e.path)).toEqual(
      expect.arrayContaining(['/url', '/events']),
    );
    const patch = (body: object, t = token) => s.request('PATCH', `/webhooks/${w.id}`, { token: t, body });

    const paused = await patch({ enabled: false });
    expect(paused.status, paused.text).toBe(200);
    expect(paused.body).toMatchObject({
      url: own.url,
      events: ['shipment.created'],
      description: 'ERP',
      enabled: false,
      disabled_reason: 'disabled',
    });
    const waiting = await createShipment(s, token);
    const resumed = await patch({ enabled: true });
    expect(resumed.body).toMatchObject({ enabled: true, disabled_reason: null, description: 'ERP' });
    await expect.poll(() => own.received.map((r) => r.payload.data.code)).toEqual([waiting.code]);
    expect(own.received[0]!.verified).toBe(true);

    const changed = await patch({ events: ['label.created'], description: null });
    expect(changed.body).toMatchObject({ url: own.url, events: ['label.created'], description: null, enabled: true });
    expect((await s.request('GET', `/webhooks/${w.id}`, { token })).body).toMatchObject(changed.body);
    // Each member is checked as on create; an unknown one is refused; nothing of a refused PATCH is written.
    const bad = await patch({ url: 'https://10.0.0.1/', events: [] });
    expect(expectProblem(bad, 400, 'validation_failed').errors.map((e: { path: string }) => e.path)).toEqual(
      expect.arrayContaining(['/events']),
    );
    expectProblem(await patch({ url: 'https://10.0.0.1/' }), 400, 'validation_failed');
    expectProblem(await patch({ colour: 'red' }), 400, 'validation_failed');
    expect((await s.request('GET', `/webhooks/${w.id}`, { token })).body).toMatchObject(changed.body);
    expectProblem(await patch({ enabled: true }, narrowToken), 403, 'forbidden');
    expectProblem(await patch({ enabled: true }, otherToken), 404, 'not_found');
    await s.request('DELETE', `/webhooks/${w.id}`, { token });
    await own.close();
  });

  it('PUT replaces url, events and description; DELETE removes it and its deliveries', async () => {
    const w = (await hook({ url: rx.url, events: ['shipment.created'], description: 'one' })).body;
    const put = await s.request('PUT', `/webhooks/${w.id}`, {
      token,
      body: { url: `${rx.url}?v=2`, events: ['label.created', 'manifest.created'] },
    });
    expect(put.status, put.text).toBe(200);
    expect(put.body).toMatchObject({
      url: `${rx.url}?v=2`,
      events: ['label.created', 'manifest.created'],
      description: null,
    });
    expectProblem(
      await s.request('PUT', `/webhooks/${w.id}`, {
        token,
        body: { url: 'https://10.0.0.1/', events: ['label.created'] },
      }),
      400,
      'validation_failed',
    );
    const del = await s.request('DELETE', `/webhooks/${w.id}`, { token });
    expect(del.body).toEqual({ id: w.id, deleted: true });
    expectProblem(await s.request('GET', `/webhooks/${w.id}`, { token }), 404, 'not_found');
  });
});
