import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/station.js';

/** The repository's own documents: the README and docs/. */
const documents = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs')).flatMap((f) => (f.endsWith('.md') ? [`docs/${f}`] : [])),
];

describe('the documents an integrator reads', () => {
  it('point only inside the repository, to files that exist (never to ../shared/…)', () => {
    const outside: string[] = [];
    const missing: string[] = [];
    for (const doc of documents) {
      const text = readFileSync(join(ROOT, doc), 'utf8');
      // A path named in code spans too: a reader follows `../shared/spec/…` as surely as a link.
      for (const m of text.matchAll(/\.\.\/shared\/[^\s`)]*/g)) outside.push(`${doc}: ${m[0]}`);
      for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = m[1]!.split('#')[0]!;
        if (!target || /^[a-z]+:/i.test(target)) continue;
        const path = resolve(dirname(join(ROOT, doc)), decodeURIComponent(target));
        if (relative(ROOT, path).startsWith('..')) outside.push(`${doc}: ${m[1]}`);
        else if (!existsSync(path)) missing.push(`${doc}: ${m[1]}`);
      }
    }
    expect(outside).toEqual([]);
    expect(missing).toEqual([]);
  });

  it('include a page for integrators that links to the served OpenAPI document, and the README links to it', () => {
    const page = readFileSync(join(ROOT, 'docs', 'integrators.md'), 'utf8');
    expect(page).toMatch(/\/v1\/openapi\.json/);
    expect(page).toMatch(/curl .*Authorization: Bearer/);
    expect(page).toMatch(/station token create/);
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8')).toContain('(docs/integrators.md)');
  });
});
