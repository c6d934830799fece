import { counted } from './plural.js';

/**
 * Every user-facing message of the specification, word for word, in one place: the server sends them
 * in error bodies and the web app shows them. Functions fill the spec's placeholders.
 */
export const messages = {
  // Registration and login (core spec §5, §8)
  passwordTooShort: 'Password must be at least 8 characters long.',
  passwordsDoNotMatch: 'Passwords do not match.',
  emailInUse: 'Email already in use.',
  signUpByInvitation:
    'Sign-up on this server is by invitation: open the invitation link you were sent, or ask an administrator of your team.',
  invalidEmail: 'Invalid email address.',
  weakPassword: 'Password is too weak.',
  unknownError: 'An unknown error occurred.',
  loginFailed: 'Login failed.',
  emailRequired: 'Email is required.',
  passwordRequired: 'Password is required.',
  registrationNote: 'Please use a valid email address for registration.',
  // Directory (LDAP / Active Directory) sign-in (issue 34; texts ours)
  usernameRequired: 'User name is required.',
  directoryLoginOff: 'Sign-in with a directory account is not set up on this server.',

  // Profile, passwords and invite links (issue 17; texts ours)
  currentPasswordWrong: 'Current password is incorrect.',
  passwordChanged: 'Password changed. Your other sessions have been logged out.',
  otherSessionsEnded: (count: number) => `Logged out ${count} other session(s).`,
  profileSaved: 'Profile saved.',
  resetLinkInvalid: 'This reset link is not valid or has expired. Ask for a new one.',
  resetRequestedMailed:
    'If an account uses this address, a link to reset its password is on its way. It is valid for 1 hour.',
  resetRequestedNoMail:
    'This server does not send e-mail. Ask its operator for a reset link (ipam admin reset-password).',
  passwordResetDone: 'Your password has been reset. Log in with the new password.',
  inviteMailed: 'Invitation sent.',
  inviteNotMailed: 'No e-mail was sent. Give this link to the person you invited:',
  inviteLinkNote: 'Sign up or log in to accept the invitation.',
  invitedTo: (accountName: string, email: string) =>
    `You are invited to join ${accountName}. Sign up as ${email}, or log in if you already have an account.`,
  inviteLinkInvalid: 'This invitation link is not valid any more. Ask for a new one.',

  // Address checks (core spec §5)
  invalidIPv4: 'Invalid IPv4 address',
  invalidCidrBits: 'Invalid CIDR bits',
  ipv4CidrRange: 'IPv4 CIDR must be between 0 and 32',
  invalidIPv6: 'Invalid IPv6 address',
  invalidPrefixLength: 'Invalid prefix length',
  ipv6CidrRange: 'IPv6 CIDR must be between 0 and 128',
  ipv6NotInTier: 'IPv6 subnets are not available for your tier.',
  scannersNotInTier: 'Scanners are not available for your tier.',
  scannerKeyInvalid: 'The scanner key is not valid.',
  scanningBlocked: 'Scanning is blocked for this scanner.',

  // Subnets (core spec §5, §8)
  subnetNameRequired: 'Subnet name is required.',
  vlanIdRequired: 'VLAN ID is required.',
  groupRequired: 'Group is required.',
  networkIpRequired: 'Network IP Address is required.',
  bitsRequired: 'Number of bits is required.',
  prefixLengthRequired: 'Prefix length is required.',
  scanFrequencyRequired: 'Scan frequency is required for this scanning type.',
  subnetLimitReached: (max: number) =>
    `You have reached the maximum number of subnets (${max}) allowed for your plan.`,
  saveSubnetFailed: 'An error occurred while saving the subnet.',
  createSubnetFailed: 'An error occurred while creating the subnet.',
  createIPv6SubnetFailed: 'An error occurred while creating the IPv6 subnet.',
  deleteSubnetFailed: 'An error occurred while deleting the subnet.',
  removeSubnetFailed: 'Error removing subnet. Please try again.',

  // Groups
  groupNameRequired: 'Group name is required.',

  // Calculators (tools spec §5, §8)
  invalidIPv4Format: 'Invalid IPv4 address format',
  invalidSubnetMask: 'Invalid subnet mask. Use CIDR (/24) or dotted decimal (255.255.255.0)',
  invalidIPv6Format: 'Invalid IPv6 address format',
  invalidIPv6PrefixLength: 'Invalid prefix length. Use /64 or 64 (0-128)',
  invalidCidrNotation: 'Invalid CIDR notation',
  calculationError: (message: string) => `Error in calculation: ${message}`,
  accountNotLoadedRefresh: 'Account not loaded. Please refresh the page and try again.',
  noResultToSave: 'No calculation result to save',
  noResultToExport: 'No calculation result to export',
  noSavedToExport: 'No saved subnets to export',
  noAccountSelected: 'No account selected or account not loaded',
  failedToSaveSubnet: 'Failed to save subnet',
  failedToLoadSaved: 'Failed to load saved subnets',
  failedToRemoveSubnet: 'Failed to remove subnet',
  calculationLimitReached: (max: number, version: 4 | 6) =>
    `You can keep at most ${max} saved IPv${version} calculations. Delete some to save more.`,

  // Planner (tools spec §5, §8)
  planNameRequired: 'Plan name is required',
  newCidrMustBeLarger: 'New CIDR must be larger than current CIDR',
  exportFailed: 'Export failed. Please try again.',
  splitFailed: 'Split operation failed. Please try again.',
  errorSavingSubnet: (message: string) => `Error saving subnet: ${message}`,
  errorRemovingSubnet: 'Error removing subnet. Please try again.',
  duplicatePlanFailed: 'Failed to duplicate plan. Please try again.',
  deletePlanFailed: 'Failed to delete plan. Please try again.',
  createPlanFailed: 'Failed to create plan. Please try again.',
  accountNotLoaded: 'Account not loaded',
  noCurrentPlan: 'No current plan selected',
  subnetNotFound: 'Subnet not found',

  // Plan subnet checks, split, VLSM and tiers: the spec names the rules, these texts are ours
  subnetVeryFewHosts: (cidr: number) => `A /${cidr} subnet leaves very few usable host addresses.`,
  subnetVeryLarge: (cidr: number) => `A /${cidr} subnet is very large.`,
  highUtilization: (percent: number) =>
    `High utilization: ${percent.toFixed(1)}% of usable host addresses are in use.`,
  veryHighUtilization: (percent: number) =>
    `Very high utilization: ${percent.toFixed(1)}% of usable host addresses are in use.`,
  hostsExceedAvailable: (current: bigint, available: bigint) =>
    `Current hosts (${current}) exceed available host addresses (${available}).`,
  reservedAddressInvalid: (position: number, version: 4 | 6) =>
    `Reserved address ${position} has invalid IPv${version} format.`,
  reservedAddressOutside: (position: number) => `Reserved address ${position} is outside the subnet.`,
  splitRecommendation: (percent: number) =>
    `Utilization is ${percent.toFixed(1)}%: split the hosts across more subnets or move them to a larger one.`,
  growthRecommendation: (hosts: bigint, cidr: number) =>
    `With planned growth this subnet needs room for ${hosts} hosts: a /${cidr}.`,
  splitTooLong: (max: number) => `New CIDR cannot be larger than ${max}`,
  splitTooManyChildren: (count: bigint, max: number) =>
    `A split can create at most ${max} subnets; this one would create ${count}.`,
  vlsmInvalidHosts: 'Host count must be a whole number of at least 1.',
  vlsmDoesNotFit: 'Not enough free address space in the parent network.',
  ipv4PrefixNotInTier: (min: number, max: number) =>
    `Your tier allows IPv4 prefixes from /${min} to /${max}.`,
  ipv6PrefixNotInTier: (min: number, max: number) => `IPv6 prefixes must be from /${min} to /${max}.`,

  // Input limits of the schemas (texts ours)
  tooLong: (field: string, max: number) => `${field} must be at most ${max} characters.`,
  mustBeText: (field: string) => `${field} must be text.`,
  // Discovery records (issue 33).
  macInvalid:
    'MAC address must be six bytes in hex, e.g. aa:bb:cc:dd:ee:ff, aa-bb-cc-dd-ee-ff or aabb.ccdd.eeff.',
  noScannerCovers: 'No scanner covers this subnet — add one in Settings ▸ Scanners.',
  // Clear in Edit IP Address says what the spec's Clear does before it does it (issue 29).
  clearAddressTitle: (ip: string) => `Clear ${ip}?`,
  clearAddressExplained:
    'It becomes Available, its hostname and description are emptied, and Allow scanner update is turned off: scans leave it alone until someone turns it back on.',
  // Hostnames (issue 29): RFC 1123 labels, underscores allowed as NetBox allows them; each names its rule.
  hostnameCharacter: (shown: string) =>
    `Hostname may contain only letters, digits, hyphens, underscores and dots, not ${shown}.`,
  hostnameEmptyLabel:
    'Hostname must not have an empty part between dots (two dots in a row, or a dot first).',
  hostnameLabelTooLong: (label: string, length: number) =>
    `Each part of a hostname between dots may be at most 63 characters; "${label}" has ${length}.`,
  hostnameLabelHyphen: (label: string) =>
    `A part of a hostname between dots must not start or end with a hyphen ("${label}").`,
  mustBeTrueOrFalse: (field: string) => `${field} must be true or false.`,
  mustBeList: (field: string) => `${field} must be a list.`,
  tooManyItems: (field: string, max: number) => `${field} can hold at most ${max} entries.`,
  vlanIdRange: 'VLAN ID must be between 1 and 4094.',
  scanningTypeInvalid: 'Scanning type must be none, approval or auto.',
  scanFrequencyInvalid: 'Scan frequency must be a whole number of hours, at least 1.',
  staleAfterDaysInvalid: 'Stale after must be a whole number of days from 1 to 3650.',
  staleNotMarked: 'This subnet does not mark stale addresses: set "Stale after" in its settings first.',
  addressStatusInvalid: 'Status must be Available, In Use or Reserved.',
  scannerNameRequired: 'Scanner name is required.',
  planCidrRange: (max: number) => `CIDR must be between 1 and ${max}.`,
  cidrWhole: 'CIDR must be a whole number.',
  cidrRequired: 'CIDR is required.',
  networkAddressRequired: 'Network address is required.',
  currentHostsMin: 'Current hosts cannot be negative.',
  currentHostsWhole: 'Current hosts must be a whole number.',
  plannedGrowthRange: 'Planned growth must be between 0 and 500.',
  tooManyTags: 'A plan can have at most 10 tags.',
  tagTooLong: 'A tag can be at most 20 characters.',

  // Planner rules the requirements add (PL-5, PL-12 … PL-20, PL-30, PL-41 … PL-47, PL-60, PL-106; texts ours)
  tagHasComma: 'A tag cannot contain a comma.',
  expectedVersionInvalid: 'Expected version must be a whole number of at least 1.',
  splitNamingInvalid: 'Naming must be numbered, network or custom.',
  exportFormatInvalid: 'Format must be csv, json or xlsx.',
  planLimitReached: (max: number) => `You can keep at most ${max} network plans. Delete some to create more.`,
  planSubnetLimitReached: (max: number) => `A plan can hold at most ${max} subnets.`,
  networkNotPrefixStart: (network: string) =>
    `Network address must be the network address of the prefix: ${network}.`,
  childOutsideParent: (parent: string) => `A child subnet must lie inside its parent ${parent}.`,
  subdividedByHand: 'Status subdivided is set by splitting.',
  subnetHasChildren: 'Delete or move its child subnets first.',
  alreadySubdivided: 'This subnet is already subdivided.',
  versionConflict: 'This plan was changed by someone else. Reload it to see the latest version.',
  conflictInputKept: 'The plan has been reloaded and what you typed is kept: check it and save again.',
  noSubnetsToExport: 'This plan has no subnets to export.',
  reservedAddressTwice: (position: number) => `Reserved address ${position} is listed twice.`,
  makeChildRecommendation: (inner: string, outer: string) => `Make "${inner}" a child of "${outer}".`,
  planDeleted: 'This plan was deleted.',
  overlapPairsFound: (count: number) => `${count} overlapping subnet pair(s) found.`,
  warningsFound: (count: number) => `${count} warning(s) found.`,
  overlapsDetected: 'Overlapping Subnets Detected!',
  validationPassed: 'Plan validation passed. No issues found.',
  confirmDeletePlan: (name: string) => `Are you sure you want to delete plan "${name}"?`,
  confirmDeletePlanSubnet: (name: string) => `Are you sure you want to delete subnet "${name}"?`,
  childSubnetsDeletedToo: (count: number) => `Its ${count} child subnet(s) will be deleted too.`,
  noPlansYet: 'No plans yet. Create your first plan.',
  noPlansMatch: 'No plans match your search.',
  applyWillCreate: 'will create',
  applyCreated: 'created',
  applyExists: 'exists already',
  applyOverlaps: (name: string, cidr: string) => `overlaps ${name} (${cidr})`,
  // "Subscription", not "plan": the dialog is about a network plan (issue 29, S18).
  applyOverLimit: (max: number) => `over your subscription's subnet limit of ${max}`,
  applyUpgradeHint:
    'Your subscription limits how many subnets and which prefixes the account can have. Upgrade to create more.',
  applyNeedsPreview: 'Preview first: Apply to IPAM creates exactly what the preview shows.',
  applyDisabledBlocked: (count: number) =>
    `Apply to IPAM is off: ${count} chosen subnet(s) cannot be created. Uncheck them, or fix them and preview again.`,
  applyNothingToCreate: 'Every chosen subnet exists already: there is nothing to create.',
  applyBlocked: 'Some subnets cannot be created: see the preview. Nothing was created.',
  applyNothingSelected: 'Choose at least one plan subnet to create.',

  // Planner screen texts the requirements give word for word (PL-116 … PL-137)
  noPlanSelected: 'No Network Plan Selected',
  noPlanSelectedHint: 'Create a new plan or select an existing one to start network planning.',
  /** Not in the spec: the hint for a viewer or a limited editor, who may read plans only (issue 34). */
  noPlanSelectedReadOnlyHint:
    'Select an existing plan to view it. Your role lets you read plans, not change them.',
  savingChanges: 'Saving changes...',
  validationPassedTitle: 'Plan Validation Passed',
  validationIssuesTitle: 'Plan Has Issues',
  noValidationResults: 'No validation results available.',
  planTemplateOrSource: 'Choose a template or one of your template plans, not both.',
  applyInvalid: 'fix the errors of this plan subnet first',

  // Billing (tools spec §5, §8)
  notAuthenticated: 'User is not authenticated.',
  selectPlanAndFrequency: 'Please select a plan and billing frequency.',
  noPriceFound: 'No price found for this plan and frequency.',
  checkoutFailed: 'There was an error processing your request. Please try again.',
  // Billing: the texts the requirements mark as ours (BL-7, BL-9, BL-12..BL-22)
  ownerOnlyPlan: 'Only the account owner can change the plan.',
  alreadyOnTier: 'Your account is already on this plan or a higher one.',
  loadingPlans: 'Loading plans...',
  couldNotLoadPlans: 'Could not load plans.',
  upgradeHeadline: 'Unlock More Power for Your Network',
  upgradeSubline: (reference: string, tierName: string) =>
    `Upgrading ${reference} — current plan: ${tierName}`,
  mostPopular: 'Most Popular',
  currentPlan: 'Current Plan',
  contactSupportToChangePlan: 'Contact support to change your plan.',
  upgradeTo: (name: string) => `Upgrade to ${name}`,
  yearlySaving: (amount: string) => `Save ${amount}`,
  testPaymentBanner: 'TEST PAYMENT — no money is charged',
  payTest: 'Pay (test)',
  checkoutThankYou: 'Thank You!',
  checkoutSucceeded: 'Your payment was successful, and your account has been upgraded.',
  finishingUpgrade: 'Finishing your upgrade…',
  upgradeNotConfirmedYet:
    'Your payment has not been confirmed yet. Your plan changes as soon as it is; this page can be reloaded.',
  checkoutCanceledTitle: 'Payment Canceled',
  checkoutCanceled:
    'Your payment was canceled and you have not been charged. You can try again whenever you are ready.',
  billingOff:
    'Plans on this server are set by its administrator. Ask them to move your account to another plan, giving the Account ID shown in Settings › Account Info; the new limits apply at once.',
  billingDisabled: 'Online checkout is off on this server: its administrator sets plans.',
  checkoutNotOpen: 'This checkout is no longer open.',
  checkoutNotFound: 'Checkout not found.',
  unknownBillingPrice: 'The subscription names a price that no product of this server has.',
  noBillingCustomer: 'This account has no subscription to manage.',
  webhookSignatureInvalid: 'The webhook signature is not valid.',
  webhookEventMalformed: 'The webhook event lacks fields its type must carry.',
  /** The spec's benefits, shown for a product whose own list is empty (BL-3). */
  defaultBenefits: ['Unlimited groups', 'Priority support', 'Advanced features', 'On Prem Scanning'],

  // Accounts, people and support (server rules the spec leaves open; these texts are ours)
  notFound: 'Not found.',
  ownerCannotBeRemoved: 'The account owner cannot be removed.',
  // Roles (issue 34; docs/roles.md)
  roleInvalid: 'Role must be owner, admin, editor or viewer.',
  roleRequired: (needed: string, held: string) =>
    `This needs the ${needed} role or higher; your role in this account is ${held}.`,
  outsideGroups: (group: string) =>
    `You can edit only inside the groups you are limited to; “${group}” is not one of them.`,
  outsideAllGroups: 'You are limited to chosen groups, so you cannot make changes across the whole account.',
  onlyOwnerSetsRoles: 'Only an owner can change roles.',
  onlyOwnerGivesOwner: 'Only an owner can invite or remove an owner.',
  ownRoleUnchangeable: 'You cannot change your own role; another owner can.',
  accountHolderStaysOwner: 'The account holder always stays an owner.',
  lastOwner: 'An account keeps at least one owner.',
  groupLimitUnknown: 'A group to limit to does not exist in this account.',
  noGroup: '(no group)',
  userLimitReached: (max: number) =>
    `You have reached the maximum number of users (${max}) allowed for your plan.`,
  alreadyMember: 'This user is already a member of the account.',
  alreadyInvited: 'This email address has already been invited.',
  inviteMailLimitRecipient: (max: number) =>
    `This address has already been sent ${max} invitations in the last 24 hours. Try again tomorrow.`,
  inviteMailLimitAccount: (max: number) =>
    `This account has sent ${max} invitations in the last 24 hours. Try again tomorrow.`,
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  foreignOrigin: 'Cross-site requests are not allowed.',
  jsonRequired: 'A request body must be JSON (Content-Type: application/json).',
  messageRequired: 'Message is required.',
  supportTicketsNotInTier: 'Support tickets are available on paid plans.',
  supportMessageLimit: (max: number) =>
    `You can send at most ${max} messages an hour. Please try again later.`,
  // The support pages promise an e-mail answer only when messages are mailed to a person (issue 29).
  supportIntroByEmail: 'Tell us what you need; we answer by e-mail within 24 hours.',
  supportIntroStored: 'Tell us what you need; your message goes to the team that runs this server.',
  supportReceivedByEmail:
    'Thank you! Your support request was received. We answer by e-mail within 24 hours.',
  supportReceivedStored: 'Thank you! Your support request was received.',
  contactByEmail: 'Write to us directly; we answer within 24 hours.',
  contactDirectly: 'Write to us directly.',
  invalidRequest: 'The request is not valid.',
  textHasNul: 'Text must not contain the NUL character.',
  tooManyStreams: 'Too many open live connections. Close some tabs or windows and try again.',
  textNotWellFormed: 'Text must be well-formed Unicode (it contains a lone surrogate character).',
  hostNotAllowed:
    'This server does not answer to that host name. Its operator can add it to PUBLIC_URL or ALLOWED_HOSTS.',

  // Groups, subnets, addresses and approvals (server rules the spec leaves open; these texts are ours)
  groupNotEmpty: (groups: number, subnets: number) =>
    `This group still contains ${counted(groups, 'group')} and ${counted(subnets, 'subnet')}. Move or delete them first.`,
  groupCycle: 'A group cannot be placed inside itself or one of its own subgroups.',
  parentGroupNotFound: 'Parent group not found.',
  groupNotFound: 'Group not found.',
  groupLimitReached: (max: number) =>
    `An account can hold at most ${max} groups. Delete or merge some to create more.`,
  subnetOverlaps: (name: string, cidr: string) => `This subnet overlaps the subnet ${name} (${cidr}).`,
  subnetNetworkFixed: 'The network address and prefix of a subnet cannot be changed.',
  // VRFs and nested prefixes (issue 30; texts are ours)
  vrfNameRequired: 'VRF name is required.',
  vrfNameTaken: (name: string) => `This account already has a VRF named ${name}.`,
  vrfRdInvalid:
    'Route distinguisher must be ASN:number (such as 65000:1) or IPv4:number (such as 192.0.2.1:7).',
  vrfNotFound: 'VRF not found.',
  vrfDefaultFixed: 'The Global VRF cannot be deleted.',
  vrfNotEmpty: (subnets: number) =>
    `This VRF still contains ${counted(subnets, 'subnet')}. Move or delete them first.`,
  vrfLimitReached: (max: number) =>
    `An account can hold at most ${max.toLocaleString('en-US')} VRFs. Delete some to create more.`,
  subnetVrfFixed: 'The VRF and kind of a subnet cannot be changed.',
  subnetKindInvalid: 'Kind must be leaf or container.',
  subnetInsideLeaf: (name: string, cidr: string) =>
    `This subnet lies inside the subnet ${name} (${cidr}), which holds addresses: only a container can hold subnets.`,
  subnetAroundSubnet: (name: string, cidr: string) =>
    `This subnet would contain the subnet ${name} (${cidr}): make it a container to hold other subnets.`,
  subnetSamePrefix: (name: string, cidr: string) =>
    `The subnet ${name} already has the network ${cidr} in this VRF.`,
  containerNotEmpty: (subnets: number) =>
    `This container still holds ${counted(subnets, 'subnet')}. Move or delete them first.`,
  containerHasNoAddresses: (cidr: string) =>
    `${cidr} is a container: it holds subnets, not addresses. Open one of its subnets.`,
  containerNotScanned: 'A container holds no addresses and cannot be scanned.',
  ipAddressRequired: 'Give the address to look up (ip=).',
  invalidIpAddress: 'That is not an IPv4 or IPv6 address.',
  parentNotContainer: 'The parent must be a container subnet of this account.',
  containerFull: (length: number, cidr: string) => `There is no free /${length} left in ${cidr}.`,
  childLengthInvalid: (min: number, max: number) => `Prefix length must be from ${min} to ${max}.`,
  addressOutsideSubnet: (cidr: string) => `This address is not a host address of the subnet ${cidr}.`,
  scanNotEnabled: 'Scanning is off for this subnet: choose approval or auto scanning first.',
  invalidCursor: 'The page cursor is not valid.',
  networkAddressNotHost: (ip: string, cidr: string) =>
    `${ip} is the network address of the subnet ${cidr} and cannot be assigned.`,
  broadcastAddressNotHost: (ip: string, cidr: string) =>
    `${ip} is the broadcast address of the subnet ${cidr} and cannot be assigned.`,
  addressFilterInvalid: 'Filter must be in-use, available or stale.',
  pageLimitInvalid: (max: number) => `Limit must be a whole number from 1 to ${max}.`,
  cursorNotInSubnet: (cidr: string) => `The page cursor must be an address of the subnet ${cidr}.`,
  // The address table: sorting and bulk changes (issue 29; texts ours)
  addressSortInvalid: 'Sort must be address, status, hostname or updated.',
  sortOrderInvalid: 'Order must be asc or desc.',
  addressOrderAscending:
    'Addresses are listed in ascending order only; desc applies to status, hostname and updated.',
  rangesNotSortable: (cidr: string) =>
    `${cidr} is listed as written addresses and free ranges, in address order only: filter or search to narrow it.`,
  bulkActionInvalid: 'Action must be set or clear.',
  bulkAddressesRequired: 'List the addresses to change (ipAddresses).',
  bulkTooManyAddresses: (max: number) =>
    `One bulk change can name at most ${max.toLocaleString('en-US')} addresses: split the list into several calls.`,
  bulkNothingToSet: 'Give at least one field to set: status, description or allowScannerUpdate.',
  bulkAddressRefused: (ip: string, problem: string) => `${ip}: ${problem}`,
  bulkAddressesRefused: (count: number, first: string) =>
    `${counted(count, 'address', 'addresses')} cannot be changed here; the first: ${first}`,
  // Search across the account (issue 17)
  searchTextRequired: 'Enter something to search for.',
  subnetWillBeSavedAs: (cidr: string) => `will be saved as ${cidr}`,

  // Webhooks (issue 32; texts ours)
  webhookUrlInvalid:
    'Enter the full address of the receiver, starting with https:// (no user name or password).',
  webhookHttpsRequired: 'The address must start with https://.',
  webhookPrivateAddress:
    'This address is on a private, loopback or link-local network; webhooks are only sent to public addresses.',
  webhookEventsInvalid: 'Choose events from the list.',
  webhookEventsRequired: 'Choose at least one event.',
  webhookActiveInvalid: 'Active must be on or off.',
  webhookOwnerOnly: 'Only an admin or an owner of the account can manage webhooks.',
  webhookLimitReached: (max: number) => `An account can hold at most ${max} webhooks.`,
  webhookDisabled: (at: string) =>
    `Turned off on ${at}: its deliveries kept failing for 24 hours. Fix the receiver, then turn it on again.`,
  // API tokens and next free (issue 18; texts ours except where the issue names them)
  tokenNameRequired: 'Token name is required.',
  tokenScopeInvalid: 'Scope must be read or write.',
  tokenExpiryInvalid: 'Expiry must be 30, 90 or 365 days, or none.',
  tokenInvalid: 'This API token is not valid: it is unknown, expired or revoked.',
  tokenNotAllowed:
    'API tokens cannot be used here: sign in to manage users, invites, tokens, sessions, scanners and imports.',
  tokenReadOnly: 'This API token is read-only: it can only read (GET).',
  subnetFull: 'This subnet has no free address.',
  nextFreeCountInvalid: (max: number) => `Count must be a whole number from 1 to ${max}.`,
  prefixLengthInvalid: 'Prefix length must be a whole number that fits the IP version.',
  withinInvalid: 'Within must be a network in CIDR notation, such as 10.0.0.0/16.',
  assignedStatusInvalid: 'Status must be In Use or Reserved.',
  subnetNotEnoughFree: (free: string) => `This subnet has only ${free} free address(es).`,
  rangeNotEnoughFree: (free: string) =>
    `The range asked for has only ${free} free address(es); nothing was written.`,
  rangeAddressInvalid: 'From and To must be IP addresses, such as 10.0.0.10.',
  rangeOutsideSubnet: 'From and To must be addresses inside the subnet, with From not after To.',

  // Idempotency keys and the inventory (issue 32; texts are ours)
  inventoryGroupNotFound: (name: string) => `No group is named ${name}.`,
  idempotencyKeyInvalid: 'The Idempotency-Key header must be 1 to 255 characters.',
  idempotencyKeyReused:
    'This Idempotency-Key was already used for a different request in the last 24 hours: use a new key for a new request.',
  idempotencyInProgress:
    'A request with this Idempotency-Key is still running on another server: retry in a moment to get its answer.',
  idempotencyAnswerLost:
    'The request with this Idempotency-Key was carried out, but its server stopped before it could answer; it is not carried out again. Look up what it wrote.',
  tokenLimitReached: (max: number) =>
    `An account can hold at most ${max} API tokens. Revoke tokens no longer used to create more.`,
  groupHasNoSubnets: 'This group has no subnet of that IP version: give the range to search in within.',

  // Import and export (issue 18; texts are ours)
  exportAllTooLarge: (cidr: string) =>
    `Every address can be exported only for subnets of up to 65,536 addresses (a /16); ${cidr} is larger. Export the written addresses instead.`,
  importTypeUnsupported: 'Send the file as text/csv or as an .xlsx workbook.',
  importTooLarge: (megabytes: number) => `The file is larger than ${megabytes} MB.`,
  importTooManyRows: (max: number) => `A file can hold at most ${max.toLocaleString('en-US')} rows.`,
  importUnreadable: 'The file could not be read as CSV or as an .xlsx workbook.',
  // Limits of one .xlsx import (issue 36: decompression and shared-strings bombs)
  importUnpacksTooLarge: (ratio: number, megabytes: number) =>
    `The workbook unpacks to more than ${ratio} times its size or more than ${megabytes} MB.`,
  importTooManyParts: (max: number) =>
    `The workbook holds more than ${max.toLocaleString('en-US')} files inside it.`,
  importTooManySharedStrings: (max: number) =>
    `The workbook's shared strings table holds more than ${max.toLocaleString('en-US')} strings.`,
  importSharedStringsTooLarge: (megabytes: number) =>
    `The workbook's shared strings table holds more than ${megabytes} MB of text.`,
  importCellsTooLarge: (megabytes: number) => `The cells of the file hold more than ${megabytes} MB of text.`,
  importTooManyElements: (max: number) =>
    `The workbook's parts hold more than ${max.toLocaleString('en-US')} XML elements.`,
  importSheetTooManyRows: (max: number) =>
    `The worksheet holds more than ${max.toLocaleString('en-US')} rows, empty ones included.`,
  importPieceTooLarge: (megabytes: number) =>
    `The workbook has a cell, a tag or a text longer than ${megabytes} MB.`,
  importNoHeader: 'The file is empty: its first row must name the columns.',
  importColumnUnknown: (column: string, columns: string) =>
    `Unknown column "${column}": the columns are ${columns}.`,
  importColumnRepeated: (column: string) => `The column ${column} appears twice in the header.`,
  importColumnMissing: (column: string) => `The required column ${column} is missing from the header.`,
  importDuplicateRow: (row: number) => `The same address is already on row ${row} of the file.`,
  importSubnetOverlapsRow: (row: number) => `This subnet overlaps the subnet on row ${row} of the file.`,
  importHasErrors: 'Nothing was imported: correct the rows with errors and try again.',
  importDateInvalid: 'updatedDate must be a date and time in ISO 8601 form, or empty.',
  tableFormatInvalid: 'Format must be csv or xlsx.',

  // IPv6 at every size (issue 30; texts ours)
  ipv6LeafTooLarge: (min: number) =>
    `An IPv6 subnet that holds addresses can be at most a /${min}: choose a prefix length from ${min} to 128.`,
  prefixRangeInvalid:
    'must be two prefix lengths from 0 to 128 joined by a dash, the shorter first, such as 32-128',
  subnetRouterAnycast: 'Subnet-router anycast',
  jumpAddressInvalid: (cidr: string) => `Enter an address of ${cidr}.`,

  // Import from phpIPAM and NetBox (issue 31; texts ours). `source` names the source without its token.
  sourceUnreachable: (source: string, reason: string) => `Could not reach ${source}: ${reason}.`,
  sourceTimedOut: (source: string, seconds: number) => `${source} did not answer within ${seconds} seconds.`,
  sourceRefusedToken: (source: string, status: number) =>
    `${source} refused the token (HTTP ${status}): check the token${source.startsWith('phpIPAM') ? ' and the app id' : ''}.`,
  sourceAnswered: (source: string, status: number, message: string) =>
    `${source} answered HTTP ${status}${message ? `: ${message}` : ''}.`,
  sourceNotJson: (source: string, path: string) =>
    `${source} did not answer ${path} with JSON: is this the URL of its REST API?`,
  sourceAnswerTooLarge: (source: string, megabytes: number) =>
    `${source} sent an answer larger than ${megabytes} MB.`,
  sourceTooManySubnets: (max: number) =>
    `An import can hold at most ${max.toLocaleString('en-US')} subnets; split the source or ask for a larger import.`,
  sourceTooManyAddresses: (max: number) =>
    `An import can hold at most ${max.toLocaleString('en-US')} addresses; split the source or ask for a larger import.`,
  sourceUrlInvalid: 'Enter the http:// or https:// URL of the source.',
  sourceTokenMalformed:
    'The token holds spaces, line breaks or other characters no API token has: copy it again.',
  phpipamAppUnknown: (source: string, appId: string) =>
    `${source} has no API app "${appId}": check the app id under Administration › API in phpIPAM.`,
  phpipamUrlNamesOtherApp: (appInUrl: string, appId: string) =>
    `The URL ends in the API app "${appInUrl}" but the app id is "${appId}": enter phpIPAM's URL without /api/…, or the same app id.`,
  phpipamNotApi: (source: string, route: string) =>
    `${source} answered ${route} with JSON that is not a phpIPAM API answer: is this the URL of phpIPAM?`,
  sourceTokenNotPermitted: (source: string, what: string) =>
    `${source} does not let this token read ${what} (HTTP 403): give the token's user permission to view them.`,
  sourceNotList: (source: string, path: string) =>
    `${source} did not answer ${path} with a NetBox list: is this the URL of NetBox?`,
  sourceObjectUnreadable: (source: string, object: string, problem: string) =>
    `${source} sent ${object} in a form this import cannot read (${problem}).`,
  sourceForeignLink: (source: string, link: string) =>
    `${source} sent a link to its next page at ${link}, not at the address entered: enter the address NetBox names itself, or set its ALLOWED_HOSTS and the proxy's Host and X-Forwarded-Proto headers.`,
  sourcePagingLoop: (source: string, path: string) =>
    `${source} sent a link to a page of ${path} it had already sent: its paging is broken.`,
  importRunning: 'An import into this account is already running: wait for it to finish.',
  // DNS sync (issue 32; texts ours)
  dnsOwnerOnly: 'Only an admin or an owner of the account can manage DNS providers and DNS settings.',
  dnsProviderNameRequired: 'Name is required.',
  dnsProviderNameInUse: 'A DNS provider with this name already exists.',
  dnsProviderInUse: 'This DNS provider is used by DNS settings; remove them first.',
  dnsProviderLimit: 'This account has reached its limit of DNS providers.',
  dnsEndpointInvalid:
    'Enter the PowerDNS API URL (http:// or https://) or the DNS server as host or host:port.',
  dnsTsigKeyRequired: 'An RFC 2136 server needs the TSIG key name.',
  dnsSecretRequired: 'Enter the API key or the TSIG secret.',
  dnsTsigSecretInvalid: 'The TSIG secret is base64 text, as tsig-keygen prints it.',
  dnsZoneInvalid: 'Enter a zone name such as example.com.',
  dnsProviderUnreachable: (detail: string) => `The DNS server could not be reached or refused: ${detail}`,
  dnsNotConfigured: 'This subnet has no DNS settings (nor does any of its groups).',
  importOwnerOnly: 'Only an admin or an owner of the account can import from phpIPAM or NetBox.',
  importFailed: 'The import stopped on an internal error; what it wrote stays. Run it again to finish it.',
  sourceCidrInvalid: (text: string) => `"${text}" is not a network in CIDR form.`,
  sourceAddressInvalid: (text: string) => `"${text}" is not an IP address.`,
  sourceVrfSkipped: (name: string) => `Its VRF ${name} is not imported.`,
  sourceSubnetSkipped: (cidr: string) => `Its subnet ${cidr} is not imported.`,
  sourceOutsideSubnets: 'It lies outside every subnet of the source in its VRF.',
  sourceInContainer: (cidr: string) =>
    `It lies in ${cidr}, which holds subnets: here only a subnet without subnets inside holds addresses.`,
  sourceDuplicateSubnet: (other: string) => `It is the same network, in the same VRF, as ${other}.`,
  sourceDuplicateAddress: (other: string) => `It is the same address, in the same VRF, as ${other}.`,
  sourceKindDiffers: (cidr: string, isContainer: boolean) =>
    isContainer
      ? `${cidr} is here already as a subnet that holds addresses, but in the source it holds subnets.`
      : `${cidr} is here already as a container of subnets, but in the source it holds addresses.`,
  sourceRdDropped: (rd: string) => `Its route distinguisher "${rd}" is not valid here and was left out.`,
  sourceChanged: (fields: string) => `Changes: ${fields}.`,
  // Two-factor sign-in (issue 34).
  codeInvalid: 'That code is not right. Enter the code your app shows now, or a recovery code.',
  codeRequired: 'Enter the 6-digit code from your app or a recovery code.',
  loginExpired: 'The sign-in took too long. Enter your e-mail and password again.',
  secondFactorRequired:
    'This account requires two-factor sign-in. Set it up in Settings ▸ Security to continue.',
  secondFactorOn: 'Two-factor sign-in is already on.',
  secondFactorOff: 'Two-factor sign-in is not on.',
  secondFactorSetupMissing: 'Start the set-up again: no set-up is waiting for a code.',
  secondFactorFirst: 'Turn on two-factor sign-in for yourself first.',
  secondFactorOwnerOnly: 'Only the account owner can require two-factor sign-in.',
  disableProofRequired: 'Enter your password or a current code.',
  // Passkeys (WebAuthn).
  passkeyNameRequired: 'Give the passkey a name.',
  passkeyInvalid: 'That passkey could not be verified. Try again, or sign in another way.',
  passkeyExpired: 'The passkey prompt took too long or was answered already. Try again.',
  passkeyUnavailable:
    'Passkeys need this server opened by its name over HTTPS (or on localhost), not by an IP address. The operator sets PUBLIC_URL.',
  passkeyExists: 'This passkey is added already.',
  passkeyNone: 'You have no passkey. Enter the code from your app instead.',
  // Single sign-on (issue 34; texts ours). `provider` is the name on the button ("Sign in with …").
  ssoNoRole: (provider: string) =>
    `Your groups at ${provider} give you no role in this account. Ask its owner to add you to a group that has one.`,
  ssoEmailTaken: (provider: string) =>
    `Your e-mail address already has a sign-in here. Sign in with your password, then link ${provider} in Settings ▸ Security.`,
  ssoEmailMissing: (provider: string) =>
    `${provider} did not send your e-mail address. Ask its administrator to release the "email" claim.`,
  ssoIdentityTaken: (provider: string) => `This ${provider} sign-in is linked to another user already.`,
  ssoExpired: 'The sign-in took too long or was started in another browser. Start it again.',
  ssoFailed: (provider: string) =>
    `Sign-in with ${provider} failed. Start it again; if it fails again, ask your administrator.`,
  ssoUnavailable: (provider: string) =>
    `${provider} cannot be reached or is not set up right. Try again later, or ask your administrator.`,
  ssoUnknown: 'This single sign-on link is not known. Ask your administrator for the right one.',
  ssoLinked: (provider: string) => `${provider} is linked to your sign-in.`,
  ssoUserLimit: 'The account has no room for another user. Ask its owner to make room.',
  passwordSignInOff: (accountName: string, provider: string, loginPath: string) =>
    `${accountName} signs its members in with single sign-on: use "Sign in with ${provider}" on the login page ${loginPath}.`,
  ssoOwnerOnly: 'Only an owner of the account can set up single sign-on.',
  ssoFirst: 'Set up single sign-on first: the members need another way to sign in.',
  ssoSlugTaken: 'Another account uses this sign-in name already. Choose another.',
  ssoSlugInvalid: 'Use 2 to 40 lower-case letters, digits and dashes, starting with a letter or digit.',
  ssoIssuerInvalid: 'Enter the issuer URL: https://…, or http:// on this machine only.',
  ssoSecretRequired: 'Enter the client secret the provider gave you.',
  ssoGroupRequired: 'Enter the group name.',
  ssoDisplayNameRequired: 'Enter the name to show on the sign-in button.',
  ssoClientIdRequired: 'Enter the client ID the provider gave you.',
  ssoIssuerPrivate:
    "This server reaches only public addresses for an account's provider. Its operator can allow private ones (SSO_ALLOW_PRIVATE_ISSUERS).",
  // Discovery alerts (issue 33).
  alertDigestNoMail: 'This server does not send e-mail, so it cannot send you a digest.',
  // Operations (issue 35): the health check and the metrics endpoint.
  databaseUnavailable: 'The database does not answer.',
  metricsTokenRequired: 'The metrics need the bearer token the operator set (METRICS_TOKEN).',
} as const;
