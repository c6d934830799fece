/**
 * Every user-facing message of the specification, word for word, in one place: the server sends them
 * in error bodies and the web app shows them. Functions fill the spec's placeholders.
 */
export const messages = {
  // Registration and login (core spec §5, §8)
  passwordTooShort: 'Password must be at least 8 characters long.',
  passwordsDoNotMatch: 'Passwords do not match.',
  emailInUse: 'Email already in use.',
  invalidEmail: 'Invalid email address.',
  weakPassword: 'Password is too weak.',
  unknownError: 'An unknown error occurred.',
  loginFailed: 'Login failed.',
  emailRequired: 'Email is required.',
  passwordRequired: 'Password is required.',
  registrationNote: 'Please use a valid email address for registration.',

  // Address checks (core spec §5)
  invalidIPv4: 'Invalid IPv4 address',
  invalidCidrBits: 'Invalid CIDR bits',
  ipv4CidrRange: 'IPv4 CIDR must be between 0 and 32',
  invalidIPv6: 'Invalid IPv6 address',
  invalidPrefixLength: 'Invalid prefix length',
  ipv6CidrRange: 'IPv6 CIDR must be between 0 and 128',
  ipv6NotInTier: 'IPv6 subnets are not available for your tier.',

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

  // Billing (tools spec §5, §8)
  notAuthenticated: 'User is not authenticated.',
  selectPlanAndFrequency: 'Please select a plan and billing frequency.',
  noPriceFound: 'No price found for this plan and frequency.',
  checkoutFailed: 'There was an error processing your request. Please try again.',
} as const;
