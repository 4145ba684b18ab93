import type { TFunction } from 'i18next';
import type { PrintJob } from '../../api/types';
import { printReason } from './reason';

/** One line per waiting label: the shipment, the printer and why, in words. */
export function waitingLine(job: PrintJob, t: TFunction): string {
  const codes = job.codes.length === 1 ? job.codes[0]! : t('bar.labels', { count: job.codes.length });
  const why =
    job.state === 'unconfirmed'
      ? t('bar.why.unconfirmed')
      : job.state === 'failed'
        ? t('bar.why.failed', { reason: printReason(job.last_error, t) ?? '' })
        : t('bar.why.held', { reason: printReason(job.last_error, t) ?? '' });
  return `${codes} · ${job.printer}: ${why}`;
}
