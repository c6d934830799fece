import { type LegalSection, LegalPage } from './legal-page.js';

const sections: LegalSection[] = [
  {
    heading: '1. What we collect',
    body: () =>
      'Your e-mail address, a hash of your password (never the password itself), the time of your last login, and the network data you and your team enter or your scanners report.',
  },
  {
    heading: '2. Why',
    body: () =>
      'Only to run the service: to sign you in, to show your account’s data to its members, to send invitations and support answers, and to bill paid plans.',
  },
  {
    heading: '3. Sharing',
    body: () =>
      'We do not sell your data. It is shared only with the members of your account and, for paid plans, with our payment provider, which handles card details directly.',
  },
  {
    heading: '4. Cookies',
    body: () =>
      'We use a session cookie to keep you signed in and an account cookie to remember which account you work in. No tracking or advertising cookies.',
  },
  {
    heading: '5. Your rights',
    body: (contact) => (
      <>
        You can ask for a copy of your data, its correction or its deletion at any time by writing to{' '}
        {contact}.
      </>
    ),
  },
];

/** /privacy: Privacy Policy. */
export function PrivacyPage() {
  return <LegalPage title="Privacy Policy" sections={sections} />;
}
