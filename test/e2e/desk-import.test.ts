import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumMissing, launchChromium } from '../helpers/browser.js';
import { directAccount } from '../helpers/fixtures.js';
import { ROOT, startStation, type Station } from '../helpers/station.js';
import {
  encode,
  generic,
  mercadolibre,
  someOrders,
  tiendanube,
  vtex,
  woocommerce,
  type Encoding,
  type Order,
} from '../imports/exports.js';
import { scanField, waitingForScan } from './pack-loop.js';

if (chromiumMissing) console.warn(`skipping browser tests: ${chromiumMissing}`);

const SHOTS = join(ROOT, 'test-results', 'screenshots');
const SIZES = [
  [1366, 768],
  [1920, 1080],
] as const;

describe.skipIf(!!chromiumMissing)('the Import screen and an imported order at Pack, in Chromium', () => {
  let s: Station;
  let browser: Browser;
  let page: Page;
  let token: string;
  const work = mkdtempSync(join(tmpdir(), 'desk-import-'));
  const pageErrors: string[] = [];
  const screen = () => page.getByRole('region', { name: 'Import orders' });
  const byRef = async (ref: string) =>
    (await s.request('GET', `/scan?value=${encodeURIComponent(ref)}`, { token })).body.shipment;

  async function shoot(name: string) {
    mkdirSync(SHOTS, { recursive: true });
    for (const [width, height] of SIZES) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: join(SHOTS, `${name}-${width}x${height}.png`) });
    }
    await page.setViewportSize({ width: 1366, height: 768 });
  }

  /** Writes the export as the platform would and chooses it in the file field. */
  async function choose(name: string, text: string, encoding: Encoding = 'utf-8') {
    const path = join(work, name);
    writeFileSync(path, encode(text, encoding));
    await screen().getByLabel('Order file').setInputFiles(path);
  }

  beforeAll(async () => {
    s = await startStation();
    token = (await directAccount(s, 'tienda', ['rates.read', 'shipments.read', 'shipments.write'])).token;
    const preset = await s.request('POST', '/presets', {
      token,
      body: { name: 'Caja mediana', key: 'm', length: 40, width: 30, height: 20, weight: 1.2 },
    });
    expect(preset.status).toBe(201);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.goto(`${new URL(s.url).origin}/#token=${token}`);
  });
  afterAll(async () => {
    await browser?.close();
    await s?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it('is reached from the navigation; chosen, a Tiendanube export in Windows-1252 shows its first shipments', async () => {
    await expect.poll(() => waitingForScan(page)).toBe(true);
    await page.getByRole('navigation').getByRole('link', { name: 'Import', exact: true }).click();
    expect(new URL(page.url()).hash).toBe('#/import');
    await expect.poll(() => screen().textContent()).toContain('nothing is created until you import it');
    await shoot('import-empty');

    await choose('ventas.csv', tiendanube(someOrders('DTN-')), 'windows-1252');
    const preview = screen().getByRole('region', { name: 'Preview' });
    await expect.poll(() => preview.textContent()).toContain('Tiendanube — 3 orders in 4 rows: 3 to create');
    const rows = preview.getByRole('table').getByRole('row');
    await expect.poll(() => rows.nth(1).textContent()).toContain('María José Peñalba');
    expect(await rows.nth(1).textContent()).toContain('+5493511234567');
    expect(await rows.nth(2).textContent()).toContain('Ciudad Autónoma de Buenos Aires');
    expect(await rows.nth(1).textContent()).toContain('2 × Remera estampada “Ñandú”');
    // The Import button has the focus: Enter imports.
    const importButton = screen().getByRole('button', { name: 'Import 3 orders' });
    await expect.poll(() => importButton.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
    await shoot('import-preview');
    await page.keyboard.press('Enter');
    const summary = screen().getByRole('region', { name: 'Import summary' });
    await expect.poll(() => summary.textContent()).toContain('3 shipments created, waiting for their labels.');
    await shoot('import-summary');
    expect(await byRef('DTN-1001')).toMatchObject({ platform: 'TNB', labelled_at: null });
  });

  const platforms: Array<[string, (o: Order[]) => string, string, string, Encoding]> = [
    ['WooCommerce', woocommerce, 'WooCommerce (Advanced Order Export)', 'WOO', 'utf-8'],
    ['Mercado Libre', mercadolibre, 'Mercado Libre (Ventas)', 'MLI', 'windows-1252'],
    ['VTEX', vtex, 'VTEX (Order report)', 'VTX', 'windows-1252'],
    ['a generic CSV', generic, 'Field paths (generic CSV)', 'none', 'utf-8'],
  ];
  for (const [title, make, shown, platform, encoding] of platforms)
    it(`imports ${title} (${encoding}) the same way, the platform guessed from the headers`, async () => {
      const prefix = `D${platform}-`;
      await choose(`${platform}.csv`, make(someOrders(prefix, 2)), encoding);
      const preview = screen().getByRole('region', { name: 'Preview' });
      await expect.poll(() => preview.textContent()).toContain(`${shown} — 2 orders`);
      await screen().getByRole('button', { name: 'Import 2 orders' }).press('Enter');
      await expect
        .poll(() => screen().getByRole('region', { name: 'Import summary' }).textContent())
        .toContain('2 shipments created');
      expect((await byRef(`${prefix}1001`)).platform).toBe(platform === 'none' ? null : platform);
    });

  it('the same file again creates nothing: every order is said to be imported already', async () => {
    await choose('again.csv', tiendanube(someOrders('DTN-')), 'windows-1252');
    const preview = screen().getByRole('region', { name: 'Preview' });
    await expect.poll(() => preview.textContent()).toContain('0 to create, 3 already imported');
    expect(await screen().getByRole('button', { name: 'Import 0 orders' }).isDisabled()).toBe(true);
  });

  it('a file with bad rows lists each by row and column, and imports nothing', async () => {
    const orders = someOrders('DBAD-');
    orders[1] = { ...orders[1]!, zip: '' };
    orders[2] = { ...orders[2]!, phone: 'llamar al portero' };
    await choose('malo.csv', tiendanube(orders));
    const bad = screen().getByRole('alert', { name: 'Rows to fix' });
    await expect.poll(() => bad.textContent()).toContain('2 bad rows: nothing will be imported.');
    const rows = bad.getByRole('row');
    expect(await rows.nth(1).textContent()).toBe('4Código postalRequired');
    expect(await rows.nth(2).textContent()).toContain('Teléfono para el envío');
    await shoot('import-errors');
    expect(await byRef('DBAD-1001')).toBeUndefined();
  });

  it('a large file shows its progress, then its summary', async () => {
    await choose('grande.csv', tiendanube(someOrders('DBIG-', 6000)));
    const preview = screen().getByRole('region', { name: 'Preview' });
    await expect.poll(() => preview.textContent(), { timeout: 30_000 }).toContain('6000 orders');
    await screen().getByRole('button', { name: 'Import 6000 orders' }).press('Enter');
    const progress = screen().getByRole('group', { name: 'Import progress' });
    // Once the station has checked some orders (the progress is asked while the import runs).
    await expect.poll(() => progress.textContent(), { timeout: 30_000 }).toMatch(/Checking [1-9]|Writing/);
    await shoot('import-progress');
    await expect
      .poll(() => screen().getByRole('region', { name: 'Import summary' }).textContent(), { timeout: 60_000 })
      .toContain('6000 shipments created');
  });

  it('an imported order scanned at Pack opens ready to print, its parcel to correct with a box key first', async () => {
    await page.getByRole('navigation').getByRole('link', { name: 'Pack', exact: true }).click();
    await expect.poll(() => waitingForScan(page)).toBe(true);
    await page.keyboard.type('DTN-1002');
    await page.keyboard.press('Enter');
    const parcel = page.getByRole('form', { name: 'Parcel before printing' });
    await expect.poll(() => parcel.getByLabel('Weight (kg)').inputValue()).toBe('1.2');
    expect(await waitingForScan(page)).toBe(true);
    // Tab to the parcel: the box key, then the weight typed by hand, then Enter saves and prints.
    await parcel.getByLabel('Box (preset key)').focus();
    await page.keyboard.type('m');
    await parcel.getByLabel('Weight (kg)').fill('2,4');
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => (await byRef('DTN-1002')).dimensions)
      .toEqual({
        length: 40,
        width: 30,
        height: 20,
        weight: 2.4,
      });
    const history = await s.request('GET', `/shipments/${(await byRef('DTN-1002')).code}/changes`, { token });
    expect(history.body.data[0].changes[0]).toMatchObject({ field: 'dimensions' });
    expect(await scanField(page).count()).toBe(1);
  });

  it('speaks Spanish too: the preview and the bad rows in the operator’s language', async () => {
    await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
    await page.getByRole('navigation').getByRole('link', { name: 'Importar', exact: true }).click();
    const pantalla = page.getByRole('region', { name: 'Importar pedidos' });
    const orders = someOrders('DES-', 2);
    const path = join(work, 'es.csv');
    writeFileSync(path, encode(tiendanube(orders), 'windows-1252'));
    await pantalla.getByLabel('Archivo de pedidos').setInputFiles(path);
    await expect
      .poll(() => pantalla.getByRole('region', { name: 'Vista previa' }).textContent())
      .toContain('2 pedidos en 3 filas: 2 para crear, 0 ya importados.');
    expect(await pantalla.getByRole('button', { name: 'Importar 2 pedidos' }).count()).toBe(1);
    await shoot('import-preview-es');
    orders[0] = { ...orders[0]!, zip: '' };
    writeFileSync(path, encode(tiendanube(orders), 'windows-1252'));
    await pantalla.getByLabel('Archivo de pedidos').setInputFiles(path);
    const filas = pantalla.getByRole('alert', { name: 'Filas a corregir' });
    await expect.poll(() => filas.textContent()).toContain('1 fila con errores: no se va a importar nada.');
    expect(await filas.getByRole('row').nth(1).textContent()).toBe('2Código postalObligatorio');
    await page.getByRole('combobox', { name: 'Idioma' }).selectOption('en');
    expect(pageErrors).toEqual([]);
  });
});
