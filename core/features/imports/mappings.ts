import type { Platform } from '../../shared/schemas/codes.js';
import { IMPORT_FIELDS, type BUILTIN_MAPPINGS, type ImportField, type ImportMappingT } from './schemas.js';
import { plain } from '../../shared/schemas/places.js';

/**
 * Where a field's value comes from in a row: a column (`Estado#2`: the second column named so, as Mercado Libre's
 * report has two "Estado"), several joined by a space, or the first of several that has a value.
 */
export type Source = string | { join: Source[] } | { first: Source[] };

export interface Mapping {
  name: string;
  title: string;
  platform: Platform | null;
  /** Numbers are written 1.234,5 (else 1,234.5); a number that reads only the other way is read that way. */
  decimalComma: boolean;
  /** Columns that make a row the header row: every one must be in it (looked for in the first 15 rows). */
  signature: string[];
  fields: Partial<Record<ImportField, Source>>;
  /** Values of fields a file leaves empty. */
  defaults: Partial<Record<ImportField, string>>;
  /** A saved mapping needs every column it names; a built-in only its signature (the rest may be left out). */
  strict: boolean;
}

const join = (...s: Source[]): Source => ({ join: s });
const first = (...s: Source[]): Source => ({ first: s });

/**
 * The built-in mappings, with the column names each platform's export really has. Where each list comes from is in
 * docs/imports.md; in short:
 * - Tiendanube: the admin's "Exportar ventas" CSV (`;`, Windows-1252, decimal commas, a row per product where only
 *   the first row of an order carries the buyer), as public scripts that read and reproduce it name its 45 columns.
 * - WooCommerce: WooCommerce itself exports no addresses; the plugin "Advanced Order Export For WooCommerce"
 *   (algolplus, woo-order-export-lite) does, with the default labels of its field list
 *   (classes/core/class-wc-order-export-data-extractor-ui.php), product rows repeating the order's columns.
 * - Mercado Libre: the "Ventas" report (Excel, saved as CSV): a few title rows, then the header; "Estado" appears
 *   twice (the sale's status, then the buyer's province), "Unidades" three times; no phone or e-mail.
 * - VTEX: the "Order report" of All Orders (help.vtex.com, "Order report"): one row per SKU.
 */
export const BUILTINS: Record<Exclude<(typeof BUILTIN_MAPPINGS)[number], 'generic'>, Mapping> = {
  tiendanube: {
    name: 'tiendanube',
    title: 'Tiendanube',
    platform: 'TNB',
    decimalComma: true,
    signature: ['Número de orden', 'Nombre para el envío', 'Código postal'],
    fields: {
      ref: 'Número de orden',
      value: 'Total',
      notes: 'Notas del comprador',
      'destination.contact.name': first('Nombre para el envío', 'Nombre del comprador'),
      'destination.contact.phone': first('Teléfono para el envío', 'Teléfono'),
      'destination.contact.email': 'Email',
      'destination.contact.identification': 'DNI / CUIT',
      'destination.address.street': join('Dirección', 'Número', 'Piso'),
      'destination.address.city': first('Ciudad', 'Localidad'),
      'destination.address.state': 'Provincia o estado',
      'destination.address.zip': 'Código postal',
      'destination.address.country': 'País',
      'items.name': 'Nombre del producto',
      'items.quantity': 'Cantidad del producto',
    },
    defaults: { 'destination.address.country': 'AR' },
    strict: false,
  },
  woocommerce: {
    name: 'woocommerce',
    title: 'WooCommerce (Advanced Order Export)',
    platform: 'WOO',
    decimalComma: false,
    signature: ['Order Number', 'First Name (Shipping)'],
    fields: {
      ref: 'Order Number',
      value: 'Order Total Amount',
      notes: 'Customer Note',
      'destination.contact.name': first(
        join('First Name (Shipping)', 'Last Name (Shipping)'),
        'Full Name (Shipping)',
        join('First Name (Billing)', 'Last Name (Billing)'),
      ),
      'destination.contact.phone': first('Phone (Shipping)', 'Phone (Billing)'),
      'destination.contact.email': first('Email (Shipping)', 'Email (Billing)'),
      'destination.address.street': first('Address 1&2 (Shipping)', 'Address 1&2 (Billing)'),
      'destination.address.city': first('City (Shipping)', 'City (Billing)'),
      'destination.address.state': first('State Code (Shipping)', 'State Name (Shipping)', 'State Code (Billing)'),
      'destination.address.zip': first('Postcode (Shipping)', 'Postcode (Billing)'),
      'destination.address.country': first('Country Code (Shipping)', 'Country Code (Billing)'),
      // Not a default column; a store that adds it gives each order its weight (in kg, the store's unit here).
      'dimensions.weight': 'Total weight',
      'items.name': 'Item Name',
      'items.quantity': 'Quantity',
    },
    defaults: {},
    strict: false,
  },
  mercadolibre: {
    name: 'mercadolibre',
    title: 'Mercado Libre (Ventas)',
    platform: 'MLI',
    decimalComma: true,
    signature: ['# de venta', 'Comprador', 'Domicilio'],
    fields: {
      ref: '# de venta',
      value: 'Ingresos por productos (ARS)',
      'destination.contact.name': 'Comprador',
      'destination.contact.identification': first('DNI', 'Tipo y número de documento'),
      'destination.address.street': 'Domicilio',
      'destination.address.city': first('Ciudad', 'Municipio o ciudad capital', 'Municipio/Alcaldía'),
      'destination.address.state': 'Estado#2',
      'destination.address.zip': 'Código postal',
      'destination.address.country': 'País',
      'items.name': 'Título de la publicación',
      'items.quantity': 'Unidades',
    },
    defaults: { 'destination.address.country': 'AR' },
    strict: false,
  },
  vtex: {
    name: 'vtex',
    title: 'VTEX (Order report)',
    platform: 'VTX',
    decimalComma: false,
    signature: ['Order', 'Receiver Name', 'Postal Code'],
    fields: {
      ref: 'Order',
      value: 'Total Value',
      notes: 'Note',
      'destination.contact.name': first('Receiver Name', join('Client Name', 'Client Last Name')),
      'destination.contact.phone': 'Phone',
      'destination.contact.email': 'Email',
      'destination.contact.identification': 'Client Document',
      'destination.address.street': join('Street', 'Number', 'Complement'),
      'destination.address.city': 'City',
      'destination.address.state': 'UF',
      'destination.address.zip': 'Postal Code',
      'destination.address.country': 'Country',
      'items.name': 'SKU Name',
      'items.quantity': 'Quantity_SKU',
    },
    defaults: {},
    strict: false,
  },
};

/** A file whose headers are the contract's field paths (`destination.address.zip`, or `/destination/address/zip`). */
export const GENERIC: Mapping = {
  name: 'generic',
  title: 'Contract field paths',
  platform: null,
  decimalComma: false,
  signature: ['ref', 'destination.contact.name'],
  fields: Object.fromEntries(IMPORT_FIELDS.map((f) => [f, f])),
  defaults: {},
  strict: false,
};

/** A mapping the operator saved, as a Mapping: its columns as plain sources, every one of them needed. */
export function savedMapping(m: ImportMappingT): Mapping {
  const fields: Mapping['fields'] = {};
  for (const [f, s] of Object.entries(m.fields) as Array<[ImportField, string | string[]]>)
    fields[f] = Array.isArray(s) ? join(...s) : s;
  return {
    name: m.name,
    title: m.name,
    platform: m.platform ?? null,
    decimalComma: m.decimal_comma ?? false,
    signature: columnsOf(fields.ref!),
    fields,
    defaults: m.defaults ?? {},
    strict: true,
  };
}

/** Every column a source reads. */
export function columnsOf(s: Source): string[] {
  if (typeof s === 'string') return [s];
  return ('join' in s ? s.join : s.first).flatMap(columnsOf);
}

/** How headers are compared: case, accents and spacing aside; `/a/b` is `a.b`. */
export const headerKey = (h: string) =>
  plain(h)
    .replace(/^\//, '')
    .replace(/\s*\/\s*/g, '.');

/** `Estado#2` → the second column of that name. */
function parseColumn(name: string): { key: string; nth: number } {
  const m = /^(.*)#(\d+)$/.exec(name);
  return m ? { key: headerKey(m[1]!), nth: Number(m[2]) } : { key: headerKey(name), nth: 1 };
}

/** The header row's columns by key: every position of each name, in order. */
export function indexHeader(header: string[]): Map<string, number[]> {
  const at = new Map<string, number[]>();
  header.forEach((h, i) => {
    const k = headerKey(h);
    if (!k) return;
    const list = at.get(k);
    if (list) list.push(i);
    else at.set(k, [i]);
  });
  return at;
}

export function hasColumn(at: Map<string, number[]>, name: string): boolean {
  const { key, nth } = parseColumn(name);
  return (at.get(key)?.length ?? 0) >= nth;
}

/** A value read from a row, and the column it came from (for errors the operator can find). */
export interface Read {
  value: string;
  column: string;
}
export type Reader = (cells: string[]) => Read | undefined;

/** A source bound to a header row: reads a row's value, or undefined when its columns are empty or absent. */
export function bind(s: Source, at: Map<string, number[]>, header: string[]): Reader {
  if (typeof s === 'string') {
    const { key, nth } = parseColumn(s);
    const i = at.get(key)?.[nth - 1];
    if (i === undefined) return () => undefined;
    const column = header[i]!;
    return (cells) => {
      const value = cells[i]?.trim() ?? '';
      return value ? { value, column } : undefined;
    };
  }
  const parts = ('join' in s ? s.join : s.first).map((p) => bind(p, at, header));
  if ('first' in s)
    return (cells) => {
      for (const p of parts) {
        const r = p(cells);
        if (r) return r;
      }
      return undefined;
    };
  return (cells) => {
    const got = parts.map((p) => p(cells)).filter((r): r is Read => r !== undefined);
    return got.length ? { value: got.map((r) => r.value).join(' '), column: got[0]!.column } : undefined;
  };
}

/** The header row: the first of the first 15 rows that has every column of the signature. */
export function findHeader(rows: Array<{ row: number; cells: string[] }>, signature: string[]): number | undefined {
  for (let i = 0; i < Math.min(rows.length, 15); i++) {
    const at = indexHeader(rows[i]!.cells);
    if (signature.every((c) => hasColumn(at, c))) return i;
  }
  return undefined;
}
