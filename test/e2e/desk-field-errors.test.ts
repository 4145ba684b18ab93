import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { startStation, type Station } from '../helpers/station.js';
import { chromiumMissing, launchChromium } from '../helpers/browser.js';

if (chromiumMissing) console.warn(`skipping browser tests: ${chromiumMissing}`);

/**
 * The desk says a refused field in its own language from the problem's `code` and `params` (renderer/src/api/errors.ts),
 * beside the field the JSON pointer names; it never reads the service's English.
 */
describe.skipIf(!!chromiumMissing)('field errors on the desk, by code and pointer', () => {
  let s: Station;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    s = await startStation();
    const token = await s.token(await s.account('desk'), ['shipments.read', 'shipments.write', 'rates.read']);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    await page.goto(`${new URL(s.url).origin}/#token=${token}`);
  });
  afterAll(async () => {
    await browser?.close();
    await s?.stop();
  });

  /** The message shown under a field, found by its label. */
  const said = (form: Locator, label: string) =>
    form.locator('.field', { has: page.getByLabel(label, { exact: true }) }).locator('.error');

  it('says each refused field in English, then in Spanish, from the same answer codes', async () => {
    await page.getByRole('textbox', { name: 'Scan' }).fill('ORD-FIELDS');
    await page.keyboard.press('Enter');
    const form = page.getByRole('form', { name: 'New shipment' });
    // Too short for any number of the country (a complete local number becomes E.164 instead, issue 29 item 11).
    await form.getByLabel('Phone').fill('351 12');
    await form.getByLabel('E-mail').fill('ana@');
    await form.getByLabel('Country').fill('XX');
    await form.getByLabel('Street and number').fill('Av. Colón 100');
    await form.getByLabel('City').fill('Córdoba');
    await form.getByLabel('Province').fill('Córdoba');
    await form.getByLabel('Postal code').fill('X5000');
    await form.getByLabel('Weight (kg)').fill('40');
    await form.getByLabel('Length (cm)').fill('30');
    await form.getByLabel('Width (cm)').fill('20');
    await form.getByLabel('Height (cm)').fill('10');
    // The quote refuses the parcel: the weight's own words, beside Weight.
    await expect.poll(() => said(form, 'Weight (kg)').textContent()).toBe('40 kg is over the largest size (30 kg)');
    await form.getByLabel('Weight (kg)').fill('1,5');
    await expect.poll(() => said(form, 'Weight (kg)').count()).toBe(0);
    // The methods quoted for the parcel as it is now: a create before them would wait for the quote instead.
    const methods = (f: Locator, name: string) => f.getByRole('radiogroup', { name }).getByRole('radio');
    await expect.poll(() => methods(form, 'Shipping method').count()).toBeGreaterThan(0);
    await page.keyboard.press('Control+Enter');
    await expect.poll(() => said(form, 'Name').textContent()).toBe('Required');
    // A number that is none is said as the field is left, in the words of the numbers people dial (issue 29, item 11).
    expect(await said(form, 'Phone').textContent()).toBe(
      'Not a phone number: dial it like 0351 15-555-0199 or +5493515550199',
    );
    expect(await said(form, 'E-mail').textContent()).toBe('An e-mail address like ana@example.com');
    expect(await said(form, 'Country').textContent()).toBe('A two-letter country code, like AR');

    await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
    // The same form, as it was typed; the quote's refusal is said again in the new language as it comes.
    const formulario = page.getByRole('form', { name: 'Envío nuevo' });
    await formulario.getByLabel('Peso (kg)').fill('40');
    await formulario.getByLabel('Largo (cm)').fill('130');
    await expect
      .poll(() => said(formulario, 'Largo (cm)').textContent())
      .toBe('130 cm supera el lado más largo del tamaño más grande (120 cm)');
    expect(await said(formulario, 'Peso (kg)').textContent()).toBe('40 kg supera el tamaño más grande (30 kg)');
    await formulario.getByLabel('Peso (kg)').fill('2');
    await formulario.getByLabel('Largo (cm)').fill('30');
    await expect.poll(() => said(formulario, 'Largo (cm)').count()).toBe(0);
    await expect.poll(() => methods(formulario, 'Método de envío').count()).toBeGreaterThan(0);
    await page.keyboard.press('Control+Enter');
    await expect.poll(() => said(formulario, 'Nombre').textContent()).toBe('Obligatorio');
    expect(await said(formulario, 'Teléfono').textContent()).toBe(
      'No es un teléfono: escribilo como 0351 15-555-0199 o +5493515550199',
    );
    expect(await said(formulario, 'País').textContent()).toBe('Un código de país de dos letras, como AR');
    await page.getByRole('combobox', { name: 'Idioma' }).selectOption('en');
  });

  it('says a station with no printer for labels as it is, not "check the marked fields", when Create and print makes the shipment', async () => {
    const printing = await s.token(await s.account('no-printer'), ['shipments.read', 'shipments.write', 'rates.read']);
    const desk = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    try {
      await desk.goto(`${new URL(s.url).origin}/#token=${printing}`);
      await desk.getByRole('textbox', { name: 'Scan' }).fill('ORD-NOPRINTER');
      await desk.keyboard.press('Enter');
      const form = desk.getByRole('form', { name: 'New shipment' });
      await form.getByLabel('Name').fill('Ana Pérez');
      await form.getByLabel('Street and number').fill('Av. Colón 100');
      await form.getByLabel('City').fill('Córdoba');
      await form.getByLabel('Province').fill('Córdoba');
      await form.getByLabel('Postal code').fill('X5000');
      await form.getByLabel('Weight (kg)').fill('1,5');
      await form.getByLabel('Length (cm)').fill('30');
      await form.getByLabel('Width (cm)').fill('20');
      await form.getByLabel('Height (cm)').fill('10');
      await expect
        .poll(() => form.getByRole('radiogroup', { name: 'Shipping method' }).getByRole('radio').count())
        .toBeGreaterThan(0);
      await desk.keyboard.press('Control+Enter');
      const status = desk.getByRole('status').filter({ hasText: 'created, not printed' });
      await expect
        .poll(() => status.textContent())
        .toMatch(/created, not printed: No printer yet: add one in Printers/);
      // Nothing was sent: its button prints, it does not reprint.
      expect(await desk.getByRole('button', { name: 'Print label' }).isVisible()).toBe(true);
    } finally {
      await desk.close();
    }
  });
  it('puts the cursor on the field refused even when the next frame comes before the render that marks it', async () => {
    const admin = await s.token(await s.account('desk-admin'), ['shipments.read', 'rates.read', 'station.admin']);
    const desk = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    try {
      // Every animation frame at once: on a busy machine the next frame can come before React's render. A focus put
      // off to that frame found no field marked yet and left the cursor on Save.
      await desk.addInitScript({
        content: 'window.requestAnimationFrame = (cb) => { cb(performance.now()); return 0; };',
      });
      await desk.goto(`${new URL(s.url).origin}/#token=${admin}`);
      await desk.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: 'Settings' }).click();
      const tz = desk.getByRole('form', { name: 'Station time zone' });
      await tz.getByLabel('Time zone').fill('Mars/Olympus');
      await tz.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => tz.getByLabel('Time zone').getAttribute('aria-invalid')).toBe('true');
      await expect
        .poll(() => tz.getByLabel('Time zone').evaluate((el) => el === el.ownerDocument.activeElement))
        .toBe(true);
    } finally {
      await desk.close();
    }
  });
});
