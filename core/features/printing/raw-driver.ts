import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import type { MonoRaster } from '../../platform/drawing/raster-types.js';
import { DEFAULT_DPI } from '../../shared/schemas/codes.js';
import { describeEndpoint, parseEndpoint, type Endpoint } from './endpoint.js';
import { testPageRaster } from './test-page.js';
import { answersStatus, queryTcp, sendRaw, TransportError, type Ack } from './transport.js';
import type { Driver, NativeLabel, PrinterSettings, PrinterSpec, PrinterStatus, RawDriverName } from './types.js';

export interface RawProtocol {
  encode(raster: MonoRaster, settings: PrinterSettings): Uint8Array;
  /** A label drawn by the printer's own commands, when the protocol offers it and the printer asks for it. */
  encodeNative?: (label: NativeLabel) => Uint8Array;
  statusRequest: Uint8Array;
  /** The status request that follows each job, and when its answer is whole (see transport.ts, Ack). */
  ack(payload: Uint8Array): Ack;
  statusComplete: (answer: Buffer) => boolean;
  parseStatus(answer: Buffer): PrinterStatus;
}

export function endpointOf(printer: PrinterSpec): Endpoint {
  const e = parseEndpoint(printer.connection);
  if (typeof e === 'string') throw new TransportError(`${printer.connection}: ${e}`, { delivered: 'no' });
  return e;
}

export const dpiOf = (settings: PrinterSettings) => settings.dpi ?? DEFAULT_DPI;

/** escpos, zpl and tspl differ only in their bytes: one label per unit, sent raw over TCP or a device file. */
export function rawDriver(name: RawDriverName, protocol: RawProtocol): Driver {
  const native = (printer: PrinterSpec) => !!printer.settings.native && !!protocol.encodeNative;
  return {
    name,
    formats: ['PDF_A7'],
    unitSize: () => 1,
    checkConnection(connection) {
      const e = parseEndpoint(connection);
      return typeof e === 'string' ? e : null;
    },
    async prepare(labels, codes, printer) {
      const code = codes[0]!;
      if (native(printer)) return protocol.encodeNative!(await labels.native(code));
      return protocol.encode(await labels.raster(code, dpiOf(printer.settings)), printer.settings);
    },
    rasterDpi: (printer) => (native(printer) ? null : dpiOf(printer.settings)),
    async testPage(printer) {
      return protocol.encode(await testPageRaster(printer.name, dpiOf(printer.settings)), printer.settings);
    },
    deliver: (printer, payload, unit) =>
      sendRaw(endpointOf(printer), payload, {
        ack: printer.settings.status_ack === false ? null : protocol.ack(payload),
        ...(unit.signal ? { signal: unit.signal } : {}),
        ...(unit.beforeWrite ? { beforeWrite: unit.beforeWrite } : {}),
      }),
    async answersStatus(printer) {
      const endpoint = endpointOf(printer);
      return endpoint.kind === 'tcp' ? answersStatus(endpoint, protocol.statusRequest, protocol.statusComplete) : null;
    },
    async status(printer) {
      const endpoint = endpointOf(printer);
      if (endpoint.kind === 'device') {
        try {
          await access(endpoint.path, constants.W_OK);
          return {
            online: true,
            paper_out: null,
            head_open: null,
            detail: 'device present; a device file reports no paper or head status',
          };
        } catch (e) {
          return {
            online: false,
            paper_out: null,
            head_open: null,
            detail: `${describeEndpoint(endpoint)}: ${(e as Error).message}`,
          };
        }
      }
      try {
        return protocol.parseStatus(await queryTcp(endpoint, protocol.statusRequest, protocol.statusComplete));
      } catch (e) {
        return { online: false, paper_out: null, head_open: null, detail: (e as Error).message };
      }
    },
  };
}
