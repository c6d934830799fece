import { PageTitle } from '../../components/ui/page-title.js';
import { ComingSoon } from '../../components/ui/placeholder.js';

// Screens built by later issues; each keeps its final title so navigation already reads right.

export function IpsRoute() {
  return (
    <>
      <PageTitle text="IP Addresses" />
      <ComingSoon what="The subnet navigation panel and the IP address list" />
    </>
  );
}

export function GroupManagementRoute() {
  return (
    <>
      <PageTitle text="Group Management" />
      <ComingSoon what="Group management" />
    </>
  );
}
