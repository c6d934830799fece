import type { Page } from 'playwright-core';

/** An API answer read in the page (the session cookie goes with it). */
export interface Answer {
  status: number;
  body: unknown;
}

/** Calls the app's API from inside the page, as the signed-in user. */
export async function callApi(page: Page, method: string, path: string, body?: unknown): Promise<Answer> {
  return page.evaluate(
    async ([verb, url, payload]) => {
      const response = await fetch(url, {
        method: verb,
        headers: payload === undefined ? {} : { 'Content-Type': 'application/json' },
        body: payload === undefined ? undefined : JSON.stringify(payload),
      });
      const text = await response.text();
      return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
    },
    [method, path, body] as const,
  );
}

/** The current account's id, from the session. */
export async function currentAccountId(page: Page): Promise<string> {
  const me = await callApi(page, 'GET', '/api/auth/me');
  const body = me.body as { currentAccountId: string };
  return body.currentAccountId;
}

/** The id of a field in an answer (the API's ids are strings). */
export function idOf(answer: Answer): string {
  if (answer.status >= 300) throw new Error(`API answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return (answer.body as { id: string }).id;
}
