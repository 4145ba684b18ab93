import { randomInt } from 'node:crypto';
import { CODE_ALPHABET, CODE_LENGTH } from '../../shared/schemas/codes.js';

/**
 * A random code: 50 bits, unrelated to the id. It always holds a letter, so that a code never reads as a
 * numeric id in `/shipments/{id}`.
 */
export function generateCode(): string {
  for (;;) {
    let code = '';
    for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
    if (/[A-Z]/.test(code)) return code;
  }
}
