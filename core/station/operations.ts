import { implement } from '../operations/types.js';
import { stationApi } from './api.js';

const settingsOf = (s: { timeZone(): string }) => ({ time_zone: s.timeZone() });

export const stationOperations = implement(stationApi, {
  'station.settings.get': ({ services }) => settingsOf(services.settings),
  'station.settings.update': ({ services }, { body }) => {
    if (body.time_zone !== undefined) services.settings.setTimeZone(body.time_zone);
    return settingsOf(services.settings);
  },
  'ratecard.get': ({ services }) => {
    const { id, version, source, imported_at, card } = services.quotes.active();
    return { id, version, source, imported_at, card: card.file };
  },
  'ratecard.import': ({ services }, { body }) => {
    const { id, version, source, imported_at } = services.quotes.import(body.card, body.source ?? 'api');
    return { id, version, source, imported_at };
  },
  'offices.import': ({ services }, { body }) =>
    services.offices.importFile(body.content, body.format, { replace: body.replace ?? false }),
});
