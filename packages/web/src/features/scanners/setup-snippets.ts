import { agentBin } from './agent-command.js';

/** Where the setup page's examples put the copy of the repository on the scanner machine. */
export const installDir = '/opt/ipam';
/** The agent's entry point inside the repository. */
export const agentScript = 'packages/scanner/bin/ipam-scanner.js';
/** The example systemd unit the scanner package ships. */
export const systemdUnitFile = 'packages/scanner/ipam-scanner.service';
/** The agent's container image recipe, built from the repository's root. */
export const dockerfileFile = 'packages/scanner/Dockerfile';
/** The file that holds the server and the key for the service, readable by root only. */
export const environmentFile = '/etc/ipam-scanner.env';

function commented(command: string, comment: string): string {
  return `${command.padEnd(52)}# ${comment}`;
}

/** Installs the probe tools and the repository, builds it, and checks that the agent starts. */
export function installCommands(): string {
  return [
    commented('sudo apt-get install fping iputils-ping iproute2', 'Debian, Ubuntu'),
    commented(`git clone <this product's repository> ${installDir}`, 'the same release as the server'),
    `cd ${installDir}`,
    commented('npm ci', 'installs and builds every package'),
    `node ${agentScript} --version`,
    `# optional, the ${agentBin} command for every user:`,
    `sudo ln -s ${installDir}/${agentScript} /usr/local/bin/${agentBin}`,
  ].join('\n');
}

/** One round against the server, then exit: a quick check of the key and the firewall. */
export function onceCommand(server: string): string {
  return `IPAM_SERVER=${server} IPAM_SCANNER_KEY=<key> ${agentBin} --once; echo "exit status $?"`;
}

/** The environment file of the service (the key stays off the command line and out of the unit). */
export function environmentFileText(server: string): string {
  return `IPAM_SERVER=${server}\nIPAM_SCANNER_KEY=<the key shown once in Settings › Scanners>\n`;
}

/** Makes the root-only environment file, installs the shipped unit and follows its log. */
export function systemdCommands(): string {
  return [
    `sudo install -m 0600 -o root -g root /dev/null ${environmentFile}`,
    commented(`sudoedit ${environmentFile}`, 'the two lines above'),
    `sudo cp ${installDir}/${systemdUnitFile} /etc/systemd/system/`,
    'sudo systemctl daemon-reload',
    'sudo systemctl enable --now ipam-scanner',
    'journalctl -u ipam-scanner -f',
  ].join('\n');
}

/** Builds the shipped image and runs it on the host's network with the same environment file. */
export function dockerCommands(): string {
  return [
    `cd ${installDir}`,
    `docker build -f ${dockerfileFile} -t ipam-scanner .`,
    'docker run -d --name ipam-scanner --restart unless-stopped \\',
    `  --network host --cap-add NET_RAW --env-file ${environmentFile} ipam-scanner`,
  ].join('\n');
}
