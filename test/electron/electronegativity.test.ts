import { createRequire } from 'node:module';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/station.js';

const require = createRequire(import.meta.url);

interface Issue {
  id: string;
  file: string;
  severity: { value: number; name: string };
  location: { line: number };
  description: string;
}
interface Exception {
  id: string;
  file: string;
  reason: string;
}

const scanDir = mkdtempSync(join(tmpdir(), 'station-electronegativity-'));
afterAll(() => rmSync(scanDir, { recursive: true, force: true }));

describe('electronegativity over the desktop shell and its page', () => {
  it('finds nothing of medium severity or higher that the exceptions file does not explain', async () => {
    // The shell and the page it loads (its CSP meta tag), without node_modules.
    cpSync(join(ROOT, 'electron'), join(scanDir, 'electron'), { recursive: true });
    cpSync(join(ROOT, 'renderer', 'index.html'), join(scanDir, 'renderer', 'index.html'));
    cpSync(join(ROOT, 'renderer', 'src'), join(scanDir, 'renderer', 'src'), { recursive: true });
    const run = require('@doyensec/electronegativity') as (
      o: object,
    ) => Promise<{ issues: Issue[]; errors: Array<{ file: string; message: string }> }>;
    const result = await run({
      input: scanDir,
      isRelative: true,
      // Read from the pinned package: without it the tool guesses v0.1.0 and asks the network.
      electronVersionOverride: (require('electron/package.json') as { version: string }).version,
      // This check compares against Electron's release list online; the version is pinned and reviewed on upgrade.
      excludeFromScan: ['AvailableSecurityFixesGlobalCheck'],
    });
    expect(result.errors.map((e) => `${e.file}: ${e.message}`)).toEqual([]);
    const { exceptions } = JSON.parse(
      readFileSync(join(ROOT, 'electron', 'electronegativity-exceptions.json'), 'utf8'),
    ) as { exceptions: Exception[] };
    const serious = result.issues.filter((i) => i.severity.value >= 2);
    const explained = (i: Issue) => exceptions.some((x) => x.id === i.id && x.file === i.file && x.reason.length > 20);
    expect(
      serious
        .filter((i) => !explained(i))
        .map((i) => `${i.id} ${i.severity.name} ${i.file}:${i.location.line} ${i.description}`),
    ).toEqual([]);
    // An exception that no longer matches a finding is stale and goes.
    expect(exceptions.filter((x) => !serious.some((i) => i.id === x.id && i.file === x.file)).map((x) => x.id)).toEqual(
      [],
    );
  }, 120_000);
});
