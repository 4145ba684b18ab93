import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/station.js';

/**
 * Each top-level folder is one runtime and dependencies point inward: renderer → (IPC or HTTP) → core. A wrong
 * import fails here rather than in a packaged app.
 */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.(ts|tsx)$/.test(name) ? [p] : [];
  });
}

function imports(file: string): { spec: string; typeOnly: boolean }[] {
  const text = readFileSync(file, 'utf8');
  const out: { spec: string; typeOnly: boolean }[] = [];
  for (const m of text.matchAll(/^\s*(import|export)\s+(type\s+)?[^'"]*?from\s+['"]([^'"]+)['"]/gm))
    out.push({ spec: m[3]!, typeOnly: !!m[2] });
  for (const m of text.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm)) out.push({ spec: m[1]!, typeOnly: false });
  for (const m of text.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)) out.push({ spec: m[1]!, typeOnly: false });
  return out;
}

function violations(folder: string, bad: (spec: string, typeOnly: boolean, file: string) => boolean): string[] {
  return sources(join(ROOT, folder)).flatMap((f) =>
    imports(f)
      .filter((i) => bad(i.spec, i.typeOnly, f))
      .map((i) => `${relative(ROOT, f)} imports ${i.spec}`),
  );
}

function rendererMayNotImport(spec: string, typeOnly: boolean): boolean {
  if (/^(node:|electron$|better-sqlite3|fastify)/.test(spec)) return true;
  // The typed client (node-free), and the API's schemas as types only: the UI calls and reads what the service validates.
  if (/(^|\/)core\/client\/index$/.test(spec)) return false;
  // The print job's states and the actions each allows: a module that imports nothing, shared so the desk offers what the queue accepts.
  if (/(^|\/)core\/printing\/job-states$/.test(spec)) return false;
  if (/(^|\/)core\//.test(spec)) return !typeOnly || !/(^|\/)core\/[\w/-]+\/schemas$/.test(spec);
  // The preload's declaration is the one thing the page may know of Electron, and only as types.
  if (/(^|\/)electron\//.test(spec)) return !typeOnly || !/electron\/preload\/api$/.test(spec);
  return false;
}

describe('layering', () => {
  it('core imports neither Electron, React nor the other layers', () => {
    expect(
      violations('core', (s) => /^(electron|react|react-dom)(\/|$)/.test(s) || /(^|\/)(electron|renderer)\//.test(s)),
    ).toEqual([]);
  });

  it('the renderer reaches the core only through IPC or HTTP', () => {
    expect(violations('renderer', rendererMayNotImport)).toEqual([]);
  });

  it('the rule itself catches a wrong import', () => {
    // Guards the regexes above: a layering test that matches nothing would pass forever.
    const found = imports(join(ROOT, 'electron', 'main', 'index.ts')).map((i) => i.spec);
    expect(found).toContain('electron');
    expect(found.some((s) => s.includes('core/index'))).toBe(true);
    expect(rendererMayNotImport('../../../core/shipments/schemas', true)).toBe(false);
    expect(rendererMayNotImport('../../../core/shipments/schemas', false)).toBe(true);
    expect(rendererMayNotImport('../../../core/shipments/service', true)).toBe(true);
    expect(rendererMayNotImport('../../../core/index', true)).toBe(true);
    expect(rendererMayNotImport('../../../core/client/index', false)).toBe(false);
    expect(rendererMayNotImport('../../../../core/printing/job-states', false)).toBe(false);
    expect(rendererMayNotImport('../../../../core/printing/service', false)).toBe(true);
    expect(rendererMayNotImport('../../../core/desk/bridge', false)).toBe(true);
  });
});
