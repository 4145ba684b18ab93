import { fieldError } from '../../shared/errors.js';

const utf8 = new TextDecoder('utf-8', { fatal: true });
const latin1 = new TextDecoder('latin1');

/**
 * Windows-1252 is Latin-1 but for 0x80–0x9F, where it has the characters Excel writes there (€, “, ”, –, …).
 * Node's TextDecoder reads "windows-1252" as Latin-1 (a known departure from the WHATWG table), so those 27 bytes
 * are mapped here; the five bytes Windows-1252 leaves undefined stay the C1 controls the WHATWG table gives them.
 */
const CP1252_HIGH = [
  '€',
  '\u0081',
  '‚',
  'ƒ',
  '„',
  '…',
  '†',
  '‡',
  'ˆ',
  '‰',
  'Š',
  '‹',
  'Œ',
  '\u008d',
  'Ž',
  '\u008f',
  '\u0090',
  '‘',
  '’',
  '“',
  '”',
  '•',
  '–',
  '—',
  '˜',
  '™',
  'š',
  '›',
  'œ',
  '\u009d',
  'ž',
  'Ÿ',
];
const C1 = /[\u0080-\u009f]/g;
function cp1252(bytes: Uint8Array): string {
  return latin1.decode(bytes).replace(C1, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]!);
}

/**
 * A file's bytes as text. Spreadsheets save CSV in UTF-8 (often with a BOM) or, on Windows in Spanish, in
 * Windows-1252: bytes that are valid UTF-8 are read as such, anything else as Windows-1252. (A Windows-1252 file
 * that happens to be valid UTF-8 needs two non-ASCII letters in a row that form a UTF-8 sequence, such as "Ã©",
 * which Spanish text does not have.)
 */
export function decodeBytes(bytes: Uint8Array): { text: string; encoding: 'utf-8' | 'windows-1252' } {
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  try {
    return { text: utf8.decode(body), encoding: 'utf-8' };
  } catch {
    return { text: cp1252(body), encoding: 'windows-1252' };
  }
}

/** The text of an import request: as sent, or its base64 bytes decoded. A BOM is not part of the text. */
export function importText(text: string, encoding: 'text' | 'base64' = 'text'): string {
  if (encoding === 'text') return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const compact = text.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact) || compact.length % 4 === 1)
    throw fieldError('/text', 'format', 'is not base64 (encoding: base64 sends the file’s bytes in base64)', {
      format: 'base64',
    });
  return decodeBytes(Buffer.from(compact, 'base64')).text;
}
