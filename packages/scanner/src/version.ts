import { readFileSync } from 'node:fs';

/** The agent's version from its package.json (src/ and dist/ both sit one level below it). */
export const AGENT_VERSION: string = (() => {
  const text = readFileSync(new URL('../package.json', import.meta.url), 'utf8');
  const parsed: unknown = JSON.parse(text);
  return typeof parsed === 'object' &&
    parsed !== null &&
    'version' in parsed &&
    typeof parsed.version === 'string'
    ? parsed.version
    : '0.0.0';
})();
