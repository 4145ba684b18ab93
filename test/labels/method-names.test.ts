import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PRINT_LANGUAGES, PRINTED_WORDS } from '../../core/platform/drawing/words.js';
import { METHODS } from '../../core/shared/schemas/codes.js';
import { ROOT } from '../helpers/station.js';

/**
 * Issue 29, item 12: one method had three names (Pack's rate card titles, the lists' words, the label's). In each
 * language the label prints the desk's own name of each method, in capitals.
 */
describe('a method has one name per language: the desk’s, and the label’s in capitals', () => {
  for (const lang of PRINT_LANGUAGES)
    it(`in ${lang}`, () => {
      const desk = JSON.parse(readFileSync(join(ROOT, 'renderer', 'src', 'i18n', `${lang}.json`), 'utf8')) as {
        codes: { method: Record<string, string> };
      };
      for (const m of METHODS)
        expect(PRINTED_WORDS[lang].method[m], m).toBe(desk.codes.method[m]!.toLocaleUpperCase(lang));
    });
});
