import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumMissing, launchChromium } from '../helpers/browser.js';
import { ALL_PERMISSIONS, ROOT, startStation, type Station } from '../helpers/station.js';
import { shipmentBody } from '../helpers/fixtures.js';
import { startReceiver, type Receiver } from '../webhooks/receiver.js';

if (chromiumMissing) console.warn(`skipping browser tests: ${chromiumMissing}`);

const SHOTS = join(ROOT, 'test-results', 'screenshots');

describe.skipIf(!!chromiumMissing)('Settings → Webhooks in the desk, by keyboard', () => {
  let s: Station;
  let browser: Browser;
  let token: string;
  let page: Page;
  let rx: Receiver;
  const section = () => page.getByRole('region', { name: 'Webhooks' });
  const shoot = async (name: string) => {
    for (const [w, h] of [
      [1366, 768],
      [1920, 1080],
    ]) {
      await page.setViewportSize({ width: w!, height: h! });
      await section().scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SHOTS, `${name}-${w}x${h}.png`) });
    }
  };

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    let refused = 0;
    // Refuses the first message it gets (so one delivery shows as pending, then retried), takes the rest.
    rx = await startReceiver({ answer: () => (refused++ === 0 ? 503 : 204) });
    s = await startStation({ env: { STATION_WEBHOOK_HOSTS: '127.0.0.1', STATION_WEBHOOK_RETRY_MS: '60000' } });
    token = await s.token(await s.account('desk'), [...ALL_PERMISSIONS]);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    await page.goto(`${new URL(s.url).origin}/#token=${token}`);
    await page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: 'Settings' }).click();
  });
  afterAll(async () => {
    await browser?.close();
    await s?.stop();
    await rx?.close();
  });

  it('adds a webhook from the keyboard: a refused address is named at its field, the secret shown once', async () => {
    const form = section().getByRole('form', { name: 'Add webhook' });
    await expect.poll(() => section().getByText('No webhooks yet.').count()).toBe(1);
    await form.getByLabel('Address (URL)').focus();
    // An address is pasted: typed in a scanner's burst of keys it would be a scan (renderer/src/operator/scanner.ts).
    await page.keyboard.insertText('https://10.0.0.1/hooks');
    await page.keyboard.press('Enter');
    await expect.poll(() => form.locator('.field.invalid').textContent()).toContain('private or local network');
    await shoot('webhooks-refused');
    await form.getByLabel('Address (URL)').fill('');
    await page.keyboard.insertText(rx.url);
    await page.keyboard.press('Tab');
    await page.keyboard.type('ERP');
    await page.keyboard.press('Enter');
    const secret = section().getByRole('region', { name: 'Signing secret' });
    await expect.poll(() => secret.locator('code').textContent()).toMatch(/^whsec_/);
    rx.trust((await secret.locator('code').textContent())!);
    const [made] = (await s.request('GET', '/webhooks', { token })).body.data;
    expect(made).toMatchObject({
      url: rx.url,
      description: 'ERP',
      events: ['shipment.created', 'shipment.status_changed'],
    });
    await shoot('webhooks-added');
    await secret.getByRole('button', { name: 'Close' }).press('Enter');
    expect(await secret.count()).toBe(0);
  });

  it('sends a test event, shows each delivery with its state, retries one', async () => {
    const item = section().getByRole('listitem').filter({ hasText: rx.url });
    await item.getByRole('button', { name: 'Send a test event' }).press('Enter');
    const table = section().getByRole('table', { name: `Deliveries to ${rx.url}` });
    // The receiver refused the first: pending, its answer shown, the next try an hour away at this pace.
    await expect.poll(() => table.textContent(), { timeout: 15_000 }).toContain('HTTP 503');
    expect(await table.textContent()).toContain('Pending');
    await shoot('webhooks-pending');
    await table.getByRole('button', { name: /^Retry webhook.test/ }).press('Enter');
    await expect.poll(() => table.textContent(), { timeout: 15_000 }).toContain('Delivered');
    expect(rx.received.map((r) => r.payload.type)).toEqual(['webhook.test', 'webhook.test']);
    expect(rx.received.every((r) => r.verified)).toBe(true);
    expect(new Set(rx.received.map((r) => r.id)).size).toBe(1);
    await shoot('webhooks-deliveries');
  });

  it('pages the deliveries a stopped endpoint keeps, says how many, and sends them once started again', async () => {
    const [hook] = (await s.request('GET', '/webhooks', { token })).body.data;
    await s.request('PUT', `/webhooks/${hook.id}`, {
      token,
      body: { url: hook.url, events: hook.events, description: hook.description, enabled: false },
    });
    const codes: string[] = [];
    for (let i = 0; i < 23; i++)
      codes.push((await s.request('POST', '/shipments', { token, body: shipmentBody() })).body.code);
    const item = section().getByRole('listitem').filter({ hasText: rx.url });
    await page.reload();
    await expect.poll(() => item.textContent()).toContain('Stopped');
    await item.getByRole('button', { name: 'Deliveries' }).press('Enter');
    // 23 held and the test event: two pages of 20, the newest first.
    await expect.poll(() => item.textContent()).toContain('24 in all, the newest first');
    const pages = item.getByRole('navigation', { name: `Pages of the deliveries to ${rx.url}` });
    expect(await pages.textContent()).toContain('Page 1 of 2');
    // They wait for the endpoint, not for a time: no "next try" in the past.
    expect(await item.getByRole('row').nth(1).textContent()).toContain('after “Send again”');
    // A retry would send nothing while it is stopped: only the delivered test event offers one.
    expect(await item.getByRole('button', { name: /^Retry shipment.created/ }).count()).toBe(0);
    await shoot('webhooks-held');
    await pages.getByRole('button', { name: 'Next' }).press('Enter');
    const table = item.getByRole('table', { name: `Deliveries to ${rx.url}` });
    await expect.poll(() => table.textContent()).toContain('webhook.test');
    expect(await table.getByRole('row').count()).toBe(1 + 4);
    await item.screenshot({ path: join(SHOTS, 'webhooks-held-older.png') });
    await item.getByRole('button', { name: 'Send again' }).press('Enter');
    await expect.poll(() => rx.delivered().size, { timeout: 20_000 }).toBe(1 + codes.length);
  });

  it('rotates the secret after asking, then removes the webhook after asking; in Spanish too', async () => {
    const item = section().getByRole('listitem').filter({ hasText: rx.url });
    await item.getByRole('button', { name: 'Rotate secret' }).press('Enter');
    const ask = page.getByRole('dialog', { name: 'Rotate the signing secret?' });
    await ask.getByRole('button', { name: 'Rotate secret' }).press('Enter');
    const secret = section().getByRole('region', { name: 'Signing secret' });
    await expect.poll(() => secret.locator('code').textContent()).toMatch(/^whsec_/);
    await expect.poll(() => item.textContent()).toContain('The previous secret also signs until');

    await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
    const es = page.getByRole('region', { name: 'Webhooks' });
    await expect.poll(() => es.getByRole('button', { name: 'Enviar un evento de prueba' }).count()).toBe(1);
    await shoot('webhooks-es');
    await page.getByRole('combobox', { name: 'Idioma' }).selectOption('en');

    await item.getByRole('button', { name: `Remove webhook ${rx.url}` }).press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Remove this webhook?' });
    // Focus starts on Cancel: Escape leaves everything as it was.
    await page.keyboard.press('Escape');
    expect((await s.request('GET', '/webhooks', { token })).body.data).toHaveLength(1);
    await item.getByRole('button', { name: `Remove webhook ${rx.url}` }).press('Enter');
    await confirm.getByRole('button', { name: 'Remove' }).press('Enter');
    await expect.poll(() => section().getByText('No webhooks yet.').count()).toBe(1);
    expect((await s.request('GET', '/webhooks', { token })).body.data).toEqual([]);
  });
});
