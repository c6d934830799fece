import type { ApiRoute } from '../route-table.js';
import { accountRoutes } from './accounts.js';
import { alertRoutes } from './alerts.js';
import { addressRoutes } from './addresses.js';
import { approvalRoutes } from './approvals.js';
import { auditRoutes } from './audit.js';
import { authRoutes } from './auth.js';
import { billingRoutes } from './billing.js';
import { calculationRoutes } from './calculations.js';
import { directoryLoginRoutes } from './directory-login.js';
import { dnsRoutes } from './dns.js';
import { eventRoutes } from './events.js';
import { groupRoutes } from './groups.js';
import { inventoryRoutes } from './inventory.js';
import { inviteRoutes } from './invites.js';
import { memberRoutes } from './members.js';
import { passkeyRoutes } from './passkeys.js';
import { planSubnetRoutes } from './plan-subnets.js';
import { planRoutes } from './plans.js';
import { scannerAgentRoutes } from './scanner-agent.js';
import { scanHistoryRoutes } from './scan-history.js';
import { scannerRoutes } from './scanners.js';
import { scannerAgentSnmpRoutes, scannerSnmpRoutes } from './scanner-snmp.js';
import { searchRoutes } from './search.js';
import { sourceImportRoutes } from './source-imports.js';
import { ssoRoutes } from './sso.js';
import { subnetRoutes } from './subnets.js';
import { supportRoutes } from './support.js';
import { systemRoutes } from './system.js';
import { tableFileRoutes } from './table-files.js';
import { tokenRoutes } from './tokens.js';
import { twoFactorRoutes } from './two-factor.js';
import { vrfRoutes } from './vrfs.js';
import { webhookRoutes } from './webhooks.js';

/** Every route file of the table, by resource. */
const routeFiles = [
  systemRoutes,
  authRoutes,
  twoFactorRoutes,
  passkeyRoutes,
  directoryLoginRoutes,
  ssoRoutes,
  accountRoutes,
  memberRoutes,
  inviteRoutes,
  supportRoutes,
  eventRoutes,
  calculationRoutes,
  planRoutes,
  planSubnetRoutes,
  groupRoutes,
  vrfRoutes,
  subnetRoutes,
  approvalRoutes,
  scanHistoryRoutes,
  alertRoutes,
  auditRoutes,
  addressRoutes,
  scannerRoutes,
  scannerAgentRoutes,
  scannerSnmpRoutes,
  scannerAgentSnmpRoutes,
  billingRoutes,
  searchRoutes,
  tokenRoutes,
  tableFileRoutes,
  sourceImportRoutes,
  webhookRoutes,
  dnsRoutes,
  inventoryRoutes,
];

/** The route table: every HTTP route of the API. The server registers exactly these, no other. */
export const allRoutes: readonly ApiRoute[] = routeFiles.flatMap((file) => Object.values(file));
