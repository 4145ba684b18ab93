import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/station.js';

/**
 * The page as built (`npm run build:app`, which `npm test` runs first): what a desk downloads before it can draw
 * anything, and what it must never carry. Sizes are the files' bytes, as Vite reports them (kB = 1,000 bytes).
 */
const OUT = join(ROOT, 'out', 'renderer');
const ASSETS = join(OUT, 'assets');
/**
 * The budget of the first script: the shell, the client, React, the router, English. Screens come as they open.
 * 410 kB since issue 29's desk fixes (was 400): the English dictionary holds every screen's words and grew by 1.6 kB,
 * the scan's routing by 0.5 kB; splitting the dictionary by screen is the way back under 400.
 */
const INITIAL_BUDGET = 410_000;

const size = (file: string) => statSync(join(ASSETS, file)).size;
/** The chunks a script imports statically (`import … from "./x.js"`), not the ones it loads later (`import("./x.js")`). */
const staticImports = (file: string) =>
  [
    ...readFileSync(join(ASSETS, file), 'utf8').matchAll(
      /\bimport\s*(?:[\w$*{}\s,]+from\s*)?["']\.\/([^"']+\.js)["']/g,
    ),
  ].map((m) => m[1]!);

/** The entry script of index.html and everything it loads before running: its static imports, transitively. */
function initialScripts(): string[] {
  const html = readFileSync(join(OUT, 'index.html'), 'utf8');
  const entry = /<script type="module"[^>]* src="\.\/assets\/([^"]+\.js)"/.exec(html)?.[1];
  if (!entry) throw new Error('index.html has no module script');
  const seen = new Set<string>();
  const visit = (f: string) => {
    if (seen.has(f)) return;
    seen.add(f);
    staticImports(f).forEach(visit);
  };
  visit(entry);
  return [...seen];
}

describe('the built desk page (out/renderer)', () => {
  if (!existsSync(OUT)) throw new Error(`${OUT} is missing: run \`npm run build:app\` (npm test does) first`);
  const scripts = readdirSync(ASSETS).filter((f) => f.endsWith('.js'));

  it(`starts with at most ${INITIAL_BUDGET / 1000} kB of script; each screen is a chunk loaded when opened`, () => {
    const initial = initialScripts();
    const total = initial.reduce((n, f) => n + size(f), 0);
    const later = scripts.filter((f) => !initial.includes(f));
    console.log(
      `initial script ${(total / 1000).toFixed(1)} kB (${initial.map((f) => `${f} ${(size(f) / 1000).toFixed(1)}`).join(', ')}); ` +
        `loaded later: ${later.map((f) => `${f} ${(size(f) / 1000).toFixed(1)}`).join(', ')}`,
    );
    expect(total, `initial script: ${initial.join(', ')}`).toBeLessThanOrEqual(INITIAL_BUDGET);
    // Each screen's own module is outside the first script (React.lazy in app/App.tsx).
    for (const view of [
      'PackView',
      'BatchView',
      'ShipmentsView',
      'EndOfDayView',
      'ImportView',
      'PrintersView',
      'SettingsView',
    ])
      expect(
        later.some((f) => f.startsWith(`${view}-`)),
        `${view} is a chunk of its own`,
      ).toBe(true);
  });

  it('carries none of the service: no operation specs or schemas, no TypeBox, no ajv', () => {
    const markers = {
      // TypeBox marks every schema it makes with this symbol.
      TypeBox: 'TypeBox.Kind',
      ajv: 'schema with key or id',
      // Only the service's schemas carry the message a person reads (core/*/schemas.ts).
      'the service schemas': 'x-error',
    };
    for (const f of scripts) {
      const text = readFileSync(join(ASSETS, f), 'utf8');
      for (const [what, marker] of Object.entries(markers))
        expect(text.includes(marker), `${f} holds ${what}`).toBe(false);
    }
  });
});
