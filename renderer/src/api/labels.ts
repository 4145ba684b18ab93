import { call, type Transport } from './transport';
import type { PrintJob } from './types';

/** Sends the label to the desk's default printer through the print queue; a second print is a recorded reprint. */
export const submitPrint = (t: Transport, codes: string[], reprint = false) =>
  call<PrintJob>(t, { method: 'POST', path: '/print-jobs', body: { codes, ...(reprint ? { reprint } : {}) } });

export const readJob = (t: Transport, id: number) => call<PrintJob>(t, { method: 'GET', path: `/print-jobs/${id}` });

/** A link to the label PDF, for desks without a configured printer. */
export const labelUrl = async (t: Transport, codes: string[], printer: 'PDF_A7' | 'PDF_A4' = 'PDF_A7') =>
  (await call<{ url: string }>(t, { method: 'GET', path: '/labels', query: { code: codes.join(','), printer } })).url;
