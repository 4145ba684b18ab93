/** The code sets of the service interface, in one place. Node-free: the desk UI imports them too. */

/** Upper-case letters and digits without the look-alikes 0, O, 1 and I (contract: shipment codes). */
export const CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const CODE_LENGTH = 10;
/** What a shipment code looks like. (Lookups take any letter case, and answer not_found for what is no code.) */
export const CODE_PATTERN = new RegExp(`^[${CODE_ALPHABET}]{${CODE_LENGTH}}$`);

export const STATUSES = [
  'CANCELED',
  'COLLECTED',
  'CONSOLIDATED',
  'DELIVERED',
  'RECEIVED',
  'RECOVERED',
  'RETURNED',
  'OUT_FOR_DELIVERY',
  'OUT_FOR_RECOVERY',
  'OUT_FOR_RETURN',
  'TO_COLLECT',
  'TO_CONFIRM',
  'TO_DELIVER',
  'TO_RECEIVE',
  'TO_RECOVER',
  'TO_RETURN',
  'TO_CONSOLIDATE',
] as const;
export type Status = (typeof STATUSES)[number];

export const SUB_STATUSES = [
  'ADMITTED',
  'BLOCKED',
  'CONFIRMED',
  'DISPATCHED',
  'EXPIRED',
  'NOT_VISITED',
  'PICK_UP',
  'VISITED',
] as const;
export type SubStatus = (typeof SUB_STATUSES)[number];

export const ISSUES = [
  'ABSENT_RECEIVER',
  'ON_VACATIONS',
  'VEHICLE_ISSUE',
  'BUSINESS_HOURS',
  'INCORRECT_ADDRESS',
  'REJECTED',
  'UNREACHABLE_RECEIVER',
  'UNREACHABLE_AREA',
  'CANCELED',
  'DUPLICATED',
  'WRONG_PRODUCT',
  'RESCHEDULED',
  'OVERSIZE',
  'NOT_VISITED',
  'STOLEN',
  'LOST',
] as const;

export const OPERATION_TYPES = ['DELIVERY', 'RETURN', 'EXCHANGE'] as const;
export type OperationType = (typeof OPERATION_TYPES)[number];

/** The enumerated methods plus SAME_DAY (quoted by the interface) and PICKUP (pickup-office delivery). */
export const METHODS = ['STANDARD', 'EXPRESS', 'SAME_DAY', 'PICKUP'] as const;
export type Method = (typeof METHODS)[number];

/** The label documents `GET /labels` makes (contract: `printer`), and the formats a printer takes. */
export const LABEL_FORMATS = ['PDF_A7', 'PDF_A4'] as const;
export type LabelFormat = (typeof LABEL_FORMATS)[number];

/** Print-head resolutions of thermal printers; labels are rasterised at the printer's, 203 unless it says 300. */
export const DPIS = [203, 300] as const;
export type Dpi = (typeof DPIS)[number];
export const DEFAULT_DPI: Dpi = 203;

export const ADDRESS_TYPES = ['BUSINESS', 'RESIDENTIAL'] as const;
export const PLATFORMS = ['MLI', 'TNB', 'WOO', 'VTX'] as const;
export type Platform = (typeof PLATFORMS)[number];

/**
 * The interface's four, plus the additions events.write (record events), tokens.write (manage credentials),
 * station.admin (station-wide settings, rate card and office directory, which every account of the station reads)
 * and webhooks.write (the account's webhook endpoints and their deliveries).
 */
export const PERMISSIONS = [
  'rates.read',
  'shipments.read',
  'shipments.write',
  'events.read',
  'events.write',
  'tokens.write',
  'station.admin',
  'webhooks.write',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** The name of the token the station makes for its own desk (core/adapters/desk/credential.ts): the desk says it in its language. */
export const DESK_TOKEN_NAME = 'desktop app';

/** What a webhook endpoint may subscribe to (contract: Webhooks). */
export const WEBHOOK_EVENTS = [
  'shipment.created',
  'shipment.canceled',
  'shipment.status_changed',
  'label.created',
  'package.created',
  'print_job.finished',
  'manifest.created',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** The message "send a test event" sends to one endpoint, whatever it subscribes to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** A webhook delivery: to be tried (again), taken by the receiver (2xx), or given up. */
export const DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** ISO 3166-1 alpha-2, officially assigned codes. */
export const COUNTRIES = new Set(
  (
    'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
    'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO ' +
    'FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE ' +
    'JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO ' +
    'MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW ' +
    'PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM ' +
    'TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
  ).split(' '),
);

/**
 * What is wrong with one field of a refused request: the stable `code` of each item of a problem's `errors`, so that
 * a client says it in its own words without reading the English `message`. `params` carry what the words need.
 */
export const FIELD_ERROR_CODES = [
  /** Missing. `params.with`: the other field that makes it required, when one does. */
  'required',
  /** Not accepted here: an unknown member, or one the other fields rule out (`params.only_with` says when it is). */
  'not_allowed',
  /** The wrong JSON type. `params.type`: the expected one (string, number, integer, boolean, object, array). */
  'type',
  /** Not one of `params.allowed`. */
  'enum',
  /** Must be exactly `params.value`. */
  'const',
  /** Not a valid `params.format`: phone, email, country, date, date-time, time, uri, json, csv, … */
  'format',
  /** Does not match `params.pattern` (a rule without a name of its own). */
  'pattern',
  /** Text shorter or longer than `params.limit` characters. */
  'min_length',
  'max_length',
  /** A list with fewer or more than `params.limit` items. */
  'min_items',
  'max_items',
  /** A number below `params.limit`, at or below it, above it, at or above it. */
  'minimum',
  'exclusive_minimum',
  'maximum',
  'exclusive_maximum',
  /** Repeats an item given before (`params.first`, when known, says where). */
  'duplicate',
  /** Already used by another of the account's or station's things (`params.by`, when it names one). */
  'taken',
  /** Not a value the station knows (`params.value`). */
  'unknown',
  /** Must not come before the field `params.other` (ranges, dates, times). */
  'order',
  /** A parcel beyond the rate card's largest size: `params.measure` (weight, side, sum), `value`, `limit`, `unit`. */
  'over_size',
  /** Nested deeper than `params.limit` levels. */
  'too_deep',
  /**
   * Holds a character the field does not take (`params.character`, e.g. U+0000): a control character other than tab
   * and line break, a lone surrogate, or a line break in a one-line field.
   */
  'character',
  /** Must equal what another field implies (a PICKUP destination and its office's address). */
  'mismatch',
  /** Exists but cannot be used now (an inactive office, one that takes no parcels). */
  'unavailable',
  /** Valid, but not something this printer or driver does (`params.driver`). */
  'unsupported',
  /** A name the station keeps for itself. */
  'reserved',
  /** Anything else; the `message` says what. */
  'invalid',
] as const;
export type FieldErrorCode = (typeof FIELD_ERROR_CODES)[number];
