import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en.json';
import type webhooks from './webhooks/en.json';

/** The desk's languages, by the name each one has in itself (what the Language selector shows). */
export const LANGUAGES = { en: 'English', es: 'Español' } as const;
export type Language = keyof typeof LANGUAGES;

/**
 * English is the source and the fallback, in the page from the start; another language's words are fetched the
 * first time it is chosen (the page's first script carries one language, not all).
 */
const WORDS: Record<Exclude<Language, 'en'>, () => Promise<{ default: typeof en }>> = {
  es: () => import('./es.json'),
};

const LANGUAGE_KEY = 'station.language';

const remembered = (): Language => {
  const saved = localStorage.getItem(LANGUAGE_KEY);
  return saved && saved in LANGUAGES ? (saved as Language) : 'en';
};

declare module 'i18next' {
  interface CustomTypeOptions {
    // English is the source: a key missing in en.json fails the type check. A screen's own words that only it
    // shows may come with its chunk, in a namespace of their own (webhooks: Settings), off the first script.
    resources: { translation: typeof en; webhooks: typeof webhooks };
  }
}

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en } },
  lng: 'en',
  fallbackLng: 'en',
  // React escapes what it renders.
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** Switches the desk to a language (its words fetched first, once); the choice is remembered on this computer. */
export async function chooseLanguage(lng: Language): Promise<void> {
  if (lng !== 'en' && !i18n.hasResourceBundle(lng, 'translation'))
    i18n.addResourceBundle(lng, 'translation', (await WORDS[lng]()).default);
  await i18n.changeLanguage(lng);
  localStorage.setItem(LANGUAGE_KEY, lng);
  document.documentElement.lang = lng;
}

/** The language this computer chose last, ready before the desk is drawn (no flash of English). */
export const ready: Promise<void> = chooseLanguage(remembered());

export { i18n };
