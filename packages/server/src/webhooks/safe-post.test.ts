import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver.js';
import { safePost } from './safe-post.js';

const closed = { allowPrivate: false, allowHttp: true };
const open = { allowPrivate: true, allowHttp: true };

describe('safePost', () => {
  let receiver: WebhookReceiver;
  let redirectUrl = '';
  const redirectServer = createServer((_request, response) => {
    response.writeHead(302, { location: receiver.url }).end();
  });
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    await new Promise<void>((resolve) => redirectServer.listen(0, '127.0.0.1', resolve));
    redirectUrl = `http://127.0.0.1:${(redirectServer.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    await receiver.close();
    redirectServer.closeAllConnections();
    await new Promise((resolve) => redirectServer.close(resolve));
  });

  const post = (url: string, policy = closed) => safePost(url, '{}', {}, policy, AbortSignal.timeout(5000));

  it.each([
    ['loopback', 'http://127.0.0.1:9/hook'],
    ['private', 'http://10.1.2.3/hook'],
    ['link-local (cloud metadata)', 'http://169.254.169.254/latest/meta-data/'],
    ['IPv6 loopback', 'http://[::1]:9/hook'],
    ['IPv4-mapped loopback', 'http://[::ffff:127.0.0.1]:9/hook'],
  ])('refuses a %s address without connecting', async (_name, url) => {
    const result = await post(url);
    expect(result).toMatchObject({ status: null, isRefused: true });
    expect(result.error).toMatch(/^refused: /);
  });

  it('refuses a host name that resolves to loopback, after resolving it', async () => {
    const before = receiver.received.length;
    const port = new URL(receiver.url).port;
    const result = await post(`http://localhost:${port}/hook`);
    expect(result).toMatchObject({ status: null, isRefused: true });
    expect(result.error).toContain('localhost');
    // The receiver on that very address heard nothing.
    expect(receiver.received.length).toBe(before);
  });

  it('refuses http when the operator has not allowed it', async () => {
    const result = await post(receiver.url, { allowPrivate: true, allowHttp: false });
    expect(result).toMatchObject({ isRefused: true, error: 'refused: not https' });
  });

  it('reaches loopback when the operator allows private addresses, through the name too', async () => {
    const port = new URL(receiver.url).port;
    const result = await post(`http://localhost:${port}/hook`, open);
    expect(result).toMatchObject({ status: 200, responseExcerpt: 'thanks', isRefused: false });
  });

  it('follows no redirect', async () => {
    const before = receiver.received.length;
    const result = await post(redirectUrl, open);
    expect(result.status).toBe(302);
    expect(receiver.received.length).toBe(before);
  });
});
