/**
 * The characters every string the service takes must be made of (issue 30). PostgreSQL cannot store NUL, FTS5 reads
 * a query only up to one, and a control character or a lone surrogate stored on SQLite comes back in labels, CSVs,
 * webhook URLs and printer connections where nothing can show or use it. So one rule, for both engines, checked by
 * the validator on every string before anything is written: no control character (C0, DEL, C1) but tab and the line
 * break, no lone surrogate, and a line break only in a field of several lines. Node-free: the desk may check it too.
 *
 * A schema says which rule its string follows with `x-text` (TEXT_KEYWORD); the validator gives every string that
 * says nothing the one-line rule, so that no field can forget it:
 * - `line` (the default): one line; tab is taken, no line break;
 * - `lines`: free text of several lines (a shipment's notes); `\n` and `\r\n` are line breaks, a lone `\r` is not;
 * - `file`: the text of a file whose cells are checked one by one where it is read (an order export, an office
 *   directory), so that a bad cell is named by its row and column. Only a lone surrogate is refused in the text
 *   itself: no file holds one (no UTF-8 or Windows-1252 bytes decode to it), and the file's reader would make it
 *   U+FFFD, a character, before any cell could be checked.
 */
export const TEXT_KEYWORD = 'x-text';
export const TEXT_KINDS = ['line', 'lines', 'file'] as const;
export type TextKind = (typeof TEXT_KINDS)[number];

/** What a field of several lines refuses: controls (Cc) but tab and LF, a CR not before an LF, lone surrogates. */
const NOT_IN_LINES = /(?![\t\n\r])\p{Cc}|\r(?!\n)|\p{Cs}/u;
/** What a one-line field refuses: every control but tab (line breaks too), lone surrogates. */
const NOT_IN_LINE = /(?!\t)\p{Cc}|\p{Cs}/u;
const LONE_SURROGATE = /\p{Cs}/u;
const REFUSED: Record<TextKind, RegExp> = { line: NOT_IN_LINE, lines: NOT_IN_LINES, file: LONE_SURROGATE };

/** A character a field does not take, as a field error says it. */
export interface BadCharacter {
  /** The code point, `U+0000`. */
  character: string;
  message: string;
}

const codePoint = (c: string) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** The first character of `value` that a field of `kind` does not take, or null when it takes them all. */
export function badCharacter(value: string, kind: TextKind): BadCharacter | null {
  const m = REFUSED[kind].exec(value);
  if (!m) return null;
  const c = m[0];
  const character = codePoint(c);
  const what =
    c >= '\uD800' && c <= '\uDFFF'
      ? `a lone surrogate (${character}), which is no character`
      : kind === 'lines' && c === '\r'
        ? `a carriage return (${character}) without a line feed: a line break is \\n or \\r\\n`
        : c === '\n' || c === '\r'
          ? `a line break (${character}); only a field of several lines takes one`
          : `a control character (${character})`;
  return { character, message: `holds ${what}` };
}
