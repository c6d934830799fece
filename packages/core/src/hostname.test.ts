import { describe, expect, it } from 'vitest';
import { hostnameProblem, hostnameProblemMessage, isHostname, normalizeHostname } from './hostname.js';

const label63 = 'a'.repeat(63);

describe('normalizeHostname', () => {
  it('trims', () => {
    expect(normalizeHostname('  web-1  ')).toBe('web-1');
  });
  it('drops one trailing dot (a fully qualified name)', () => {
    expect(normalizeHostname('web-1.example.com.')).toBe('web-1.example.com');
  });
  it('keeps a second trailing dot, for the check to refuse', () => {
    expect(normalizeHostname('web-1..')).toBe('web-1.');
  });
  it('leaves a lone dot', () => {
    expect(normalizeHostname('.')).toBe('.');
  });
});

describe('hostnameProblem', () => {
  it.each([
    '',
    'web-1',
    'WEB-01.Example.COM',
    '1host',
    '123',
    'xn--bcher-kva.example',
    'srv_01.corp.local',
    '_gateway',
    'a',
    label63,
    `${label63}.${label63}.${label63}.${'a'.repeat(61)}`,
  ])('%s is a hostname', (name) => {
    expect(hostnameProblem(name)).toBeNull();
  });

  it.each([
    ['printer 2nd floor', { code: 'character', character: ' ' }],
    ['printer,2', { code: 'character', character: ',' }],
    ['bücher.example', { code: 'character', character: 'ü' }],
    ['*.example.com', { code: 'character', character: '*' }],
    ['web/1', { code: 'character', character: '/' }],
    ['tab\there', { code: 'character', character: '\t' }],
    ['a..b', { code: 'empty_label' }],
    ['.example', { code: 'empty_label' }],
    ['web.', { code: 'empty_label' }],
    [`${'a'.repeat(64)}.example`, { code: 'label_too_long', label: 'a'.repeat(64) }],
    ['-web', { code: 'label_hyphen', label: '-web' }],
    ['web-.example', { code: 'label_hyphen', label: 'web-' }],
    [`${label63}.${label63}.${label63}.${'a'.repeat(62)}`, { code: 'too_long' }],
  ])('%s is not', (name, problem) => {
    expect(hostnameProblem(name)).toEqual(problem);
  });
});

describe('isHostname', () => {
  it('accepts a fully qualified name with its trailing dot', () => {
    expect(isHostname('host.example.')).toBe(true);
  });
  it('refuses a name with a space', () => {
    expect(isHostname('host example')).toBe(false);
  });
});

describe('hostnameProblemMessage', () => {
  it('names the characters allowed and the one found', () => {
    expect(hostnameProblemMessage({ code: 'character', character: ' ' })).toBe(
      'Hostname may contain only letters, digits, hyphens, underscores and dots, not a space.',
    );
  });
  it('quotes another character, escaping a control character', () => {
    expect(hostnameProblemMessage({ code: 'character', character: '\t' })).toBe(
      'Hostname may contain only letters, digits, hyphens, underscores and dots, not "\\t".',
    );
  });
  it('names an empty part', () => {
    expect(hostnameProblemMessage({ code: 'empty_label' })).toBe(
      'Hostname must not have an empty part between dots (two dots in a row, or a dot first).',
    );
  });
  it('names the 63-character limit of a part, shortening a long one', () => {
    expect(hostnameProblemMessage({ code: 'label_too_long', label: 'b'.repeat(70) })).toBe(
      `Each part of a hostname between dots may be at most 63 characters; "${'b'.repeat(20)}…" has 70.`,
    );
  });
  it('names the hyphen rule and the part breaking it', () => {
    expect(hostnameProblemMessage({ code: 'label_hyphen', label: 'web-' })).toBe(
      'A part of a hostname between dots must not start or end with a hyphen ("web-").',
    );
  });
  it('names the 253-character limit', () => {
    expect(hostnameProblemMessage({ code: 'too_long' })).toBe('Hostname must be at most 253 characters.');
  });
});
