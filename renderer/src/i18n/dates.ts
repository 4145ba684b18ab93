/**
 * Dates as the desk writes them: day/month/year in both languages (an Argentine warehouse reads 03/04 as the 3rd of
 * April), with the year in full. The browser's own date input would write them in the browser's locale
 * (month first in an English Chromium), so the desk's date fields are text fields in this format too (DateField).
 */
const LOCALES: Record<string, string> = { es: 'es-AR', en: 'en-GB' };
/** The one locale of each language, for dates and numbers alike (numbers.ts). */
export const locale = (lang: string) => LOCALES[lang.slice(0, 2)] ?? 'en-GB';

export const formatDate = (iso: string, lang: string): string =>
  new Date(iso).toLocaleDateString(locale(lang), { day: '2-digit', month: '2-digit', year: 'numeric' });

export const formatDateTime = (iso: string, lang: string): string =>
  new Date(iso).toLocaleString(locale(lang), {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    // es-AR's own clock is 12-hour ("3:05 p. m."); a warehouse reads 15:05, as English (en-GB) does.
    hourCycle: 'h23',
  });

/** YYYY-MM-DD → dd/mm/yyyy. */
export const isoToDay = (iso: string): string => (iso ? iso.split('-').reverse().join('/') : '');

/** dd/mm/yyyy (or d/m/yyyy, with / - or .) → YYYY-MM-DD; null when it is no date. */
export function dayToIso(text: string): string | null {
  const m = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$/.exec(text);
  if (!m) return null;
  const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return `${y}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}
