import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import es from 'i18n-iso-countries/langs/es.json' with { type: 'json' };
import pt from 'i18n-iso-countries/langs/pt.json' with { type: 'json' };
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';
import { COUNTRIES } from '../schemas/codes.js';

/**
 * What the platforms' exports write, brought to the contract's fields. Libraries do the generic parts (libphonenumber
 * for phones, i18n-iso-countries for country names and alpha-3 codes); the provinces are Argentina's 24, named as
 * the rate card and the labels name them.
 */

countries.registerLocale(en);
countries.registerLocale(es);
countries.registerLocale(pt);

/** Lower case, no accents, one space: how headers and names are compared ("Código postal" = "codigo  POSTAL"). */
export function plain(s: string): string {
  return s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Argentina's provinces by ISO 3166-2:AR letter (what WooCommerce's "State Code" holds), with the names people write. */
const PROVINCES: Array<[code: string, name: string, aliases: string[]]> = [
  [
    'C',
    'Ciudad Autónoma de Buenos Aires',
    ['CABA', 'Capital Federal', 'Ciudad de Buenos Aires', 'Buenos Aires Ciudad', 'Cap. Fed.', 'Capital'],
  ],
  ['B', 'Buenos Aires', ['Provincia de Buenos Aires', 'Bs. As.', 'Bs As', 'Pcia. de Buenos Aires', 'PBA', 'GBA']],
  ['K', 'Catamarca', []],
  ['H', 'Chaco', []],
  ['U', 'Chubut', []],
  ['X', 'Córdoba', []],
  ['W', 'Corrientes', []],
  ['E', 'Entre Ríos', []],
  ['P', 'Formosa', []],
  ['Y', 'Jujuy', []],
  ['L', 'La Pampa', []],
  ['F', 'La Rioja', []],
  ['M', 'Mendoza', []],
  ['N', 'Misiones', []],
  ['Q', 'Neuquén', []],
  ['R', 'Río Negro', []],
  ['A', 'Salta', []],
  ['J', 'San Juan', []],
  ['D', 'San Luis', []],
  ['Z', 'Santa Cruz', []],
  ['S', 'Santa Fe', []],
  ['G', 'Santiago del Estero', []],
  ['V', 'Tierra del Fuego', ['Tierra del Fuego, Antártida e Islas del Atlántico Sur', 'TDF']],
  ['T', 'Tucumán', []],
];
const provinceByKey = new Map<string, string>();
for (const [code, name, aliases] of PROVINCES) {
  for (const k of [code, `AR-${code}`, name, `Provincia de ${name}`, ...aliases]) provinceByKey.set(plain(k), name);
}

/** An Argentine province by its name, alias or code, as the labels write it; anything else stays as written. */
export function province(value: string, country: string): string {
  if (country !== 'AR') return value;
  return provinceByKey.get(plain(value).replace(/^provincia de /, '')) ?? provinceByKey.get(plain(value)) ?? value;
}

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

/** What shops write where no phone was given. */
const NO_PHONE = new Set(['', '-', '--', '0', 'n/a', 'na', 'no informado', 'sin telefono', 'no tiene', 'ninguno']);

/**
 * A phone as E.164 (`+5493511234567`), read as the person wrote it in the order's country: "0351 15-123-4567"
 * (trunk 0, the area code, the mobile "15") is +54 9 351 123-4567. `null`: no phone given; `undefined`: not a phone.
 */
export function phone(value: string, countryCode: string): string | null | undefined {
  if (NO_PHONE.has(plain(value))) return null;
  const region = (COUNTRIES.has(countryCode) ? countryCode : 'AR') as CountryCode;
  const cleaned = value.replace(/^00/, '+');
  const parsed = parsePhoneNumberFromString(cleaned, region);
  if (!parsed || !/^\+[0-9]{8,15}$/.test(parsed.number)) return undefined;
  return parsed.number;
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
