import type { FetchLike } from './tls-fetch.js';

/** A response as tests look at it. */
export interface TestResponse {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON from the server, checked by each test
  body: any;
  text: string;
}

/** An HTTP client with a cookie jar talking to a real listening server through fetch. */
export class TestClient {
  readonly cookies = new Map<string, string>();
  constructor(
    readonly baseUrl: string,
    readonly defaultHeaders: Record<string, string> = {},
    /** How requests are sent: fetch, or one trusting a test certificate (tls-fetch.ts). */
    readonly send: FetchLike = (url, init) => fetch(url, init),
  ) {}

  /** Sends a request; a given body goes as JSON (a string as it is), none sends no body and no Content-Type. */
  async request(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<TestResponse> {
    const hasBody = body !== undefined;
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await this.send(`${this.baseUrl}${path}`, {
      method,
      headers: {
        ...(hasBody ? { 'content-type': 'application/json' } : {}),
        ...(cookie ? { cookie } : {}),
        ...this.defaultHeaders,
        ...headers,
      },
      ...(hasBody ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    });
    this.storeCookies(response.headers.getSetCookie());
    const text = await response.text();
    let parsed: unknown = undefined;
    if (response.headers.get('content-type')?.includes('application/json') && text) parsed = JSON.parse(text);
    return { status: response.status, headers: response.headers, body: parsed, text };
  }

  get(path: string, headers?: Record<string, string>) {
    return this.request('GET', path, undefined, headers);
  }

  /** A GET of a path or full URL that does not follow a redirect: the test reads `location` itself. */
  async getWithoutFollowing(pathOrUrl: string): Promise<TestResponse> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const url = pathOrUrl.startsWith('http') ? pathOrUrl : `${this.baseUrl}${pathOrUrl}`;
    const response = await this.send(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
    this.storeCookies(response.headers.getSetCookie());
    const text = await response.text();
    const isJson = response.headers.get('content-type')?.includes('application/json') && text !== '';
    return {
      status: response.status,
      headers: response.headers,
      body: isJson ? JSON.parse(text) : undefined,
      text,
    };
  }
  post(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request('POST', path, body, headers);
  }
  put(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request('PUT', path, body, headers);
  }
  delete(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request('DELETE', path, body, headers);
  }

  private storeCookies(setCookies: string[]): void {
    for (const line of setCookies) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const isExpired =
        value === '' ||
        attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) ||
        attributes.some((a) => /^\s*expires=/i.test(a) && Date.parse(a.split('=')[1] ?? '') < Date.now());
      if (isExpired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}
