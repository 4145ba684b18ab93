import { randomInt } from 'node:crypto';

/** Upper-case letters and digits without the look-alikes 0, O, 1 and I (contract: shipment codes). */
const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const CODE_LENGTH = 10;

/**
 * A random code: 50 bits, unrelated to the id. It always holds a letter, so that a code never reads as a
 * numeric id in `/shipments/{id}`.
 */
export function generateCode(): string {
  for (;;) {
    let code = '';
    for (let i = 0; i < CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
    if (/[A-Z]/.test(code)) return code;
  }
}

export const CODE_PATTERN = /^[2-9A-HJ-NP-Z]{10}$/;
