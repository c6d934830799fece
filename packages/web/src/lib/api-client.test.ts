import { describe, expect, it } from 'vitest';
import { ApiError, isShownOnFields } from './api-client.js';

describe('isShownOnFields', () => {
  const shown = ['status', 'hostname'];

  it('is true when every field message belongs to a field the form shows', () => {
    const error = new ApiError(400, 'validation_failed', 'Hostname is too long.', { hostname: 'Too long.' });
    expect(isShownOnFields(error, shown)).toBe(true);
  });

  it('is false when a message names a field the form does not show, so the form shows it itself', () => {
    const error = new ApiError(400, 'address_outside_subnet', 'Outside.', {
      hostname: 'Too long.',
      ipAddress: 'Outside the subnet.',
    });
    expect(isShownOnFields(error, shown)).toBe(false);
  });

  it('is false without field messages and for errors that are not the API’s', () => {
    expect(isShownOnFields(new ApiError(409, 'conflict', 'Taken.'), shown)).toBe(false);
    expect(isShownOnFields(new Error('offline'), shown)).toBe(false);
    expect(isShownOnFields(undefined, shown)).toBe(false);
  });
});
