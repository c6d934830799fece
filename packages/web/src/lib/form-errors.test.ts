import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.js';
import { formErrorsOf, isShownOnFields, sameNamedFields } from './form-errors.js';

const shown = sameNamedFields(['status', 'hostname']);

describe('formErrorsOf', () => {
  it('keys the field messages by the form field that shows them, leaving out fields the form lacks', () => {
    const error = new ApiError(400, 'validation_failed', 'Outside.', {
      hostname: 'Too long.',
      ipAddress: 'Outside the subnet.',
    });
    expect(formErrorsOf(error, shown)).toEqual({ hostname: 'Too long.' });
  });

  it('keeps the first message when two API fields map to one form field', () => {
    const error = new ApiError(400, 'validation_failed', 'Bad.', { bits: 'First.', prefixLength: 'Second.' });
    expect(formErrorsOf(error, () => 'prefix')).toEqual({ prefix: 'First.' });
  });

  it('has nothing for errors that are not the API’s', () => {
    expect(formErrorsOf(new Error('offline'), shown)).toEqual({});
  });
});

describe('isShownOnFields', () => {
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
