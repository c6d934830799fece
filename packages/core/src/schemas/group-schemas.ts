import { z } from 'zod';
import { messages } from '../messages.js';
import {
  MAX_DESCRIPTION_LENGTH,
  MAX_ID_LENGTH,
  MAX_NAME_LENGTH,
  optionalText,
  requiredText,
} from './common-fields.js';

const name = requiredText(messages.groupNameRequired, 'Group name', MAX_NAME_LENGTH);
const description = optionalText('Description', MAX_DESCRIPTION_LENGTH);
/** The parent group's id; an empty string or null both mean top level, given as null. */
const parentId = z
  .string({ error: messages.mustBeText('Parent group') })
  .trim()
  .max(MAX_ID_LENGTH, messages.tooLong('Parent group', MAX_ID_LENGTH))
  .nullable()
  .transform((id) => (id === '' ? null : id));

/** `POST /api/accounts/:a/groups`: a name, an optional description and parent. */
/**
 * Most groups one account may hold: the group list is answered whole (the tree needs every group), so
 * its size must stay bounded (issue 19: 3,000 groups made a 2.3 MB answer).
 */
export const MAX_GROUPS_PER_ACCOUNT = 1000;

export const groupCreateSchema = z.strictObject({
  name,
  description: description.default(''),
  parentId: parentId.default(null),
});
export type GroupCreateInput = z.infer<typeof groupCreateSchema>;

/** `PATCH /api/accounts/:a/groups/:id`: any of the same fields; absent ones stay as they are. */
export const groupUpdateSchema = z.strictObject({
  name: name.optional(),
  description: description.optional(),
  parentId: parentId.optional(),
});
export type GroupUpdateInput = z.infer<typeof groupUpdateSchema>;
