import type { TestResponse } from './factories.js';
import type { AccountSession } from './ipam-factories.js';

/** The body of a planned subnet (`cidr` like 10.0.0.0/24 or 2001:db8::/64), with optional fields. */
export function planSubnetBody(name: string, cidr: string, fields: Record<string, unknown> = {}) {
  const [networkAddress = '', length = ''] = cidr.split('/');
  return {
    name,
    networkAddress,
    cidr: Number(length),
    ipVersion: networkAddress.includes(':') ? 'IPv6' : 'IPv4',
    ...fields,
  };
}

/** Creates a plan through the API and answers it (fails the test on anything but 201). */
export async function postPlan(session: AccountSession, body: Record<string, unknown> = {}) {
  const response = await session.call('POST', '/plans', { name: 'Office', ...body });
  if (response.status !== 201) throw new Error(`plan not created: ${response.status} ${response.text}`);
  return response.body as { id: string; version: number; subnets: { id: string; name: string }[] };
}

/** Adds a planned subnet through the API. */
export function postPlanSubnet(
  session: AccountSession,
  planId: string,
  name: string,
  cidr: string,
  fields: Record<string, unknown> = {},
): Promise<TestResponse> {
  return session.call('POST', `/plans/${planId}/subnets`, planSubnetBody(name, cidr, fields));
}

/** Adds a planned subnet and answers its id (fails the test on anything but 201). */
export async function addPlanSubnet(
  session: AccountSession,
  planId: string,
  name: string,
  cidr: string,
  fields: Record<string, unknown> = {},
): Promise<string> {
  const response = await postPlanSubnet(session, planId, name, cidr, fields);
  if (response.status !== 201) throw new Error(`subnet not added: ${response.status} ${response.text}`);
  return response.body.id as string;
}
