import { defineSpecs } from '../operations/spec.js';
import {
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
});
