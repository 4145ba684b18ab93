import { useTranslation } from 'react-i18next';
import { useExplain } from '../api/errors';

/** Loading, empty and error states, alike on every screen. (Not role status: the Pack status line is the one.) */
export function Loading({ what }: { what?: string }) {
  const { t } = useTranslation();
  return (
    <p className="state state-loading" aria-busy="true">
      {what ?? t('state.loading')}
    </p>
  );
}

export function Empty({ children }: { children?: React.ReactNode }) {
  const { t } = useTranslation();
  return <p className="state state-empty">{children ?? t('state.empty')}</p>;
}

export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  const explain = useExplain();
  return (
    <div className="state state-error" role="alert">
      <span>{explain(error).message}</span>
      {onRetry && (
        <button type="button" className="btn btn-plain" onClick={onRetry}>
          {t('state.retry')}
        </button>
      )}
    </div>
  );
}

/** What the service answered to an action that failed (a mutation's error), said in one line; nothing without one. */
export function ErrorLine({ error }: { error: unknown }) {
  const explain = useExplain();
  if (error === null || error === undefined) return null;
  return (
    <p className="error" role="alert">
      {explain(error).message}
    </p>
  );
}

/** One query's three states around its content. */
export function QueryState<T>({
  query,
  empty,
  children,
}: {
  query: { data: T | undefined; error: unknown; isPending: boolean; refetch: () => unknown };
  empty?: (data: T) => boolean;
  children: (data: T) => React.ReactNode;
}) {
  if (query.isPending) return <Loading />;
  if (query.error || query.data === undefined)
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (empty?.(query.data)) return <Empty />;
  return <>{children(query.data)}</>;
}
