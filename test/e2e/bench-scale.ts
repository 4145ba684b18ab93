import { expect } from 'vitest';
import { startFakeScale, type FakeScale } from '../scale/fake-scale.js';
import type { DeskSession } from './desk-session.js';

/** A fake NCI scale reading `kg`, the station's scale while `run` runs; the station has no scale after. */
export async function onTheScale(d: DeskSession, kg: number, run: (fake: FakeScale) => Promise<void>): Promise<void> {
  const fake = await startFakeScale('nci');
  try {
    const r = await d.s.request('PUT', '/station/settings', {
      token: d.token,
      body: { scale: { device: fake.device, protocol: 'nci' } },
    });
    expect(r.status, r.text).toBe(200);
    fake.set(kg);
    await run(fake);
  } finally {
    await fake.stop();
    await d.s.request('PUT', '/station/settings', { token: d.token, body: { scale: null } });
  }
}
