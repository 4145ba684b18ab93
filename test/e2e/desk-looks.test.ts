import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumMissing } from '../helpers/browser.js';
import { socatMissing, startFakeScale } from '../scale/fake-scale.js';
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

describe.skipIf(!!missing)('the desk at the bench: what moves, what fits', () => {
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
    const fake = await startFakeScale('nci');
    try {
      const r = await d.s.request('PUT', '/station/settings', {
        token: d.token,
        body: { scale: { device: fake.device, protocol: 'nci' } },
      });
      expect(r.status, r.text).toBe(200);
      fake.set(1.25);
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
        for (const [what, b] of all.slice(1)) expect(overlap(m.hint, b), `the box keys under ${what}, ${state}`).toBe(false);
      }
    } finally {
      await fake.stop();
      await d.s.request('PUT', '/station/settings', { token: d.token, body: { scale: null } });
    }
  });
});
