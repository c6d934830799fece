import { expect } from 'vitest';
import type { TestApp } from './factories.js';
import { accountSession, postGroup, postSubnet, type AccountSession } from './ipam-factories.js';

/** A tier-1 account with a subnet scanned the given way and a scanner for it. */
export async function scannedSubnet(t: TestApp, cidr: string, scanningType: 'auto' | 'approval' | 'none') {
  const me = await accountSession(t, { tier: 1 });
  const group = await postGroup(me, 'G');
  const fields = scanningType === 'none' ? {} : { scanningType, scanFrequency: 24 };
  const subnet = await postSubnet(me, group.id, cidr, fields);
  expect(subnet.status).toBe(201);
  const scanner = await me.call('POST', '/scanners', { name: 'HQ', subnets: [subnet.body.id] });
  return {
    me,
    subnetId: subnet.body.id as string,
    scannerId: scanner.body.id as string,
    key: scanner.body.apiKey as string,
  };
}

/** The scanner agent's two calls, made over HTTP with the scanner's key. */
export function agent(t: TestApp, key: string) {
  const headers = { authorization: `Bearer ${key}`, 'x-scanner-version': '0.1.0' };
  return {
    jobs: async () => {
      const response = await fetch(`${t.baseUrl}/api/scanner/jobs`, { headers });
      return { status: response.status, body: await response.json() };
    },
    results: async (body: unknown) => {
      const response = await fetch(`${t.baseUrl}/api/scanner/results`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: await response.json() };
    },
  };
}

/** An address of the subnet as the address list answers it. */
export async function addressOf(me: AccountSession, subnetId: string, ip: string) {
  const page = await me.call('GET', `/subnets/${subnetId}/addresses?q=${encodeURIComponent(ip)}&limit=5`);
  return page.body.items.find((item: { ipAddress: string }) => item.ipAddress === ip);
}
