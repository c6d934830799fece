import { describe, expect, it } from 'vitest';
import { messages } from '../messages.js';
import { webhookCreateSchema } from './webhook-schemas.js';

describe('webhookCreateSchema', () => {
  it.each(['https://hooks.example.com/ipam', 'http://10.0.0.1:8080/x?y=1', 'https://[2001:db8::1]/h'])(
    'accepts %s',
    (url) => {
      expect(webhookCreateSchema.safeParse({ url, events: ['subnet.created'] }).success).toBe(true);
    },
  );

  it.each([
    'ftp://example.com/',
    'https://user:pw@example.com/',
    'example.com/hook',
    'https://',
    'https://a b/',
  ])('refuses %s', (url) => {
    const result = webhookCreateSchema.safeParse({ url, events: ['subnet.created'] });
    expect(result.error?.issues[0]?.message).toBe(messages.webhookUrlInvalid);
  });

  it('needs at least one known event, and keeps them in the list order', () => {
    const url = 'https://example.com/';
    expect(webhookCreateSchema.safeParse({ url, events: [] }).error?.issues[0]?.message).toBe(
      messages.webhookEventsRequired,
    );
    expect(webhookCreateSchema.safeParse({ url, events: ['nope'] }).success).toBe(false);
    expect(webhookCreateSchema.parse({ url, events: ['member.left', 'address.created'] })).toEqual({
      url,
      events: ['address.created', 'member.left'],
      active: true,
    });
  });
});
