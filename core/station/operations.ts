import { implement } from '../operations/types.js';
import { stationApi } from './api.js';

import type { Settings } from '../settings.js';
import { connectInfo } from './connect.js';

const settingsOf = (s: Settings) => ({
  time_zone: s.timeZone(),
  language: s.language(),
  language_chosen: s.languageChosen(),
});

export const stationOperations = implement(stationApi, {
  'station.settings.get': ({ services }) => settingsOf(services.settings),
  'station.settings.update': ({ services }, { body }) => {
    if (body.time_zone !== undefined) services.settings.setTimeZone(body.time_zone);
    if (body.language !== undefined) services.settings.setLanguage(body.language);
    return settingsOf(services.settings);
  },
  'station.connect': ({ baseUrl }) => connectInfo(baseUrl),
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
