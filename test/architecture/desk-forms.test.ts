import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/station.js';

/**
 * A parcel's and a party's fields are drawn in one place each (`ParcelFields`, `AddressFields`): Pack, a package, a
 * preset, a sender and a parcel's correction use them, so that a message, a unit or a key learnt by one is had by
 * all. A field of either written again elsewhere is found by the pointer it is sent under or the words it is
 * labelled with.
 */
const DESK = join(ROOT, 'renderer', 'src');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.tsx') ? [join(dir, e.name)] : [],
  );
}

/** `path="/dimensions/weight"`, path={`/dimensions/${k}`}, `label={t('pack.width')}` and the like. */
const PARCEL = [
  /path=\{?\s*[`'"](\/dimensions)?\/(weight|length|width|height|\$\{)/,
  /label=\{t\(\s*[`'"](pack|packages)\.(weight|length|width|height)\b/,
];
const PARTY = [
  /path=\{?\s*[`'"](\/(destination|origin))?\/(contact|address)\//,
  /label=\{t\(\s*[`'"](pack|packages)\.(name|phone|email|street|city|state|province|zip|country)\b/,
  // A table of fields drawn in a loop: [key, pointer, words].
  /'\/(contact|address)\/\w+',\s*'pack\./,
];

function writtenOutside(owner: string, patterns: RegExp[]): string[] {
  return sources(DESK)
    .filter((f) => !f.endsWith(owner))
    .flatMap((f) =>
      readFileSync(f, 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          patterns.some((p) => p.test(line)) ? [`${relative(ROOT, f)}:${i + 1}: ${line.trim()}`] : [],
        ),
    );
}

describe("the desk's form pieces, each written once", () => {
  it('a parcel field is drawn only by ParcelFields', () => {
    expect(writtenOutside('parcel/ParcelFields.tsx', PARCEL)).toEqual([]);
  });

  it('an address or contact field is drawn only by AddressFields', () => {
    expect(writtenOutside('components/AddressFields.tsx', PARTY)).toEqual([]);
  });

  it('the patterns find the fields as they were written before', () => {
    // A pattern that matched nothing would pass forever: each is shown the lines the copies had.
    for (const line of [
      'path="/dimensions/weight"',
      'path={`/dimensions/${k}`}',
      'path="/length"',
      "label={t('packages.height')}",
    ])
      expect(
        PARCEL.some((p) => p.test(line)),
        line,
      ).toBe(true);
    for (const line of [
      'path="/destination/contact/name"',
      'path="/origin/address/zip"',
      "['street', '/address/street', 'pack.street'],",
      "label={t('pack.province')}",
    ])
      expect(
        PARTY.some((p) => p.test(line)),
        line,
      ).toBe(true);
  });
});
