import { DomainError, type FieldError, type FieldErrorCode, type FieldErrorParams } from '../../shared/errors.js';
import type { Platform } from '../../shared/schemas/codes.js';
import type { PartyT } from '../../platform/schemas/common.js';
import { ImportedShipment, type ImportedShipmentT } from '../shipments/schemas.js';
import { parse } from '../../platform/validation.js';
import { bind, columnsOf, headerKey, indexHeader, type Mapping, type Read, type Reader } from './mappings.js';
import { phone as toPhone, province } from '../../shared/schemas/places.js';
import { country as toCountry, number } from './normalize.js';
import type { ImportField, ImportRowErrorT } from './schemas.js';

/** A value of an order and where it was read: the row and column an error about it names. */
interface Got extends Read {
  row: number;
}

/** The rows of one order, gathered: its first row, each field's first value, and its product lines. */
export interface OrderRows {
  ref: string;
  row: number;
  values: Map<ImportField, Got>;
  items: Array<{ name: string; quantity: string | undefined }>;
}

/** A header row bound to a mapping: a reader per field, and the column each field is read from (for errors). */
export interface Bound {
  readers: Map<ImportField, Reader>;
  /** The positions of the header the mapping reads. */
  columns: number[];
  /** The readers of an order's own fields (not its ref, not its product lines), as a list walked for each row. */
  orderFields: Array<[ImportField, Reader]>;
  columnOf: (field: ImportField) => string;
}

export function bindMapping(mapping: Mapping, header: string[]): Bound {
  const at = indexHeader(header);
  const readers = new Map<ImportField, Reader>();
  for (const [field, source] of Object.entries(mapping.fields) as Array<[ImportField, Mapping['fields'][ImportField]]>)
    if (source !== undefined) readers.set(field, bind(source, at, header));
  const names = new Set(
    Object.values(mapping.fields)
      .flatMap((s) => columnsOf(s).map((c) => c.replace(/#\d+$/, '')))
      .map(headerKey),
  );
  return {
    readers,
    columns: header.flatMap((h, i) => (names.has(headerKey(h)) ? [i] : [])),
    orderFields: [...readers].filter(([f]) => f !== 'ref' && f !== 'items.name' && f !== 'items.quantity'),
    columnOf: (field) => {
      const s = mapping.fields[field];
      return s === undefined ? '' : columnsOf(s)[0]!.replace(/#\d+$/, '');
    },
  };
}

/**
 * The orders of a file, in the order they first appear: the rows that share an order number are one order (a row
 * per product), whose fields are taken from the first row that has them (Tiendanube leaves the buyer's columns empty
 * on an order's later rows). An empty row is nothing; a row without an order number is an error.
 */
export function gatherOrders(
  rows: Array<{ row: number; cells: string[] }>,
  bound: Bound,
  errors: ImportRowErrorT[],
): OrderRows[] {
  const byRef = new Map<string, OrderRows>();
  const refReader = bound.readers.get('ref')!;
  const itemName = bound.readers.get('items.name');
  const itemQty = bound.readers.get('items.quantity');
  for (const { row, cells } of rows) {
    if (cells.every((c) => c === '')) continue;
    const ref = refReader(cells);
    if (!ref) {
      errors.push({
        row,
        column: bound.columnOf('ref'),
        field: '/ref',
        message: 'is empty: each row needs its order number',
        code: 'required',
      });
      continue;
    }
    let order = byRef.get(ref.value);
    if (!order) {
      order = { ref: ref.value, row, values: new Map(), items: [] };
      byRef.set(ref.value, order);
    }
    for (const [field, read] of bound.orderFields) {
      if (order.values.has(field)) continue;
      const got = read(cells) as Got | undefined;
      if (got) {
        got.row = row;
        order.values.set(field, got);
      }
    }
    const name = itemName?.(cells);
    if (name) order.items.push({ name: name.value, quantity: itemQty?.(cells)?.value });
  }
  return [...byRef.values()];
}

/** What the station adds to every order of an import. */
export interface OrderContext {
  mapping: Mapping;
  bound: Bound;
  platform: Platform | null;
  origin: PartyT;
  /** The preset's box (and weight), if one was chosen. */
  box: { length: number; width: number; height: number; weight?: number; key: string } | null;
}

/** "2 × Remera azul; Taza": an order's product lines, as its contents. */
function contentOf(items: OrderRows['items']): string | undefined {
  if (!items.length) return undefined;
  const text = items
    .map(({ name, quantity }) => (quantity && quantity !== '1' ? `${quantity} × ${name}` : name))
    .join('; ');
  return text.length > 500 ? `${text.slice(0, 499)}…` : text;
}

/** The row and column an error about a shipment field names: where its value was read, else its mapped column. */
function placeOf(order: OrderRows, ctx: OrderContext, pointer: string): { row: number; column: string } {
  const field = pointer.replace(/^\//, '').replace(/\//g, '.') as ImportField;
  const got = order.values.get(field);
  if (got) return { row: got.row, column: got.column };
  if (field === 'content' && order.items.length) return { row: order.row, column: ctx.bound.columnOf('items.name') };
  return { row: order.row, column: ctx.bound.columnOf(field) };
}

/** A field error's code and params, for the row that caused it. */
const codeOf = ({ code, params }: FieldError) => ({ code, ...(params ? { params } : {}) });

/**
 * One order as the shipment it becomes, checked by the create's own schema (but for a weight, which may be unknown):
 * the values read (numbers, phones, countries and provinces brought to the contract's forms), the station's default
 * sender as origin, the preset's box. Every problem is an error naming the row and column it comes from; `check` adds the create's cross-field
 * rules (PICKUP and its office).
 */
export async function buildShipment(
  order: OrderRows,
  ctx: OrderContext,
  check: (s: ImportedShipmentT) => Promise<void>,
): Promise<{ shipment: ImportedShipmentT } | { errors: ImportRowErrorT[] }> {
  const errors: ImportRowErrorT[] = [];
  const fail = (field: string, message: string, code: FieldErrorCode, params?: FieldErrorParams) =>
    errors.push({ ...placeOf(order, ctx, field), field, message, code, ...(params ? { params } : {}) });
  const text = (f: ImportField) => order.values.get(f)?.value ?? ctx.mapping.defaults[f];
  const num = (f: ImportField) => {
    const v = text(f);
    if (v === undefined) return undefined;
    const n = number(v, ctx.mapping.decimalComma) ?? number(v, !ctx.mapping.decimalComma);
    if (n === undefined)
      fail(`/${f.replace(/\./g, '/')}`, `${JSON.stringify(v)} is not a number`, 'type', { type: 'number' });
    return n;
  };

  const countryText = text('destination.address.country');
  const countryCode = countryText === undefined ? undefined : toCountry(countryText);
  if (countryText !== undefined && countryCode === undefined)
    fail('/destination/address/country', `${JSON.stringify(countryText)} is not a country`, 'format', {
      format: 'country',
    });
  const cc = countryCode ?? 'AR';
  const phoneText = text('destination.contact.phone');
  const phone = phoneText === undefined ? null : toPhone(phoneText, cc);
  if (phone === undefined)
    fail('/destination/contact/phone', `${JSON.stringify(phoneText)} is not a phone number`, 'format', {
      format: 'phone',
    });
  const state = text('destination.address.state');

  const dims = {
    length: num('dimensions.length') ?? ctx.box?.length,
    width: num('dimensions.width') ?? ctx.box?.width,
    height: num('dimensions.height') ?? ctx.box?.height,
    // Unknown (null) when neither the order nor the preset gives one: weighed at the bench before its label, which
    // never prints a weight nobody read.
    weight: num('dimensions.weight') ?? ctx.box?.weight ?? null,
  };
  const lat = num('destination.address.lat');
  const lng = num('destination.address.lng');
  const office = num('office');
  const value = num('value');

  const body = {
    ref: order.ref,
    type: text('type')?.toUpperCase() ?? 'DELIVERY',
    ...(text('method') !== undefined ? { method: text('method')!.toUpperCase() } : {}),
    ...(office !== undefined ? { office } : {}),
    ...(value !== undefined ? { value } : {}),
    ...(text('content') !== undefined || order.items.length
      ? { content: text('content') ?? contentOf(order.items) }
      : {}),
    ...(text('notes') !== undefined ? { notes: text('notes') } : {}),
    ...(ctx.platform ? { platform: ctx.platform } : {}),
    origin: ctx.origin,
    destination: {
      contact: {
        name: text('destination.contact.name'),
        ...(phone ? { phone } : {}),
        ...(text('destination.contact.email') !== undefined ? { email: text('destination.contact.email') } : {}),
        ...(text('destination.contact.identification') !== undefined
          ? { identification: text('destination.contact.identification') }
          : {}),
      },
      address: {
        street: text('destination.address.street'),
        city: text('destination.address.city'),
        state: state === undefined ? undefined : province(state, cc),
        zip: text('destination.address.zip')?.toUpperCase().replace(/\s+/g, ''),
        country: countryCode ?? countryText,
        ...(text('destination.address.type') !== undefined
          ? { type: text('destination.address.type')!.toUpperCase() }
          : {}),
        ...(lat !== undefined ? { lat } : {}),
        ...(lng !== undefined ? { lng } : {}),
      },
    },
    dimensions: dims,
  };
  if (errors.length) return { errors };
  let shipment: ImportedShipmentT;
  try {
    // Members left undefined are absent to the schema, and to JSON when the shipment is stored.
    shipment = parse(ImportedShipment, body);
    await check(shipment);
  } catch (e) {
    if (!(e instanceof DomainError) || !e.errors) throw e;
    for (const fe of e.errors)
      // The origin is the station's own sender: an error there is the sender's, not the file's.
      errors.push(
        fe.path.startsWith('/origin')
          ? { row: order.row, column: '', field: fe.path, ...codeOf(fe), message: `the default sender's ${fe.message}` }
          : { ...placeOf(order, ctx, fe.path), field: fe.path, ...codeOf(fe), message: fe.message },
      );
    return { errors };
  }
  return { shipment };
}
