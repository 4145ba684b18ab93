import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directAccount } from '../helpers/fixtures.js';
import { startStation, type Station } from '../helpers/station.js';
import { socatMissing, startFakeScale, type FakeProtocol, type FakeScaleOptions } from './fake-scale.js';

if (socatMissing) console.warn(`skipping the serial scale tests: ${socatMissing}`);

describe.skipIf(!!socatMissing)('GET /scale: a serial scale on a pseudo-terminal, through serialport', () => {
  let s: Station;
  let admin: string;
  let reader: string;
  const scale = async () => (await s.request('GET', '/scale', { token: reader })).body;

  beforeAll(async () => {
    s = await startStation();
    admin = (await directAccount(s, 'lead', ['shipments.read', 'station.admin'])).token;
    reader = (await directAccount(s, 'desk', ['shipments.read'])).token;
  });
  afterAll(() => s.stop());

  it('reads disconnected, saying why, while no scale is configured', async () => {
    expect(await scale()).toMatchObject({
      state: 'disconnected',
      weight_kg: null,
      stable: false,
      device: null,
      reason: expect.stringMatching(/no scale is configured/),
    });
  });

  const kinds: Array<[string, FakeProtocol, FakeScaleOptions]> = [
    ['nci', 'nci', {}],
    // NCI 7800/7821, Brecknell 3700LP: `hh` without the S; a moving weight must not read as stable.
    ['nci, status bytes alone on their line', 'nci', { nciBareStatus: true }],
    ['mt-sics', 'mt-sics', {}],
    ['continuous', 'continuous', {}],
  ];
  for (const [kind, protocol, opts] of kinds)
    it(`${kind}: the weight, unstable, overload, and disconnected when the scale goes away`, async () => {
      const fake = await startFakeScale(protocol, undefined, opts);
      try {
        const put = await s.request('PUT', '/station/settings', {
          token: admin,
          body: { scale: { device: fake.device, protocol } },
        });
        expect(put.status, put.text).toBe(200);
        expect(put.body.scale).toEqual({ device: fake.device, protocol });

        fake.set(1.25);
        await expect.poll(scale).toMatchObject({ state: 'ok', stable: true, weight_kg: 1.25, protocol });
        fake.set(0.8, { stable: false });
        await expect.poll(scale).toMatchObject({ state: 'unstable', stable: false, weight_kg: 0.8 });
        fake.overload();
        await expect.poll(scale).toMatchObject({ state: 'overload', weight_kg: null });
        if (protocol !== 'continuous') expect(fake.asked()).toBeGreaterThan(2);

        await fake.unplug();
        await expect.poll(scale).toMatchObject({ state: 'disconnected', weight_kg: null, reason: expect.any(String) });
      } finally {
        await fake.stop();
      }
    });

  it('a scale plugged back in at the same place is read again by itself', async () => {
    const fake = await startFakeScale('continuous');
    await s.request('PUT', '/station/settings', {
      token: admin,
      body: { scale: { device: fake.device, protocol: 'continuous' } },
    });
    fake.set(2);
    await expect.poll(scale).toMatchObject({ state: 'ok', weight_kg: 2 });
    await fake.unplug();
    await expect.poll(scale).toMatchObject({ state: 'disconnected' });
    // The same device path again (a new socat pair there), and no change of setting: the station finds it.
    const back = await startFakeScale('continuous', fake.dir);
    try {
      back.set(3.5);
      await expect.poll(scale).toMatchObject({ state: 'ok', weight_kg: 3.5, device: fake.device });
    } finally {
      await back.stop();
    }
  });

  it('the setting is the station admin’s, reading is anyone’s with shipments.read; find scales answers', async () => {
    const refused = await s.request('PUT', '/station/settings', {
      token: reader,
      body: { scale: { device: '/dev/ttyUSB0', protocol: 'nci' } },
    });
    expect(refused.status).toBe(403);
    const bad = await s.request('PUT', '/station/settings', {
      token: admin,
      body: { scale: { device: '/dev/ttyUSB0', protocol: 'morse' } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].path).toBe('/scale/protocol');
    const found = await s.request('GET', '/scale/devices', { token: admin });
    expect(found.status).toBe(200);
    expect(Array.isArray(found.body.data)).toBe(true);
    const off = await s.request('PUT', '/station/settings', { token: admin, body: { scale: null } });
    expect(off.body.scale).toBeNull();
    expect(await scale()).toMatchObject({ state: 'disconnected', device: null });
  });
});

describe('a station without the native scale packages', () => {
  let s: Station;
  let admin: string;

  beforeAll(async () => {
    s = await startStation({
      env: { NODE_OPTIONS: `--import ${new URL('./without-native.js', import.meta.url).pathname}` },
    });
    admin = (await directAccount(s, 'lead', ['shipments.read', 'station.admin'])).token;
  });
  afterAll(() => s.stop());

  it('starts, and its scale reads disconnected with the reason; find scales says what it cannot ask', async () => {
    await s.request('PUT', '/station/settings', {
      token: admin,
      body: { scale: { device: '/dev/ttyUSB0', protocol: 'nci' } },
    });
    await expect
      .poll(async () => (await s.request('GET', '/scale', { token: admin })).body)
      .toMatchObject({
        state: 'disconnected',
        reason: expect.stringMatching(/serialport package could not be loaded/),
      });
    const found = (await s.request('GET', '/scale/devices', { token: admin })).body;
    expect(found.unavailable.map((u: { kind: string }) => u.kind)).toContain('hid');
    expect(found.unavailable.find((u: { kind: string }) => u.kind === 'hid').reason).toMatch(/node-hid/);
  });
});
