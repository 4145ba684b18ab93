import { implement } from '../operations/types.js';
import { stationApi } from './api.js';

const settingsOf = async (s: { timeZone(): Promise<string> }) => ({ time_zone: await s.timeZone() });

export const stationOperations = implement(stationApi, {
  'station.settings.get': ({ services }) => settingsOf(services.settings),
  'station.settings.update': async ({ services }, { body }) => {
    if (body.time_zone !== undefined) await services.settings.setTimeZone(body.time_zone);
    return settingsOf(services.settings);
  },
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
});
