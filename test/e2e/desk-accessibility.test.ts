import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumMissing } from '../helpers/browser.js';
import { socatMissing } from '../scale/fake-scale.js';
import { onTheScale } from './bench-scale.js';
import { deskSession, type DeskSession } from './desk-session.js';

if (chromiumMissing) console.warn(`skipping the desk's accessibility checks: ${chromiumMissing}`);
if (socatMissing) console.warn(`the desk's accessibility checks go without a scale on the bench: ${socatMissing}`);

const require = createRequire(import.meta.url);
const AXE = readFileSync(join(dirname(require.resolve('axe-core')), 'axe.min.js'), 'utf8');
/**
 * WCAG 2.0, 2.1 and 2.2 at levels A and AA, the rules the desk is held to, and axe's best practices (an empty table
 * header is one). The goal is no serious or critical finding; the desk has none of any impact, and keeps it so.
 */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];

interface Finding {
  state: string;
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string; summary: string }>;
}

/** axe-core's verdict on what the page shows now, run inside the page (injected once per document). */
async function audit(page: Page, state: string): Promise<Finding[]> {
  await expect.poll(() => page.locator('main [aria-busy="true"]').count()).toBe(0);
  if (!(await page.evaluate('typeof axe !== "undefined"'))) await page.evaluate(AXE);
  const violations = await page.evaluate(
    `axe.run(document, { runOnly: { type: 'tag', values: ${JSON.stringify(TAGS)} }, resultTypes: ['violations'] })
      .then((r) => r.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.map((n) => ({ target: n.target.join(' '), summary: n.failureSummary ?? '' })),
      })))`,
  );
  return (violations as Omit<Finding, 'state'>[]).map((v) => ({ state, ...v }));
}

const report = (fs: Finding[]) =>
  fs
    .map(
      (f) =>
        `[${f.state}] ${f.id} (${f.impact}): ${f.help}\n` +
        f.nodes.map((n) => `    ${n.target}\n      ${n.summary.replace(/\n/g, '\n      ')}`).join('\n'),
    )
    .join('\n');

// Each test walks many screens, each audited or measured: on a busy 2-core machine that takes a minute and more.
describe.skipIf(!!chromiumMissing)(
  'the desk to axe-core, WCAG 2.x A and AA, every screen and state',
  { timeout: 120_000 },
  () => {
    let d: DeskSession;
    /** axe's findings in this state, and a page wider than the window (1366 px) as one more. */
    const check = async (state: string) => {
      const fs = await audit(d.page, state);
      const [wide, width] = await d.page.evaluate<[number, number]>(
        '[document.documentElement.scrollWidth, innerWidth]',
      );
      if (wide > width)
        fs.push({
          state,
          id: 'horizontal-scroll',
          impact: 'serious',
          help: `The screen scrolls sideways: ${wide} px wide in a window of ${width}`,
          nodes: [],
        });
      return fs;
    };

    beforeAll(async () => {
      d = await deskSession();
      // End of day lists the browser's today: the station counts its days in the same zone, whatever the hour.
      const zone = await d.page.evaluate<string>('Intl.DateTimeFormat().resolvedOptions().timeZone');
      const r = await d.s.request('PUT', '/station/settings', { token: d.token, body: { time_zone: zone } });
      expect(r.status, r.text).toBe(200);
    });
    afterAll(async () => {
      await d?.stop();
    });

    it('Pack: empty, a new shipment, a refused one, leaving it, an opened shipment with its preview', async () => {
      const { page } = d;
      const bad: Finding[] = [];
      bad.push(...(await check('Pack, waiting for a scan')));
      await d.scan('A11Y-NEW');
      const form = page.getByRole('form', { name: 'New shipment' });
      await form.getByLabel('Name').waitFor();
      bad.push(...(await check('Pack, a new shipment')));
      await form.getByLabel('Phone').fill('351 123');
      await form.getByLabel('E-mail').fill('ana@');
      await page.keyboard.press('Control+Enter');
      await expect.poll(() => form.locator('.field.invalid').count()).toBeGreaterThan(0);
      bad.push(...(await check('Pack, a refused shipment with its fields marked')));
      await page.keyboard.press('Escape');
      const leave = page.getByRole('dialog', { name: /^Leave the new shipment/ });
      await expect.poll(() => leave.isVisible()).toBe(true);
      bad.push(...(await check('Pack, "Leave the new shipment?"')));
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await expect.poll(d.waitingForScan).toBe(true);

      const opened = await d.create({ ref: 'A11Y-OPEN' });
      await d.scan(String(opened.code));
      await expect.poll(d.statusText).toContain('opened');
      await expect.poll(() => page.locator('img.label-preview').count()).toBe(1);
      bad.push(...(await check('Pack, an opened shipment and its label preview')));
      await page.keyboard.press('?');
      const sheet = page.getByRole('dialog', { name: 'Keys of the desk' });
      await expect.poll(() => sheet.isVisible()).toBe(true);
      bad.push(...(await check('the keys of the desk')));
      await page.keyboard.press('Escape');
      expect(bad, report(bad)).toEqual([]);
    });

    it.skipIf(!!socatMissing)(
      'Pack with a scale on the bench: a stable weight, then the scale disconnected',
      async () => {
        const { page } = d;
        const bad: Finding[] = [];
        await onTheScale(d, 1.25, async (fake) => {
          await d.home();
          await d.scan('A11Y-SCALE');
          const live = page.getByRole('form', { name: 'New shipment' }).getByRole('group', { name: 'Scale' });
          await expect.poll(() => live.textContent()).toContain('Scale: 1.25 kg');
          bad.push(...(await check('Pack, the scale reading a stable weight')));
          await fake.unplug();
          await expect.poll(() => live.textContent()).toContain('Scale disconnected');
          bad.push(...(await check('Pack, the scale disconnected')));
        });
        expect(bad, report(bad)).toEqual([]);
      },
    );

    it('Batch, Shipments with results, End of day with parcels scanned, Import', async () => {
      const { page } = d;
      const bad: Finding[] = [];
      await d.home();
      const codes: string[] = [];
      for (const ref of ['A11Y-DAY-1', 'A11Y-DAY-2']) {
        const { code } = await d.create({ ref });
        codes.push(String(code));
        expect((await d.s.request('GET', `/labels?code=${String(code)}`, { token: d.token })).status).toBe(200);
      }
      await d.nav('Batch');
      bad.push(...(await check('Batch')));
      await d.nav('Shipments');
      await expect.poll(() => page.getByRole('table').getByRole('row').count()).toBeGreaterThan(2);
      bad.push(...(await check('Shipments with results')));
      await d.nav('End of day');
      const list = page.getByRole('region', { name: 'Labelled, waiting for the carrier' });
      await expect.poll(() => list.textContent()).toMatch(/\d+ shipments to hand over/);
      await d.scan(codes[0]!);
      await expect.poll(() => list.textContent()).toContain(`${codes[0]} is on the truck`);
      bad.push(...(await check('End of day, a parcel scanned')));
      await page.getByLabel('On the truck').focus();
      await page.keyboard.press('Control+Enter');
      const dialog = page.getByRole('dialog', { name: 'Hand these shipments to the carrier?' });
      await expect.poll(() => dialog.isVisible()).toBe(true);
      bad.push(...(await check('End of day, "Hand these shipments to the carrier?"')));
      await dialog.getByRole('button', { name: 'Create the manifest' }).click();
      const done = page.getByRole('region', { name: 'Manifest ready' });
      await expect.poll(() => done.textContent(), { timeout: 20_000 }).toContain('Manifest');
      bad.push(...(await check('End of day, the manifest ready')));
      await d.nav('Shipments');
      await expect.poll(() => page.getByRole('table').getByText('Collected').count()).toBeGreaterThan(0);
      bad.push(...(await check('Shipments, one collected')));
      await d.nav('Import');
      bad.push(...(await check('Import')));
      expect(bad, report(bad)).toEqual([]);
    });

    it('Printers with a label held, the labels waiting (F8), Credentials with tokens, Settings', async () => {
      const { page } = d;
      const bad: Finding[] = [];
      const held = await d.create({ ref: 'A11Y-HELD' });
      await d.a7.stop();
      try {
        const job = await d.s.request('POST', '/print-jobs', { token: d.token, body: { codes: [held.code] } });
        expect(job.status, job.text).toBe(202);
        const bar = page.getByRole('region', { name: 'Printers and labels waiting' });
        await d.nav('Printers');
        await expect.poll(() => bar.textContent()).toContain('1 label waits for you');
        bad.push(...(await check('Printers, a label held')));
        await page.keyboard.press('F8');
        const dialog = page.getByRole('dialog', { name: 'Labels waiting for you' });
        await expect.poll(() => dialog.isVisible()).toBe(true);
        bad.push(...(await check('the labels waiting for you (F8)')));
        await dialog.getByRole('button', { name: 'Cancel job' }).first().click();
        await expect.poll(() => bar.textContent()).toContain('No label waiting');
        await page.keyboard.press('Escape');
      } finally {
        await d.a7.start();
      }
      await d.s.request('POST', '/tokens', {
        token: d.token,
        body: { name: 'bench scanner', permissions: ['shipments.read'] },
      });
      await d.nav('Credentials');
      const tokens = page.getByRole('region', { name: 'Credentials' }).getByRole('table');
      await expect.poll(() => tokens.getByRole('row').count()).toBeGreaterThan(1);
      bad.push(...(await check('Credentials with tokens')));
      await d.nav('Settings');
      bad.push(...(await check('Settings')));
      for (const [section, button] of [
        ['Senders', 'Add sender'],
        ['Package presets', 'Add preset'],
      ] as const) {
        await page.getByRole('region', { name: section }).getByRole('button', { name: button }).click();
        bad.push(...(await check(`Settings, ${section}: ${button}`)));
      }
      expect(bad, report(bad)).toEqual([]);
    });

    it('in Spanish: every screen', async () => {
      const { page } = d;
      const bad: Finding[] = [];
      await d.home();
      await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
      await expect.poll(() => page.getByRole('combobox', { name: 'Idioma' }).count()).toBe(1);
      bad.push(...(await check('Spanish: Pack')));
      await d.scan('A11Y-ES');
      await page.getByRole('form', { name: 'Envío nuevo' }).waitFor();
      bad.push(...(await check('Spanish: Pack, a new shipment')));
      await d.home();
      for (const view of ['Lote', 'Envíos', 'Cierre del día', 'Importar', 'Impresoras', 'Credenciales', 'Ajustes']) {
        await d.nav(view);
        bad.push(...(await check(`Spanish: ${view}`)));
      }
      await page.getByRole('combobox', { name: 'Idioma' }).selectOption('en');
      expect(bad, report(bad)).toEqual([]);
    });
  },
);
