import { readFileSync } from 'node:fs';
import { snmpConfigSchema, type SnmpConfig } from '@ipam/core/schemas/snmp-schemas';

/** A `--snmp-config` file the agent cannot use; `problems` names each one with where it is. */
export class SnmpConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('; '));
  }
}

/** `targets[1].community`, as an operator finds it in the file. */
function pathText(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (text, key) =>
      typeof key === 'number' ? `${text}[${key}]` : text === '' ? String(key) : `${text}.${String(key)}`,
    '',
  );
}

/** Checks a config already read (JSON text); every problem is named, secrets never echoed. */
export function parseSnmpConfig(text: string, file: string): SnmpConfig {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new SnmpConfigError([
      `${file} is not JSON (${error instanceof Error ? error.message : String(error)})`,
    ]);
  }
  const parsed = snmpConfigSchema.safeParse(json);
  if (!parsed.success) {
    throw new SnmpConfigError(
      parsed.error.issues.map((issue) => {
        const where = pathText(issue.path);
        return `${file}: ${where === '' ? '' : `${where}: `}${issue.message}`;
      }),
    );
  }
  return parsed.data;
}

/** Reads and checks the file `--snmp-config` names. */
export function loadSnmpConfig(file: string): SnmpConfig {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new SnmpConfigError([
      `${file} cannot be read (${code ?? (error instanceof Error ? error.message : String(error))})`,
    ]);
  }
  return parseSnmpConfig(text, file);
}
