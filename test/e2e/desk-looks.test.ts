import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESK_TOKEN_NAME } from '../../core/shared/schemas/codes.js';
import { chromiumMissing } from '../helpers/browser.js';
import { socatMissing } from '../scale/fake-scale.js';
import { onTheScale } from './bench-scale.js';
import { deskSession, type DeskSession } from './desk-session.js';

const missing = chromiumMissing ?? socatMissing;
if (missing) console.warn(`skipping how the desk looks at the bench: ${missing}`);

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
async function box(l: Locator): Promise<Box> {
  const b = await l.boundingBox();
  expect(b, `${String(l)} is on screen`).not.toBeNull();
  return b!;
}

// Each test walks many screens, each audited or measured: on a busy 2-core machine that takes a minute and more.
describe.skipIf(!!missing)('the desk at the bench: what moves, what fits', { timeout: 120_000 }, () => {
  let d: DeskSession;

  beforeAll(async () => {
    d = await deskSession();
    for (const [key, name] of [
      ['c', 'Caja chica'],
      ['m', 'Caja mediana'],
      ['g', 'Caja grande reforzada'],
    ]) {
      const r = await d.s.request('POST', '/presets', {
        token: d.token,
        body: { key, name, length: 30, width: 20, height: 10 },
      });
      expect(r.status, r.text).toBe(201);
    }
  });
  afterAll(async () => {
    await d?.stop();
  });

  it("Pack's parcel row: the fields stay on one line and in place, whatever the scale says, and nothing covers another", async () => {
    const { page } = d;
    await onTheScale(d, 1.25, async (fake) => {
      const opened = await d.create({ ref: 'ROW-1' });
      await d.home();
      await d.scan(String(opened.code));
      const row = page.getByRole('form', { name: 'Parcel before printing' });
      const live = row.getByRole('group', { name: 'Scale' });
      const fields = ['Box (preset key)', 'Weight (kg)', 'Length (cm)', 'Width (cm)', 'Height (cm)'].map((label) =>
        row.locator('.field', { has: page.getByLabel(label, { exact: true }) }),
      );
      const inputs = fields.map((f) => f.locator('input'));
      const hint = fields[0]!.locator('.hint');
      const measure = async () => ({
        inputs: await Promise.all(inputs.map(box)),
        fields: await Promise.all(fields.map(box)),
        hint: await box(hint),
        live: await box(live),
      });

      const seen: Array<[string, Awaited<ReturnType<typeof measure>>]> = [];
      await expect.poll(() => live.textContent()).toContain('Scale: 1.25 kg');
      seen.push(['stable', await measure()]);
      await d.shoot('pack-parcel-row-stable');
      fake.set(0.8, { stable: false });
      await expect.poll(() => live.textContent()).toContain('moving');
      seen.push(['moving', await measure()]);
      await fake.unplug();
      await expect.poll(() => live.textContent()).toContain('Scale disconnected');
      seen.push(['disconnected', await measure()]);
      await d.shoot('pack-parcel-row-disconnected');

      const [, first] = seen[0]!;
      for (const [state, m] of seen) {
        expect(m.inputs, `the fields where they were, the scale ${state}`).toEqual(first.inputs);
        expect(new Set(m.inputs.map((b) => b.y)).size, `one line of fields, the scale ${state}`).toBe(1);
        const all: Array<[string, Box]> = [
          ...m.fields.map((b, i) => [`field ${i}`, b] as [string, Box]),
          ['the reading', m.live],
        ];
        for (const [i, [a, ab]] of all.entries())
          for (const [b, bb] of all.slice(i + 1)) expect(overlap(ab, bb), `${a} over ${b}, ${state}`).toBe(false);
        // The box's keys are under the Box field, clear of the reading and of the other fields.
        for (const [what, b] of all.slice(1))
          expect(overlap(m.hint, b), `the box keys under ${what}, ${state}`).toBe(false);
      }
    });
    for (const [view, file] of [
      ['End of day', 'en-end-of-day'],
      ['Settings', 'en-settings'],
    ] as const) {
      await d.nav(view);
      await d.shoot(file);
    }
  });

  it('in Spanish: the scan hint fits; weights, prices and times as Spanish writes them; the desk’s own token in Spanish', async () => {
    const { page } = d;
    await onTheScale(d, 1.25, async () => {
      await d.home();
      await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
      await expect.poll(() => page.getByRole('combobox', { name: 'Idioma' }).count()).toBe(1);

      // The scan field's hint, whole at 1366 px: its text no wider than the field's inside.
      const scan = page.locator('#scan');
      const [hint, room] = await scan.evaluate((el) => {
        const input = el as unknown as { placeholder: string; clientWidth: number; ownerDocument: any };
        const style = input.ownerDocument.defaultView.getComputedStyle(el);
        const ctx = input.ownerDocument.createElement('canvas').getContext('2d');
        ctx.font = style.font;
        const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
        return [ctx.measureText(input.placeholder).width as number, input.clientWidth - padding];
      });
      expect(hint, 'the scan hint in Spanish fits its field').toBeLessThanOrEqual(room);
      await d.shoot('es-pack');

      await d.scan('ES-NUMS');
      const form = page.getByRole('form', { name: 'Envío nuevo' });
      const live = form.getByRole('group', { name: 'Balanza' });
      await expect.poll(() => live.textContent()).toContain('Balanza: 1,25 kg');
      await expect.poll(() => form.getByLabel('Peso (kg)').inputValue()).toBe('1,25');
      for (const [label, value] of [
        ['Código postal', 'X5000'],
        ['Largo (cm)', '30'],
        ['Ancho (cm)', '20'],
        ['Alto (cm)', '10'],
      ])
        await form.getByLabel(label!, { exact: true }).fill(value!);
      const methods = form.getByRole('radiogroup', { name: 'Método de envío' });
      await expect.poll(() => methods.getByRole('radio').count()).toBeGreaterThan(0);
      const prices = await methods.locator('.quote-rate').allTextContents();
      // Every price grouped one way, with a decimal comma: $ 9.400,00, never 9400,00 beside 13.400,00.
      for (const price of prices) expect(price.replace(/\s/g, ' ')).toMatch(/^\$ \d{1,3}(\.\d{3})*,\d{2}$/);
      await d.shoot('es-pack-new');
      await page.keyboard.press('Escape');
      const leave = page.getByRole('dialog', { name: /^¿Dejar el envío nuevo/ });
      if (await leave.isVisible()) {
        await page.keyboard.press('Tab');
        await page.keyboard.press('Enter');
      }

      // Times on a 24-hour clock: no "a. m." or "p. m." in the list.
      await d.create({ ref: 'ES-TIME' });
      await d.nav('Envíos');
      const list = page.getByRole('table').first();
      await expect.poll(() => list.getByRole('row').count()).toBeGreaterThan(1);
      const listed = (await list.textContent()) ?? '';
      expect(listed).toMatch(/\d{2}\/\d{2}\/\d{4},? \d{2}:\d{2}/);
      expect(listed).not.toMatch(/[ap]\.\s?m\./);
      await d.shoot('es-shipments');

      // The token the station makes for its own desk, named in the desk's language.
      const made = await d.s.request('POST', '/tokens', {
        token: d.token,
        body: { name: DESK_TOKEN_NAME, permissions: ['shipments.read'] },
      });
      expect(made.status, made.text).toBe(201);
      await d.nav('Credenciales');
      const tokens = page.getByRole('region', { name: 'Credenciales' }).getByRole('table');
      await expect.poll(() => tokens.textContent()).toContain('aplicación de escritorio');
      expect(await tokens.textContent()).not.toContain(DESK_TOKEN_NAME);
      await d.shoot('es-credentials');
      for (const [view, file] of [
        ['Cierre del día', 'es-end-of-day'],
        ['Ajustes', 'es-settings'],
      ] as const) {
        await d.nav(view);
        await d.shoot(file);
      }
    }).finally(() => page.getByRole('combobox', { name: /^(Language|Idioma)$/ }).selectOption('en'));
  });
});
