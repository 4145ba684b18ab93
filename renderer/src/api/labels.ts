import type { StationClient } from './client';

/** Sends the label to the desk's default printer through the print queue; a second print is a recorded reprint. */
export const submitPrint = (c: StationClient, codes: string[], reprint = false) =>
  c.call('printJobs.create', { body: { codes, ...(reprint ? { reprint } : {}) } });

export const readJob = (c: StationClient, id: number) => c.call('printJobs.get', { params: { id: String(id) } });

/** A link to the label PDF, for desks without a configured printer. */
export const labelUrl = async (c: StationClient, codes: string[], printer: 'PDF_A7' | 'PDF_A4' = 'PDF_A7') =>
  (await c.call('labels.get', { query: { code: codes.join(','), printer } })).url;
