import { z } from 'zod';

/** What an import does with one row of the file. */
export const IMPORT_OUTCOMES = ['create', 'update', 'unchanged', 'error'] as const;
export type ImportOutcome = (typeof IMPORT_OUTCOMES)[number];

/** One row of the file and what the import does (or would do) with it. */
export const importRowReport = z.object({
  row: z.number().int().describe('the row in the file; the header is row 1'),
  key: z.string().describe('the address, or the subnet as network/prefix, as written in the file'),
  outcome: z.enum(IMPORT_OUTCOMES),
  reason: z.string().optional().describe('why the row cannot be imported (outcome error)'),
});
export type ImportRowReport = z.infer<typeof importRowReport>;

/** The answer of an import: the rows' outcomes, their totals, and whether anything was written. */
export const importReportResponse = z.object({
  dryRun: z.boolean(),
  applied: z
    .boolean()
    .describe('true when the rows were written (never for a dry run or a file with errors)'),
  counts: z.object({
    create: z.number().int(),
    update: z.number().int(),
    unchanged: z.number().int(),
    error: z.number().int(),
  }),
  rows: z.array(importRowReport),
  error: z.string().optional().describe('why nothing was written, when the file has errors'),
  code: z.string().optional(),
});
export type ImportReport = z.infer<typeof importReportResponse>;
