import { advanceWidth, extraWidth, printable, textWidth, verticalMetrics } from './fonts.js';
import { MM_PER_PT, type FontFace, type TextRun } from './primitives.js';

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface FitOptions {
  face: FontFace;
  /** Largest and smallest size tried, in points; the largest that fits wins. */
  maxSize: number;
  minSize: number;
  maxLines: number;
  align?: 'left' | 'center' | 'right';
}

const STEP_PT = 0.5;
/** Lines are spaced by the font's full ascent + descent plus this, so that they never touch, even accented capitals under descenders. */
const LINE_GAP_EM = 0.01;
const ELLIPSIS = '…';

/**
 * Fits `text` into `box`: the largest size from `maxSize` down to `minSize` at which the text wraps into at most
 * `maxLines` lines inside the box. When even `minSize` is too large the text is cut after the last line that fits
 * and ends with "…". Every run returned lies inside the box (ascent to descent, left to right edge), whatever the
 * input; that is the label's "never overflows" rule.
 */
export function fitText(text: string, box: Box, opts: FitOptions): TextRun[] {
  const t = printable(text);
  if (!t) return [];
  const fits = (size: number) => {
    const lines = wrap(t, box.w, opts.face, size);
    return lines.length <= Math.min(opts.maxLines, linesThatFit(box.h, opts.face, size)) ? lines : null;
  };
  // Most text fits at its largest size; otherwise a binary search over the sizes (fitting is monotonic: a smaller
  // size never needs more lines) finds the largest that fits in a few tries.
  const steps = Math.round((opts.maxSize - opts.minSize) / STEP_PT);
  const sizeAt = (i: number) => opts.maxSize - i * STEP_PT;
  let best = fits(opts.maxSize);
  if (best) return place(best, box, opts, opts.maxSize);
  let lo = 1;
  let hi = steps;
  let bestSize = 0;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const lines = fits(sizeAt(mid));
    if (lines) {
      best = lines;
      bestSize = sizeAt(mid);
      hi = mid - 1;
    } else lo = mid + 1;
  }
  if (best) return place(best, box, opts, bestSize);
  const size = opts.minSize;
  const room = Math.max(1, Math.min(opts.maxLines, linesThatFit(box.h, opts.face, size)));
  const lines = wrap(t, box.w, opts.face, size);
  const kept = lines.slice(0, room);
  if (lines.length > room) kept[room - 1] = withEllipsis(kept[room - 1]!, box.w, opts.face, size);
  return place(kept, box, opts, size);
}

function lineHeight(face: FontFace, size: number): number {
  const { ascent, descent } = verticalMetrics(face, size);
  return ascent + descent + size * MM_PER_PT * LINE_GAP_EM;
}

function linesThatFit(h: number, face: FontFace, size: number): number {
  const { ascent, descent } = verticalMetrics(face, size);
  if (ascent + descent > h) return 0;
  return 1 + Math.floor((h - ascent - descent) / lineHeight(face, size) + 1e-9);
}

/** Greedy word wrap; a word wider than the box is broken between characters. Widths add up as the line grows. */
export function wrap(text: string, width: number, face: FontFace, size: number): string[] {
  const room = width - extraWidth(face, size);
  const space = advanceWidth(' ', size);
  const lines: string[] = [];
  let line = '';
  let lineW = 0;
  for (const word of text.split(' ')) {
    const wordW = advanceWidth(word, size);
    if (line && lineW + space + wordW <= room) {
      line += ` ${word}`;
      lineW += space + wordW;
      continue;
    }
    if (line) lines.push(line);
    if (wordW <= room) {
      line = word;
      lineW = wordW;
      continue;
    }
    line = '';
    lineW = 0;
    for (const ch of word) {
      const chW = advanceWidth(ch, size);
      if (line && lineW + chW > room) {
        lines.push(line);
        line = '';
        lineW = 0;
      }
      line += ch;
      lineW += chW;
    }
  }
  if (line) lines.push(line);
  return lines;
}

function withEllipsis(line: string, width: number, face: FontFace, size: number): string {
  const chars = [...line];
  while (chars.length && textWidth(chars.join('') + ELLIPSIS, face, size) > width) chars.pop();
  return chars.join('').trimEnd() + ELLIPSIS;
}

function place(lines: string[], box: Box, opts: FitOptions, size: number): TextRun[] {
  const { ascent } = verticalMetrics(opts.face, size);
  return lines.map((text, i) => {
    const width = textWidth(text, opts.face, size);
    const slack = box.w - width;
    const x = box.x + (opts.align === 'center' ? slack / 2 : opts.align === 'right' ? slack : 0);
    return { kind: 'text', text, x, y: box.y + ascent + i * lineHeight(opts.face, size), size, face: opts.face, width };
  });
}
