import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  displayPrefix,
  generateToken,
  hashToken,
  isWellFormed,
  sameHash,
} from '../../core/features/auth/token-format.js';

describe('personal access token format', () => {
  const tokens = Array.from({ length: 200 }, generateToken);

  it('is prefixed, base62 and checksummed, and never repeats', () => {
    for (const t of tokens) {
      expect(t).toMatch(/^sspat_[0-9A-Za-z]{40}_[0-9A-Za-z]{6}$/);
      expect(isWellFormed(t)).toBe(true);
    }
    expect(new Set(tokens).size).toBe(tokens.length);
  });

  it('spreads characters evenly (no bias towards part of the alphabet)', () => {
    const counts = new Map<string, number>();
    for (const t of tokens) for (const ch of t.slice(6, 46)) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    // 8,000 characters over 62 symbols: about 129 each; a biased generator would miss symbols or pile up.
    expect(counts.size).toBe(62);
    for (const n of counts.values()) expect(n).toBeGreaterThan(60);
    for (const n of counts.values()) expect(n).toBeLessThan(220);
  });

  it('rejects any single-character typo through the checksum', () => {
    const t = tokens[0]!;
    for (let i = 6; i < t.length; i++) {
      if (t[i] === '_') continue;
      const typo = t.slice(0, i) + (t[i] === 'a' ? 'b' : 'a') + t.slice(i + 1);
      expect(isWellFormed(typo), typo).toBe(false);
    }
    for (const bad of ['', 'sspat_', t.toUpperCase(), `${t}x`, t.replace('sspat_', 'ghp_xx'), ` ${t}`])
      expect(isWellFormed(bad)).toBe(false);
  });

  it('hashes with SHA-256 and compares hashes of unequal length as different', () => {
    const t = tokens[1]!;
    expect(hashToken(t).toString('hex')).toBe(createHash('sha256').update(t).digest('hex'));
    expect(sameHash(hashToken(t), hashToken(t))).toBe(true);
    expect(sameHash(hashToken(t), hashToken(tokens[2]!))).toBe(false);
    expect(sameHash(hashToken(t), hashToken(t).subarray(0, 16))).toBe(false);
  });

  it('shows only the prefix and six characters in listings', () => {
    expect(displayPrefix(tokens[3]!)).toBe(tokens[3]!.slice(0, 12));
  });
});
