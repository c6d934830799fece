/** The scanner agent's command (the `bin` of packages/scanner). */
export const agentBin = 'ipam-scanner';

/** The agent's command line with its options. */
export function agentCommandLine(server: string, key: string): string {
  return `${agentBin} --server ${server} --key ${key}`;
}

/** The same start with the settings in the environment (keeps the key out of the process list). */
export function agentEnvironmentLine(server: string, key: string): string {
  return `IPAM_SERVER=${server} IPAM_SCANNER_KEY=${key} ${agentBin}`;
}
