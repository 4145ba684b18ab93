import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { cachedFontkit, loadFont } from '../../core/platform/drawing/fonts.js';
import { labelLayout, type LabelData } from '../../core/features/labels/layout.js';
import { labelsPdf } from '../../core/features/labels/sheets.js';
import { TrueTypeFile, TrueTypeSubset } from '../../core/platform/drawing/ttf-subset.js';
import { blackBits, renderPages, scratch } from './tools.js';

const run = promisify(execFile);

/** Texts in the scripts labels meet; many of these letters are composite glyphs (base letter + accent). */
const TEXTS = [
  'Zosia Łukasiewicz-Ğündoğdu, Świętokrzyska 12, Kraków',
  'Şişli İstanbul ıİğĞüÜşŞöÖçÇ',
  'Příliš žluťoučký kůň úpěl ďábelské ódy',
  'Ελληνικά: Αθήνα, Θεσσαλονίκη',
  'Кириллица: Москва, Київ, Беларусь',
  'Ñandú Müller-Øverlândssø Ǻǻ Ǽǽ ĳ € … ?',
];

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

describe('TrueType subsets (ttf-subset.ts)', () => {
  const { bytes, font } = loadFont();
  const file = new TrueTypeFile(bytes);

  function subsetOf(text: string) {
    const glyphs = font.glyphsForString(text);
    const subset = new TrueTypeSubset(file);
    const ids = glyphs.map((g) => subset.includeGlyph(g));
    return { glyphs, ids, out: subset.encode() };
  }

  it('keep every glyph outline and advance (composite glyphs too), one subset after another from the same cache', () => {
    const fontBefore = sha(bytes);
    const first = subsetOf(TEXTS[0]!);
    for (const text of [...TEXTS, TEXTS[0]!]) {
      const { glyphs, ids, out } = subsetOf(text);
      const sub = fontkit.create(out);
      expect(out.length).toBeLessThan(bytes.length / 20);
      glyphs.forEach((g, i) => {
        const mine = sub.getGlyph(ids[i]!);
        expect(mine.path.toSVG(), `${text}: glyph ${g.id}`).toBe(g.path.toSVG());
        expect(mine.advanceWidth, `${text}: glyph ${g.id}`).toBe(g.advanceWidth);
      });
      // Components of composite glyphs joined the subset, so it has more glyphs than the text used.
      expect(sub.numGlyphs).toBeGreaterThanOrEqual(new Set(ids).size + 1);
    }
    // The same glyphs give the same file, however many subsets were cut in between; the font itself is untouched.
    expect(sha(subsetOf(TEXTS[0]!).out)).toBe(sha(first.out));
    expect(sha(bytes)).toBe(fontBefore);
  });

  it('refuses a glyph id the font does not have when it is included, not later when the PDF is saved', () => {
    expect(() => new TrueTypeSubset(file).includeGlyph(file.numGlyphs)).toThrow(/not in the font/);
  });
});

describe('the embedded label font in PDFs', () => {
  const tmp = scratch();
  afterAll(() => tmp.remove());

  /** Draws `text` with pdf-lib, embedding the label font through `kit`'s subsetter; returns the PDF's path. */
  async function drawn(text: string, kit: Parameters<PDFDocument['registerFontkit']>[0], name: string) {
    const doc = await PDFDocument.create();
    doc.registerFontkit(kit);
    const f = await doc.embedFont(loadFont().bytes, { subset: true });
    doc.addPage([1100, 60]).drawText(text, { x: 10, y: 20, size: 20, font: f });
    return tmp.file(name, await doc.save());
  }

  it("prints exactly what fontkit's own subsetter prints", async () => {
    // No "fi"/"fl": fontkit's layout would join them into ligatures, which the label's cmap mapping does not.
    const text = TEXTS.join(' ');
    const [reference] = await renderPages(await drawn(text, fontkit, 'reference.pdf'), 100);
    const [mine] = await renderPages(await drawn(text, cachedFontkit, 'mine.pdf'), 100);
    const a = blackBits(reference!);
    const b = blackBits(mine!);
    expect(b.black.reduce((n, v) => n + v, 0)).toBeGreaterThan(1000);
    expect(Buffer.from(b.black).equals(Buffer.from(a.black))).toBe(true);
  });

  function label(name: string, street: string, city: string): LabelData {
    const party = { name, street, city, state: 'Región', zip: '30-001', country: 'PL' };
    return {
      code: 'SS00000001',
      qr: 'token',
      method: 'DELIVERY',
      type: 'DELIVERY',
      ref: 'R-1',
      weightKg: 1,
      receiver: party,
      sender: party,
      piece: null,
      office: null,
    };
  }

  async function a7(data: LabelData, name: string): Promise<{ pdf: string; bytes: Uint8Array }> {
    const bytes = await labelsPdf([labelLayout(data)], 'PDF_A7', 1, name);
    return { pdf: tmp.file(name, bytes), bytes };
  }

  const text = async (pdf: string) => (await run('pdftotext', [pdf, '-'])).stdout;

  it('gives each label its own glyphs: labels in sequence with different letters, and one after many others', async () => {
    // Outlines of composite glyphs decoded on the shared font first: fontkit then caches their components (e.g.
    // "E" of "Ę") without code points, which must not cost the PDFs those letters' text.
    for (const g of loadFont().font.glyphsForString('ąćęğńóśźżĳĘĞÓŻĄŚŹĆŃ')) expect(g.path.toSVG()).not.toBe('');
    const polish = label('Łucja Świętek-Ğündoğdu', 'Żółkiewskiego 7', 'Łódź');
    const greek = label('Αλέξανδρος Παπαδόπουλος', 'Οδός Ερμού 12', 'Жytomyr Київ');
    const first = await a7(polish, 'polish.pdf');
    const second = await a7(greek, 'greek.pdf');
    for (let i = 0; i < 40; i++)
      await labelsPdf([labelLayout(label(`Ørjan Ćosić ${i}`, `Şehit Ömer ${i}`, 'Brno Ďáblice'))], 'PDF_A7');
    const again = await a7(polish, 'polish-again.pdf');

    for (const s of ['Łucja Świętek-Ğündoğdu', 'Żółkiewskiego 7', 'Łódź']) expect(await text(first.pdf)).toContain(s);
    for (const s of ['Αλέξανδρος Παπαδόπουλος', 'Οδός Ερμού 12', 'Жytomyr Київ'])
      expect(await text(second.pdf)).toContain(s);
    expect(await text(second.pdf)).not.toContain('Łucja');
    // The same label after 40 others is drawn dot for dot the same.
    const [p1] = await renderPages(first.pdf, 150, { mono: true });
    const [p2] = await renderPages(again.pdf, 150, { mono: true });
    expect(Buffer.from(blackBits(p2!).black).equals(Buffer.from(blackBits(p1!).black))).toBe(true);
    // A subset, not the 680 kB font: the whole one-label PDF stays far smaller than the font file.
    for (const { bytes } of [first, second, again]) expect(bytes.length).toBeLessThan(20_000);
    const { stdout } = await run('pdffonts', [first.pdf]);
    expect(stdout).toMatch(/DejaVuSansCondensed\S*\s+CID TrueType\s+Identity-H\s+yes/);
  });
});
