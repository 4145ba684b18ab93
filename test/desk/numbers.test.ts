import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../renderer/src/i18n/dates.js';
import { formatKg, formatMoney, formatNumber } from '../../renderer/src/i18n/numbers.js';

describe('numbers and times as the desk writes them, one locale per language', () => {
  it('Spanish: a decimal comma, and every thousand grouped the same way (9.400,00 as 13.400,00)', () => {
    const price = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
    expect(formatNumber(9400, 'es', price)).toBe('9.400,00');
    expect(formatNumber(13400, 'es', price)).toBe('13.400,00');
    expect(formatMoney(9400, 'ARS', 'es').replace(/\s/g, ' ')).toBe('$ 9.400,00');
    expect(formatKg(1.25, 'es')).toBe('1,25');
    expect(formatKg(0.1255, 'es')).toBe('0,126');
  });

  it('English: a decimal point, thousands with commas', () => {
    expect(formatNumber(9400, 'en', { minimumFractionDigits: 2 })).toBe('9,400.00');
    expect(formatKg(1.25, 'en')).toBe('1.25');
    expect(formatMoney(9400, 'ARS', 'en').replace(/\s/g, ' ')).toBe('ARS 9,400.00');
  });

  it('times on a 24-hour clock in both languages', () => {
    const iso = new Date(2026, 2, 4, 15, 5).toISOString();
    expect(formatDateTime(iso, 'es')).toMatch(/^04\/03\/2026,? 15:05$/);
    expect(formatDateTime(iso, 'en')).toMatch(/^04\/03\/2026,? 15:05$/);
  });
});
