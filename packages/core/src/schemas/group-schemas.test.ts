import { describe, expect, it } from 'vitest';
import { groupCreateSchema, groupUpdateSchema } from './group-schemas.js';

const messagesOf = (result: { error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues.map((issue) => issue.message);

describe('groupCreateSchema', () => {
  it('trims the name and fills the defaults', () => {
    expect(groupCreateSchema.parse({ name: '  Core  ' })).toEqual({
      name: 'Core',
      description: '',
      parentId: null,
    });
  });

  it("refuses a missing name with the spec's message", () => {
    expect(messagesOf(groupCreateSchema.safeParse({}))).toEqual(['Group name is required.']);
  });

  it('refuses a name of spaces', () => {
    expect(messagesOf(groupCreateSchema.safeParse({ name: '   ' }))).toEqual(['Group name is required.']);
  });

  it('refuses a name over 100 characters', () => {
    expect(messagesOf(groupCreateSchema.safeParse({ name: 'x'.repeat(101) }))).toEqual([
      'Group name must be at most 100 characters.',
    ]);
  });

  it('accepts a name of exactly 100 characters', () => {
    expect(groupCreateSchema.safeParse({ name: 'x'.repeat(100) }).success).toBe(true);
  });

  it('refuses a description over 500 characters', () => {
    expect(messagesOf(groupCreateSchema.safeParse({ name: 'a', description: 'x'.repeat(501) }))).toEqual([
      'Description must be at most 500 characters.',
    ]);
  });

  it('takes an empty parentId as top level', () => {
    expect(groupCreateSchema.parse({ name: 'a', parentId: '' }).parentId).toBeNull();
  });

  it('keeps a parentId', () => {
    expect(groupCreateSchema.parse({ name: 'a', parentId: 'g1' }).parentId).toBe('g1');
  });

  it('refuses an unknown field', () => {
    expect(groupCreateSchema.safeParse({ name: 'a', accountId: 'other' }).success).toBe(false);
  });
});

describe('groupUpdateSchema', () => {
  it('leaves absent fields absent', () => {
    expect(groupUpdateSchema.parse({ description: 'new' })).toEqual({ description: 'new' });
  });

  it("refuses a name emptied on edit with the spec's message", () => {
    expect(messagesOf(groupUpdateSchema.safeParse({ name: ' ' }))).toEqual(['Group name is required.']);
  });

  it('moves a group to the top level with null', () => {
    expect(groupUpdateSchema.parse({ parentId: null })).toEqual({ parentId: null });
  });
});
