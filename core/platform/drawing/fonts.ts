import { readFileSync } from 'node:fs';
import fontkit, { type Font } from '@pdf-lib/fontkit';
import { resourcePath } from '../resources.js';
import { MM_PER_PT, type FontFace } from './primitives.js';
import { TrueTypeFile, TrueTypeSubset } from './ttf-subset.js';

/**
 * The label font: DejaVu Sans Condensed, shipped in resources/fonts with its licence. It covers Latin (accents,
 * Polish, Turkish, Czech …), Greek and Cyrillic, and being condensed fits long names on a 74 mm label. It is read
 * and parsed once per process; layout measures with it and every PDF embeds a subset of it.
 *
 * Bold is the same face drawn with an outline stroke (PDF text render mode 2; the raster strokes the same way)
 * rather than a second embedded font: subsetting a face with fontkit cost ~4 ms per document, which alone broke
 * the 10 ms goal for a one-label PDF. ttf-subset.ts has since made a subset cheap (~0.1 ms), but a second face
 * would still add a second subset, widths and ToUnicode map to every PDF, and a second file to measure with.
 */
export const FONT_FILE = 'DejaVuSansCondensed.ttf';

/** Outline stroke of bold text, as a fraction of the font size: the stem-width difference of DejaVu Sans and its bold. */
export const BOLD_STROKE_EM = 0.06;

export interface LoadedFont {
  path: string;
  bytes: Uint8Array;
  font: Font;
  /** Advance width per code point, in font units. */
  advances: Map<number, number>;
}

let loaded: LoadedFont | null = null;

export function loadFont(): LoadedFont {
  if (!loaded) {
    const path = resourcePath('fonts', FONT_FILE);
    const bytes = readFileSync(path);
    loaded = { path, bytes, font: fontkit.create(bytes), advances: new Map() };
  }
  return loaded;
}

const REPLACEMENT = '?';

/**
 * Text as the label can print it: NFC (so that "n" + combining tilde is the precomposed ñ the font maps),
 * whitespace runs (including newlines) collapsed to one space, and characters the font lacks (e.g. CJK)
 * replaced by "?" rather than drawn as empty boxes.
 */
export function printable(text: string): string {
  const { font } = loadFont();
  let out = '';
  for (const ch of text.normalize('NFC').replace(/\s+/gu, ' ').trim()) {
    out += font.hasGlyphForCodePoint(ch.codePointAt(0)!) ? ch : REPLACEMENT;
  }
  return out;
}

/** Stroke width of bold text in points at `sizePt`. */
export const boldStroke = (sizePt: number) => sizePt * BOLD_STROKE_EM;

/** Width in mm of `text`'s glyph advances at `sizePt`. */
export function advanceWidth(text: string, sizePt: number): number {
  const f = loadFont();
  let units = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    let a = f.advances.get(cp);
    if (a === undefined) {
      a = f.font.glyphForCodePoint(cp).advanceWidth;
      f.advances.set(cp, a);
    }
    units += a;
  }
  return (units / f.font.unitsPerEm) * sizePt * MM_PER_PT;
}

/** What a line of `face` text is wider than its advances, in mm: bold grows by half its stroke at each end. */
export function extraWidth(face: FontFace, sizePt: number): number {
  return face === 'bold' ? boldStroke(sizePt) * MM_PER_PT : 0;
}

/** Width in mm of `text` at `sizePt`: exactly what the PDF and the raster draw. */
export function textWidth(text: string, face: FontFace, sizePt: number): number {
  return advanceWidth(text, sizePt) + extraWidth(face, sizePt);
}

/** Ascent and descent (positive, below the baseline) in mm at `sizePt`, bold's half-stroke included. */
export function verticalMetrics(face: FontFace, sizePt: number): { ascent: number; descent: number } {
  const { font } = loadFont();
  const k = (sizePt * MM_PER_PT) / font.unitsPerEm;
  const half = face === 'bold' ? (boldStroke(sizePt) / 2) * MM_PER_PT : 0;
  return { ascent: font.ascent * k + half, descent: -font.descent * k + half };
}

/**
 * The fontkit that pdf-lib is given. pdf-lib parses the font again for every document and maps text through
 * fontkit's full shaping engine (`layout`, ~0.3 ms a call), which made a 500-label sheet take seconds. This one
 * hands back the already parsed font and maps text with the plain cmap (`glyphsForString`, ~100x faster). For
 * the labels' text (NFC, no ligatures wanted) both give the same glyphs, and pdf-lib ignores shaping positions
 * anyway. Each document still gets its own subset of exactly the glyphs it draws (pdf-lib's per-document
 * embedder asks for it), made by ttf-subset.ts rather than fontkit's much slower subsetter.
 */
export const cachedFontkit = {
  create(bytes: Uint8Array) {
    const f = loadFont();
    return f.bytes === bytes ? cmapOnly(f) : fontkit.create(bytes);
  },
};

let cmapFont: Font | null = null;

function cmapOnly(f: LoadedFont): Font {
  if (!cmapFont) {
    const font = Object.create(f.font) as Font;
    // Its own glyph cache: fontkit caches a glyph with the code points it was first looked up by, and decoding a
    // composite glyph's outline (anyone drawing paths with the shared font) caches its components with none,
    // which would leave those letters out of the PDF's ToUnicode map and so out of its extractable text.
    (font as unknown as { _glyphs: object })._glyphs = {};
    font.layout = ((text: string) => ({
      glyphs: font.glyphsForString(text),
      positions: [],
    })) as unknown as Font['layout'];
    const file = new TrueTypeFile(f.bytes);
    font.createSubset = () => new TrueTypeSubset(file);
    cmapFont = font;
  }
  return cmapFont;
}
