import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/station.js';

type Tree = { [key: string]: string | Tree };
const load = (lang: string) => JSON.parse(readFileSync(join(ROOT, 'renderer', 'src', 'i18n', `${lang}.json`), 'utf8')) as Tree;
const flat = (t: Tree, p = ''): Record<string, string> =>
  Object.fromEntries(Object.entries(t).flatMap(([k, v]) => (typeof v === 'string' ? [[p + k, v]] : Object.entries(flat(v, `${p}${k}.`)))));
const variables = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

/** English is the source (its keys type the desk's t()); Spanish must say every one of them, with the same blanks. */
describe('the desk’s translations', () => {
  const en = flat(load('en'));
  const es = flat(load('es'));

  it('Spanish has exactly the English keys', () => {
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort());
  });

  it('each Spanish text fills the same blanks as the English one, and none is empty', () => {
    for (const [key, text] of Object.entries(en)) {
      // A singular may say "the only one" instead of its count.
      const blanks = (t: string) => variables(t).filter((v) => !(key.endsWith('_one') && v === 'count'));
      expect(blanks(es[key] ?? ''), key).toEqual(blanks(text));
      expect(es[key]?.trim(), key).toBeTruthy();
    }
  });
});
