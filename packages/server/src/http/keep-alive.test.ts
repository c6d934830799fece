import { Agent, request } from 'node:http';
import { afterAll, expect, it } from 'vitest';
import { describeOn, DIALECTS } from '../../test/dialects.js';
import { useTestApp } from '../../test/factories.js';

/** GET /api/health through a keep-alive agent: the status, the Keep-Alive header and whether the socket was reused. */
function health(baseUrl: string, agent: Agent) {
  return new Promise<{ status: number; keepAlive: string; isReused: boolean }>((resolve, reject) => {
    const req = request(`${baseUrl}/api/health`, { agent }, (response) => {
      response.resume();
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          keepAlive: String(response.headers['keep-alive']),
          isReused: req.reusedSocket,
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

const [dialect = 'sqlite'] = DIALECTS;
describeOn(dialect)(`idle keep-alive connections (${dialect})`, () => {
  const t = useTestApp(dialect);
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  afterAll(() => agent.destroy());

  it('stay open for 72 s, as Fastify intends, not Node’s 5 s: a socket idle for 6 s is reused', async () => {
    const first = await health(t.current.baseUrl, agent);
    expect(first).toMatchObject({ status: 200, keepAlive: 'timeout=72' });
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    // With Node's 5 s the server has closed this socket by now (a client racing it got ECONNRESET).
    expect(await health(t.current.baseUrl, agent)).toMatchObject({ status: 200, isReused: true });
  });
});
