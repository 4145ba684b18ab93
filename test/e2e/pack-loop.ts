import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { Station } from '../helpers/station.js';
import { decodeZpl, readSymbols } from '../print/decode.js';
import type { Sink } from '../print/sink.js';

/** The desk's scan field, and whether the desk is waiting on it (focused and empty). */
export const scanField = (page: Page) => page.getByRole('textbox', { name: 'Scan', exact: true });
export async function waitingForScan(page: Page): Promise<boolean> {
  return scanField(page).evaluate(
    (el) => el === el.ownerDocument.activeElement && (el as unknown as { value: string }).value === '',
  );
}

/** Types into whatever has focus, then Tab: the operator's hands, no mouse. */
async function fill(page: Page, ...values: string[]) {
  for (const v of values) {
    if (v) await page.keyboard.type(v);
    await page.keyboard.press('Tab');
  }
}

export interface LoopSetup {
  s: Station;
  token: string;
  /** The default A7 printer's sink (zpl). */
  first: Sink;
  /** A second printer's sink, for the job moved away from the offline printer. */
  second: Sink;
  /** Name of a configured printer nobody listens on. */
  offline: string;
}

/**
 * The "Done when" loop, keyboard only from the scan field on: a new ref, receiver and parcel, the second
 * quoted method with `2`, Control+Enter; the label decoded from the printer's bytes; the label's code scanned and
 * reprinted; then a label for an offline printer moved to a second printer, printing exactly once.
 */
export async function packLoop(
  page: Page,
  { s, token, first, second, offline }: LoopSetup,
  ref: string,
): Promise<void> {
  const statusText = () => page.getByRole('status').textContent();
  await expect.poll(() => waitingForScan(page)).toBe(true);
  await page.keyboard.type(ref);
  await page.keyboard.press('Enter');

  const form = page.getByRole('form', { name: 'New shipment' });
  await expect
    .poll(() =>
      form
        .getByRole('group', { name: 'Receiver' })
        .getByLabel('Name')
        .evaluate((el) => el === el.ownerDocument.activeElement),
    )
    .toBe(true);
  // Name, Phone, E-mail, Street and number, Postal code, Country (AR already there), City, Province.
  await fill(page, 'Łukasz Żółć', '+5493511234567', '', 'Av. Santa Fe 1000', 'C1059', '', 'Buenos Aires', 'CABA');
  // Weight, Length, Width, Height, then Contents (left with focus).
  await fill(page, '1,5', '30', '20', '10');
  await page.keyboard.type('Libros');
  const methods = form.getByRole('radiogroup', { name: 'Shipping method' }).getByRole('radio');
  await expect.poll(() => methods.count()).toBeGreaterThan(1);
  await page.keyboard.press('Tab');
  await page.keyboard.press('2');
  const quoted = await s.request('GET', '/quote?zip=C1059&length=30&width=20&height=10&weight=1.5', { token });
  expect(quoted.status).toBe(200);
  await expect.poll(() => methods.nth(1).isChecked()).toBe(true);
  await page.keyboard.press('Control+Enter');

  // The label came out of the printer (its bytes decoded), the status line says so, the desk waits for the next.
  // The status first: when the label does not come, the failure says what the desk showed instead.
  await expect.poll(statusText, { timeout: 20_000 }).toMatch(/ printed on desk-a7$/);
  await first.waitForJobs(1, 5_000);
  const found = await s.request('GET', `/scan?value=${encodeURIComponent(ref)}`, { token });
  expect(found.body.kind).toBe('shipment');
  const { code, method } = found.body.shipment;
  expect(method).toBe(quoted.body[1].method);
  expect(await readSymbols(decodeZpl(first.jobs[0]!))).toContain(`CODE-128:${code}`);
  await expect.poll(statusText).toBe(`${code} printed on desk-a7`);
  expect(await waitingForScan(page)).toBe(true);
  await expect.poll(() => page.getByRole('img', { name: `Label of ${code}` }).count()).toBe(1);

  // The label's own barcode opens the shipment; Enter on the empty field reprints it.
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
  await expect.poll(statusText).toContain(`${code} (order ${ref}) opened`);
  expect(await waitingForScan(page)).toBe(true);
  await page.keyboard.press('Enter');
  await first.waitForJobs(2, 20_000);
  expect(await readSymbols(decodeZpl(first.jobs[1]!))).toContain(`CODE-128:${code}`);
  await expect.poll(statusText).toBe(`${code} printed on desk-a7`);
  expect(await waitingForScan(page)).toBe(true);

  // The offline printer becomes the A7 default; the reprint waits for it, and the operator sends it elsewhere.
  expect(
    (
      await s.request('PUT', `/printers/${offline}`, {
        token,
        body: {
          driver: 'zpl',
          connection: (await s.request('GET', `/printers/${offline}`, { token })).body.connection,
          default_for: 'PDF_A7',
        },
      })
    ).status,
  ).toBe(200);
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
  await expect.poll(statusText).toContain('opened');
  await page.keyboard.press('Enter');
  await expect
    .poll(statusText, { timeout: 20_000 })
    .toMatch(new RegExp(`^${code}: waiting for ${offline} — the printer is offline`));
  const panel = page.getByRole('region', { name: /^Print job / });
  await panel.getByLabel('Another printer').selectOption('desk-second');
  await panel.getByRole('button', { name: 'Send there' }).click();
  await expect.poll(statusText, { timeout: 20_000 }).toBe(`${code} printed on desk-second`);
  await second.waitForJobs(1, 5_000);
  expect(await readSymbols(decodeZpl(second.jobs[0]!))).toContain(`CODE-128:${code}`);
  const jobs = (await s.request('GET', '/print-jobs', { token })).body.data as { printer: string; state: string }[];
  expect(
    jobs
      .filter((j) => j.state === 'done')
      .map((j) => j.printer)
      .sort(),
  ).toEqual(['desk-a7', 'desk-a7', 'desk-second']);
  // The job itself moved: nothing is left for the offline printer to print when it comes back.
  expect(jobs.filter((j) => j.printer === offline)).toEqual([]);
  expect(second.jobs).toHaveLength(1);
  expect(first.jobs).toHaveLength(2);
}

/** Printers of the loop: the A7 default, a second one, and one that nobody listens on. */
export async function loopPrinters(
  s: Station,
  token: string,
  first: Sink,
  second: Sink,
  offlinePort: number,
): Promise<void> {
  for (const [name, port, def] of [
    ['desk-a7', first.port, 'PDF_A7'],
    ['desk-second', second.port, null],
    ['desk-off', offlinePort, null],
  ] as const) {
    const r = await s.request('POST', '/printers', {
      token,
      body: { name, driver: 'zpl', connection: `tcp://127.0.0.1:${port}`, default_for: def },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
  }
}
