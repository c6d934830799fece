import { z } from 'zod';
import { messages } from '../messages.js';
import { MAX_SEARCH_LENGTH } from './common-fields.js';

/** `GET /api/accounts/:a/search?q=`: the text looked for, trimmed (spaces around it are a typing accident). */
export const searchQuerySchema = z.strictObject({
  q: z
    .string({ error: messages.searchTextRequired })
    .trim()
    .min(1, messages.searchTextRequired)
    .max(MAX_SEARCH_LENGTH, messages.tooLong('Search', MAX_SEARCH_LENGTH))
    .describe('case-insensitive text in an address, hostname, description, subnet name or network'),
  vrfId: z
    .string()
    .trim()
    .max(100, messages.vrfNotFound)
    .optional()
    .describe('only subnets of this VRF; empty or absent: every VRF'),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;
