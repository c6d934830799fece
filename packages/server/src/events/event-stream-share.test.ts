import { get as httpGet } from 'node:http';
import { expect, it } from 'vitest';
import { describeOn, DIALECTS } from '../../test/dialects.js';
import { signUp, useTestApp } from '../../test/factories.js';
import { cookieOf, eventually, openEventStream, type SseConnection } from '../../test/sse-client.js';

const MAX_CONNECTIONS = 30;
const STREAM_SHARE = MAX_CONNECTIONS / 2;
const PER_ADDRESS = 5;
/** The attack of issue 36, scaled down: free accounts on four addresses each trying 10 streams. */
const ATTACKER_ADDRESSES = ['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5'];

/** One GET on a connection of its own (as a fresh client would), resolving with its status or the error. */
function freshGet(url: string, cookie: string): Promise<number | string> {
  return new Promise((resolve) => {
    const request = httpGet(url, { headers: { cookie }, agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

for (const dialect of DIALECTS) {
  describeOn(dialect)(`event streams' share of the connections (${dialect})`, () => {
    const t = useTestApp(dialect, {
      MAX_CONNECTIONS: String(MAX_CONNECTIONS),
      EVENT_STREAM_SHARE: '0.5',
      EVENT_STREAMS_PER_ADDRESS: String(PER_ADDRESS),
    });
    const eventsOf = (accountId: string) => `${t.current.baseUrl}/api/accounts/${accountId}/events`;

    it("holds streams to their share: another tenant's requests and stream still get through", async () => {
      const streams: SseConnection[] = [];
      const answers: number[] = [];
      for (const address of ATTACKER_ADDRESSES) {
        const attacker = await signUp(t.current);
        for (let i = 0; i < 10; i++) {
          const stream = await openEventStream(
            eventsOf(attacker.accountId),
            cookieOf(attacker.client),
            address,
          );
          answers.push(stream.status);
          if (stream.status === 200) streams.push(stream);
        }
      }
      const openOnes = () => streams.filter((stream) => !stream.isEnded());
      await eventually(() => openOnes().length === STREAM_SHARE);
      // Three addresses got their 5 (then 429: the per-address cap) and filled the share; the fourth got
      // 3 by shedding one stream of each, until it would have held as many as they: 4 + 4 + 4 + 3.
      expect(answers.filter((status) => status === 200)).toHaveLength(18);
      expect(answers.filter((status) => status === 429)).toHaveLength(22);

      const tenant = await signUp(t.current);
      const me = `${t.current.baseUrl}/api/auth/me`;
      const requests = await Promise.all(
        Array.from({ length: 12 }, () => freshGet(me, cookieOf(tenant.client))),
      );
      expect(requests).toEqual(Array.from({ length: 12 }, () => 200));

      const own = await openEventStream(eventsOf(tenant.accountId), cookieOf(tenant.client));
      expect(own.status).toBe(200);
      await eventually(() => openOnes().length === STREAM_SHARE - 1);
      // The attackers cannot win it back: their new streams only take each other's places.
      for (const address of ATTACKER_ADDRESSES) {
        const attacker = await signUp(t.current);
        const again = await openEventStream(eventsOf(attacker.accountId), cookieOf(attacker.client), address);
        if (again.status === 200) streams.push(again);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(own.isEnded()).toBe(false);
      expect(openOnes().length).toBe(STREAM_SHARE - 1);
      const group = await tenant.client.post(`/api/accounts/${tenant.accountId}/groups`, { name: 'Lab' });
      expect(await own.waitFor((event) => event.id === group.body.id)).toEqual({
        kind: 'group',
        id: group.body.id,
      });
      own.close();
      for (const stream of streams) stream.close();
    });
  });
}
