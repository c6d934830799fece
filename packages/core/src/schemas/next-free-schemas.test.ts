import { describe, expect, it } from 'vitest';
import { messages } from '../messages.js';
import { freePrefixesQuery, nextFreeSchema } from './next-free-schemas.js';

describe('nextFreeSchema', () => {
  it('assigns one address In Use by default', () => {
    expect(nextFreeSchema.parse({})).toEqual({ status: 'In Use', hostname: '', description: '', count: 1 });
  });

  it('refuses Available, counts out of range and unknown fields', () => {
    expect(nextFreeSchema.safeParse({ status: 'Available' }).error?.issues[0]?.message).toBe(
      messages.assignedStatusInvalid,
    );
    expect(nextFreeSchema.safeParse({ count: 0 }).error?.issues[0]?.message).toBe(
      messages.nextFreeCountInvalid(256),
    );
    expect(nextFreeSchema.safeParse({ count: 257 }).success).toBe(false);
    expect(nextFreeSchema.safeParse({ ip: '10.0.0.1' }).success).toBe(false);
  });
});

describe('freePrefixesQuery', () => {
  it('reads the length, an optional range and a count from the query string', () => {
    expect(freePrefixesQuery.parse({ length: '26', within: '10.0.0.0/16' })).toEqual({
      length: 26,
      within: '10.0.0.0/16',
      count: 1,
    });
  });

  it('refuses a range that is not CIDR and a length that is not a number', () => {
    expect(freePrefixesQuery.safeParse({ length: '26', within: '10.0.0.0' }).error?.issues[0]?.message).toBe(
      messages.withinInvalid,
    );
    expect(freePrefixesQuery.safeParse({ length: 'x' }).error?.issues[0]?.message).toBe(
      messages.prefixLengthInvalid,
    );
  });
});
