import { implement, uses } from '../../platform/operations/types.js';
import type { OfficeDirectory } from '../offices/directory.js';
import type { QuoteService } from '../quote/service.js';
import type { ScaleService } from '../scale/service.js';
import { stationApi } from './api.js';
import { connectInfo } from './connect.js';
import type { DeskAccount } from './desk-account.js';
import type { Settings } from './settings.js';

/** The station's own settings, the desk's account, and the imports of the files it starts from. */
interface StationUses {
  settings: Settings;
  scale: Pick<ScaleService, 'config' | 'configure'>;
  desk: DeskAccount;
  quotes: Pick<QuoteService, 'active' | 'import'>;
  offices: Pick<OfficeDirectory, 'importFile'>;
}
const used = uses<StationUses>({ settings: true, scale: true, desk: true, quotes: true, offices: true });

const settingsOf = async (s: Pick<StationUses, 'settings' | 'scale'>) => ({
  time_zone: await s.settings.timeZone(),
  language: await s.settings.language(),
  language_chosen: await s.settings.languageChosen(),
  scale: await s.scale.config(),
});

export const stationOperations = implement(stationApi, used, {
  'station.settings.get': ({ services }) => settingsOf(services),
  'station.settings.update': async ({ services }, { body }) => {
    if (body.time_zone !== undefined) await services.settings.setTimeZone(body.time_zone);
    if (body.language !== undefined) await services.settings.setLanguage(body.language);
    if (body.scale !== undefined) await services.scale.configure(body.scale);
    return settingsOf(services);
  },
  'station.connect': ({ baseUrl }) => connectInfo(baseUrl),
  'station.desk.get': ({ principal, services }) => services.desk.get(principal),
  'station.desk.update': ({ principal, services }, { body }) => services.desk.choose(principal, body.account),
  'station.desk.credential': async ({ services }, { body }) => ({
    token: await services.desk.issue(
      body.replaces && { accountId: body.replaces.account, tokenId: body.replaces.token },
    ),
  }),
  'ratecard.get': async ({ services }) => {
    const { id, version, source, imported_at, card } = await services.quotes.active();
    return { id, version, source, imported_at, card: card.file };
  },
  'ratecard.import': async ({ services }, { body }) => {
    const { id, version, source, imported_at } = await services.quotes.import(body.card, body.source ?? 'api');
    return { id, version, source, imported_at };
  },
  'offices.import': ({ services }, { body }) =>
    services.offices.importFile(body.content, body.format, { replace: body.replace ?? false }),
  'offices.importFile': ({ services }, { body }) =>
    services.offices.importFile(body.content, body.format, { replace: body.replace ?? false }),
});
