import { Type } from '@sinclair/typebox';
import { PRINT_LANGUAGES } from '../../platform/drawing/words.js';
import { Nullable, StringEnum } from '../../platform/schemas/common.js';
import { described, named } from '../../shared/schemas/named.js';
import { TEXT_KEYWORD, type TextKind } from '../../shared/schemas/text.js';
import { ScaleConfig } from '../scale/schemas.js';

export const StationSettings = named(
  'StationSettings',
  Type.Object({
    time_zone: Type.String({
      description:
        'IANA time zone plain dates of filters are read in, and manifests print their times in (STATION_TZ overrides it)',
    }),
    language: StringEnum(
      PRINT_LANGUAGES,
      "The language printed labels and manifests speak (captions, method, type; the data as entered): as set, else the rate card origin country's (Spanish for AR, ES, MX, …)",
    ),
    language_chosen: Type.Boolean({ description: 'False while the language follows the rate card' }),
    /** The bench scale: its device and protocol (null: none); GET /scale reads it. */
    scale: Nullable(ScaleConfig),
  }),
);

export const StationSettingsUpdate = named(
  'StationSettingsUpdate',
  Type.Object(
    {
      time_zone: Type.Optional(
        Type.String({ minLength: 1, maxLength: 100, description: 'IANA name, e.g. America/Argentina/Cordoba' }),
      ),
      language: Type.Optional(
        Nullable(StringEnum(PRINT_LANGUAGES, "The printed language; null follows the rate card's origin again")),
      ),
      scale: Type.Optional(Nullable(ScaleConfig)),
    },
    { additionalProperties: false },
  ),
);

const rateCardFields = Type.Object({
  id: Type.Integer(),
  version: Type.String(),
  source: Type.String({ description: 'Where the card was imported from' }),
  imported_at: Type.String({ description: 'ISO 8601 UTC with milliseconds' }),
});

export const RateCardInfo = named('RateCardInfo', rateCardFields);

export const RateCardCurrent = named(
  'RateCard',
  Type.Composite([
    rateCardFields,
    Type.Object({ card: Type.Unknown({ description: 'The card as imported (docs/ratecard.md)' }) }),
  ]),
);

export const RateCardImport = named(
  'RateCardImport',
  Type.Object(
    {
      card: Type.Unknown({
        description: 'The rate-card file (docs/ratecard.md); an invalid card is refused whole, naming each place',
      }),
      source: Type.Optional(
        Type.String({ maxLength: 500, description: 'Where it comes from (a file name), for the record' }),
      ),
    },
    { additionalProperties: false },
  ),
);

/**
 * The largest directory file `station offices import` reads. Over HTTP the file rides in a JSON body of at most
 * 1 MiB (about 3,000 offices); the owner's command at the station reads the file itself, so a national directory
 * (10,000 offices and more, a few MB) imports in one go. The bound keeps a wrong file (a disk image) from being
 * read whole into memory.
 */
export const OFFICE_FILE_MAX_BYTES = 64 * 1024 * 1024;

const officeFile = (maxLength: number) =>
  Type.Object(
    {
      format: StringEnum(
        ['json', 'csv'] as const,
        'json: an array of offices; csv: a header line and one office per line',
      ),
      // Each office's values are checked as its fields: a bad character is a bad row, named by its line.
      content: Type.String({ maxLength, [TEXT_KEYWORD]: 'file' satisfies TextKind, description: 'The file, as text' }),
      replace: Type.Optional(
        Type.Boolean({ description: 'The file is the whole directory: offices left out are deactivated' }),
      ),
    },
    { additionalProperties: false },
  );

export const OfficeImport = named('OfficeImport', officeFile(1024 * 1024));
/** The same import from the owner's file at the station (`station offices import`), up to OFFICE_FILE_MAX_BYTES. */
export const OfficeFileImport = officeFile(OFFICE_FILE_MAX_BYTES);

export const OfficeImportSummary = named(
  'OfficeImportSummary',
  Type.Object({
    added: Type.Integer(),
    updated: Type.Integer(),
    deactivated: Type.Integer(),
  }),
);

export const StationConnect = named(
  'StationConnect',
  Type.Object({
    other_computers: Type.Boolean({
      description:
        'Whether another computer can reach this service: false while it listens on loopback only (serve --host 127.0.0.1, the default)',
    }),
    desk_urls: Type.Array(Type.String(), {
      description:
        'Where another desk opens the desk UI: the public URL, or each network address of this machine when the service listens on all of them; empty while it listens on loopback only',
    }),
  }),
);

const AccountRef = Type.Object({ id: Type.Integer(), name: Type.String() });

export const DeskAccount = named(
  'DeskAccount',
  Type.Object({
    account: described(AccountRef, "The caller's account: for the desk, the one it creates, imports and searches in"),
    desk: Type.Boolean({ description: "Whether the caller is the desk's own credential, which may move the desk" }),
    accounts: Type.Array(AccountRef, { description: "For the desk, the station's accounts to choose from; else none" }),
  }),
);

export const DeskAccountChoice = named(
  'DeskAccountChoice',
  Type.Object(
    { account: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: 'The account id' }) },
    { additionalProperties: false },
  ),
);

export const DeskAccountChosen = named(
  'DeskAccountChosen',
  Type.Composite([
    DeskAccount,
    Type.Object({
      token: Type.String({
        description: "The desk's credential from now on (shown once): the one that asked is revoked",
      }),
    }),
  ]),
);

export const DeskCredentialRequest = Type.Object(
  {
    replaces: Nullable(
      Type.Object({ account: Type.Integer(), token: Type.Integer() }, { description: 'The token the desk had' }),
    ),
  },
  { additionalProperties: false },
);
export const DeskCredential = Type.Object({ token: Type.String() });
