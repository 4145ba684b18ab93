import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumMissing, launchChromium } from '../helpers/browser.js';
import { directAccount } from '../helpers/fixtures.js';
import { ROOT, startStation, type Station } from '../helpers/station.js';
import { someOrders, tiendanube } from '../imports/exports.js';
import { socatMissing, startFakeScale, type FakeProtocol, type FakeScale } from '../scale/fake-scale.js';
import { waitingForScan } from './pack-loop.js';

const missing = chromiumMissing ?? socatMissing;
if (missing) console.warn(`skipping the scale at Pack in the browser: ${missing}`);

const SHOTS = join(ROOT, 'test-results', 'screenshots');
const SIZES = [
  [1366, 768],
  [1920, 1080],
] as const;

describe.skipIf(!!missing)("Pack's weight from a serial scale on a pseudo-terminal, in Chromium", () => {
  let s: Station;
  let browser: Browser;
  let page: Page;
  let token: string;
  const pageErrors: string[] = [];
  const form = () => page.getByRole('form', { name: 'New shipment' });
  const weight = () => form().getByRole('group', { name: 'Parcel' }).getByLabel('Weight (kg)');
  const live = () => form().getByRole('group', { name: 'Scale' });

  async function shoot(name: string) {
    mkdirSync(SHOTS, { recursive: true });
    for (const [width, height] of SIZES) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: join(SHOTS, `${name}-${width}x${height}.png`) });
    }
    await page.setViewportSize({ width: 1366, height: 768 });
  }

  async function useScale(fake: FakeScale, protocol: FakeProtocol) {
    const r = await s.request('PUT', '/station/settings', {
      token,
      body: { scale: { device: fake.device, protocol } },
    });
    expect(r.status, r.text).toBe(200);
  }

  /** A new shipment for `ref`, from the scan field: the operator's hands only. */
  async function newShipment(ref: string) {
    await backToScan();
    await page.keyboard.type(ref);
    await page.keyboard.press('Enter');
    await expect.poll(() => form().count()).toBe(1);
  }

  /** Escape leaves an open shipment or form (a filled one once the operator says so): the desk waits for a scan. */
  async function backToScan() {
    if (await waitingForScan(page)) return;
    await page.keyboard.press('Escape');
    const leave = page.getByRole('dialog', { name: /^Leave the new shipment/ });
    await expect.poll(async () => (await waitingForScan(page)) || (await leave.isVisible())).toBe(true);
    if (await leave.isVisible()) {
      // The safe answer has the focus; the other one leaves.
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
    }
    await expect.poll(() => waitingForScan(page)).toBe(true);
  }

  beforeAll(async () => {
    s = await startStation();
    token = (await directAccount(s, 'banco', ['rates.read', 'shipments.read', 'shipments.write', 'station.admin']))
      .token;
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.goto(`${new URL(s.url).origin}/#token=${token}`);
  });
  afterAll(async () => {
    await browser?.close();
    await s?.stop();
  });

  it('NCI: a stable weight fills Weight; moving and overload are said; typed by hand wins until F9; unplugged, typing goes on', async () => {
    const fake = await startFakeScale('nci');
    try {
      await useScale(fake, 'nci');
      fake.set(1.25);
      await newShipment('SCALE-NCI');
      await expect.poll(() => weight().inputValue()).toBe('1.25');
      await expect.poll(() => live().textContent()).toContain('Scale: 1.25 kg');
      // The focus is where the operator is (the receiver's name), not taken by the scale.
      expect(
        await form()
          .getByLabel('Name', { exact: true })
          .evaluate((el) => el === el.ownerDocument.activeElement),
      ).toBe(true);
      await shoot('pack-scale-stable');

      fake.set(0.8, { stable: false });
      await expect.poll(() => live().textContent()).toContain('Scale: moving… 0.8 kg');
      expect(await weight().inputValue()).toBe('1.25');
      await shoot('pack-scale-unstable');

      // The operator types a weight: a new stable reading does not overwrite it; F9 takes the scale's.
      await weight().fill('2');
      fake.set(1.5);
      await expect.poll(() => live().textContent()).toContain('Scale: 1.5 kg');
      expect(await weight().inputValue()).toBe('2');
      await page.keyboard.press('F9');
      await expect.poll(() => weight().inputValue()).toBe('1.5');

      fake.overload();
      await expect.poll(() => live().textContent()).toContain('overload');

      await fake.unplug();
      await expect.poll(() => live().textContent()).toContain('Scale disconnected');
      await shoot('pack-scale-disconnected');
      await weight().fill('3,2');
      expect(await weight().inputValue()).toBe('3,2');
    } finally {
      await fake.stop();
    }
  });

  for (const protocol of ['mt-sics', 'continuous'] as FakeProtocol[])
    it(`${protocol}: the stable weight fills Weight, unstable is said, a disconnect is said`, async () => {
      const fake = await startFakeScale(protocol);
      try {
        await useScale(fake, protocol);
        fake.set(0.75);
        await newShipment(`SCALE-${protocol}`);
        await expect.poll(() => weight().inputValue()).toBe('0.75');
        fake.set(1.1, { stable: false });
        await expect.poll(() => live().textContent()).toContain('moving');
        expect(await weight().inputValue()).toBe('0.75');
        await fake.unplug();
        await expect.poll(() => live().textContent()).toContain('Scale disconnected');
      } finally {
        await fake.stop();
      }
    });

  it('an imported order scanned at Pack takes the weight on the scale; Enter saves it and prints', async () => {
    const preset = await s.request('POST', '/presets', {
      token,
      body: { name: 'Caja', key: 'c', length: 30, width: 20, height: 10, weight: 1 },
    });
    expect(preset.status).toBe(201);
    const imported = await s.request('POST', '/shipments/import', {
      token,
      body: { text: tiendanube(someOrders('SCL-', 1)), format: 'csv', preset: 'c' },
    });
    expect(imported.status, imported.text).toBe(200);
    const fake = await startFakeScale('continuous');
    try {
      await useScale(fake, 'continuous');
      fake.set(2.35);
      await backToScan();
      await page.keyboard.type('SCL-1001');
      await page.keyboard.press('Enter');
      const parcel = page.getByRole('form', { name: 'Parcel before printing' });
      // The order's provisional weight (the preset's 1 kg) gives way to the scale's.
      await expect.poll(() => parcel.getByLabel('Weight (kg)').inputValue()).toBe('2.35');
      expect(await waitingForScan(page)).toBe(true);
      await shoot('pack-imported-order-scale');
      await page.keyboard.press('Enter');
      await expect
        .poll(async () => (await s.request('GET', '/scan?value=SCL-1001', { token })).body.shipment.dimensions.weight)
        .toBe(2.35);
    } finally {
      await fake.stop();
    }
  });

  it('Settings, Scale: the saved device and protocol, the live reading, find scales', async () => {
    const fake = await startFakeScale('mt-sics');
    try {
      await useScale(fake, 'mt-sics');
      fake.set(0.5);
      await page.getByRole('navigation').getByRole('link', { name: 'Settings', exact: true }).click();
      const section = page.getByRole('form', { name: 'Scale' });
      await expect.poll(() => section.getByLabel('Device').inputValue()).toBe(fake.device);
      expect(await section.getByLabel('Protocol').inputValue()).toBe('mt-sics');
      await expect.poll(() => section.textContent()).toContain('Scale: 0.5 kg');
      await section.getByRole('button', { name: 'Find scales' }).click();
      await expect
        .poll(() => section.textContent())
        .toMatch(/USB scales: cannot be listed here|Scales and ports found|shows no scale/);
      await section.scrollIntoViewIfNeeded();
      await shoot('settings-scale');
    } finally {
      await fake.stop();
    }
    expect(pageErrors).toEqual([]);
  });
});
