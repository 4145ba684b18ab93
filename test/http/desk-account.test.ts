import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../../core/shared/schemas/codes.js';
import { directAccount, shipmentBody } from '../helpers/fixtures.js';
import { startStation, type Station } from '../helpers/station.js';

/** The desk's credential, from the sign-in link `serve --desk-link` prints on stderr. */

/**
 * Issue 29, item 10: the desk worked in a hidden account named "Desk". GET/PUT /station/desk say which account it
 * works in and move it, for the desk's own credential only.
 */
describe('the account the desk works in (GET and PUT /station/desk)', () => {
  let s: Station;
  let desk: string;

  beforeAll(async () => {
    s = await startStation({ args: ['--desk-link'] });
  });
  afterAll(() => s?.stop());

  it("answers the desk's credential with its account and the station's accounts; another token, its own account only", async () => {
    // The desk's credential, from the sign-in link `serve --desk-link` prints on stderr.
    await expect.poll(() => s.stderr()).toMatch(/#token=sspat_\S+/);
    desk = /#token=(\S+)/.exec(s.stderr())![1]!;
    const tienda = (await directAccount(s, 'tienda-norte', ['shipments.read'])).id;
    const r = await s.request('GET', '/station/desk', { token: desk });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ account: { name: 'Desk' }, desk: true });
    expect(r.body.accounts.map((a: { name: string }) => a.name)).toEqual(
      expect.arrayContaining(['Desk', 'tienda-norte']),
    );

    // Every permission of its own account does not make a token the desk's: it sees no other account, moves nothing.
    const other = await directAccount(s, 'otra', PERMISSIONS);
    const own = await s.request('GET', '/station/desk', { token: other.token });
    expect(own.body).toEqual({ account: { id: other.id, name: 'otra' }, desk: false, accounts: [] });
    const refused = await s.request('PUT', '/station/desk', { token: other.token, body: { account: tienda } });
    expect(refused.status, refused.text).toBe(403);
    expect((await s.request('GET', '/station/desk', { token: desk })).body.account.name).toBe('Desk');
  });

  it("moves the desk: its new credential works in the chosen account, the owner's token finds what it made", async () => {
    const { id, token: owner } = await directAccount(s, 'tienda-sur', ['shipments.read']);
    const unknown = await s.request('PUT', '/station/desk', { token: desk, body: { account: 999999 } });
    expect(unknown.status, unknown.text).toBe(404);

    const moved = await s.request('PUT', '/station/desk', { token: desk, body: { account: id } });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.account).toEqual({ id, name: 'tienda-sur' });
    // The credential that asked is revoked: the desk works with the new one only.
    expect((await s.request('GET', '/station/desk', { token: desk })).status).toBe(401);
    desk = moved.body.token;
    expect((await s.request('GET', '/station/desk', { token: desk })).body.account.name).toBe('tienda-sur');

    const made = await s.request('POST', '/shipments', { token: desk, body: shipmentBody({ ref: 'SUR-1' }) });
    expect(made.status, made.text).toBe(201);
    const found = await s.request('GET', '/shipments?q=SUR-1', { token: owner });
    expect(found.body.data.map((x: { code: string }) => x.code)).toEqual([made.body.code]);
  });
});
