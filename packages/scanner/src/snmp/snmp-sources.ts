import { UsageError } from '../cli/options.js';
import type { SightingSource } from '../scan/sightings.js';
import { loadSnmpConfig, SnmpConfigError } from './snmp-config.js';
import { snmpSource } from './snmp-source.js';

/** One source per target of the `--snmp-config` file (none without one); a bad file is a usage error. */
export function snmpSources(configFile: string | null): SightingSource[] {
  if (configFile === null) return [];
  try {
    return loadSnmpConfig(configFile).targets.map((target) => snmpSource(target));
  } catch (error) {
    if (error instanceof SnmpConfigError) {
      throw new UsageError(error.problems.map((problem) => `--snmp-config: ${problem}`));
    }
    throw error;
  }
}
