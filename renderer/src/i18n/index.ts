import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en.json';
import es from './es.json';

/** The desk's languages, by the name each one has in itself (what the Language selector shows). */
export const LANGUAGES = { en: 'English', es: 'Español' } as const;
export type Language = keyof typeof LANGUAGES;

const LANGUAGE_KEY = 'station.language';

const remembered = (): Language => {
  const saved = localStorage.getItem(LANGUAGE_KEY);
  return saved && saved in LANGUAGES ? (saved as Language) : 'en';
};

declare module 'i18next' {
  interface CustomTypeOptions {
    // English is the source: a key missing in en.json fails the type check.
    resources: { translation: typeof en };
  }
}

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, es: { translation: es } },
  lng: remembered(),
  fallbackLng: 'en',
  // React escapes what it renders.
  interpolation: { escapeValue: false },
  initAsync: false,
});

i18n.on('languageChanged', (lng) => {
  localStorage.setItem(LANGUAGE_KEY, lng);
  document.documentElement.lang = lng;
});
document.documentElement.lang = i18n.language;

export { i18n };
