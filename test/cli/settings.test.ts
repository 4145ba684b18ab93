import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { station } from '../helpers/station.js';

describe('station settings timezone', () => {
  const data = mkdtempSync(join(tmpdir(), 'station-settings-'));
  afterAll(() => rmSync(data, { recursive: true, force: true }));

  it('keeps a valid zone, refuses an unknown one, and yields to STATION_TZ', async () => {
    expect(
      (
        await station(['settings', 'timezone', 'America/Argentina/Cordoba', '--data', data], { STATION_TZ: '' })
      ).stdout.trim(),
    ).toBe('America/Argentina/Cordoba');
    const bad = await station(['settings', 'timezone', 'Mars/Olympus', '--data', data], { STATION_TZ: '' });
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('unknown time zone Mars/Olympus');
    expect((await station(['settings', 'timezone', '--data', data], { STATION_TZ: '' })).stdout.trim()).toBe(
      'America/Argentina/Cordoba',
    );
    expect(
      (await station(['settings', 'timezone', '--data', data], { STATION_TZ: 'Europe/Madrid' })).stdout.trim(),
    ).toBe('Europe/Madrid');
  });

  it('language: follows the rate card (Argentina: Spanish) until set, refuses another language, and goes back with auto', async () => {
    const run = async (...args: string[]) => station(['settings', 'language', ...args, '--data', data]);
    expect((await run()).stdout.trim()).toBe('es (the rate card origin country’s)');
    expect((await run('en')).stdout.trim()).toBe('en');
    const bad = await run('fr');
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('language');
    expect((await run('auto')).stdout.trim()).toBe('es (the rate card origin country’s)');
  });
});
