import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';
import { COUNTRIES } from './codes.js';

/**
 * Phones and provinces as people write them, brought to the contract's forms. Node-free: an order import and the
 * desk's forms read "0351 15-555-0199" or "CABA" the same way.
 */

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

/** What shops write where no phone was given. */
const NO_PHONE = new Set(['', '-', '--', '0', 'n/a', 'na', 'no informado', 'sin telefono', 'no tiene', 'ninguno']);

/**
 * A phone as E.164 (`+5493511234567`), read as the person wrote it in the given country: "0351 15-123-4567"
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
