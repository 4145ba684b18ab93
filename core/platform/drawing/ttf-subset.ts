/**
 * TrueType subsets for PDF embedding (FontFile2), made by copying glyph bytes out of the font file.
 *
 * Why not fontkit's own subsetter (which pdf-lib calls): it decodes every glyph's outline and writes each table
 * field by field through its generic struct encoder, ~3 ms a document, most of a one-label PDF. This writes the
 * same tables (head, hhea, maxp, loca, glyf, hmtx, cvt, fpgm, prep: what a PDF reader needs of an embedded
 * TrueType font; name, cmap, OS/2 and post are for installed fonts) with the same numbering (glyph 0, then glyphs
 * in the order included, then the components of composite glyphs), so pdf-lib's embedder is used unchanged.
 * What it learns about a glyph (byte range, components, metrics) is kept for the life of the process: the same
 * few hundred Latin glyphs recur in every label, so a document costs a few microseconds per glyph.
 */

interface GlyphRecord {
  /** Byte range of the glyph in the font file; empty for glyphs without outline (space). */
  start: number;
  end: number;
  /** Components of a composite glyph: their glyph id and where in the glyph's bytes that id is written. */
  components: Array<{ gid: number; at: number }>;
  advance: number;
  lsb: number;
}

/** Hinting tables, copied as they are when the font has them: the instructions in the copied glyphs use them. */
const COPIED = ['cvt ', 'fpgm', 'prep'] as const;
const HEAD_CHECKSUM_ADJUSTMENT = 8;
const HEAD_INDEX_TO_LOC_FORMAT = 50;
const HHEA_NUMBER_OF_HMETRICS = 34;
const MAXP_NUM_GLYPHS = 4;
/** Composite glyph flags (OpenType spec, glyf table). */
const ARG_1_AND_2_ARE_WORDS = 0x0001;
const WE_HAVE_A_SCALE = 0x0008;
const MORE_COMPONENTS = 0x0020;
const WE_HAVE_AN_X_AND_Y_SCALE = 0x0040;
const WE_HAVE_A_TWO_BY_TWO = 0x0080;

/** A TrueType font file, read once: its table directory and, glyph by glyph as asked, its glyph records. */
export class TrueTypeFile {
  private readonly view: DataView;
  private readonly tables = new Map<string, { offset: number; length: number }>();
  private readonly glyphs = new Map<number, GlyphRecord>();
  private readonly longLoca: boolean;
  private readonly numHMetrics: number;
  readonly numGlyphs: number;

  constructor(readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const count = this.u16(4);
    for (let i = 0; i < count; i++) {
      const rec = 12 + 16 * i;
      const tag = String.fromCharCode(...bytes.subarray(rec, rec + 4));
      this.tables.set(tag, { offset: this.u32(rec + 8), length: this.u32(rec + 12) });
    }
    if (!this.tables.has('glyf')) throw new Error('not a TrueType-outline font (no glyf table)');
    this.longLoca = this.view.getInt16(this.table('head').offset + HEAD_INDEX_TO_LOC_FORMAT) === 1;
    this.numHMetrics = this.u16(this.table('hhea').offset + HHEA_NUMBER_OF_HMETRICS);
    this.numGlyphs = this.u16(this.table('maxp').offset + MAXP_NUM_GLYPHS);
  }

  table(tag: string): { offset: number; length: number } {
    const t = this.tables.get(tag);
    if (!t) throw new Error(`font has no ${tag} table`);
    return t;
  }

  /** Bytes of `tag`, or none when the font lacks that (optional) table. */
  tableBytes(tag: string): Uint8Array {
    const t = this.tables.get(tag);
    return t ? this.bytes.subarray(t.offset, t.offset + t.length) : new Uint8Array(0);
  }

  glyph(gid: number): GlyphRecord {
    let g = this.glyphs.get(gid);
    if (!g) this.glyphs.set(gid, (g = this.readGlyph(gid)));
    return g;
  }

  private readGlyph(gid: number): GlyphRecord {
    if (!Number.isInteger(gid) || gid < 0 || gid >= this.numGlyphs) throw new Error(`glyph ${gid} is not in the font`);
    const loca = this.table('loca').offset;
    const glyf = this.table('glyf').offset;
    const [a, b] = this.longLoca
      ? [this.u32(loca + 4 * gid), this.u32(loca + 4 * gid + 4)]
      : [2 * this.u16(loca + 2 * gid), 2 * this.u16(loca + 2 * gid + 2)];
    const start = glyf + a;
    const end = glyf + b;
    const components: GlyphRecord['components'] = [];
    if (end > start && this.view.getInt16(start) < 0) {
      let p = start + 10;
      for (;;) {
        const flags = this.u16(p);
        components.push({ gid: this.u16(p + 2), at: p + 2 - start });
        p += 4 + (flags & ARG_1_AND_2_ARE_WORDS ? 4 : 2);
        p += flags & WE_HAVE_A_SCALE ? 2 : flags & WE_HAVE_AN_X_AND_Y_SCALE ? 4 : flags & WE_HAVE_A_TWO_BY_TWO ? 8 : 0;
        if (!(flags & MORE_COMPONENTS)) break;
      }
    }
    // hmtx: numHMetrics (advance, lsb) pairs, then the lsb alone of the glyphs that share the last advance.
    const hmtx = this.table('hmtx').offset;
    const last = Math.min(gid, this.numHMetrics - 1);
    const advance = this.u16(hmtx + 4 * last);
    const lsb = this.view.getInt16(
      gid < this.numHMetrics ? hmtx + 4 * gid + 2 : hmtx + 4 * this.numHMetrics + 2 * (gid - this.numHMetrics),
    );
    return { start, end, components, advance, lsb };
  }

  private u16(at: number): number {
    return this.view.getUint16(at);
  }

  private u32(at: number): number {
    return this.view.getUint32(at);
  }
}

/** The part of fontkit's `Subset` that pdf-lib's subset embedder uses. */
export class TrueTypeSubset {
  /** TrueType outlines: pdf-lib embeds them as CIDFontType2 / FontFile2. */
  readonly cff = false;
  private readonly newIds = new Map<number, number>();
  private readonly gids: number[] = [];

  constructor(private readonly file: TrueTypeFile) {
    this.includeGlyph(0);
  }

  /** The glyph's id in the subset (glyph 0, .notdef, is always 0). */
  includeGlyph(glyph: number | { id: number }): number {
    const gid = typeof glyph === 'number' ? glyph : glyph.id;
    let id = this.newIds.get(gid);
    if (id === undefined) {
      id = this.gids.length;
      this.file.glyph(gid); // fails here, not at save time, on a glyph id the font lacks
      this.gids.push(gid);
      this.newIds.set(gid, id);
    }
    return id;
  }

  /**
   * fontkit's subsets hand their bytes out through a stream; pdf-lib only listens for 'data' and 'end'. The
   * font is small and made in one go, so each listener is called as soon as it is added.
   */
  encodeStream() {
    const bytes = this.encode();
    const stream = {
      on(event: 'data' | 'end' | 'error', listener: (data: Uint8Array) => unknown) {
        if (event === 'data') listener(bytes);
        else if (event === 'end') listener(bytes);
        return stream;
      },
    };
    return stream;
  }

  /** The subset font file. */
  encode(): Uint8Array {
    const f = this.file;
    // Components join the subset as they are met; the loop also reaches the components of components.
    for (let i = 0; i < this.gids.length; i++)
      for (const c of f.glyph(this.gids[i]!).components) this.includeGlyph(c.gid);
    const n = this.gids.length;

    let glyfLength = 0;
    let allEven = true;
    for (const gid of this.gids) {
      const g = f.glyph(gid);
      glyfLength += g.end - g.start;
      allEven &&= (g.end - g.start) % 2 === 0;
    }
    // The short loca format (offset / 2 in 16 bits) halves that table whenever the offsets allow it.
    const shortLoca = allEven && glyfLength / 2 <= 0xffff;
    const glyf = new Uint8Array(glyfLength);
    const glyfView = new DataView(glyf.buffer);
    const loca = new DataView(new ArrayBuffer((shortLoca ? 2 : 4) * (n + 1)));
    const setLoca = (i: number, offset: number) =>
      shortLoca ? loca.setUint16(2 * i, offset / 2) : loca.setUint32(4 * i, offset);
    const hmtx = new DataView(new ArrayBuffer(4 * n));
    let at = 0;
    this.gids.forEach((gid, i) => {
      const g = f.glyph(gid);
      setLoca(i, at);
      glyf.set(f.bytes.subarray(g.start, g.end), at);
      for (const c of g.components) glyfView.setUint16(at + c.at, this.newIds.get(c.gid)!);
      at += g.end - g.start;
      hmtx.setUint16(4 * i, g.advance);
      hmtx.setInt16(4 * i + 2, g.lsb);
    });
    setLoca(n, at);

    const head = copyOf(f.tableBytes('head'));
    const headView = new DataView(head.buffer);
    headView.setUint32(HEAD_CHECKSUM_ADJUSTMENT, 0);
    headView.setInt16(HEAD_INDEX_TO_LOC_FORMAT, shortLoca ? 0 : 1);
    const hhea = copyOf(f.tableBytes('hhea'));
    new DataView(hhea.buffer).setUint16(HHEA_NUMBER_OF_HMETRICS, n);
    const maxp = copyOf(f.tableBytes('maxp'));
    new DataView(maxp.buffer).setUint16(MAXP_NUM_GLYPHS, n);

    const tables: Array<[string, Uint8Array]> = [
      ['glyf', glyf],
      ['head', head],
      ['hhea', hhea],
      ['hmtx', new Uint8Array(hmtx.buffer)],
      ['loca', new Uint8Array(loca.buffer)],
      ['maxp', maxp],
      ...COPIED.map((tag): [string, Uint8Array] => [tag, f.tableBytes(tag)]),
    ];
    const { out, offsets } = sfnt(tables.filter(([, b]) => b.length > 0));
    // head.checksumAdjustment makes the whole file sum to 0xB1B0AFBA (OpenType spec, head table).
    new DataView(out.buffer).setUint32(
      offsets.get('head')! + HEAD_CHECKSUM_ADJUSTMENT,
      (0xb1b0afba - checksum(out)) >>> 0,
    );
    return out;
  }
}

/**
 * An sfnt file of `tables`: the offset table, the directory (sorted by tag) and each table 4-byte aligned, with
 * where each table starts.
 */
function sfnt(tables: Array<[string, Uint8Array]>): { out: Uint8Array; offsets: Map<string, number> } {
  tables.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const dirLength = 12 + 16 * tables.length;
  const size = tables.reduce((sum, [, b]) => sum + pad4(b.length), dirLength);
  const out = new Uint8Array(size);
  const v = new DataView(out.buffer);
  const pow = 2 ** Math.floor(Math.log2(tables.length));
  v.setUint32(0, 0x00010000);
  v.setUint16(4, tables.length);
  v.setUint16(6, 16 * pow);
  v.setUint16(8, Math.log2(pow));
  v.setUint16(10, 16 * (tables.length - pow));
  const offsets = new Map<string, number>();
  let at = dirLength;
  tables.forEach(([tag, bytes], i) => {
    const rec = 12 + 16 * i;
    for (let k = 0; k < 4; k++) out[rec + k] = tag.charCodeAt(k);
    out.set(bytes, at);
    v.setUint32(rec + 4, checksum(out.subarray(at, at + pad4(bytes.length))));
    v.setUint32(rec + 8, at);
    v.setUint32(rec + 12, bytes.length);
    offsets.set(tag, at);
    at += pad4(bytes.length);
  });
  return { out, offsets };
}

/** The sfnt checksum: the sum of big-endian uint32s, modulo 2^32 (`bytes` is padded to 4). */
function checksum(bytes: Uint8Array): number {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let sum = 0;
  for (let i = 0; i + 4 <= bytes.length; i += 4) sum = (sum + v.getUint32(i)) >>> 0;
  return sum;
}

const pad4 = (n: number) => (n + 3) & ~3;

/**
 * A copy with its own buffer, safe to patch. Not `slice()`: on a Node Buffer (the font is read with readFileSync)
 * that is a view, and patching it would write into the font every later subset is cut from.
 */
const copyOf = (bytes: Uint8Array) => new Uint8Array(bytes);
