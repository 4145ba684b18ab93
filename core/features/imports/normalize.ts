import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import es from 'i18n-iso-countries/langs/es.json' with { type: 'json' };
import pt from 'i18n-iso-countries/langs/pt.json' with { type: 'json' };
import { COUNTRIES } from '../../shared/schemas/codes.js';

/**
 * What the platforms' exports write, brought to the contract's fields. Libraries do the generic parts (libphonenumber
 * for phones, i18n-iso-countries for country names and alpha-3 codes); phones and Argentina's 24 provinces are read
 * by the rules the desk's forms share (schemas/places.ts).
 */

countries.registerLocale(en);
countries.registerLocale(es);
countries.registerLocale(pt);

/** Names looked up so far: a file repeats the same few countries, and a name lookup walks every country's names. */
const countryOf = new Map<string, string | undefined>();

/** A country by its ISO alpha-2 or alpha-3 code or its name in English, Spanish or Portuguese; undefined if none. */
export function country(value: string): string | undefined {
  if (countryOf.has(value)) return countryOf.get(value);
  const found = lookUpCountry(value.trim());
  if (countryOf.size < 1000) countryOf.set(value, found);
  return found;
}

function lookUpCountry(v: string): string | undefined {
  if (/^[A-Za-z]{2}$/.test(v) && COUNTRIES.has(v.toUpperCase())) return v.toUpperCase();
  if (/^[A-Za-z]{3}$/.test(v)) {
    const a2 = countries.alpha3ToAlpha2(v.toUpperCase());
    if (a2) return a2;
  }
  for (const lang of ['es', 'en', 'pt']) {
    const a2 = countries.getAlpha2Code(v, lang);
    if (a2) return a2;
  }
  return undefined;
}

/**
 * A number as a file writes it: with a decimal comma ("1.234,50", Tiendanube's) or a decimal point ("1,234.50"),
 * perhaps with a currency sign. `undefined` when it is not one.
 */
export function number(value: string, decimalComma: boolean): number | undefined {
  let v = value.replace(/[\s$€]|ARS|USD/g, '');
  if (v === '') return undefined;
  v = decimalComma ? v.replace(/\./g, '').replace(',', '.') : v.replace(/,/g, '');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(v)) return undefined;
  return Number(v);
}
