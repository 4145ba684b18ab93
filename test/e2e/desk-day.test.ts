import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumMissing } from '../helpers/browser.js';
import { deskSession, type DeskSession } from './desk-session.js';

if (chromiumMissing) console.warn(`skipping browser tests: ${chromiumMissing}`);

/** Today in a time zone, as YYYY-MM-DD. */
const todayIn = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());

/**
 * A station may count its days in its carrier's zone while the browser keeps its own: End of day lists the station's
 * today. Of two zones 25 hours apart, one always has another date than this machine's, so the test holds at any hour.
 */
const here = Intl.DateTimeFormat().resolvedOptions().timeZone;
const zone = ['Pacific/Kiritimati', 'Pacific/Pago_Pago'].find((z) => todayIn(z) !== todayIn(here)) as string;

describe.skipIf(!!chromiumMissing)('End of day: the station’s today, whatever the browser’s zone', () => {
  let d: DeskSession;
  beforeAll(async () => {
    d = await deskSession({ STATION_TZ: zone });
  });
  afterAll(() => d?.stop());

  it('lists the parcels labelled on the station’s day, and names that day', async () => {
    const { page } = d;
    expect(await page.evaluate<string>("new Intl.DateTimeFormat('en-CA').format(new Date())")).not.toBe(todayIn(zone));
    const { code } = await d.create({ ref: 'DAY-1' });
    expect((await d.s.request('GET', `/labels?code=${String(code)}`, { token: d.token })).status).toBe(200);
    await d.nav('End of day');
    // The English desk writes a date day first.
    const [y, m, day] = todayIn(zone).split('-');
    await expect.poll(() => page.getByLabel('Labelled on').inputValue()).toBe(`${day}/${m}/${y}`);
    const list = page.getByRole('region', { name: 'Labelled, waiting for the carrier' });
    await expect.poll(() => list.textContent()).toContain(String(code));
  });
});
