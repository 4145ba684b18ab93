import { useTranslation } from 'react-i18next';
import { chooseLanguage, LANGUAGES, type Language } from '../i18n';

/** The language of the desk, remembered on this computer (i18n/index.ts keeps the choice). */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  return (
    <select
      className="language"
      aria-label={t('app.language')}
      value={i18n.resolvedLanguage}
      onChange={(e) => void chooseLanguage(e.target.value as Language)}
    >
      {Object.entries(LANGUAGES).map(([code, name]) => (
        <option key={code} value={code} lang={code}>
          {name}
        </option>
      ))}
    </select>
  );
}
