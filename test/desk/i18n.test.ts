import { describe, expect, it } from 'vitest';
import en from '../../renderer/src/i18n/en.json' with { type: 'json' };
import es from '../../renderer/src/i18n/es.json' with { type: 'json' };
import webhooksEn from '../../renderer/src/i18n/webhooks/en.json' with { type: 'json' };
import webhooksEs from '../../renderer/src/i18n/webhooks/es.json' with { type: 'json' };
import { ISSUES, PLATFORMS, STATUSES, SUB_STATUSES } from '../../core/shared/schemas/codes.js';

type Tree = { [k: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    if (typeof v === 'string') out.set(prefix + k, v);
    else for (const [kk, vv] of leaves(v, `${prefix}${k}.`)) out.set(kk, vv);
  }
  return out;
}

const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe("the desk's translations", () => {
  // The webhooks' words come with the Settings screen, in a namespace of their own.
  const english = new Map([...leaves(en), ...leaves(webhooksEn, 'webhooks:')]);
  const spanish = new Map([...leaves(es), ...leaves(webhooksEs, 'webhooks:')]);

  it('Spanish says everything English says, and nothing else', () => {
    expect([...spanish.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [k, v] of spanish) expect(v.trim(), k).not.toBe('');
  });

  it("has words for each of the service's codes, and for no other", () => {
    const lists = { status: STATUSES, subStatus: SUB_STATUSES, issue: ISSUES, platform: PLATFORMS };
    for (const [set, codes] of Object.entries(lists)) {
      const worded = (tree: Tree) => Object.keys((tree.codes as Tree)[set] as Tree).sort();
      expect(worded(en as Tree), set).toEqual([...codes].sort());
      expect(worded(es as Tree), set).toEqual([...codes].sort());
    }
  });

  it('each Spanish message fills the same placeholders as its English one', () => {
    for (const [k, v] of english) expect(placeholders(spanish.get(k) ?? ''), k).toEqual(placeholders(v));
  });
});
