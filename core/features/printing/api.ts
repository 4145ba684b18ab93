import { defineSpecs } from '../../shared/spec.js';
import {
  DiscoveredPrinters,
  Printer,
  PrinterCreate,
  PrinterDeleted,
  PrinterList,
  PrinterParams,
  PrinterStatus,
  PrinterUpdate,
  PrintJob,
  PrintJobCreate,
  PrintJobMove,
  PrintJobAttention,
  PrintJobAttentionQuery,
  PrintJobPage,
  PrintJobParams,
  PrintJobQuery,
  PrintJobWait,
  TestPrint,
} from './schemas.js';

const printerTags = ['Printers'];
const jobTags = ['Print jobs'];

export const printingApi = defineSpecs({
  'printers.list': {
    summary: "The account's printers",
    description:
      "The account's printers by name, each with its driver, connection, settings and the format it is the default for.",
    tags: printerTags,
    permission: 'shipments.read',
    http: { method: 'GET', path: '/printers' },
    input: {},
    output: PrinterList,
  },
  'printers.create': {
    summary: 'Configure a printer',
    description:
      'Drivers: escpos, zpl, tspl (tcp://HOST:PORT or a device path), system (a CUPS queue name), file (an absolute folder). `default_for` makes it the printer of a format.',
    tags: printerTags,
    permission: 'shipments.write',
    http: { method: 'POST', path: '/printers' },
    input: { body: PrinterCreate },
    output: Printer,
    successStatus: 201,
  },
  'printers.discover': {
    summary: "The OS spooler's printers (CUPS lpstat)",
    description: 'An empty list when CUPS is absent or not running.',
    tags: printerTags,
    permission: 'shipments.read',
    http: { method: 'GET', path: '/printers/discover' },
    input: {},
    output: DiscoveredPrinters,
  },
  'printers.get': {
    summary: 'A printer',
    description: "One printer of the account by name; another account's is 404.",
    tags: printerTags,
    permission: 'shipments.read',
    http: { method: 'GET', path: '/printers/:name' },
    input: { params: PrinterParams },
    output: Printer,
  },
  'printers.update': {
    summary: "Replace a printer's configuration",
    description:
      "Replaces the printer's driver, connection, settings and default format, checked as on create (raw TCP ports in `STATION_PRINTER_PORTS`, `file` folders among the allowed ones).",
    tags: printerTags,
    permission: 'shipments.write',
    http: { method: 'PUT', path: '/printers/:name' },
    input: { params: PrinterParams, body: PrinterUpdate },
    output: Printer,
  },
  'printers.delete': {
    summary: 'Remove a printer',
    description:
      'A printer with jobs not finished (queued, printing or unconfirmed) is 409 invalid_state: move or cancel them first.',
    tags: printerTags,
    permission: 'shipments.write',
    http: { method: 'DELETE', path: '/printers/:name' },
    input: { params: PrinterParams },
    output: PrinterDeleted,
  },
  'printers.test': {
    summary: 'Print a test page',
    description:
      'Prints at once, outside the queue; `accepted` is false (with the reason) when the printer did not take it.',
    tags: printerTags,
    permission: 'shipments.write',
    http: { method: 'POST', path: '/printers/:name/test' },
    input: { params: PrinterParams },
    output: TestPrint,
  },
  'printers.status': {
    summary: "A printer's status",
    description:
      'ESC/POS real-time status, ZPL ~HS and TSPL ESC!? over TCP; `null` fields where the connection cannot tell.',
    tags: printerTags,
    permission: 'shipments.read',
    http: { method: 'GET', path: '/printers/:name/status' },
    input: { params: PrinterParams },
    output: PrinterStatus,
  },
  'printJobs.create': {
    summary: 'Print labels',
    description:
      'Queues one job for the codes (in order) on the printer, or on the default printer of `format`. A label printed before needs `reprint: true` (409 invalid_state otherwise). A reprint of a label that an unfinished job has not printed yet joins that job (answered with it) instead of printing twice. Answers 202 with the job; poll it for progress.',
    tags: jobTags,
    permission: 'shipments.write',
    http: { method: 'POST', path: '/print-jobs' },
    input: { body: PrintJobCreate },
    output: PrintJob,
    successStatus: 202,
  },
  'printJobs.list': {
    summary: 'Print jobs, newest first',
    description: "The account's print jobs, newest first, one page at a time; `state` keeps the jobs in that state.",
    tags: jobTags,
    permission: 'shipments.read',
    http: { method: 'GET', path: '/print-jobs' },
    input: { query: PrintJobQuery },
    output: PrintJobPage,
  },
  'printJobs.attention': {
    summary: 'Print jobs waiting for the operator',
    description:
      'Held, unconfirmed and failed jobs of the account: what a desk keeps in sight on every screen. With `wait_ms` and `seen` the answer waits (long polling) until the list differs from the version the caller shows.',
    tags: jobTags,
    permission: 'shipments.read',
    http: { method: 'GET', path: '/print-jobs/attention' },
    input: { query: PrintJobAttentionQuery },
    output: PrintJobAttention,
  },
  'printJobs.get': {
    summary: 'A print job: state, attempts, last error and progress',
    description:
      'With `wait_ms`, `seen_state`, `seen_done` (and `seen_attempts`) the answer waits (long polling) until the job differs from what the caller shows, or `wait_ms` passes.',
    tags: jobTags,
    permission: 'shipments.read',
    http: { method: 'GET', path: '/print-jobs/:id' },
    input: { params: PrintJobParams, query: PrintJobWait },
    output: PrintJob,
  },
  'printJobs.retry': {
    summary: 'Retry a print job',
    description:
      'A failed or canceled job is queued again from its first label not printed (unconfirmed instead, when a label was on its way as it stopped); a job waiting to retry is tried now. An unconfirmed job is answered with confirm or print-again, not retried.',
    tags: jobTags,
    permission: 'shipments.write',
    http: { method: 'POST', path: '/print-jobs/:id/retry' },
    input: { params: PrintJobParams },
    output: PrintJob,
  },
  'printJobs.cancel': {
    summary: 'Cancel a print job',
    description:
      'A label in flight finishes and counts; labels already printed stay counted; a failed job is set aside (it leaves the jobs waiting for the operator); a done job is 409 invalid_state.',
    tags: jobTags,
    permission: 'shipments.write',
    http: { method: 'POST', path: '/print-jobs/:id/cancel' },
    input: { params: PrintJobParams },
    output: PrintJob,
  },
  'printJobs.confirm': {
    summary: 'An unconfirmed job: the label in doubt printed',
    description:
      'The operator saw the label: it counts as printed and the rest of the job, if any, resumes. Only for an `unconfirmed` job (409 otherwise).',
    tags: jobTags,
    permission: 'shipments.write',
    http: { method: 'POST', path: '/print-jobs/:id/confirm' },
    input: { params: PrintJobParams },
    output: PrintJob,
  },
  'printJobs.printAgain': {
    summary: 'An unconfirmed job: print the label in doubt again',
    description:
      'The operator found no (or a spoiled) label: it is sent again, and the job is recorded as a reprint. Only for an `unconfirmed` job (409 otherwise).',
    tags: jobTags,
    permission: 'shipments.write',
    http: { method: 'POST', path: '/print-jobs/:id/print-again' },
    input: { params: PrintJobParams },
    output: PrintJob,
  },
  'printJobs.move': {
    summary: 'Print the rest of a job on another printer',
    description:
      "For a queued, unconfirmed, failed or canceled job, and a printing one until a label's bytes start to leave (then 409 naming the printer); a failed or canceled one is queued again on the new printer. The printer must print the job's format (400 naming `/printer`).",
    tags: jobTags,
    permission: 'shipments.write',
    http: { method: 'POST', path: '/print-jobs/:id/move' },
    input: { params: PrintJobParams, body: PrintJobMove },
    output: PrintJob,
  },
});
