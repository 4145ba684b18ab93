import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { fieldMessage, useExplain } from '../../api/errors';

/** An import refused whole: every place that is wrong, as the service named it (nothing was imported). */
export function ImportReport({ error, label }: { error: unknown; label: string }) {
  const { t } = useTranslation();
  const explain = useExplain();
  const places = error instanceof ApiError ? (error.problem.errors ?? []) : [];
  return (
    <div className="state-error-block" role="alert" aria-label={label}>
      <p>{places.length ? t('settings.importRefused', { count: places.length }) : explain(error).message}</p>
      {places.length > 0 && (
        <ul className="report">
          {places.map((p, i) => (
            <li key={i}>
              <code>{p.path || '/'}</code> {fieldMessage(p, t)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
