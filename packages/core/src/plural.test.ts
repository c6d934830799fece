import { expect, it } from 'vitest';
import { counted } from './plural.js';

it('uses the singular for one and the plural otherwise', () => {
  expect(counted(1, 'user')).toBe('1 user');
  expect(counted(2, 'user')).toBe('2 users');
  expect(counted(0, 'group')).toBe('0 groups');
  expect(counted(1, 'address', 'addresses')).toBe('1 address');
  expect(counted(12_000, 'address', 'addresses')).toBe('12,000 addresses');
});
