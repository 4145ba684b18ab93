import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { mkdirSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStation, ROOT, type Station } from '../helpers/station.js';
import { chromiumMissing, launchChromium } from '../helpers/browser.js';
import { directAccount, shipmentBody } from '../helpers/fixtures.js';

if (chromiumMissing) console.warn(`skipping browser tests: ${chromiumMissing}`);

describe.skipIf(!!chromiumMissing)('the desk UI served by `station serve`, in Chromium', () => {
  let s: Station;
  let browser: Browser;
  let token: string;
  const origin = () => new URL(s.url).origin;

  beforeAll(async () => {
    s = await startStation();
    const acc = await s.account('desk');
    token = await s.token(acc, ['shipments.read', 'shipments.write', 'events.read', 'rates.read']);
    for (const [ref, name, city] of [
      ['ORD-100', 'José Pérez', 'Rosario'],
      ['ORD-101', 'Zoë Müller', 'Mendoza'],
    ]) {
      const body = shipmentBody({ ref });
      (body.destination as { contact: { name: string } }).contact.name = name!;
      (body.destination as { address: { city: string } }).address.city = city!;
      expect((await s.request('POST', '/shipments', { token, body })).status).toBe(201);
    }
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await s?.stop();
  });

  it('signs in with a token, finds a shipment accent-insensitively, and cancels it', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    page.on('pageerror', (e) => problems.push(e.message));

    await page.goto(origin() + '/');
    await page.getByLabel('Access token').fill('sspat_wrong');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('access token is not valid');

    await page.getByLabel('Access token').fill(token);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: 'Shipments' }).click();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(2);

    await page.getByLabel('Search shipments').fill('zoe mull');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    await expect.poll(() => page.locator('tbody tr').first().textContent()).toContain('ORD-101');

    await page.locator('tbody tr').first().click();
    const detail = page.getByRole('complementary', { name: /^Shipment / });
    await expect.poll(() => detail.locator('.detail-status').textContent()).toContain('Waiting for pickup');
    // Canceling asks first; the confirmation says no label was printed yet.
    await page.getByRole('button', { name: 'Cancel shipment' }).click();
    const confirm = page.getByRole('dialog', { name: /^Cancel shipment / });
    expect(await confirm.textContent()).toContain('No label was printed for it yet.');
    await confirm.getByRole('button', { name: 'Cancel the shipment' }).click();
    await expect.poll(() => detail.locator('.timeline li').count()).toBe(2);
    expect(await detail.locator('.detail-status').textContent()).toContain('Canceled');

    mkdirSync(join(ROOT, 'test-results'), { recursive: true });
    await page.screenshot({ path: join(ROOT, 'test-results', 'desk-in-browser.png'), fullPage: true });
    // The 401 of the wrong token is logged by Chromium as a failed resource; nothing else may fail.
    expect(problems.filter((p) => !/status of 401/.test(p))).toEqual([]);
  });

  it('`serve --desk-link` prints a link that signs the browser in and leaves no token in the address bar', async () => {
    const desk = await startStation({ args: ['--desk-link'] });
    try {
      await expect.poll(() => desk.stderr()).toMatch(/desk UI: http:\/\/127\.0\.0\.1:\d+\/#token=sspat_\S+/);
      const link = /desk UI: (\S+)/.exec(desk.stderr())![1]!;
      const page = await browser.newPage();
      await page.goto(link);
      await page.getByRole('link', { name: 'Shipments' }).click();
      await expect.poll(() => page.locator('.count').textContent()).toBe('0 shipments');
      // The fragment now holds the view, never the token.
      expect(new URL(page.url()).hash).toBe('#/shipments');
      expect(page.url()).not.toContain('sspat_');

      // The desk's credentials section: a new token is shown once, works, and is revoked from the list.
      await page.getByRole('link', { name: 'Credentials' }).click();
      const form = page.getByRole('form', { name: 'New credential' });
      await form.getByLabel('Name').fill('web store');
      await form.getByRole('button', { name: 'Create credential' }).click();
      const shown = (await page.getByRole('region', { name: 'New token' }).locator('code').textContent())!;
      expect(shown).toMatch(/^sspat_/);
      expect((await desk.request('GET', '/shipments', { token: shown })).status).toBe(200);
      const row = page.getByRole('region', { name: 'Credentials' }).getByRole('row', { name: /web store/ });
      await row.getByRole('button', { name: 'Revoke web store' }).click();
      await page.getByRole('dialog', { name: 'Revoke “web store”?' }).getByRole('button', { name: 'Revoke' }).click();
      await expect.poll(() => row.textContent()).toContain('revoked');
      expect((await desk.request('GET', '/shipments', { token: shown })).status).toBe(401);
      await page.close();
    } finally {
      await desk.stop();
    }
  });

  it('Batch prints the whole "To label" list as one job on the thermal printer (3 of 3 accepted), and the list empties', async () => {
    const desk = await startStation();
    try {
      const { token: t } = await directAccount(desk, 'batch', ['shipments.read', 'shipments.write', 'events.read']);
      const folder = mkdtempSync(join(tmpdir(), 'desk-batch-'));
      await desk.request('POST', '/printers', {
        token: t,
        body: { name: 'sheet', driver: 'file', connection: folder, default_for: 'PDF_A7' },
      });
      for (let i = 0; i < 3; i++)
        expect((await desk.request('POST', '/shipments', { token: t, body: shipmentBody() })).status).toBe(201);

      const page = await browser.newPage();
      await page.goto(`${new URL(desk.url).origin}/#token=${t}`);
      await page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: 'Batch' }).click();
      await expect.poll(() => page.locator('tbody tr').count()).toBe(3);
      await page.getByRole('checkbox', { name: 'Select this page' }).check();
      await page.getByRole('radio', { name: 'A7 labels on the thermal printer' }).check();
      await page.getByRole('button', { name: 'Print 3 labels' }).click();
      await expect
        .poll(() => readdirSync(folder).filter((f) => f.endsWith('.pdf')).length, { timeout: 20_000 })
        .toBe(3);
      await expect
        .poll(() => page.getByRole('region', { name: 'Summary' }).textContent(), { timeout: 20_000 })
        .toContain('Printed: 3 labels');
      // Printed labels are no longer "to label": the list reloads when the job is done.
      await expect.poll(() => page.locator('tbody tr').count(), { timeout: 20_000 }).toBe(0);
      const jobs = (await desk.request('GET', '/print-jobs', { token: t })).body.data;
      expect(jobs).toHaveLength(1);
      expect(jobs[0]).toMatchObject({ state: 'done', progress: { done: 3, total: 3 } });
      await page.close();
    } finally {
      await desk.stop();
    }
  });
});
