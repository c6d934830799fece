import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { messages } from '@ipam/core/messages';
import { DomainError, type ErrorCode } from '../errors/domain-error.js';

/** The one table from error code to HTTP status. */
export const statusOfCode: Record<ErrorCode, number> = {
  validation_failed: 400,
  login_failed: 401,
  wrong_password: 400,
  reset_link_invalid: 400,
  invite_link_invalid: 404,
  not_signed_in: 401,
  owner_not_removable: 403,
  user_limit_reached: 403,
  foreign_origin: 403,
  host_not_allowed: 421,
  not_found: 404,
  email_in_use: 409,
  signup_invite_only: 403,
  already_member: 409,
  already_invited: 409,
  payload_too_large: 413,
  json_required: 415,
  rate_limited: 429,
  group_not_empty: 409,
  group_cycle: 400,
  group_limit_reached: 403,
  subnet_limit_reached: 403,
  ipv6_not_in_tier: 403,
  prefix_not_in_tier: 403,
  ipv6_leaf_too_large: 400,
  subnet_overlap: 409,
  address_outside_subnet: 400,
  scan_not_enabled: 409,
  mail_not_configured: 409,
  calculation_limit_reached: 403,
  scanners_not_in_tier: 403,
  support_not_in_tier: 403,
  scanner_key_invalid: 401,
  scanning_blocked: 409,
  no_scanner_covers: 409,
  price_required: 400,
  price_not_found: 404,
  owner_only: 403,
  role_required: 403,
  outside_groups: 403,
  role_change_refused: 403,
  webhook_limit_reached: 403,
  already_on_tier: 409,
  checkout_failed: 502,
  billing_disabled: 403,
  checkout_not_open: 409,
  unknown_price: 422,
  signature_invalid: 400,
  event_malformed: 400,
  no_billing_customer: 409,
  plan_limit_reached: 403,
  plan_subnet_limit_reached: 403,
  version_conflict: 409,
  plan_subnet_has_children: 409,
  already_subdivided: 409,
  split_too_many: 403,
  nothing_to_export: 409,
  apply_blocked: 409,
  import_type_unsupported: 415,
  import_unreadable: 400,
  import_has_errors: 422,
  export_too_large: 400,
  internal: 500,
  token_invalid: 401,
  token_not_allowed: 403,
  token_read_only: 403,
  subnet_full: 409,
  token_limit_reached: 403,
  code_invalid: 400,
  login_expired: 401,
  second_factor_required: 403,
  second_factor_on: 409,
  second_factor_off: 409,
  second_factor_first: 409,
  passkey_invalid: 400,
  passkey_expired: 400,
  passkey_unavailable: 409,
  passkey_exists: 409,
  passkey_none: 409,
  sso_no_role: 403,
  sso_email_taken: 409,
  sso_email_missing: 400,
  sso_identity_taken: 409,
  sso_expired: 401,
  sso_failed: 401,
  sso_unavailable: 502,
  sso_unknown: 404,
  sso_slug_taken: 409,
  sso_first: 409,
  password_sign_in_off: 403,
  vrf_name_taken: 409,
  vrf_limit_reached: 403,
  vrf_default: 409,
  vrf_not_empty: 409,
  container_not_empty: 409,
  container_no_addresses: 409,
  container_full: 409,
  source_unreachable: 502,
  source_refused: 502,
  source_unreadable: 502,
  source_too_large: 413,
  import_running: 409,
  dns_provider_name_taken: 409,
  dns_provider_in_use: 409,
  dns_provider_limit_reached: 403,
  dns_provider_failed: 502,
  dns_not_configured: 409,
  idempotency_key_invalid: 400,
  idempotency_key_reused: 422,
  idempotency_in_progress: 409,
  idempotency_answer_lost: 409,
  range_invalid: 400,
};

/** The API's error body. */
export interface ErrorBody {
  error: string;
  code: ErrorCode;
  fields?: Record<string, string>;
}

/** Translates any thrown error into a status and the API's error body. */
export function toErrorBody(error: FastifyError | Error): ErrorBody {
  if (error instanceof DomainError) {
    return { error: error.message, code: error.code, ...(error.fields ? { fields: error.fields } : {}) };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: Record<string, string> = {};
    for (const issue of error.validation) {
      const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
      if (field && !(field in fields)) fields[field] = issue.message ?? messages.invalidRequest;
    }
    const first = error.validation[0]?.message ?? messages.invalidRequest;
    return { error: first, code: 'validation_failed', fields };
  }
  const statusCode = 'statusCode' in error ? error.statusCode : undefined;
  if (statusCode === 413) return { error: messages.invalidRequest, code: 'payload_too_large' };
  if (statusCode === 415) return { error: messages.jsonRequired, code: 'json_required' };
  if (statusCode === 429) return { error: messages.tooManyAttempts, code: 'rate_limited' };
  if (statusCode !== undefined && statusCode >= 400 && statusCode < 500) {
    // Malformed JSON, empty JSON body and the like.
    return { error: messages.invalidRequest, code: 'validation_failed' };
  }
  return { error: messages.unknownError, code: 'internal' };
}

/** Installs the error handler: every error leaves as `{error, code, fields?}` with its status. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const body = toErrorBody(error);
    const status = statusOfCode[body.code];
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    return reply.status(status).send(body);
  });
}
