import {
  Anchor,
  Badge,
  Button,
  Container,
  Grid,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { messages } from '@ipam/core/messages';
import { IconCheck, IconClock, IconRadar, IconShieldLock } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { paths, productName } from '../../../config/paths.js';
import { FullPageLoader } from '../../../components/ui/page-states.js';
import { useMe } from '../../../lib/auth.js';
import { inviteTokenFrom } from '../../../lib/invite-token.js';
import { PublicFrame } from './public-frame.js';
import { SignupForm } from './signup-form.js';

// The spec's marketing promises (core spec §1).
const benefits = [
  'Automated IP address management',
  'Subnet calculator for IPv4 and IPv6',
  'Real-time IP tracking',
  'Automatic conflict detection',
  'Team collaboration tools',
  'On-premises scanner',
  'E-mail support with a 24-hour response',
  'Free tier: 2 subnets, no credit card required',
];

const trustItems = [
  {
    title: 'Enterprise Security',
    text: 'Hashed passwords, server-side sessions, every rule enforced by the server.',
    icon: IconShieldLock,
  },
  {
    title: '24-Hour Support',
    text: 'Write to us and get an answer by e-mail within 24 hours.',
    icon: IconClock,
  },
  {
    title: 'On-Premises Scanner',
    text: 'A small agent in your network keeps address usage up to date.',
    icon: IconRadar,
  },
];

/** /signup: hero, "Start Free Trial" scrolling to the form, benefits, trust items, the form. */
export function SignupLanding() {
  const me = useMe();
  const [searchParams] = useSearchParams();
  const inviteToken = inviteTokenFrom(searchParams);
  const formRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    document.title = `Start Free Trial · ${productName}`;
  }, []);

  if (me.isPending) return <FullPageLoader label="Checking your session..." />;
  if (me.data) return <Navigate to={paths.dashboard} replace />;

  function scrollToForm() {
    formRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    formRef.current?.querySelector('input')?.focus({ preventScroll: true });
  }

  return (
    <PublicFrame
      action={
        <Button component={Link} to={paths.login} variant="subtle">
          Login
        </Button>
      }
    >
      <Container size="lg" py={56}>
        <Stack align="center" ta="center" gap="md" maw={720} mx="auto">
          <Badge size="lg" variant="light">
            Free tier · no credit card
          </Badge>
          <Title order={1} fz={{ base: 32, sm: 44 }}>
            IP address management that keeps up with your network
          </Title>
          <Text size="lg" c="dimmed">
            Organise IPv4 and IPv6 subnets into groups, track every address, catch conflicts before they bite
            and share the work with your team.
          </Text>
          <Button size="lg" onClick={scrollToForm}>
            Start Free Trial
          </Button>
        </Stack>

        <SimpleGrid cols={{ base: 1, sm: 3 }} mt={56} spacing="lg">
          {trustItems.map(({ title, text, icon: Icon }) => (
            <Paper key={title} withBorder p="lg" radius="md">
              <ThemeIcon size={40} radius="md" variant="light" mb="sm">
                <Icon size={22} />
              </ThemeIcon>
              <Text fw={700}>{title}</Text>
              <Text size="sm" c="dimmed">
                {text}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>

        <Grid mt={56} gap={48} align="flex-start">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Title order={2} mb="md">
              Everything you need to run your address space
            </Title>
            <List
              spacing="sm"
              icon={
                <ThemeIcon size={22} radius="xl" color="teal">
                  <IconCheck size={14} />
                </ThemeIcon>
              }
            >
              {benefits.map((benefit) => (
                <List.Item key={benefit}>{benefit}</List.Item>
              ))}
            </List>
            <Text size="sm" c="dimmed" mt="lg">
              Paid plans are billed monthly or yearly when you need more subnets, users and scanners.
            </Text>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Paper
              ref={formRef}
              withBorder
              shadow="sm"
              p="lg"
              radius="md"
              id="signup-form"
              style={{ scrollMarginTop: 16 }}
            >
              <Title order={3} mb={4}>
                Create your account
              </Title>
              <Text size="sm" c="dimmed" mb="md">
                {messages.registrationNote}
              </Text>
              <SignupForm autoFocus={false} inviteToken={inviteToken} />
              <Text size="sm" mt="md" ta="center">
                Already have an account?{' '}
                <Anchor component={Link} to={paths.login}>
                  Login
                </Anchor>
              </Text>
            </Paper>
          </Grid.Col>
        </Grid>
      </Container>
    </PublicFrame>
  );
}
