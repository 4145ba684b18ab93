import type { TFunction } from 'i18next';

/**
 * Why a job is not printing, in the operator's words. The queue records the driver's own error text; the usual
 * causes are recognised, anything else is shown as recorded.
 */
const REASONS: [RegExp, 'offline' | 'paperOut' | 'headOpen' | 'noPrinter' | 'inDoubt'][] = [
  [/being sent|did it print/i, 'inDoubt'],
  [/ECONNREFUSED|EHOSTUNREACH|ENETUNREACH|ETIMEDOUT|ECONNRESET|timed out|offline|not answer/i, 'offline'],
  [/paper/i, 'paperOut'],
  [/head|cover|lid/i, 'headOpen'],
  [/no printer|not configured|default printer/i, 'noPrinter'],
];

export function printReason(error: string | null, t: TFunction): string | null {
  if (!error) return null;
  const hit = REASONS.find(([re]) => re.test(error));
  return hit ? t(`printing.reason.${hit[1]}`) : error;
}
