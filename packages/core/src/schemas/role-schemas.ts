import { z } from 'zod';
import { ROLES } from '../roles.js';
import { messages } from '../messages.js';

/** A role as the API takes it. */
export const roleSchema = z.enum(ROLES, { error: messages.roleInvalid });

/** Most groups an editor may be limited to. */
export const maxGroupLimits = 500;

/**
 * `PATCH /api/accounts/:accountId/users/:userId`: the member's role and, for an editor, the groups
 * they are limited to (absent or empty: every group; ignored for other roles, which hold no limits).
 */
export const memberRoleSchema = z
  .object({
    role: roleSchema,
    groupIds: z.array(z.string().trim().min(1).max(100)).max(maxGroupLimits).optional(),
  })
  .strict();
export type MemberRoleInput = z.infer<typeof memberRoleSchema>;
