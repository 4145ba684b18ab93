import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Nullable, StringEnum } from '../../platform/schemas/common.js';
import { FIELD_ERROR_CODES, PLATFORMS } from '../../shared/schemas/codes.js';
import { ImportedShipment } from '../shipments/schemas.js';
import { named } from '../../shared/schemas/named.js';
import { TEXT_KEYWORD, type TextKind } from '../../shared/schemas/text.js';

/**
 * The shipment fields an import can fill, by their contract path (dotted, as the contract names fields): the headers
 * of a generic CSV, and the targets of a saved mapping. `items.name` and `items.quantity` are an order's product
 * lines (a row each); they make its `content` when no column gives one.
 */
export const IMPORT_FIELDS = [
  'ref',
  'type',
  'method',
  'office',
  'value',
  'content',
  'notes',
  'destination.contact.name',
  'destination.contact.phone',
  'destination.contact.email',
  'destination.contact.identification',
  'destination.address.street',
  'destination.address.city',
  'destination.address.state',
  'destination.address.zip',
  'destination.address.country',
  'destination.address.type',
  'destination.address.lat',
  'destination.address.lng',
  'dimensions.length',
  'dimensions.width',
  'dimensions.height',
  'dimensions.weight',
  'items.name',
  'items.quantity',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** The built-in mappings, by name: the exports operators really have (docs/imports.md says where each comes from). */
export const BUILTIN_MAPPINGS = ['tiendanube', 'woocommerce', 'mercadolibre', 'vtex', 'generic'] as const;

/** Where a field's value comes from: a column, or several joined by a space (first and last name, street and number). */
const Source = Type.Union([
  Type.String({ minLength: 1, maxLength: 200, description: 'A column header, as the file has it' }),
  Type.Array(Type.String({ minLength: 1, maxLength: 200 }), {
    minItems: 1,
    maxItems: 5,
    description: 'Columns whose values are joined by a space',
  }),
]);

/** An object whose members are import fields, each optional. */
function byField<T extends TSchema>(value: T, opts: object = {}) {
  return Type.Partial(Type.Object(Object.fromEntries(IMPORT_FIELDS.map((f) => [f, value])) as Record<ImportField, T>), {
    additionalProperties: false,
    ...opts,
  });
}

/** A mapping an operator saves: which column fills which field. Reused by name in later imports. */
export const ImportMappingInput = named(
  'ImportMappingInput',
  Type.Object(
    {
      platform: Type.Optional(StringEnum(PLATFORMS, 'The platform its orders come from (the shipments’ `platform`)')),
      decimal_comma: Type.Optional(Type.Boolean({ description: 'Numbers are written 1.234,5 (default: 1,234.5)' })),
      fields: Type.Intersect([Type.Object({ ref: Source }), byField(Source)], {
        description: 'Field path → column(s). `ref` is required: the order number, which groups the rows of one order',
      }),
      defaults: Type.Optional(
        byField(Type.String({ maxLength: 500 }), {
          description: 'A value for a field the file has no column for (e.g. `destination.address.country`: AR)',
        }),
      ),
    },
    { additionalProperties: false },
  ),
);
export type ImportMappingInputT = Static<typeof ImportMappingInput>;

export const MappingName = Type.String({
  pattern: '^[A-Za-z0-9][A-Za-z0-9 ._-]{0,63}$',
  description: 'Letters, digits, space, . _ -; at most 64; not the name of a built-in mapping',
  'x-error': 'must be 1 to 64 letters, digits, spaces, . _ or -',
});

export const MappingParams = Type.Object({ name: MappingName }, { additionalProperties: false });

export const ImportMapping = named(
  'ImportMapping',
  Type.Composite([Type.Object({ name: Type.String() }), ImportMappingInput]),
);
export type ImportMappingT = Static<typeof ImportMapping>;

export const ImportMappingList = named(
  'ImportMappingList',
  Type.Object({
    data: Type.Array(ImportMapping, { description: "The account's saved mappings, by name" }),
    builtin: Type.Array(
      Type.Object({
        name: StringEnum(BUILTIN_MAPPINGS),
        title: Type.String(),
        platform: Nullable(StringEnum(PLATFORMS)),
      }),
      { description: 'The mappings the station knows by itself' },
    ),
  }),
);
export type ImportMappingListT = Static<typeof ImportMappingList>;

/** The largest file an import takes: a day of a busy store (10,000 orders of a Tiendanube export are ~4 MB). */
export const IMPORT_MAX_BYTES = 32 * 1024 * 1024;

export const ShipmentImport = named(
  'ShipmentImport',
  Type.Object(
    {
      text: Type.String({
        maxLength: IMPORT_MAX_BYTES,
        // Each cell is checked as the field it fills: a bad character is a bad row, named by its row and column.
        [TEXT_KEYWORD]: 'file' satisfies TextKind,
        description:
          'The file: its text, or with `encoding: base64` its bytes (UTF-8 or Windows-1252, with or without a BOM; ' +
          'the service tells which)',
      }),
      encoding: Type.Optional(
        StringEnum(['text', 'base64'] as const, '`base64`: `text` is the file’s bytes, decoded by the service (text)'),
      ),
      format: StringEnum(
        ['csv', 'json'] as const,
        'csv: a header row, `,` or `;` separated; json: an array of orders (flat objects by column, or shipments)',
      ),
      platform: Type.Optional(
        StringEnum(PLATFORMS, 'The platform of the orders; when absent, the mapping’s (guessed from the headers)'),
      ),
      mapping: Type.Optional(
        Type.String({
          minLength: 1,
          maxLength: 64,
          description: `A built-in mapping (${BUILTIN_MAPPINGS.join(', ')}) or one saved by name; when absent, guessed from the headers`,
        }),
      ),
      preset: Type.Optional(
        Type.String({
          pattern: '^[a-z0-9]$',
          description: 'The key of a package preset: the box of every order (and its weight where the order has none)',
          'x-error': 'must be the key of a package preset (a-z or 0-9)',
        }),
      ),
      dry_run: Type.Optional(Type.Boolean({ description: 'Answer the same, write nothing' })),
      import_id: Type.Optional(
        Type.String({
          pattern: '^[A-Za-z0-9_-]{8,64}$',
          description: 'A name the caller chooses to follow this import’s progress at GET /imports/{import_id}',
          'x-error': 'must be 8 to 64 letters, digits, _ or -',
        }),
      ),
    },
    {
      additionalProperties: false,
      examples: [
        {
          text: 'ref,destination.contact.name,destination.address.street,destination.address.city,destination.address.state,destination.address.zip,destination.address.country\n1001,Ana Pérez,Avenida Colón 1234,Córdoba,Córdoba,X5000,AR\n',
          format: 'csv',
          platform: 'WOO',
          preset: 'm',
          dry_run: true,
        },
      ],
    },
  ),
);
export type ShipmentImportT = Static<typeof ShipmentImport>;

const Row = Type.Integer({ description: 'The row of the file, as a spreadsheet numbers it (the header is row 1)' });

export const ImportRowError = Type.Object({
  row: Row,
  column: Type.String({ description: 'The column the value came from, as the file names it ("" when none)' }),
  field: Type.String({ description: 'The shipment field, as a JSON pointer' }),
  message: Type.String(),
  code: StringEnum(FIELD_ERROR_CODES, 'What is wrong, as the stable code of a field error (see FieldError)'),
  params: Type.Optional(Type.Object({}, { additionalProperties: true, description: "What the code's words need" })),
});
export type ImportRowErrorT = Static<typeof ImportRowError>;

const Done = Type.Object({
  row: Row,
  ref: Type.String(),
  id: Type.Optional(Type.Integer({ description: 'Absent in a dry run' })),
  code: Type.Optional(Type.String({ description: 'Absent in a dry run' })),
});

export const ImportResult = named(
  'ImportResult',
  Type.Object({
    dry_run: Type.Boolean(),
    mapping: Type.Object({
      name: Type.String(),
      title: Type.String(),
      platform: Nullable(StringEnum(PLATFORMS)),
    }),
    rows: Type.Integer({ description: 'Data rows read' }),
    orders: Type.Integer({ description: 'Orders they make (the rows of one order make one shipment)' }),
    created: Type.Array(Done, { description: 'Shipments created (or, in a dry run, to be created), by row' }),
    skipped: Type.Array(Type.Object({ row: Row, ref: Type.String(), id: Type.Integer(), code: Type.String() }), {
      description: 'Orders whose ref the account has already: nothing is created for them',
    }),
    preview: Type.Array(ImportedShipment, {
      description: 'The first shipments as they will be created (at most 20)',
    }),
  }),
);
export type ImportResultT = Static<typeof ImportResult>;

export const ImportProgressParams = Type.Object(
  { import_id: Type.String({ pattern: '^[A-Za-z0-9_-]{8,64}$' }) },
  { additionalProperties: false },
);

export const ImportProgress = named(
  'ImportProgress',
  Type.Object({
    import_id: Type.String(),
    phase: StringEnum(
      ['reading', 'checking', 'writing', 'done', 'refused', 'failed'] as const,
      'reading the file; checking its orders; writing them (one transaction); then done, refused (bad rows) or failed',
    ),
    orders: Type.Integer({ description: 'Orders in the file (0 while reading)' }),
    checked: Type.Integer({ description: 'Orders checked so far' }),
    created: Type.Integer(),
    skipped: Type.Integer(),
    errors: Type.Integer(),
  }),
);
export type ImportProgressT = Static<typeof ImportProgress>;
