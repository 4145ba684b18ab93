import { createRequire } from 'node:module';
import { sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { discoverSystemPrinters, systemDriver } from '../../core/features/printing/system-driver.js';

const require = createRequire(import.meta.url);
const loaded = () => Object.keys(require.cache).some((f) => f.includes(`${sep}pdf-to-printer${sep}`));

const onWindows = process.platform === 'win32';
if (onWindows)
  console.warn('skipping the CUPS-platform test: this is Windows, where the system driver uses pdf-to-printer');

describe.skipIf(onWindows)('system driver on Linux and macOS', () => {
  it('uses CUPS and never loads pdf-to-printer', async () => {
    expect(systemDriver.checkConnection('Office_Laser')).toBeNull();
    expect(systemDriver.checkConnection('HP LaserJet')).toMatch(/lpstat -e/);
    await discoverSystemPrinters();
    await systemDriver.status({ name: 'x', driver: 'system', connection: 'NoSuchQueue', settings: {} });
    expect(loaded()).toBe(false);
    // The probe itself can see the module once something loads it.
    await import('pdf-to-printer');
    expect(loaded()).toBe(true);
  });
});
