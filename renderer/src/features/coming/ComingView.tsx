import { useTranslation } from 'react-i18next';
import type { ViewKey } from '../../app/routes';

/** A screen of part 2 of the desk, until it is built. */
export function ComingView({ view }: { view: ViewKey }) {
  const { t } = useTranslation();
  return (
    <main className="page">
      <section className="card">
        <h2>{t('coming.title', { view: t(`nav.${view}`) })}</h2>
        <p>{t('coming.text')}</p>
      </section>
    </main>
  );
}
