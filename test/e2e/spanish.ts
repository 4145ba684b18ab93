import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../helpers/station.js';

/** The desk's messages in one language, as the renderer bundles them. */
export const messages = (lang: string) =>
  JSON.parse(readFileSync(join(ROOT, 'renderer', 'src', 'i18n', `${lang}.json`), 'utf8')) as object;

/** Every English text of the desk that Spanish says differently, as whole words: none may be on a Spanish screen. */
export function englishOnly(): RegExp[] {
  const flat = (o: object, p = ''): Array<[string, string]> =>
    Object.entries(o).flatMap(([k, v]) =>
      typeof v === 'string' ? [[p + k, v] as [string, string]] : flat(v as object, `${p}${k}.`),
    );
  const spanish = new Map(flat(messages('es')));
  return flat(messages('en'))
    .filter(([k, v]) => spanish.get(k) !== v && v.replace(/\{\{\w+\}\}/g, '').trim().length >= 4)
    .map(([, v]) => {
      const body = v
        .split(/\{\{\w+\}\}/)
        .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('.+?');
      // Whole words: the English "Cancel" is not the Spanish "Cancelado".
      return new RegExp(`(?<!\\p{L})${body}(?!\\p{L})`, 'u');
    });
}

/**
 * The desk speaks Argentine Spanish, to the operator as "vos" (completá, elegí, tu respuesta): these are the "usted"
 * forms its screens once mixed in (Ingrese, Seleccione, Elija…). None may be on a Spanish screen.
 */
export const USTED =
  /(?<!\p{L})(usted|ustedes|ingrese|seleccione|elija|agregue|presione|escanee|complete|verifique|intente|revise|confirme|pulse|imprima|vuelva a|espere|escriba|elimine|guarde)(?!\p{L})/iu;
