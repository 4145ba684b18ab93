import { defineSpecs } from '../../shared/spec.js';
import {
  DeskAccount,
  DeskAccountChoice,
  DeskAccountChosen,
  DeskCredential,
  DeskCredentialRequest,
  OfficeFileImport,
  OfficeImport,
  OfficeImportSummary,
  RateCardCurrent,
  RateCardImport,
  RateCardInfo,
  StationConnect,
  StationSettings,
  StationSettingsUpdate,
} from './schemas.js';

const tags = ['Station'];

/** Station-wide settings and reference data: every account's quotes and searches read them. */
export const stationApi = defineSpecs({
  'station.settings.get': {
    summary: "The station's settings",
    description: "The station's time zone, in which the plain dates of search filters are read.",
    tags,
    permission: 'shipments.read',
    http: { method: 'GET', path: '/station/settings' },
    input: {},
    output: StationSettings,
  },
  'station.settings.update': {
    summary: "Change the station's settings",
    description:
      "Sets the station's time zone (an IANA name; an unknown one is 400 naming `/time_zone`). `STATION_TZ` overrides it for `serve`.",
    tags,
    permission: 'station.admin',
    http: { method: 'PUT', path: '/station/settings' },
    input: { body: StationSettingsUpdate },
    output: StationSettings,
  },
  'station.connect': {
    summary: 'How another desk reaches this station',
    description:
      'Addition: the addresses another computer opens the desk at, or none while the service listens on loopback only.',
    tags,
    permission: 'shipments.read',
    http: { method: 'GET', path: '/station/connect' },
    input: {},
    output: StationConnect,
  },
  'ratecard.get': {
    summary: 'The active rate card',
    description: 'The active rate card as imported, with its version, where it came from and when (docs/ratecard.md).',
    tags,
    permission: 'rates.read',
    http: { method: 'GET', path: '/ratecard' },
    input: {},
    output: RateCardCurrent,
  },
  'ratecard.import': {
    summary: 'Replace the rate card',
    description:
      'An invalid card changes nothing; the 400 names each place that is wrong (`errors[].path` inside the card).',
    tags,
    permission: 'station.admin',
    http: { method: 'POST', path: '/ratecard' },
    input: { body: RateCardImport },
    output: RateCardInfo,
    successStatus: 201,
  },
  'offices.import': {
    summary: 'Add or update pickup offices from a JSON or CSV file',
    description: 'A bad row imports nothing; the 400 lists every bad row with its line (`rows`) and each field.',
    tags,
    permission: 'station.admin',
    http: { method: 'POST', path: '/offices/import' },
    input: { body: OfficeImport },
    output: OfficeImportSummary,
  },
  'offices.importFile': {
    summary: "Add or update pickup offices from the owner's file at the station",
    description:
      '`station offices import`: the same rules as `offices.import`, for a directory file larger than an HTTP body ' +
      'may be (a national directory).',
    tags,
    permission: 'owner',
    http: null,
    input: { body: OfficeFileImport },
    output: OfficeImportSummary,
  },
  'station.desk.get': {
    summary: 'The account the desk works in',
    description:
      "Addition: the caller's account (whose shipments it creates, imports and searches). For the desk's own " +
      "credential (the station's owner at the bench), `desk` is true and `accounts` lists the station's accounts to " +
      'move the desk to; for any other token, `accounts` is empty.',
    tags,
    permission: 'shipments.read',
    http: { method: 'GET', path: '/station/desk' },
    input: {},
    output: DeskAccount,
  },
  'station.desk.update': {
    summary: 'Move the desk to another account',
    description:
      "Addition: the desk works in `account` from now on. The answer holds the desk's new credential, a token of that " +
      'account; the one that asked is revoked. Only the desk’s own credential may ask (403 otherwise); an unknown ' +
      'account is 404.',
    tags,
    permission: 'station.admin',
    http: { method: 'PUT', path: '/station/desk' },
    input: { body: DeskAccountChoice },
    output: DeskAccountChosen,
  },
  'station.desk.credential': {
    summary: "The desk's credential, made anew",
    description:
      "A token of the desk's account with every permission, recorded as the desk's; `replaces`, the token the desk " +
      'had, is revoked. The desktop app and `serve --desk-link` ask for it when the one they keep no longer serves.',
    tags,
    permission: 'owner',
    http: null,
    input: { body: DeskCredentialRequest },
    output: DeskCredential,
  },
});
