import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useExplain } from '../../api/errors';
import type { PrintJob } from '../../api/types';
import { Button } from '../../components/Button';
import { canDo } from '@shared/job-states';
import { useCancelJob, useConfirmJob, useMoveJob, usePrintAgain, useRetryJob } from './mutations';
import { PdfLink } from './PdfLink';
import { usePrinters } from './queries';
import { printReason } from './reason';

/**
 * The operator's ways out of a print that went wrong: the state and reason in words, retry now, cancel, open the
 * PDF, send to another printer. Shown for a job that is not printed (yet).
 */
export function JobPanel({ job, onChanged }: { job: PrintJob; onChanged?: (job: PrintJob) => void }) {
  const { t } = useTranslation();
  const explain = useExplain();
  const printers = usePrinters();
  const retry = useRetryJob();
  const cancel = useCancelJob();
  const move = useMoveJob();
  const confirm = useConfirmJob();
  const again = usePrintAgain();
  const [target, setTarget] = useState('');
  const [error, setError] = useState<unknown>(null);

  const others = (printers.data ?? []).filter((p) => p.name !== job.printer);
  const reason = printReason(job.last_error, t);
  /** The job as the queue answered (after a move, the job that now prints the labels). */
  const after = (p: Promise<PrintJob>) =>
    p.then((changed) => {
      setError(null);
      onChanged?.(changed);
    }, setError);

  return (
    <section className="job-panel" aria-label={t('printing.jobPanel', { id: job.id })}>
      <p>
        <strong>{t(`printing.state.${job.state}`)}</strong>
        {reason && <> — {reason}</>}
        {job.attempts > 1 && <> · {t('printing.attempts', { count: job.attempts })}</>}
      </p>
      <div className="row">
        {canDo(job.state, 'confirm') && (
          <Button kind="primary" onClick={() => after(confirm.mutateAsync(job.id))} busy={confirm.isPending}>
            {t('printing.confirm')}
          </Button>
        )}
        {canDo(job.state, 'print_again') && (
          <Button onClick={() => after(again.mutateAsync(job.id))} busy={again.isPending}>
            {t('printing.printAgain')}
          </Button>
        )}
        {canDo(job.state, 'retry') && (
          <Button onClick={() => after(retry.mutateAsync(job.id))} busy={retry.isPending}>
            {t('printing.retry')}
          </Button>
        )}
        {canDo(job.state, 'cancel') && (
          <Button kind="danger" onClick={() => after(cancel.mutateAsync(job.id))} busy={cancel.isPending}>
            {job.state === 'failed' ? t('printing.setAside') : t('printing.cancelJob')}
          </Button>
        )}
        <PdfLink codes={job.codes} format={job.format} />
        {canDo(job.state, 'move') && others.length > 0 && (
          <>
            <label className="inline">
              {t('printing.otherPrinter')}
              <select value={target} onChange={(e) => setTarget(e.target.value)}>
                <option value="">{t('common.none')}</option>
                {others.map((p) => (
                  <option key={p.name} value={p.name}>
                    {p.name}
                  </option>
                ))}
              </select>
            </label>
            <Button
              disabled={!target}
              busy={move.isPending}
              onClick={() => after(move.mutateAsync({ job, printer: target }))}
            >
              {t('printing.sendThere')}
            </Button>
          </>
        )}
      </div>
      {error !== null && <p className="error">{explain(error).message}</p>}
    </section>
  );
}
