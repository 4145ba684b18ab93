import { describe, expect, it } from 'vitest';
import { api } from '../../core/app/api.js';
import { routes } from '../../core/shared/client/routes.js';

describe("the typed client's route table", () => {
  it("holds every operation's route exactly as its spec declares it, and nothing else", () => {
    // The client carries this table instead of the specs, so that the page bundles no schema: a route changed in a
    // spec and not here would send the desk's calls to the wrong place.
    const declared = Object.fromEntries(Object.entries(api).map(([op, spec]) => [op, spec.http]));
    expect(routes).toEqual(declared);
  });
});
