import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import type { PrintJob } from '../../api/types';
import { DataTable } from '../../components/DataTable';
import { Button } from '../../components/Button';
import { ErrorLine, QueryState } from '../../components/States';
import { canDo, JOB_STATES, type JobState } from '@shared/job-states';
import { jobTone } from './job-tone';
import { useCancelJob, useConfirmJob, usePrint, usePrintAgain, useRetryJob } from './mutations';
import { useJobs } from './queries';
import { printReason } from './reason';

/** The print queue: every job, filtered by state (kept in the URL), with retry, cancel and reprint. */
export function QueueView() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const state = (JOB_STATES as readonly string[]).includes(search.get('state') ?? '')
    ? (search.get('state') as JobState)
    : undefined;
  const jobs = useJobs({ size: 50, ...(state ? { state } : {}) });
  const retry = useRetryJob();
  const cancel = useCancelJob();
  const confirm = useConfirmJob();
  const again = usePrintAgain();
  const print = usePrint();
  const [error, setError] = useState<unknown>(null);
  const run = (p: Promise<unknown>) => p.then(() => setError(null), setError);

  const reprint = (j: PrintJob) =>
    run(print.mutateAsync({ codes: j.codes, printer: j.printer, format: j.format, reprint: true }));

  return (
    <section className="card" aria-label={t('queue.title')}>
      <div className="row spread">
        <h2>{t('queue.title')}</h2>
        <label className="inline">
          {t('queue.filter')}
          <select
            value={state ?? ''}
            onChange={(e) => setSearch(e.target.value ? { state: e.target.value } : {}, { replace: true })}
          >
            <option value="">{t('queue.allStates')}</option>
            {JOB_STATES.map((s) => (
              <option key={s} value={s}>
                {t(`printing.state.${s}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <ErrorLine error={error} />
      <QueryState query={jobs} empty={(d) => d.data.length === 0}>
        {(page) => (
          <DataTable
            label={t('queue.title')}
            rows={page.data}
            rowKey={(j) => j.id}
            rowLabel={(j) => t('printing.jobPanel', { id: j.id })}
            columns={[
              { header: '#', cell: (j) => j.id },
              { header: t('queue.shipments'), cell: (j) => j.codes.join(', '), className: 'mono codes' },
              { header: t('queue.printer'), cell: (j) => j.printer },
              {
                header: t('queue.state'),
                cell: (j) => (
                  <>
                    <span className={`pill tone-${jobTone(j)}`}>{t(`printing.state.${j.state}`)}</span>
                    {j.reprint && <span className="muted"> · {t('printing.reprint')}</span>}
                  </>
                ),
              },
              {
                header: t('queue.progress'),
                cell: (j) => (
                  <>
                    <progress
                      max={j.progress.total}
                      value={j.progress.done}
                      aria-label={t('queue.progressOf', { id: j.id })}
                    />{' '}
                    {j.progress.done}/{j.progress.total}
                  </>
                ),
              },
              { header: t('queue.attempts'), cell: (j) => j.attempts },
              { header: t('queue.lastError'), cell: (j) => printReason(j.last_error, t) ?? '—' },
            ]}
            actionsClass="row"
            actions={(j) => (
              <>
                {canDo(j.state, 'confirm') && (
                  <Button kind="primary" onClick={() => void run(confirm.mutateAsync(j.id))}>
                    {t('printing.confirm')}
                  </Button>
                )}
                {canDo(j.state, 'print_again') && (
                  <Button onClick={() => void run(again.mutateAsync(j.id))}>{t('printing.printAgain')}</Button>
                )}
                {canDo(j.state, 'retry') && (
                  <Button onClick={() => void run(retry.mutateAsync(j.id))}>{t('printing.retry')}</Button>
                )}
                {canDo(j.state, 'cancel') && (
                  <Button kind="danger" onClick={() => void run(cancel.mutateAsync(j.id))}>
                    {t('printing.cancelJob')}
                  </Button>
                )}
                {j.state === 'done' && <Button onClick={() => void reprint(j)}>{t('printing.reprint')}</Button>}
              </>
            )}
          />
        )}
      </QueryState>
    </section>
  );
}
