import { Anchor, Code, Container, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/ui/page-title.js';
import { paths } from '../../../config/paths.js';
import { agentCommandLine, agentEnvironmentLine } from '../agent-command.js';
import {
  dockerCommands,
  dockerfileFile,
  environmentFile,
  environmentFileText,
  installCommands,
  onceCommand,
  systemdCommands,
  systemdUnitFile,
} from '../setup-snippets.js';
import { ScannerSetupReference } from './scanner-setup-reference.js';
import { Snippet } from './snippet.js';

/** /docs/scanner: how to install the scanner agent, start it with its key and run it as a service. */
export function ScannerSetupPage() {
  const server = window.location.origin;
  return (
    <Container size="md" px={0}>
      <PageTitle text="Scanner Setup" />
      <Stack gap="xl">
        <Text>
          The scanner agent runs on a machine inside your network. Every minute it asks this server which of
          its subnets are due, probes their addresses and sends back what it found. It only calls out: nothing
          needs to reach into your network. Register a scanner in{' '}
          <Anchor component={Link} to={`${paths.settings}?tab=scanners`}>
            Settings › Scanners
          </Anchor>{' '}
          first: its key is shown once.
        </Text>

        <Stack gap="sm">
          <Title order={3}>1. Install</Title>
          <Text size="sm">
            The agent is the <Code>packages/scanner</Code> package of this product&apos;s repository and needs
            Node.js 20.19 or later. Install <Code>fping</Code> (one process probes a whole batch); without it
            the system <Code>ping</Code> is used (one process per host), and without either, TCP connects. On
            Linux, <Code>ip</Code> (iproute2) gives the neighbour table and so the MAC addresses.
          </Text>
          <Snippet label="install commands" text={installCommands()} />
        </Stack>

        <Stack gap="sm">
          <Title order={3}>2. Start it with the key</Title>
          <Text size="sm">
            With the key from Settings › Scanners (the command line is visible to every user of the machine,
            so prefer the environment):
          </Text>
          <Snippet label="command line" text={agentCommandLine(server, '<key>')} />
          <Snippet label="environment command line" text={agentEnvironmentLine(server, '<key>')} />
          <Text size="sm">
            <Code>--once</Code> runs one round and exits: 0 done, 1 a subnet failed, 2 wrong options, 3 key
            refused, 4 the account&apos;s plan has no scanners, 5 server unreachable. A quick check of the key
            and the firewall:
          </Text>
          <Snippet label="one round" text={onceCommand(server)} />
        </Stack>

        <Stack gap="sm">
          <Title order={3}>3. Run it as a service</Title>
          <Text size="sm">
            <b>systemd.</b> The repository ships a unit, <Code>{systemdUnitFile}</Code>. It reads the server
            and the key from <Code>{environmentFile}</Code>, a file only root can read (systemd reads it
            before dropping privileges), runs the agent as a throwaway user with nothing but the raw-socket
            right that ping and fping need, and restarts it if it fails. Options such as{' '}
            <Code>--probe icmp</Code> go on its <Code>ExecStart</Code> line. The environment file:
          </Text>
          <Snippet label="environment file" text={environmentFileText(server)} />
          <Snippet label="systemd commands" text={systemdCommands()} />
          <Text size="sm">
            <b>Docker.</b> <Code>{dockerfileFile}</Code> builds an image with only the agent, fping, ping and
            ip. It must run on the host&apos;s network, to reach the subnets and see their neighbour table:
          </Text>
          <Snippet label="docker commands" text={dockerCommands()} />
          <List size="sm" spacing={4}>
            <List.Item>
              The agent stops cleanly on SIGTERM (<Code>systemctl stop</Code>, <Code>docker stop</Code>); a
              subnet it was scanning is handed out again once its lease ends.
            </List.Item>
            <List.Item>
              While the server cannot be reached or refuses the key, it logs the failure and tries again,
              waiting longer each time (up to 5 minutes). Settings › Scanners shows it Offline after three
              missed calls.
            </List.Item>
          </List>
        </Stack>

        <ScannerSetupReference />
      </Stack>
    </Container>
  );
}
