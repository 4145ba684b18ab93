import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { useExplain } from '../../api/errors';
import { Button } from '../../components/Button';
import { isFinalJobState } from '@shared/job-states';
import { JobPanel } from '../printing/JobPanel';
import { jobTone } from '../printing/job-tone';
import { useLabelsPdf, usePrint } from '../printing/mutations';
import { useJob } from '../printing/queries';

/**
 * Prints one shipment's label (with `packages`, the parent and every package in one job) on the desk's default
 * label printer; printed before, it is a recorded reprint. With no default printer the labels open as a PDF.
 */
export function PrintLabels({
  code,
  packages,
  printed,
  label,
}: {
  code: string;
  packages: boolean;
  printed: boolean;
  label: string;
}) {
  const { t } = useTranslation();
  const explain = useExplain();
  const print = usePrint();
  const labelsPdf = useLabelsPdf();
  const [jobId, setJobId] = useState<number | null>(null);
  const job = useJob(jobId).data;
  const [pdf, setPdf] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);

  async function run() {
    setError(null);
    setPdf(null);
    try {
      setJobId(
        (
          await print.mutateAsync({
            codes: [code],
            ...(packages ? { packages } : {}),
            ...(printed ? { reprint: true } : {}),
          })
        ).id,
      );
    } catch (e) {
      // No printer prints this format by default: the PDF is the way out.
      if (e instanceof ApiError && e.problem.errors?.some((f) => f.path === '/printer')) {
        try {
          setPdf(await labelsPdf.mutateAsync({ code, ...(packages ? { packages } : {}) }));
          return;
        } catch (e2) {
          setError(e2);
          return;
        }
      }
      setError(e);
    }
  }

  const busy = print.isPending || (!!job && !isFinalJobState(job.state));
  return (
    <div className="print-labels">
      <Button onClick={() => void run()} busy={busy} busyLabel={t('print.printing')}>
        {label}
      </Button>
      {job && (
        <span className={`pill tone-${jobTone(job)}`} aria-live="polite">
          {t('print.jobLine', {
            state: t(`printing.state.${job.state}`),
            done: job.progress.done,
            total: job.progress.total,
            printer: job.printer,
          })}
          {job.last_error && ` — ${job.last_error}`}
        </span>
      )}
      {job && !isFinalJobState(job.state) && job.last_error && <JobPanel job={job} onChanged={(j) => setJobId(j.id)} />}
      {pdf && (
        <a href={pdf} target="_blank" rel="noreferrer">
          {t('print.openPdf')}
        </a>
      )}
      {error !== null && <span className="error">{explain(error).message}</span>}
    </div>
  );
}
