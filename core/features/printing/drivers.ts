import {
  encodeEscposNative,
  encodeEscposRaster,
  escposAck,
  ESCPOS_STATUS_REQUEST,
  parseEscposStatus,
} from './escpos.js';
import { fileDriver } from './file-driver.js';
import { rawDriver } from './raw-driver.js';
import { systemDriver } from './system-driver.js';
import { encodeTspl, parseTsplStatus, tsplAck, TSPL_STATUS_REQUEST } from './tspl.js';
import type { Driver, DriverName, RawDriverName } from './types.js';
import { encodeZpl, parseZplStatus, zplAck, ZPL_STATUS_REQUEST, zplStatusComplete } from './zpl.js';

const raw: Record<RawDriverName, Driver> = {
  escpos: rawDriver('escpos', {
    encode: encodeEscposRaster,
    encodeNative: encodeEscposNative,
    statusRequest: ESCPOS_STATUS_REQUEST,
    statusComplete: (a) => a.length >= 3,
    parseStatus: parseEscposStatus,
    ack: escposAck,
  }),
  zpl: rawDriver('zpl', {
    encode: encodeZpl,
    statusRequest: ZPL_STATUS_REQUEST,
    statusComplete: zplStatusComplete,
    parseStatus: parseZplStatus,
    ack: zplAck,
  }),
  tspl: rawDriver('tspl', {
    encode: encodeTspl,
    statusRequest: TSPL_STATUS_REQUEST,
    statusComplete: (a) => a.length >= 1,
    parseStatus: parseTsplStatus,
    ack: tsplAck,
  }),
};

/** The driver registry: every way the station prints, by the name a printer's configuration gives. */
export const drivers: Record<DriverName, Driver> = { ...raw, system: systemDriver, file: fileDriver(raw) };
