import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DateTime } from 'luxon';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumMissing, launchChromium } from '../helpers/browser.js';
import { directAccount, packageBody, shipmentBody } from '../helpers/fixtures.js';
import { ROOT, startStation, type Station } from '../helpers/station.js';
import { decode, pdfInfo } from '../labels/tools.js';
import { englishOnly, messages } from './spanish.js';

const run = promisify(execFile);
if (chromiumMissing) console.warn(`skipping browser tests: ${chromiumMissing}`);

const SHOTS = join(ROOT, 'test-results', 'screenshots');
const en = messages('en');
const SIZES = [
  [1366, 768],
  [1920, 1080],
] as const;

/** The Code 128 of each A4 tile (2 columns × 4 rows, row by row), read one tile at a time with zbarimg. */
async function tiles(pdf: string, page: number, dir: string): Promise<Array<string | null>> {
  const dpi = 150;
  const w = Math.floor((105 / 25.4) * dpi);
  const h = Math.floor((74.25 / 25.4) * dpi);
  const out: Array<string | null> = [];
  for (let i = 0; i < 8; i++) {
    const prefix = join(dir, `p${page}-t${i + 1}`);
    const [x, y] = [(i % 2) * w, Math.floor(i / 2) * h];
    await run('pdftoppm', [
      '-f',
      String(page),
      '-l',
      String(page),
      '-r',
      String(dpi),
      '-gray',
      '-png',
      '-singlefile',
      '-x',
      String(x),
      '-y',
      String(y),
      '-W',
      String(w),
      '-H',
      String(h),
      pdf,
      prefix,
    ]);
    out.push((await decode(`${prefix}.png`)).code128[0] ?? null);
  }
  return out;
}

/** Keys shown instead of their text (missing in both languages): `batch.printTitle`, `codes.status.X`. */
function rawKeys(text: string): string[] {
  const keys = new Set<string>();
  const walk = (o: object, p: string) =>
    Object.entries(o).forEach(([k, v]) =>
      typeof v === 'string' ? keys.add(p + k.replace(/_(one|other)$/, '')) : walk(v as object, `${p}${k}.`),
    );
  walk(en, '');
  return [...text.matchAll(/\b[A-Za-z]+(\.[A-Za-z_]+)+/g)].map((m) => m[0]).filter((k) => keys.has(k));
}

describe.skipIf(!!chromiumMissing)('the desk, part 2, through the UI in Chromium', () => {
  let s: Station;
  let browser: Browser;
  let page: Page;
  let token: string;
  let writer: string;
  const work = mkdtempSync(join(tmpdir(), 'desk2-'));
  const printed = join(work, 'a7');
  /** Whatever the page threw, on any screen: checked at the end. */
  const pageErrors: string[] = [];
  const nav = (name: string) => page.getByRole('navigation').getByRole('link', { name, exact: true }).click();

  beforeAll(async () => {
    mkdirSync(printed);
    s = await startStation({ env: { STATION_FILE_PRINTER_ROOTS: work } });
    const desk = await directAccount(s, 'desk', [
      'rates.read',
      'shipments.read',
      'shipments.write',
      'events.read',
      'events.write',
      'tokens.write',
      // A lead's desk: it sets the station's time zone (Settings) before the end of day.
      'station.admin',
    ]);
    token = desk.token;
    writer = token;
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, acceptDownloads: true });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(s.url).origin });
    page = await context.newPage();
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.goto(`${new URL(s.url).origin}/#token=${token}`);
  });
  afterAll(async () => {
    await browser?.close();
    await s?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it('prints a batch of 20 PENDING shipments on A4 from tile 3: a 3-page PDF whose barcodes read in tile order', async () => {
    const codes: string[] = [];
    for (let i = 0; i < 20; i++)
      codes.push((await s.request('POST', '/shipments', { token, body: shipmentBody() })).body.code);
    codes.reverse(); // the list is newest first, and so is the selection
    await nav('Batch');
    // More than one page of the list: "select all" takes every match, not just the rows shown.
    await page.getByRole('button', { name: 'Select all 20 matches' }).click();
    await expect.poll(() => page.getByText('20 selected').count()).toBe(1);
    await page.getByRole('radio', { name: 'A4 sheets of 8 labels' }).check();
    await page.getByRole('radio', { name: 'Start at tile 3' }).check();
    await page.getByRole('radio', { name: 'PDF to download' }).check();
    await page.getByRole('button', { name: 'Print 20 labels' }).click();
    const summary = page.getByRole('region', { name: 'Summary' });
    await expect.poll(() => summary.textContent(), { timeout: 30_000 }).toContain('Printed: 20 labels');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      summary.getByRole('link', { name: 'Download the PDF' }).click(),
    ]);
    const pdf = join(work, 'batch.pdf');
    await download.saveAs(pdf);
    expect((await pdfInfo(pdf)).pages).toBe(3);
    const read = [...(await tiles(pdf, 1, work)), ...(await tiles(pdf, 2, work)), ...(await tiles(pdf, 3, work))];
    expect(read).toEqual([null, null, ...codes, null, null]);
    await shoot('batch-summary');
    await summary.getByRole('button', { name: 'Dismiss' }).click();
  });

  it('adds two packages to a shipment, prints the parent with both in one job, then cancels it through the confirmation', async () => {
    expect(
      (
        await s.request('POST', '/printers', {
          token,
          body: { name: 'thermal', driver: 'file', connection: printed, default_for: 'PDF_A7' },
        })
      ).status,
    ).toBe(201);
    const parent = (await s.request('POST', '/shipments', { token, body: shipmentBody({ ref: 'MULTI-1' }) })).body;
    await nav('Shipments');
    await page.getByLabel('Search shipments').fill('MULTI-1');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    await page.locator('tbody tr').first().click();
    const detail = page.getByRole('complementary', { name: `Shipment ${parent.code}` });
    const origins = [packageBody().origin, { ...packageBody().origin, contact: { name: 'Sucursal Sur' } }];
    for (const [i, origin] of origins.entries()) {
      if (i === 0) await detail.getByRole('button', { name: 'Add a package' }).click();
      const form = detail.getByRole('form', { name: 'New package' });
      await form.getByLabel('Name').fill(origin.contact.name);
      await form.getByLabel('Street and number').fill(origin.address.street);
      await form.getByLabel('City').fill(origin.address.city);
      await form.getByLabel('Province').fill(origin.address.state);
      await form.getByLabel('Postal code').fill(origin.address.zip);
      await form.getByLabel('Weight (kg)').fill('2');
      await form.getByLabel('Length (cm)').fill('30');
      await form.getByLabel('Width (cm)').fill('20');
      await form.getByLabel('Height (cm)').fill('10');
      await form.getByRole('button', { name: 'Add package' }).click();
      await expect.poll(() => form.textContent()).toContain(`Package ${i + 1} added`);
    }
    const pieces = detail.getByRole('region', { name: 'Packages' });
    await expect.poll(() => pieces.locator('ol li').count()).toBe(2);
    expect(await pieces.locator('ol').textContent()).toMatch(/1\/2.*2\/2/s);
    await pieces.getByRole('button', { name: 'Print the shipment with all its packages (3 labels)' }).click();
    await expect.poll(() => pieces.textContent(), { timeout: 20_000 }).toContain('Printed: 3 of 3 on thermal');
    const files = readdirSync(printed).filter((f) => f.endsWith('.pdf'));
    expect(files).toHaveLength(3);
    const packages = (await s.request('GET', `/shipments/${parent.code}/packages`, { token })).body.data.map(
      (p: { code: string }) => p.code,
    );
    const jobs = (await s.request('GET', '/print-jobs', { token })).body.data;
    expect(jobs[0]).toMatchObject({
      codes: [parent.code, ...packages],
      state: 'done',
      progress: { done: 3, total: 3 },
    });
    await shoot('shipment-detail');

    // The label is printed: the confirmation says so before anything is canceled.
    await detail.getByRole('button', { name: 'Cancel shipment' }).click();
    const dialog = page.getByRole('dialog', { name: `Cancel shipment ${parent.code}?` });
    await expect.poll(() => dialog.textContent()).toContain('Its label was already printed');
    expect(await dialog.textContent()).toContain('Its 2 packages are canceled with it');
    await dialog.getByRole('button', { name: 'Cancel the shipment' }).click();
    await expect.poll(() => detail.locator('.detail-status').textContent()).toContain('Canceled');
    expect((await s.request('GET', `/shipments/${parent.code}`, { token })).body.status).toBe('CANCELED');
  });

  it('follows a tracking event recorded through the API in the open detail, without a reload', async () => {
    const shipment = (await s.request('POST', '/shipments', { token, body: shipmentBody({ ref: 'TRACK-1' }) })).body;
    await page.getByLabel('Search shipments').fill('TRACK-1');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => page.locator('tbody tr').first().textContent()).toContain('TRACK-1');
    await page.locator('tbody tr').first().click();
    const detail = page.getByRole('complementary', { name: `Shipment ${shipment.code}` });
    const timeline = detail.locator('.timeline li');
    await expect.poll(() => timeline.count()).toBe(1);
    // Its price: the quote of its method for its destination and parcel, by the rate card in force.
    const d = shipment.dimensions;
    const quoted = await s.request(
      'GET',
      `/quote?zip=${shipment.destination.address.zip}&length=${d.length}&width=${d.width}&height=${d.height}&weight=${d.weight}`,
      { token },
    );
    const own = quoted.body.find((o: { method: string }) => o.method === shipment.method);
    const price = new Intl.NumberFormat('en', { style: 'currency', currency: own.currency }).format(own.rate);
    await expect.poll(() => detail.getByText(`${price} (today’s rate card)`, { exact: true }).count()).toBe(1);
    const r = await s.request('POST', `/shipments/${shipment.code}/events`, {
      token: writer,
      body: { status: 'COLLECTED', sub_status: 'DISPATCHED' },
    });
    expect(r.status).toBe(201);
    await expect.poll(() => timeline.count(), { timeout: 10_000 }).toBe(2);
    expect(await timeline.last().textContent()).toMatch(/Collected.*Dispatched/);
    // The list beside it follows the detail, without waiting for its own slower poll.
    await expect.poll(() => page.locator('tbody tr').first().textContent(), { timeout: 2_000 }).toContain('Collected');
    await shoot('shipments-tracking');

    // The desk offers only the moves the state machine allows from COLLECTED (and staying, for a new sub-status).
    await detail.getByRole('button', { name: 'Record an event' }).click();
    const form = detail.getByRole('form', { name: 'Record a tracking event' });
    const offered = await form.getByLabel('New status').locator('option').allTextContents();
    expect(offered).toEqual(['To consolidate', 'On its way to the hub', 'To deliver', 'Collected']);
    // Opened after the event arrived: the first move from COLLECTED is chosen, and has the focus.
    expect(
      await form
        .getByLabel('New status')
        .evaluate((el) => [(el as unknown as { value: string }).value, el === el.ownerDocument.activeElement]),
    ).toEqual(['TO_CONSOLIDATE', true]);
    await shoot('shipments-record-event');
    await form.getByLabel('New status').selectOption({ label: 'To deliver' });
    await form.getByRole('button', { name: 'Record event' }).click();
    await expect.poll(() => timeline.count(), { timeout: 10_000 }).toBe(3);
    expect((await s.request('GET', `/shipments/${shipment.code}`, { token })).body.status).toBe('TO_DELIVER');
  });

  it('end of day: the shipments labelled today, a manifest on confirmation, and they are COLLECTED', async () => {
    // The station still keeps UTC; Settings offers the rate card's zone (the manifest printed UTC times in Córdoba).
    await nav('Settings');
    await page.getByRole('button', { name: 'Use America/Argentina/Cordoba' }).click();
    await expect
      .poll(async () => (await s.request('GET', '/station/settings', { token })).body.time_zone)
      .toBe('America/Argentina/Cordoba');
    await nav('End of day');
    // The batch's 20 were labelled today; the multi-origin shipment is canceled, TRACK-1 was never labelled.
    await expect.poll(() => page.getByText('20 shipments to hand over').count()).toBe(1);
    await shoot('end-of-day-list');
    await page.getByRole('button', { name: 'Create the manifest (20 shipments)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Hand these shipments to the carrier?' });
    await dialog.getByRole('button', { name: 'Create the manifest' }).click();
    const done = page.getByRole('region', { name: 'Manifest ready' });
    await expect.poll(() => done.textContent(), { timeout: 20_000 }).toContain('20 shipments');
    const url = await done.getByRole('link', { name: 'Download the manifest PDF' }).getAttribute('href');
    const answer = await fetch(url!);
    expect(answer.headers.get('content-type')).toContain('application/pdf');
    const manifest = join(work, 'manifest.pdf');
    writeFileSync(manifest, Buffer.from(await answer.arrayBuffer()));
    // Its time in Córdoba, named, dated as Spanish (the rate card's language) writes dates: not UTC's three hours on.
    const { stdout: text } = await run('pdftotext', [manifest, '-']);
    const at = /(\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}) \(America\/Argentina\/Cordoba\)/.exec(text)?.[1];
    expect(at, text).toBeDefined();
    const printedAt = DateTime.fromFormat(at!, 'dd/MM/yyyy HH:mm', { zone: 'America/Argentina/Cordoba' });
    expect(Math.abs(printedAt.diffNow('minutes').minutes)).toBeLessThan(5);
    await expect.poll(() => page.getByText('Nothing labelled on this day is waiting for the carrier.').count()).toBe(1);
    // The manifest's 20 (TRACK-1, collected before, has moved on to TO_DELIVER).
    const collected = await s.request('GET', '/shipments?status=COLLECTED&size=100', { token });
    expect(collected.body.items).toBe(20);
  });

  it('creates a PICKUP shipment through the office picker: the chosen office is its destination and is on the label', async () => {
    const origin = shipmentBody().origin;
    expect((await s.request('POST', '/senders', { token, body: { label: 'Depósito', ...origin } })).status).toBe(201);
    await nav('Pack');
    const scan = page.getByRole('textbox', { name: 'Scan', exact: true });
    await scan.fill('PICK-1');
    await scan.press('Enter');
    const form = page.getByRole('form', { name: 'New shipment' });
    const receiver = form.getByRole('group', { name: 'Receiver' });
    await receiver.getByLabel('Name').fill('Marta Gómez');
    await receiver.getByLabel('Street and number').fill('Av. Colón 500');
    await receiver.getByLabel('City').fill('Córdoba');
    await receiver.getByLabel('Province').fill('Córdoba');
    await receiver.getByLabel('Postal code').fill('X5000');
    const parcel = form.getByRole('group', { name: 'Parcel' });
    for (const [label, value] of [
      ['Weight (kg)', '1'],
      ['Length (cm)', '20'],
      ['Width (cm)', '15'],
      ['Height (cm)', '10'],
    ] as const)
      await parcel.getByLabel(label).fill(value);
    const methods = form.getByRole('radiogroup', { name: 'Shipping method' });
    await expect.poll(() => methods.getByRole('radio').count()).toBeGreaterThan(1);
    // Another method first, then PICKUP: choosing it opens the picker.
    await methods.locator('input[value="STANDARD"]').check();
    await methods.locator('input[value="PICKUP"]').check();
    const picker = page.getByRole('dialog', { name: 'Pickup office' });
    await expect.poll(() => picker.getByRole('listitem').count()).toBeGreaterThan(1);
    expect(await picker.textContent()).toContain('Nearest to postal code X5000 first.');
    const first = picker.getByRole('listitem').first();
    const km = Number((await first.locator('.distance').textContent())!.replace(/[^\d.,]/g, '').replace(',', '.'));
    const second = Number(
      (await picker.getByRole('listitem').nth(1).locator('.distance').textContent())!
        .replace(/[^\d.,]/g, '')
        .replace(',', '.'),
    );
    expect(km).toBeLessThanOrEqual(second);
    const officeCode = (await first.locator('.mono').textContent())!;
    await first.getByRole('button', { name: /^Choose / }).click();
    await expect.poll(() => form.getByRole('group', { name: 'Pickup office' }).textContent()).toContain(officeCode);
    await shoot('pack-pickup');
    // The file printer writes `….pdf.part` and renames it once every byte is written.
    const labels = () => readdirSync(printed).filter((f) => f.endsWith('.pdf'));
    const before = labels().length;
    await form.getByRole('button', { name: 'Create and print' }).click();
    await expect.poll(() => labels().length, { timeout: 20_000 }).toBe(before + 1);

    const made = (await s.request('GET', '/shipments?q=PICK-1', { token })).body.data[0];
    const office = (
      await s.request('GET', `/offices?zip=${made.destination.address.zip}&size=100`, { token })
    ).body.data.find((o: { code: string }) => o.code === officeCode);
    expect(made).toMatchObject({
      method: 'PICKUP',
      office: office.id,
      destination: { address: { street: office.address.street, city: office.address.city } },
    });
    const label = labels().find((f) => f.includes(made.code))!;
    const { stdout } = await run('pdftotext', [join(printed, label), '-']);
    expect(stdout).toContain(officeCode);
    // Printed in Spanish, as the rate card leaves from Argentina (the label was English only, whatever the data).
    expect(stdout).toMatch(/DESTINATARIO/);
    expect(stdout).not.toMatch(/\b(TO|FROM|WEIGHT)\b/);
  });

  it('credentials: each permission explained, copy with feedback, revoking the desk’s own token asks first', async () => {
    await nav('Credentials');
    const form = page.getByRole('form', { name: 'New credential' });
    await form.getByLabel('Name').fill('store sync');
    await form.getByLabel('Expires').selectOption('30');
    await form.getByRole('button', { name: 'Create credential' }).click();
    const created = page.getByRole('region', { name: 'New token' });
    await created.getByRole('button', { name: 'Copy' }).click();
    await expect.poll(() => created.textContent()).toContain('The token is on the clipboard.');
    expect(await page.evaluate('navigator.clipboard.readText()')).toMatch(/^sspat_/);
    const list = page.getByRole('region', { name: 'Credentials' });
    const own = list.getByRole('row', { name: /this desk/ });
    await own.getByRole('button', { name: /^Revoke/ }).click();
    const dialog = page.getByRole('dialog', { name: /^Revoke/ });
    expect(await dialog.textContent()).toContain('This desk signs in with this token');
    await shoot('credentials-revoke');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect((await s.request('GET', '/shipments', { token })).status).toBe(200);
    // A token this desk does not sign in with: revoking it is asked too, without the warning.
    await list
      .getByRole('row', { name: /store sync/ })
      .getByRole('button', { name: /^Revoke/ })
      .click();
    expect(await dialog.textContent()).toContain('Whatever uses this token stops working at once.');
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await expect.poll(() => list.getByRole('row', { name: /store sync/ }).textContent()).toContain('revoked');
  });

  it('every screen in Spanish: no English left and no missing key', { timeout: 60_000 }, async () => {
    const english = englishOnly();
    await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
    for (const view of ['Lote', 'Envíos', 'Cierre del día', 'Credenciales']) {
      await nav(view);
      await expect.poll(() => page.locator('main h2, main .count').first().textContent()).toBeTruthy();
      await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
      if (view === 'Envíos') {
        await page.locator('tbody tr').first().click();
        await expect.poll(() => page.locator('.timeline li').count()).toBeGreaterThan(0);
      }
      const text = await page.locator('body').innerText();
      expect(rawKeys(text), `${view}: a raw key`).toEqual([]);
      // Permission codes (shipments.read) are the API's names, the same in every language.
      const words = text.replace(/\b[a-z]+\.[a-z]+\b/g, '');
      expect(english.filter((re) => re.test(words)).map(String), `${view}: English left`).toEqual([]);
      await shoot(`es-${view}`);
    }
    await page.getByRole('combobox', { name: 'Idioma' }).selectOption('en');
    expect(pageErrors).toEqual([]);
  });

  /** The screen at both desk sizes. */
  async function shoot(name: string) {
    mkdirSync(SHOTS, { recursive: true });
    for (const [width, height] of SIZES) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: join(SHOTS, `${name}-${width}x${height}.png`) });
    }
    await page.setViewportSize({ width: 1366, height: 768 });
  }
});
