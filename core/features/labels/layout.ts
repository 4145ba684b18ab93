import { code128, qrCode, type Modules } from '../../platform/drawing/barcodes.js';
import {
  LABEL_HEIGHT_MM,
  LABEL_WIDTH_MM,
  type FilledRect,
  type ModuleGrid,
  type Primitive,
} from '../../platform/drawing/primitives.js';
import { fitText, type Box, type FitOptions } from '../../platform/drawing/text-fit.js';
import { PRINTED_WORDS, type PrintLanguage } from '../../platform/drawing/words.js';

/** Everything a label prints, already resolved from the shipment (office names, piece numbers, the QR token). */
export interface LabelData {
  code: string;
  /** The signed QR token; the QR encodes exactly this. */
  qr: string;
  method: string;
  type: string;
  ref: string;
  weightKg: number;
  receiver: PartyLines;
  sender: PartyLines;
  /** `n/N` of a package of a multi-origin shipment. */
  piece: { number: number; total: number } | null;
  /** The pickup office of a PICKUP shipment. */
  office: { code: string; name: string } | null;
  /** The language of the captions, method and type (default English); the data is printed as entered. */
  language?: PrintLanguage;
}

export interface PartyLines {
  name: string;
  phone?: string | undefined;
  street: string;
  city: string;
  state: string;
  zip: string;
  country: string;
}

const M = 3;
const INNER_W = LABEL_WIDTH_MM - 2 * M;
const RULE = 0.35;
/** Narrow bar of the Code 128 (13 mil); a long code gets narrower bars rather than leaving the label. */
const CODE128_MODULE = 0.33;
const CODE128_QUIET = 10;
/** Largest QR module; the QR shrinks to its box when the token needs a bigger version. */
const QR_MODULE = 0.5;
const QR_BOX = 25.6;

/**
 * The label, as primitives on a 74 x 105 mm box (see primitives.ts). It is the single description of the label:
 * the PDF (A7 page or A4 tile) and the thermal raster both draw it, so they cannot disagree.
 *
 *   METHOD                      TYPE n/N
 *   ─────────────────────────────────────
 *   TO  receiver name / street / zip city / state, country / phone
 *   ─────────────────────────────────────
 *   FROM sender name / address
 *   ─────────────────────────────────────
 *   PICKUP office code + name   ┌──QR──┐
 *   Ref, weight                 └──────┘
 *   ─────────────────────────────────────
 *   ║║│║║│║ Code 128 ║║│║ / CODE in text
 */
export function labelLayout(d: LabelData): Primitive[] {
  const out: Primitive[] = [];
  const text = (s: string, box: Box, o: FitOptions) => out.push(...fitText(s, box, o));
  const caption = (s: string, y: number, x = M, w = INNER_W) =>
    text(s, { x, y, w, h: 2.6 }, { face: 'bold', maxSize: 6, minSize: 6, maxLines: 1 });
  const rule = (y: number) => out.push(rect(M, y, INNER_W, RULE));
  const w = PRINTED_WORDS[d.language ?? 'en'];

  // Header: method large, type and piece number on the right.
  text(
    w.method[d.method] ?? d.method,
    { x: M, y: M, w: 40, h: 8 },
    { face: 'bold', maxSize: 20, minSize: 9, maxLines: 1 },
  );
  text(
    w.type[d.type] ?? d.type,
    { x: 44, y: M, w: 27, h: 4 },
    { face: 'bold', maxSize: 9, minSize: 6, maxLines: 1, align: 'right' },
  );
  if (d.piece)
    text(
      w.piece(d.piece.number, d.piece.total),
      { x: 44, y: 7.3, w: 27, h: 4 },
      {
        face: 'bold',
        maxSize: 9,
        minSize: 6,
        maxLines: 1,
        align: 'right',
      },
    );
  rule(11.8);

  // Receiver: the part a courier reads, so the largest text.
  const r = d.receiver;
  caption(w.to, 12.8);
  text(r.name, { x: M, y: 15.4, w: INNER_W, h: 10.5 }, { face: 'bold', maxSize: 14, minSize: 7, maxLines: 2 });
  text(r.street, { x: M, y: 26.2, w: INNER_W, h: 8 }, { face: 'regular', maxSize: 10, minSize: 6, maxLines: 2 });
  text(
    `${r.zip} ${r.city}`,
    { x: M, y: 34.4, w: INNER_W, h: 5 },
    { face: 'bold', maxSize: 12, minSize: 6, maxLines: 1 },
  );
  text(
    `${r.state}, ${r.country}`,
    { x: M, y: 39.6, w: INNER_W, h: 3.6 },
    { face: 'regular', maxSize: 8, minSize: 5.5, maxLines: 1 },
  );
  if (r.phone)
    text(
      `${w.phone} ${r.phone}`,
      { x: M, y: 43.3, w: INNER_W, h: 3.6 },
      { face: 'regular', maxSize: 8, minSize: 5.5, maxLines: 1 },
    );
  rule(47.3);

  // Sender.
  const s = d.sender;
  caption(w.from, 48.2);
  text(s.name, { x: M, y: 50.8, w: INNER_W, h: 3.3 }, { face: 'bold', maxSize: 7.5, minSize: 5, maxLines: 1 });
  text(
    `${s.street}, ${s.zip} ${s.city}, ${s.state}, ${s.country}`,
    { x: M, y: 54.1, w: INNER_W, h: 5.6 },
    {
      face: 'regular',
      maxSize: 6.5,
      minSize: 5,
      maxLines: 2,
    },
  );
  rule(60);

  // Details on the left, the QR on the right; with a pickup office the ref gets one line instead of two.
  const colW = 38;
  let y = 61.2;
  if (d.office) {
    caption(w.pickupOffice, y, M, colW);
    text(d.office.code, { x: M, y: y + 2.6, w: colW, h: 4.2 }, { face: 'bold', maxSize: 9, minSize: 6, maxLines: 1 });
    text(
      d.office.name,
      { x: M, y: y + 6.8, w: colW, h: 6 },
      { face: 'regular', maxSize: 7.5, minSize: 5, maxLines: 2 },
    );
    y += 13.2;
  }
  const refLines = d.office ? 1 : 2;
  caption(w.ref, y, M, colW);
  text(
    d.ref,
    { x: M, y: y + 2.6, w: colW, h: 3.4 * refLines },
    { face: 'regular', maxSize: 8, minSize: 5, maxLines: refLines },
  );
  y += 2.6 + 3.4 * refLines + 0.6;
  caption(w.weight, y, M, colW);
  text(
    `${w.kg(d.weightKg)} kg`,
    { x: M, y: y + 2.6, w: colW, h: 4.6 },
    { face: 'bold', maxSize: 10, minSize: 6, maxLines: 1 },
  );
  // Centred between the two rules, which leaves ~3 modules of quiet zone above and below.
  out.push(
    centered(
      qrCode(d.qr),
      { x: LABEL_WIDTH_MM - M - QR_BOX, y: 60 + RULE, w: QR_BOX, h: 88.6 - 60 - RULE },
      QR_MODULE,
      null,
    ),
  );
  rule(88.6);

  // The code as Code 128, and in text under it.
  const bars = code128(d.code);
  const module = Math.min(CODE128_MODULE, INNER_W / (bars.cols + 2 * CODE128_QUIET));
  out.push(centered(bars, { x: M, y: 89.6, w: INNER_W, h: 8.4 }, module, 8.4));
  text(
    d.code,
    { x: M, y: 98.4, w: INNER_W, h: LABEL_HEIGHT_MM - M - 98.4 },
    {
      face: 'bold',
      maxSize: 12,
      minSize: 7,
      maxLines: 1,
      align: 'center',
    },
  );
  return out;
}

/** A module grid centred in `box`; square modules unless `moduleHeight` is given (bars). */
function centered(m: Modules, box: Box, maxModule: number, moduleHeight: number | null): ModuleGrid {
  const module = Math.min(maxModule, box.w / m.cols, moduleHeight === null ? box.h / m.rows : Infinity);
  const mh = moduleHeight ?? module;
  return {
    kind: 'modules',
    x: box.x + (box.w - module * m.cols) / 2,
    y: box.y + (box.h - mh * m.rows) / 2,
    cols: m.cols,
    rows: m.rows,
    module,
    moduleHeight: mh,
    bits: m.bits,
  };
}

function rect(x: number, y: number, w: number, h: number): FilledRect {
  return { kind: 'rect', x, y, w, h };
}
