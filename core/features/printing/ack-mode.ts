import type { Driver, PrinterSpec } from './types.js';

/**
 * The printer as a delivery must treat it: unless its configuration says whether it answers status requests
 * (`status_ack`), what was learned about it decides, and a printer not known yet is asked once. A silent one is
 * then acknowledged by its closing the connection, at once, instead of after a status answer that never comes.
 */
export async function withAckMode(
  driver: Driver,
  spec: PrinterSpec,
  known: boolean | null,
  learn: (answers: boolean) => unknown,
): Promise<PrinterSpec> {
  if (spec.settings.status_ack !== undefined || !driver.answersStatus) return spec;
  let answers = known;
  if (answers === null) {
    answers = await driver.answersStatus(spec);
    if (answers === null) return spec;
    await learn(answers);
  }
  return { ...spec, settings: { ...spec.settings, status_ack: answers } };
}

/** A learned answer (not the configuration's) may be wrong once the printer is swapped: then it is asked again. */
export const learnedAck = (spec: PrinterSpec, effective: PrinterSpec): boolean =>
  spec.settings.status_ack === undefined && effective.settings.status_ack !== undefined;
