import { describe, expect, it } from 'vitest';
import { messages } from '../messages.js';
import { approvalEntrySchema } from './approval-entry-schemas.js';

function messageOf(input: unknown): string | undefined {
  const result = approvalEntrySchema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('approvalEntrySchema', () => {
  it('takes a known status and trims the texts, defaulting them to empty', () => {
    expect(
      approvalEntrySchema.parse({ ipAddress: ' 10.0.0.3 ', status: 'In Use', hostname: ' web ' }),
    ).toEqual({
      ipAddress: '10.0.0.3',
      status: 'In Use',
      hostname: 'web',
      description: '',
    });
  });

  it('refuses an unknown status, overlong texts, an empty address and unknown fields', () => {
    expect(messageOf({ ipAddress: '10.0.0.5', status: 'Online' })).toBe(messages.addressStatusInvalid);
    expect(messageOf({ ipAddress: '10.0.0.5', status: 'In Use', hostname: 'h'.repeat(254) })).toBe(
      messages.tooLong('Hostname', 253),
    );
    expect(messageOf({ ipAddress: '10.0.0.5', status: 'In Use', description: 'd'.repeat(501) })).toBe(
      messages.tooLong('Description', 500),
    );
    expect(messageOf({ ipAddress: '  ', status: 'In Use' })).toBe(messages.invalidRequest);
    expect(approvalEntrySchema.safeParse({ ipAddress: '10.0.0.5', status: 'In Use', mac: 'x' }).success).toBe(
      false,
    );
  });
});
