/** Stable error codes the API sends in `code`; the HTTP layer maps each to a status in one table. */
export type ErrorCode =
  | 'validation_failed'
  | 'email_in_use'
  | 'login_failed'
  | 'wrong_password'
  | 'reset_link_invalid'
  | 'invite_link_invalid'
  | 'not_signed_in'
  | 'not_found'
  | 'owner_not_removable'
  | 'user_limit_reached'
  | 'already_member'
  | 'already_invited'
  | 'foreign_origin'
  | 'host_not_allowed'
  | 'json_required'
  | 'payload_too_large'
  | 'rate_limited'
  | 'group_not_empty'
  | 'group_cycle'
  | 'group_limit_reached'
  | 'subnet_limit_reached'
  | 'ipv6_not_in_tier'
  | 'prefix_not_in_tier'
  | 'ipv6_leaf_too_large'
  | 'subnet_overlap'
  | 'address_outside_subnet'
  | 'scan_not_enabled'
  | 'calculation_limit_reached'
  | 'scanners_not_in_tier'
  | 'support_not_in_tier'
  | 'scanner_key_invalid'
  | 'scanning_blocked'
  | 'price_required'
  | 'price_not_found'
  | 'owner_only'
  | 'already_on_tier'
  | 'checkout_failed'
  | 'billing_disabled'
  | 'checkout_not_open'
  | 'unknown_price'
  | 'signature_invalid'
  | 'event_malformed'
  | 'no_billing_customer'
  | 'plan_limit_reached'
  | 'plan_subnet_limit_reached'
  | 'version_conflict'
  | 'plan_subnet_has_children'
  | 'already_subdivided'
  | 'split_too_many'
  | 'nothing_to_export'
  | 'apply_blocked'
  | 'token_invalid'
  | 'token_not_allowed'
  | 'token_read_only'
  | 'subnet_full'
  | 'token_limit_reached'
  | 'import_type_unsupported'
  | 'import_unreadable'
  | 'import_has_errors'
  | 'export_too_large'
  | 'internal';

/** A rule broken by the caller: a stable code, the spec's message and optional per-field messages. */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}
