import { locale } from './dates.js';

/**
 * Numbers as the desk writes them, on every screen, in its language's one locale: Spanish (es-AR) with a decimal
 * comma and every thousand grouped (9.400,00 as 13.400,00; plain "es" wrote 9400,00), as the labels print them.
 */
export const formatNumber = (n: number, lang: string, opts: Intl.NumberFormatOptions = {}): string =>
  new Intl.NumberFormat(locale(lang), opts).format(n);

/** A weight in kg: up to 3 decimals, no trailing zeros (1,25 in Spanish), as labels and manifests print it. */
export const formatKg = (kg: number, lang: string): string => formatNumber(kg, lang, { maximumFractionDigits: 3 });

/** An amount in its currency: $ 9.400,00 in Spanish, ARS 9,400.00 in English. */
export const formatMoney = (amount: number, currency: string, lang: string): string =>
  formatNumber(amount, lang, { style: 'currency', currency });
