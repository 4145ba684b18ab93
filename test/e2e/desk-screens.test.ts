import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, startStation, type Station } from '../helpers/station.js';
import { chromiumMissing, launchChromium } from '../helpers/browser.js';
import { shipmentBody } from '../helpers/fixtures.js';
import { startSink, type Sink } from '../print/sink.js';

if (chromiumMissing) console.warn(`skipping browser tests: ${chromiumMissing}`);

const SHOTS = join(ROOT, 'test-results', 'screenshots');

describe.skipIf(!!chromiumMissing)('the desk screens, through the UI', () => {
  let s: Station;
  let browser: Browser;
  let token: string;
  let sink: Sink;
  let page: Page;
  const nav = (name: string) => page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name });

  beforeAll(async () => {
    sink = await startSink('zpl');
    s = await startStation({ env: { STATION_PRINTER_PORTS: String(sink.port) } });
    token = await s.token(await s.account('desk'), [
      'shipments.read',
      'shipments.write',
      'rates.read',
      'station.admin',
    ]);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    await page.goto(`${new URL(s.url).origin}/#token=${token}`);
  });
  afterAll(async () => {
    await browser?.close();
    await s?.stop();
    await sink?.stop();
  });

  it('adds a printer on the Printers screen, prints a test page, and shows it online and the A7 default', async () => {
    await nav('Printers').click();
    expect(new URL(page.url()).hash).toBe('#/printers');
    await page.getByRole('button', { name: 'Add printer' }).click();
    const form = page.getByRole('form', { name: 'New printer' });
    await form.getByLabel('Printer name').fill('zebra');
    await form.getByLabel('Driver').selectOption('zpl');
    await form.getByLabel('Default for').selectOption('PDF_A7');
    await form.getByRole('button', { name: 'Save printer' }).click();
    // The service's refusal is shown beside the field, in the operator's words, and nothing is saved.
    await expect.poll(() => form.locator('.field.invalid').textContent()).toContain('ConnectionRequired');
    expect((await s.request('GET', '/printers', { token })).body.data).toEqual([]);
    await form.getByLabel('Connection').fill(`tcp://127.0.0.1:${sink.port}`);
    await form.getByRole('button', { name: 'Save printer' }).click();
    const row = page.getByRole('table', { name: 'Printers' }).getByRole('row', { name: /zebra/ });
    await expect.poll(() => row.textContent()).toContain('A7 label');
    await expect.poll(() => row.textContent()).toContain('Online');
    await row.getByRole('button', { name: 'Test page' }).click();
    await expect.poll(() => page.getByText('zebra printed the test page.').count()).toBe(1);
    expect(sink.jobs.length).toBeGreaterThanOrEqual(1);
  });

  it('the queue lists a job with its progress, filters by state and reprints from the UI', async () => {
    const created = await s.request('POST', '/shipments', { token, body: shipmentBody() });
    const job = await s.request('POST', '/print-jobs', { token, body: { codes: [created.body.code] } });
    expect(job.status).toBe(202);
    const queue = page.getByRole('region', { name: 'Print queue' });
    const row = queue.getByRole('row', { name: `Print job ${job.body.id}` });
    await expect.poll(() => row.textContent(), { timeout: 20_000 }).toContain('Printed');
    const before = sink.jobs.length;
    await row.getByRole('button', { name: 'Reprint' }).click();
    await expect.poll(() => sink.jobs.length, { timeout: 20_000 }).toBe(before + 1);
    await queue.getByLabel('Show').selectOption('failed');
    expect(new URL(page.url()).hash).toBe('#/printers?state=failed');
    await expect.poll(() => queue.getByRole('row', { name: /^Print job / }).count()).toBe(0);
    await queue.getByLabel('Show').selectOption('');
    await expect.poll(() => queue.getByRole('row', { name: /^Print job / }).count()).toBe(2);
  });

  it('a label cut off mid-print waits in the queue for the operator, who has it printed again, once', async () => {
    const created = await s.request('POST', '/shipments', { token, body: shipmentBody() });
    const before = sink.jobs.length;
    // The printer goes off while the label's bytes arrive: they may or may not have printed, so nobody resends them.
    sink.powerCutDuringNextJob(300);
    const job = await s.request('POST', '/print-jobs', { token, body: { codes: [created.body.code] } });
    await nav('Printers').click();
    const row = page
      .getByRole('region', { name: 'Print queue' })
      .getByRole('row', { name: `Print job ${job.body.id}` });
    await expect.poll(() => row.textContent(), { timeout: 20_000 }).toContain('Waiting for your answer');
    await expect.poll(() => row.getByRole('button', { name: 'It printed' }).count()).toBe(1);
    await page.screenshot({ path: join(SHOTS, 'queue-unconfirmed-1366x768.png') });
    expect(sink.jobs.length).toBe(before);
    await row.getByRole('button', { name: 'Print again' }).click();
    await expect.poll(() => row.textContent(), { timeout: 20_000 }).toContain('Printed');
    expect(sink.jobs.length).toBe(before + 1);
  });

  it('Settings: a second default sender, a preset, a refused rate card shown by place, the time zone', async () => {
    await nav('Settings').click();
    const senders = page.getByRole('region', { name: 'Senders' });
    // The station made the first sender from the rate card's origin.
    await expect.poll(() => senders.getByRole('list').getByRole('listitem').count()).toBe(1);
    await senders.getByRole('button', { name: 'Add sender' }).click();
    const sf = senders.getByRole('form', { name: 'Sender' });
    await sf.getByLabel('Label').fill('Depósito Rosario');
    for (const [label, value] of [
      ['Name', 'Depósito'],
      ['Street and number', 'Córdoba 1000'],
      ['City', 'Rosario'],
      ['Province', 'Santa Fe'],
      ['Postal code', '2000'],
    ])
      await sf.getByLabel(label!, { exact: true }).fill(value!);
    await sf.getByLabel('Default sender').check();
    await sf.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => senders.getByRole('listitem').filter({ hasText: 'Depósito Rosario' }).textContent())
      .toContain('default');
    expect((await s.request('GET', '/senders', { token })).body.data[0]).toMatchObject({
      label: 'Depósito Rosario',
      is_default: true,
    });

    const presets = page.getByRole('region', { name: 'Package presets' });
    await presets.getByRole('button', { name: 'Add preset' }).click();
    const pf = presets.getByRole('form', { name: 'Package preset' });
    await pf.getByLabel('Box name').fill('Caja chica');
    await pf.getByLabel('Key (a–z, 0–9)').fill('c');
    await pf.getByLabel('Length (cm)').fill('20');
    await pf.getByLabel('Width (cm)').fill('15');
    await pf.getByLabel('Height (cm)').fill('10');
    await pf.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => presets.getByRole('listitem').count()).toBe(1);
    expect((await s.request('GET', '/presets', { token })).body.data).toMatchObject([
      { key: 'c', name: 'Caja chica', length: 20 },
    ]);

    const before = (await s.request('GET', '/ratecard', { token })).body;
    await page
      .getByLabel('Rate card file (JSON)')
      .setInputFiles({ name: 'card.json', mimeType: 'application/json', buffer: Buffer.from('{"version":"x"}') });
    const report = page.getByRole('alert', { name: 'Report of Rate card file (JSON)' });
    await expect.poll(() => report.textContent()).toContain('Nothing was imported');
    expect(await report.getByRole('listitem').count()).toBeGreaterThan(0);
    expect((await s.request('GET', '/ratecard', { token })).body.version).toBe(before.version);

    const tz = page.getByRole('form', { name: 'Station time zone' });
    // A zone the service refuses: the field is marked and the cursor is back in it, as on every form.
    await tz.getByLabel('Time zone').fill('Mars/Olympus');
    await tz.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => tz.getByLabel('Time zone').evaluate((el) => el === el.ownerDocument.activeElement))
      .toBe(true);
    expect(await tz.getByLabel('Time zone').getAttribute('aria-invalid')).toBe('true');
    await tz.getByLabel('Time zone').fill('America/Argentina/Cordoba');
    await tz.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => tz.textContent()).toContain('Saved.');
    expect((await s.request('GET', '/station/settings', { token })).body.time_zone).toBe('America/Argentina/Cordoba');
  });

  it('speaks Spanish when chosen, remembers it, and every screen is screenshotted at two sizes', async () => {
    mkdirSync(SHOTS, { recursive: true });
    await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
    await expect.poll(() => page.getByRole('combobox', { name: 'Idioma' }).count()).toBe(1);
    await page.reload();
    await expect.poll(() => page.getByRole('link', { name: 'Ajustes' }).count()).toBe(1);
    await page.getByRole('combobox', { name: 'Idioma' }).selectOption('en');
    for (const [name, file] of [
      ['Pack', 'pack'],
      ['Batch', 'batch'],
      ['Shipments', 'shipments'],
      ['End of day', 'end-of-day'],
      ['Printers', 'printers'],
      ['Credentials', 'credentials'],
      ['Settings', 'settings'],
    ]) {
      await nav(name!).click();
      // A client-side route change is no page load, so "network idle" held already: the picture waits for the
      // screen itself, shown (its link current) and with nothing left loading.
      await expect.poll(() => nav(name!).getAttribute('aria-current')).toBe('page');
      await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
      for (const [w, h] of [
        [1366, 768],
        [1920, 1080],
      ]) {
        await page.setViewportSize({ width: w!, height: h! });
        await page.screenshot({ path: join(SHOTS, `${file}-${w}x${h}.png`) });
      }
    }
    // Pack with a new shipment open, the form the operator spends the day in.
    await nav('Pack').click();
    await page.getByRole('textbox', { name: 'Scan' }).fill('ORD-SHOT');
    await page.keyboard.press('Enter');
    await page.getByRole('form', { name: 'New shipment' }).getByLabel('Name').waitFor();
    for (const [w, h] of [
      [1366, 768],
      [1920, 1080],
    ]) {
      await page.setViewportSize({ width: w!, height: h! });
      await page.screenshot({ path: join(SHOTS, `pack-new-${w}x${h}.png`) });
    }
  });
});
