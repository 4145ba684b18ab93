import { implement } from '../operations/types.js';
import { stationApi } from './api.js';

import type { Services } from '../services.js';
import { connectInfo } from './connect.js';

const settingsOf = (s: Services) => ({
  time_zone: s.settings.timeZone(),
  language: s.settings.language(),
  language_chosen: s.settings.languageChosen(),
  scale: s.scale.config(),
});

export const stationOperations = implement(stationApi, {
  'station.settings.get': ({ services }) => settingsOf(services),
  'station.settings.update': ({ services }, { body }) => {
    if (body.time_zone !== undefined) services.settings.setTimeZone(body.time_zone);
    if (body.language !== undefined) services.settings.setLanguage(body.language);
    if (body.scale !== undefined) services.scale.configure(body.scale);
    return settingsOf(services);
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
