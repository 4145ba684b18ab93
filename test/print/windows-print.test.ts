import { existsSync, readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { printingStation } from './spooler-suite.js';
import { addWindowsPdfPrinter } from './windows-printer.js';

// A name with spaces, as Windows printers have: the connection rule is the Windows spooler's, not CUPS's.
const printer = await addWindowsPdfPrinter('Station Test PDF');
if (!printer.ok) console.warn(`skipping the Windows printing test: ${printer.reason}`);

describe.skipIf(!printer.ok)(
  'system driver through the Windows spooler (pdf-to-printer, Microsoft Print to PDF)',
  () => {
    const station = printingStation(() => printer.stop());

    it('discovers the printer, reports it listed, and prints the test page into its PDF', async () => {
      const { s, token } = station;
      const found = await s.request('GET', '/printers/discover', { token });
      expect(found.body.data).toContainEqual(
        expect.objectContaining({ name: printer.name, driver: 'system', connection: printer.name }),
      );
      expect(
        (
          await s.request('POST', '/printers', {
            token,
            body: { name: 'office', driver: 'system', connection: printer.name },
          })
        ).status,
      ).toBe(201);
      expect((await s.request('GET', '/printers/office/status', { token })).body).toMatchObject({
        online: true,
        paper_out: null,
        head_open: null,
      });

      const r = await s.request('POST', '/printers/office/test', { token });
      expect(r.body).toEqual({ accepted: true, error: null });
      // The spooler writes the port's file after pdf-to-printer returned (it only queued the job).
      await expect
        .poll(() => existsSync(printer.output) && statSync(printer.output).size > 0, { timeout: 30_000 })
        .toBe(true);
      expect(readFileSync(printer.output).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    });

    it('a printer Windows does not have is not accepted, with the package’s reason', async () => {
      const { s, token } = station;
      await s.request('POST', '/printers', {
        token,
        body: { name: 'ghost', driver: 'system', connection: 'No Such Printer' },
      });
      const r = await s.request('POST', '/printers/ghost/test', { token });
      expect(r.body.accepted).toBe(false);
      expect(r.body.error).toMatch(/^pdf-to-printer \(No Such Printer\): /);
    });
  },
);
