import { Type, type Static } from '@sinclair/typebox';
import { LabelFormat, Nullable, Page, PageQuery, StringEnum } from '../../platform/schemas/common.js';
import { described, named } from '../../shared/schemas/named.js';
import { PRINTER_NAME_MAX, PRINTER_NAME_PATTERN } from '../../shared/schemas/printer-name.js';
import { JOB_STATES } from '../../shared/job-states.js';
import { DEFAULT_DPI } from '../../shared/schemas/codes.js';
import { MAX_LABEL_CODES, StartTile } from '../labels/formats.js';
import { DRIVERS, RAW_DRIVERS } from './types.js';

const Driver = named(
  'Driver',
  StringEnum(
    DRIVERS,
    'escpos, zpl, tspl: raw thermal printers; system: the OS spooler (CUPS; Windows through pdf-to-printer); file: a folder',
  ),
);
const JobState = named(
  'PrintJobState',
  StringEnum(
    JOB_STATES,
    'queued, printing, unconfirmed (waits for the operator: did the label in doubt print?), done, failed or canceled',
  ),
);

const PrinterName = Type.String({
  minLength: 1,
  maxLength: PRINTER_NAME_MAX,
  pattern: PRINTER_NAME_PATTERN,
  description: 'Letters (accents too), digits, spaces, dot, dash, underscore; unique per account',
  'x-error': 'must be 1 to 64 letters, digits, spaces, ".", "-" or "_", starting with a letter or digit',
  'x-format': 'printer_name',
});

export const PrinterSettings = named(
  'PrinterSettings',
  Type.Object(
    {
      dpi: Type.Optional(
        Type.Union([Type.Literal(203), Type.Literal(300)], {
          description: `Print-head resolution (raw drivers); default ${DEFAULT_DPI}`,
        }),
      ),
      darkness: Type.Optional(
        Type.Integer({ minimum: 0, maximum: 30, description: '0–30 (ZPL ~SD; TSPL DENSITY gets half)' }),
      ),
      speed: Type.Optional(
        Type.Integer({ minimum: 1, maximum: 14, description: 'Inches per second (ZPL ^PR, TSPL SPEED)' }),
      ),
      width_dots: Type.Optional(
        Type.Integer({
          minimum: 96,
          maximum: 2400,
          description: 'ESC/POS head width in dots (576: 80 mm, 384: 58 mm)',
        }),
      ),
      native: Type.Optional(
        Type.Boolean({ description: "ESC/POS: the printer's own QR and Code 128 commands instead of the raster" }),
      ),
      gap_mm: Type.Optional(
        Type.Number({ minimum: 0, maximum: 20, description: 'TSPL: gap between labels in mm (default 3)' }),
      ),
      status_ack: Type.Optional(
        Type.Boolean({
          description:
            'Raw drivers over TCP: confirm each label with a status request (default true); false for printers that never answer',
        }),
      ),
      raw: Type.Optional(StringEnum(RAW_DRIVERS, 'File driver: write this raw job instead of the PDF')),
    },
    { additionalProperties: false },
  ),
);

const printerFields = {
  driver: Driver,
  connection: Type.String({
    minLength: 1,
    maxLength: 500,
    description:
      'tcp://HOST:PORT or a device path (raw drivers), a CUPS queue or Windows printer name (system), an absolute folder (file)',
  }),
  settings: Type.Optional(PrinterSettings),
  default_for: Type.Optional(
    Nullable(described(LabelFormat, 'This printer prints this format unless a job names another')),
  ),
  site: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 64,
      pattern: '^[A-Za-z0-9][A-Za-z0-9._-]*$',
      description: "The site whose stations print its jobs (`station serve --site`); default: the station's own site",
      'x-error': 'must be 1 to 64 letters, digits, ".", "-" or "_", starting with a letter or digit',
    }),
  ),
};

export const PrinterCreate = named(
  'PrinterCreate',
  Type.Object({ name: PrinterName, ...printerFields }, { additionalProperties: false }),
);
export const PrinterUpdate = named('PrinterUpdate', Type.Object(printerFields, { additionalProperties: false }));
export const PrinterParams = Type.Object({ name: PrinterName }, { additionalProperties: false });

export const Printer = named(
  'Printer',
  Type.Object({
    name: Type.String(),
    driver: Driver,
    connection: Type.String(),
    settings: PrinterSettings,
    default_for: Nullable(LabelFormat),
    site: Type.String({ description: 'The site whose stations print its jobs' }),
    formats: Type.Array(LabelFormat, {
      description: 'What it prints: raw thermal printers (and file printers writing raw jobs) print PDF_A7 only',
    }),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
  }),
);
export const PrinterList = named('PrinterList', Type.Object({ data: Type.Array(Printer) }));

export const PrinterStatus = named(
  'PrinterStatus',
  Type.Object({
    online: Type.Boolean(),
    paper_out: Nullable(Type.Boolean({ description: 'null when the protocol cannot tell' })),
    head_open: Nullable(Type.Boolean({ description: 'null when the protocol cannot tell' })),
    detail: Nullable(Type.String()),
  }),
);

export const TestPrint = named(
  'TestPrint',
  Type.Object({
    accepted: Type.Boolean({ description: 'True when the printer accepted every byte of the test page' }),
    error: Nullable(Type.String()),
  }),
);

export const PrinterDeleted = named('PrinterDeleted', Type.Object({ deleted: Type.Boolean() }));

export const DiscoveredPrinters = named(
  'DiscoveredPrinters',
  Type.Object({
    data: Type.Array(
      Type.Object({
        name: Type.String(),
        driver: Type.Literal('system'),
        connection: Type.String(),
        device: Nullable(Type.String()),
        is_default: Type.Boolean(),
      }),
    ),
  }),
);

const Code = Type.String({
  minLength: 1,
  maxLength: 64,
  pattern: '^[A-Za-z0-9]+$',
  'x-error': 'must be a shipment code',
  'x-format': 'shipment_code',
});

export const PrintJobCreate = named(
  'PrintJobCreate',
  Type.Object(
    {
      codes: Type.Array(Code, {
        minItems: 1,
        maxItems: MAX_LABEL_CODES,
        uniqueItems: true,
        description: 'Shipment codes, printed in this order',
      }),
      printer: Type.Optional(PrinterName),
      format: Type.Optional(described(LabelFormat, "Default: the printer's default format, else PDF_A7")),
      reprint: Type.Optional(
        Type.Boolean({ description: 'Print labels that were printed before (recorded as a reprint)' }),
      ),
      start: Type.Optional(StartTile('first tile of the first sheet, to finish a partly used sheet')),
      packages: Type.Optional(
        Type.Boolean({ description: 'Each parent shipment followed by its packages (by number), in the one job' }),
      ),
    },
    { additionalProperties: false },
  ),
);

export const PrintJobParams = Type.Object(
  { id: Type.String({ pattern: '^[1-9][0-9]{0,14}$', 'x-error': 'must be a print job id', 'x-format': 'id' }) },
  { additionalProperties: false },
);

export const PrintJobMove = named(
  'PrintJobMove',
  Type.Object(
    { printer: PrinterName },
    { additionalProperties: false, description: 'The printer of the same account that prints the rest of the job' },
  ),
);

/**
 * Long polling of one job, so that a desk shows a change within milliseconds without asking many times: the answer
 * waits (up to `wait_ms`) while the job is still in `seen_state` with `seen_done` labels done.
 */
export const PrintJobWait = Type.Object(
  {
    wait_ms: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 25_000,
        description: 'Wait at most this long for a change (default 0: answer at once)',
      }),
    ),
    seen_state: Type.Optional(described(JobState, 'The state the caller already shows')),
    seen_done: Type.Optional(Type.Integer({ minimum: 0, description: 'The labels done the caller already shows' })),
    seen_attempts: Type.Optional(
      Type.Integer({
        minimum: 0,
        description:
          'The attempts the caller already shows: a label the printer did not take is tried again and held, back in the same state',
      }),
    ),
    outcome: Type.Optional(
      Type.Boolean({
        description:
          'True: wait for what the job comes to, not for each step on the way: the answer comes once it is done, failed, ' +
          'canceled or unconfirmed, once a label is counted, or once it has a `last_error` it did not have (a label the ' +
          'printer did not take, waiting to be tried again); not when it is claimed (queued → printing)',
      }),
    ),
  },
  { additionalProperties: false },
);

/** The jobs waiting for the operator, asked again by long polling: the answer waits while they are as `seen`. */
export const PrintJobAttentionQuery = Type.Object(
  {
    wait_ms: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 25_000,
        description: 'Wait at most this long for a change from `seen` (default 0: answer at once)',
      }),
    ),
    seen: Type.Optional(
      Type.String({
        pattern: '^[0-9a-f]{1,40}$',
        description: 'The `version` the caller shows',
        'x-error': 'must be a version of this answer',
      }),
    ),
  },
  { additionalProperties: false },
);

export const PrintJobQuery = Type.Object(
  { ...PageQuery, state: Type.Optional(JobState) },
  { additionalProperties: false },
);

export const PrintJob = named(
  'PrintJob',
  Type.Object({
    id: Type.Integer(),
    codes: Type.Array(Type.String()),
    format: LabelFormat,
    printer: Type.String(),
    driver: Driver,
    reprint: Type.Boolean(),
    state: JobState,
    attempts: Type.Integer(),
    last_error: Nullable(Type.String()),
    progress: Type.Object({
      done: Type.Integer({ description: 'Labels the printer accepted' }),
      total: Type.Integer(),
    }),
    start: Type.Integer({ description: 'The first tile of the first A4 sheet (1 for A7)' }),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
    finished_at: Nullable(Type.String({ format: 'date-time' })),
  }),
);
export const PrintJobPage = Page('PrintJobPage', PrintJob);

export const PrintJobAttention = named(
  'PrintJobAttention',
  Type.Object({
    data: Type.Array(PrintJob, {
      description:
        'Held (queued after the printer did not take a label; `last_error` says why), unconfirmed and failed jobs, newest first (at most 100)',
    }),
    version: Type.String({
      description: 'Changes whenever the list does: send it back as `seen` to wait for the next',
    }),
  }),
);

export type PrinterCreateT = Static<typeof PrinterCreate>;
export type PrinterUpdateT = Static<typeof PrinterUpdate>;
export type PrinterT = Static<typeof Printer>;
export type PrintJobCreateT = Static<typeof PrintJobCreate>;
export type PrintJobT = Static<typeof PrintJob>;
export type PrintJobQueryT = Static<typeof PrintJobQuery>;
export type PrintJobMoveT = Static<typeof PrintJobMove>;
