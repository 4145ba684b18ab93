import type { InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A file field in the desk's language: the browser's own says "Choose File / No file chosen" in the browser's
 * language whatever the desk's. The native input stays (keyboard, screen readers, tests' setInputFiles), out of
 * sight; the button in words stands in for it and shows its focus.
 */
export function FileInput({ label, ...input }: { label: string } & InputHTMLAttributes<HTMLInputElement>) {
  const { t } = useTranslation();
  return (
    <label className="field file-field">
      {label}
      <input type="file" className="visually-hidden" {...input} />
      <span className="btn file-button" aria-hidden="true">
        {t('common.chooseFile')}
      </span>
    </label>
  );
}
