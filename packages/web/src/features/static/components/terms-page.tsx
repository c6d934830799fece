import { type LegalSection, LegalPage } from './legal-page.js';

const sections: LegalSection[] = [
  {
    heading: '1. The service',
    body: () =>
      'IPAM is an IP address management service: it stores the groups, subnets, IP addresses and related notes that you and your team enter, and offers subnet calculators.',
  },
  {
    heading: '2. Your account',
    body: () =>
      'You are responsible for your login details and for everything done through your account. Use a valid e-mail address; keep your password private. Account owners decide who is invited to their account and may remove users at any time.',
  },
  {
    heading: '3. Acceptable use',
    body: () =>
      'Use the service and its scanners only on networks you are allowed to manage. Do not try to reach other customers’ data, overload the service or get around its limits.',
  },
  {
    heading: '4. Plans and payment',
    body: () =>
      'The free tier is free of charge. Paid plans are billed monthly or yearly in advance through our payment provider and renew until cancelled; a cancellation takes effect at the end of the paid period.',
  },
  {
    heading: '5. Availability and liability',
    body: () =>
      'We work to keep the service available and your data safe, but provide it as is. To the extent the law allows, we are not liable for indirect losses; keep your own records of critical network information.',
  },
  {
    heading: '6. Changes and contact',
    body: (contact) => (
      <>We may update these terms; the date above shows the latest version. Questions? Write to {contact}.</>
    ),
  },
];

/** /tos: Terms of Service. */
export function TermsPage() {
  return <LegalPage title="Terms of Service" sections={sections} />;
}
