/**
 * The words printed on labels and manifests, in the station's language (`language` of the station settings). The
 * data on a label is the customer's; these are the captions around it, which a courier reads in the country the
 * parcel travels in. Node-free, so that a render worker or the desk may use it.
 */
import { formatKg } from './numbers.js';

export const PRINT_LANGUAGES = ['en', 'es'] as const;
export type PrintLanguage = (typeof PRINT_LANGUAGES)[number];

/** Countries whose couriers read Spanish: a station whose rate card leaves from one prints in Spanish by default. */
const SPANISH = new Set([
  'AR',
  'BO',
  'CL',
  'CO',
  'CR',
  'CU',
  'DO',
  'EC',
  'ES',
  'GQ',
  'GT',
  'HN',
  'MX',
  'NI',
  'PA',
  'PE',
  'PR',
  'PY',
  'SV',
  'UY',
  'VE',
]);

export const languageOfCountry = (country: string): PrintLanguage => (SPANISH.has(country.toUpperCase()) ? 'es' : 'en');

export interface PrintedWords {
  to: string;
  from: string;
  pickupOffice: string;
  ref: string;
  weight: string;
  phone: string;
  /** A weight in kg as the language writes numbers. */
  kg: (n: number) => string;
  piece: (n: number, total: number) => string;
  method: Record<string, string>;
  type: Record<string, string>;
  manifest: {
    title: (id: number) => string;
    page: (n: number, of: number) => string;
    created: string;
    code: string;
    receiver: string;
    city: string;
    pieces: string;
    totals: (shipments: number, pieces: number, kg: string) => string;
    handedOver: string;
    collected: string;
    name: string;
    signature: string;
    dateTime: string;
  };
}

export const PRINTED_WORDS: Record<PrintLanguage, PrintedWords> = {
  en: {
    to: 'TO',
    from: 'FROM',
    pickupOffice: 'PICKUP OFFICE',
    ref: 'REF',
    weight: 'WEIGHT',
    phone: 'Tel.',
    kg: formatKg,
    piece: (n, total) => `PKG ${n}/${total}`,
    method: { STANDARD: 'STANDARD', EXPRESS: 'EXPRESS', SAME_DAY: 'SAME DAY', PICKUP: 'PICKUP OFFICE' },
    type: { DELIVERY: 'DELIVERY', RETURN: 'RETURN', EXCHANGE: 'EXCHANGE' },
    manifest: {
      title: (id) => `Collection manifest #${id}`,
      page: (n, of) => `Page ${n}/${of}`,
      created: 'Created',
      code: 'Code',
      receiver: 'Receiver',
      city: 'City',
      pieces: 'Pcs',
      totals: (shipments, pieces, kg) =>
        `${shipments} shipment${shipments === 1 ? '' : 's'}, ${pieces} piece${pieces === 1 ? '' : 's'}, ${kg} kg`,
      handedOver: 'Handed over by (sender)',
      collected: 'Collected by (carrier driver)',
      name: 'Name',
      signature: 'Signature',
      dateTime: 'Date and time',
    },
  },
  es: {
    to: 'DESTINATARIO',
    from: 'REMITENTE',
    pickupOffice: 'SUCURSAL DE RETIRO',
    ref: 'REFERENCIA',
    weight: 'PESO',
    phone: 'Tel.',
    kg: (n) => formatKg(n).replace('.', ','),
    piece: (n, total) => `BULTO ${n}/${total}`,
    method: { STANDARD: 'ESTÁNDAR', EXPRESS: 'EXPRÉS', SAME_DAY: 'EN EL DÍA', PICKUP: 'RETIRO EN SUCURSAL' },
    type: { DELIVERY: 'ENTREGA', RETURN: 'DEVOLUCIÓN', EXCHANGE: 'CAMBIO' },
    manifest: {
      title: (id) => `Manifiesto de retiro n.º ${id}`,
      page: (n, of) => `Página ${n}/${of}`,
      created: 'Creado',
      code: 'Código',
      receiver: 'Destinatario',
      city: 'Localidad',
      pieces: 'Bultos',
      totals: (shipments, pieces, kg) =>
        `${shipments} envío${shipments === 1 ? '' : 's'}, ${pieces} bulto${pieces === 1 ? '' : 's'}, ${kg} kg`,
      handedOver: 'Entregado por (remitente)',
      collected: 'Retirado por (chofer del transporte)',
      name: 'Nombre',
      signature: 'Firma',
      dateTime: 'Fecha y hora',
    },
  },
};
