import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumMissing, launchChromium } from '../helpers/browser.js';
import { startStation, type Station } from '../helpers/station.js';
import { encode, someOrders, woocommerce } from '../imports/exports.js';
import { decodeZpl, readSymbols } from '../print/decode.js';
import { SINK_PORTS, startSink, type Sink } from '../print/sink.js';
import { waitingForScan } from './pack-loop.js';

if (chromiumMissing) console.warn(`skipping browser tests: ${chromiumMissing}`);

/**
 * Issue 29, items 8–12 ("Found at the bench"), at the desk of `station serve --desk-link` in Chromium, with a raw
 * thermal printer sink: the desk moved from its hidden "Desk" account to the owner's, orders imported without a
 * weight weighed at Pack, an imported order made a PICKUP there, local phone numbers typed by hand, one name per method.
 */
// Each step drives the desk through a screen or two, and the first runs `station` commands: on a loaded two-core
// machine, more than the default 30 s.
describe.skipIf(!!chromiumMissing)(
  'found at the bench (issue 29, items 8–12), in Chromium',
  { timeout: 120_000 },
  () => {
    let s: Station;
    let browser: Browser;
    let page: Page;
    let a7: Sink;
    /** The owner's token of the account the desk is moved to (`station token create --account`). */
    let owner: string;
    const work = mkdtempSync(join(tmpdir(), 'desk-bench-'));
    const pageErrors: string[] = [];
    const statusText = () => page.getByRole('status').first().textContent();
    /** The desk's credential this tab works with now (the link's, then the one the move gave it). */
    const deskToken = () => page.evaluate<string>("sessionStorage.getItem('station.token')");
    const byRef = async (ref: string) =>
      (await s.request('GET', `/scan?value=${encodeURIComponent(ref)}`, { token: owner })).body.shipment;
    const nav = (name: string) =>
      page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name, exact: true }).click();
    async function scan(value: string) {
      await expect.poll(() => waitingForScan(page)).toBe(true);
      await page.keyboard.type(value);
      await page.keyboard.press('Enter');
    }

    beforeAll(async () => {
      a7 = await startSink('zpl');
      s = await startStation({ args: ['--desk-link'], env: { STATION_PRINTER_PORTS: SINK_PORTS } });
      browser = await launchChromium();
      page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
      page.on('pageerror', (e) => pageErrors.push(e.message));
    });
    afterAll(async () => {
      expect(pageErrors).toEqual([]);
      await browser?.close();
      await s?.stop();
      await a7?.stop();
      rmSync(work, { recursive: true, force: true });
    });

    it("item 10: the desk says it works in Desk; moved to the owner's account, its imports are found by the owner's token", async () => {
      await expect.poll(() => s.stderr()).toMatch(/desk UI: \S+#token=sspat_\S+/);
      await page.goto(/desk UI: (\S+)/.exec(s.stderr())![1]!);
      expect(await s.account('tienda-norte')).toBeGreaterThan(0);
      owner = await s.token('tienda-norte', ['shipments.read', 'shipments.write', 'rates.read']);

      await nav('Settings');
      const section = page.getByRole('region', { name: 'Desk account' });
      await expect.poll(() => section.textContent()).toContain('The desk works in account Desk');
      await section.getByLabel('Account').selectOption({ label: 'tienda-norte' });
      await section.getByRole('button', { name: 'Work in this account' }).press('Enter');
      await expect.poll(() => section.textContent(), { timeout: 20_000 }).toContain('works in account tienda-norte');

      // What Pack needs in this account: a box without a weight, the thermal printer.
      const token = await deskToken();
      for (const [path, body] of [
        ['/presets', { name: 'Caja sin peso', key: 's', length: 30, width: 20, height: 10 }],
        ['/printers', { name: 'bench-a7', driver: 'zpl', connection: a7.url, default_for: 'PDF_A7' }],
      ] as const) {
        const r = await s.request('POST', path, { token, body });
        expect(r.status, r.text).toBe(201);
      }
      // Made behind the desk's back, as another desk would: loaded again, it lists them (its lists are kept a minute).
      await page.reload();

      // Item 8: a WooCommerce export has no weight column; with a box that has none either, the file is imported.
      await nav('Import');
      const screen = page.getByRole('region', { name: 'Import orders' });
      const file = join(work, 'pedidos.csv');
      writeFileSync(file, encode(woocommerce(someOrders('NORTE-', 5)), 'utf-8'));
      await screen.getByLabel('Box of every order').selectOption('s');
      await screen.getByLabel('Order file').setInputFiles(file);
      const preview = screen.getByRole('region', { name: 'Preview' });
      await expect.poll(() => preview.textContent(), { timeout: 20_000 }).toContain('5 to create');
      expect(await preview.textContent()).toContain('weight at Pack');
      await screen.getByRole('button', { name: 'Import 5 orders' }).press('Enter');
      await expect
        .poll(() => screen.getByRole('region', { name: 'Import summary' }).textContent(), { timeout: 20_000 })
        .toContain('5 shipments created');

      const found = await s.request('GET', '/shipments?q=NORTE', { token: owner });
      expect(found.body.data.map((x: { ref: string }) => x.ref).sort()).toEqual(
        ['NORTE-1001', 'NORTE-1002', 'NORTE-1003', 'NORTE-1004', 'NORTE-1005'].sort(),
      );
      expect(found.body.data[0].dimensions.weight).toBeNull();
    });

    it('item 8: Pack asks for the weight of an order imported without one before its label, then prints it', async () => {
      await nav('Pack');
      await scan('NORTE-1003');
      const { code } = await byRef('NORTE-1003');
      await expect.poll(statusText).toContain('Its order gave no weight: weigh the parcel');
      await page.keyboard.press('Enter');
      const parcel = page.getByRole('form', { name: 'Parcel before printing' });
      const weight = parcel.getByLabel('Weight (kg)');
      await expect.poll(() => weight.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
      expect(await statusText()).toContain('Weigh it: its order gave no weight');
      expect(a7.jobs).toHaveLength(0);

      await page.keyboard.type('0,9');
      await page.keyboard.press('Enter');
      await expect.poll(statusText, { timeout: 20_000 }).toBe(`${code} printed on bench-a7`);
      await a7.waitForJobs(1, 5_000);
      expect(await readSymbols(decodeZpl(a7.jobs[0]!))).toContain(`CODE-128:${code}`);
      expect((await byRef('NORTE-1003')).dimensions.weight).toBe(0.9);
    });

    it("item 9: Pack shows an imported order's notes and method, and makes it a PICKUP at an office", async () => {
      await scan('NORTE-1001');
      const card = page.getByRole('region', { name: /^Shipment / });
      await expect.poll(() => card.textContent()).toContain('Notes: Tocar timbre — portería');
      expect(await card.textContent()).toContain('Shipping method: Standard');

      // Weighed first: then the methods are quoted, and PICKUP opens the office picker.
      await card.getByLabel('Weight (kg)').fill('1,2');
      const methods = card.getByRole('radiogroup', { name: 'Shipping method' });
      await methods.getByRole('radio', { name: /Pickup office/ }).check();
      const picker = page.getByRole('dialog', { name: /office/i });
      const first = picker.locator('li .btn-primary').first();
      await expect.poll(() => first.count()).toBe(1);
      await first.click();
      await expect
        .poll(() => card.getByRole('group', { name: 'Pickup office' }).textContent())
        .toMatch(/[A-Z]{3}-\d{4}/);
      await card.getByLabel('Weight (kg)').press('Enter');
      const { code } = await byRef('NORTE-1001');
      await expect.poll(statusText, { timeout: 20_000 }).toBe(`${code} printed on bench-a7`);
      const after = await byRef('NORTE-1001');
      expect(after).toMatchObject({ method: 'PICKUP', dimensions: { weight: 1.2 } });
      expect(after.office).toBeGreaterThan(0);
    });

    it('item 12: the quoted methods have the names the lists and the label use', async () => {
      await scan('BENCH-NEW-1');
      const form = page.getByRole('form', { name: 'New shipment' });
      const receiver = form.getByRole('group', { name: 'Receiver' });
      await receiver.getByLabel('Postal code').fill('X5000');
      const parcel = form.getByRole('group', { name: 'Parcel' });
      for (const [label, v] of [
        ['Weight (kg)', '1'],
        ['Length (cm)', '30'],
        ['Width (cm)', '20'],
        ['Height (cm)', '10'],
      ] as const)
        await parcel.getByLabel(label).fill(v);
      const names = form.getByRole('radiogroup', { name: 'Shipping method' }).getByRole('radio');
      await expect.poll(() => names.count()).toBeGreaterThan(1);
      const shown = await form.getByRole('radiogroup', { name: 'Shipping method' }).textContent();
      expect(shown).toContain('Standard');
      expect(shown).toContain('Pickup office');
      expect(shown).not.toMatch(/Envío a domicilio|Retiro en punto de entrega/);
    });

    it('item 11: local phone numbers typed by hand are taken as the import takes them, said while typing', async () => {
      const form = page.getByRole('form', { name: 'New shipment' });
      const phone = form.getByRole('group', { name: 'Receiver' }).getByLabel('Phone');
      await phone.fill('3515550199');
      await expect.poll(() => form.textContent()).toContain('Saved as +543515550199');
      await phone.press('Tab');
      await expect.poll(() => phone.inputValue()).toBe('+543515550199');
      await phone.fill('011 4777-1234');
      await phone.press('Tab');
      await expect.poll(() => phone.inputValue()).toBe('+541147771234');
      // No phone at all is said on leaving the field, not only when the form is sent.
      await phone.fill('llamar al portero');
      await phone.press('Tab');
      await expect.poll(() => phone.getAttribute('aria-invalid')).toBe('true');
      expect(await form.textContent()).toContain('Not a phone number');
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').getByRole('button', { name: 'Leave it' }).click();
    });

    it("item 11: a sender's province CABA and a local phone are stored as the imports store them", async () => {
      await nav('Settings');
      const senders = page.getByRole('region', { name: 'Senders' });
      await senders.getByRole('button', { name: 'Add sender' }).click();
      const form = page.getByRole('form', { name: 'Sender' });
      for (const [label, v] of [
        ['Label', 'Local Palermo'],
        ['Name', 'Tienda Norte'],
        ['Phone', '011 4777-1234'],
        ['Street and number', 'Honduras 5000'],
        ['City', 'Buenos Aires'],
        ['Province', 'CABA'],
        ['Postal code', 'C1414'],
      ] as const) {
        await form.getByLabel(label, { exact: true }).fill(v);
        await form.getByLabel(label, { exact: true }).press('Tab');
      }
      await expect.poll(() => form.getByLabel('Province').inputValue()).toBe('Ciudad Autónoma de Buenos Aires');
      await form.getByRole('button', { name: 'Save' }).click();
      await expect
        .poll(async () =>
          (await s.request('GET', '/senders', { token: owner })).body.data.map((x: { label: string }) => x.label),
        )
        .toContain('Local Palermo');
      const saved = (await s.request('GET', '/senders', { token: owner })).body.data.find(
        (x: { label: string }) => x.label === 'Local Palermo',
      );
      expect(saved).toMatchObject({
        contact: { phone: '+541147771234' },
        address: { state: 'Ciudad Autónoma de Buenos Aires' },
      });
    });
  },
);
