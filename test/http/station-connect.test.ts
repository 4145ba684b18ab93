import { afterAll, describe, expect, it } from 'vitest';
import { connectInfo } from '../../core/features/station/connect.js';
import { ALL_PERMISSIONS, startStation, type Station } from '../helpers/station.js';
import { admin } from './fixtures.js';

/** Issue 17: "Connect another desk" told the other computer to open http://127.0.0.1:PORT/, which is itself. */
describe('GET /station/connect', () => {
  const stations: Station[] = [];
  afterAll(() => Promise.all(stations.map((s) => s.stop())));
  const connect = async (args: string[] = []) => {
    const s = await startStation({ args });
    stations.push(s);
    const a = await admin(s);
    const token = (await a.token(await a.account('desk'), ALL_PERMISSIONS)).token;
    await a.close();
    const r = await s.request('GET', '/station/connect', { token });
    expect(r.status, r.text).toBe(200);
    return r.body;
  };

  it('says no other computer reaches a station that listens on loopback, and where they do otherwise', async () => {
    expect(await connect()).toEqual({ other_computers: false, desk_urls: [] });
    expect(await connect(['--public-url', 'https://mesa-1.example:8443'])).toEqual({
      other_computers: true,
      desk_urls: ['https://mesa-1.example:8443/'],
    });
  });

  it('lists this machine’s network addresses for a service on all of them; the desktop app’s page is its own', () => {
    const all = connectInfo('https://0.0.0.0:8787/v1');
    expect(all.other_computers).toBe(true);
    for (const u of all.desk_urls) expect(u).toMatch(/^https:\/\/\d+\.\d+\.\d+\.\d+:8787\/$/);
    expect(connectInfo('station://desk/v1')).toEqual({ other_computers: false, desk_urls: [] });
  });
});
