import type { Migration } from 'kysely';
import * as accounts from './2026-11-22-0001-accounts.js';
import * as ipam from './2026-11-22-0002-ipam.js';
import * as calculations from './2026-11-22-0003-calculations.js';
import * as scanners from './2026-11-23-0004-scanners.js';
import * as planner from './2026-11-24-0005-planner.js';
import * as billing from './2026-11-24-0006-billing.js';
import * as rateCounters from './2026-11-24-0007-rate-counters.js';
import * as accountsPasswords from './2026-11-24-0008-accounts-passwords.js';
import * as apiTokens from './2026-11-24-0009-api-tokens.js';
import * as auditHistory from './2026-11-24-0010-audit-history.js';
import * as addressItemJson from './2026-11-24-0011-address-item-json.js';
import * as addressItemJsonFromCode from './2026-11-27-0012-address-item-json-from-code.js';
import * as vrfsAndNesting from './2026-11-27-0013-vrfs-and-nesting.js';
import * as accountIpv6Prefixes from './2026-11-27-0014-account-ipv6-prefixes.js';
import * as accountSubnetCount from './2026-11-27-0015-account-subnet-count.js';
import * as sourceImports from './2026-11-27-0016-source-imports.js';
import * as serverSettings from './2026-11-27-0017-server-settings.js';
import * as scannerKeyMaker from './2026-11-27-0018-scanner-key-maker.js';
import * as addressSortIndexes from './2026-11-28-0017-address-sort-indexes.js';
import * as outboxWebhooks from './2026-11-28-0019-outbox-webhooks.js';
import * as dns from './2026-11-28-0021-dns.js';
import * as idempotencyKeys from './2026-11-28-0022-idempotency-keys.js';
import * as discoveryRecords from './2026-11-28-0023-discovery-records.js';
import * as memberRoles from './2026-11-28-0024-member-roles.js';
import * as twoFactor from './2026-11-28-0025-two-factor.js';
import * as staleAndMacChanges from './2026-11-28-0026-stale-and-mac-changes.js';
import * as sessionDetails from './2026-11-28-0027-session-details.js';
import * as approvalDetails from './2026-11-28-0028-approval-details.js';
import * as passkeys from './2026-11-28-0029-passkeys.js';
import * as scannerSnmpTargets from './2026-11-28-0029-scanner-snmp-targets.js';
import * as singleSignOn from './2026-11-29-0029-single-sign-on.js';
import * as discoveryAlerts from './2026-11-29-0031-discovery-alerts.js';
import * as idempotencyClaimLeases from './2026-11-30-0035-idempotency-claim-leases.js';
import * as subnetNameKeys from './2026-12-01-0035-subnet-name-keys.js';
import * as searchTrigramIndexes from './2026-12-02-0035-search-trigram-indexes.js';
import * as leafUse from './2026-12-03-0035-leaf-use.js';
import * as readPaths from './2026-12-04-0035-read-paths.js';

/**
 * Every migration, by name (ISO date first, so names sort in the order they run). Listed statically
 * so the compiled server needs no file-system scan. Add new ones at the end.
 */
export const migrations: Record<string, Migration> = {
  '2026-11-22-0001-accounts': accounts,
  '2026-11-22-0002-ipam': ipam,
  '2026-11-22-0003-calculations': calculations,
  '2026-11-23-0004-scanners': scanners,
  '2026-11-24-0005-planner': planner,
  '2026-11-24-0006-billing': billing,
  '2026-11-24-0007-rate-counters': rateCounters,
  '2026-11-24-0008-accounts-passwords': accountsPasswords,
  '2026-11-24-0009-api-tokens': apiTokens,
  '2026-11-24-0010-audit-history': auditHistory,
  '2026-11-24-0011-address-item-json': addressItemJson,
  '2026-11-27-0012-address-item-json-from-code': addressItemJsonFromCode,
  '2026-11-27-0013-vrfs-and-nesting': vrfsAndNesting,
  '2026-11-27-0014-account-ipv6-prefixes': accountIpv6Prefixes,
  '2026-11-27-0015-account-subnet-count': accountSubnetCount,
  '2026-11-27-0016-source-imports': sourceImports,
  '2026-11-27-0017-server-settings': serverSettings,
  '2026-11-27-0018-scanner-key-maker': scannerKeyMaker,
  '2026-11-28-0017-address-sort-indexes': addressSortIndexes,
  '2026-11-28-0019-outbox-webhooks': outboxWebhooks,
  '2026-11-28-0021-dns': dns,
  '2026-11-28-0022-idempotency-keys': idempotencyKeys,
  '2026-11-28-0023-discovery-records': discoveryRecords,
  '2026-11-28-0024-member-roles': memberRoles,
  '2026-11-28-0025-two-factor': twoFactor,
  '2026-11-28-0026-stale-and-mac-changes': staleAndMacChanges,
  '2026-11-28-0027-session-details': sessionDetails,
  '2026-11-28-0028-approval-details': approvalDetails,
  '2026-11-28-0029-passkeys': passkeys,
  '2026-11-28-0029-scanner-snmp-targets': scannerSnmpTargets,
  '2026-11-29-0029-single-sign-on': singleSignOn,
  '2026-11-29-0031-discovery-alerts': discoveryAlerts,
  '2026-11-30-0035-idempotency-claim-leases': idempotencyClaimLeases,
  '2026-12-01-0035-subnet-name-keys': subnetNameKeys,
  '2026-12-02-0035-search-trigram-indexes': searchTrigramIndexes,
  '2026-12-03-0035-leaf-use': leafUse,
  '2026-12-04-0035-read-paths': readPaths,
};
