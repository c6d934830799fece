import { z } from 'zod';

/** The IPAMs an import reads from. */
export const SOURCE_KINDS = ['phpipam', 'netbox'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

/** What NetBox objects become groups: tenants, sites, or none (every prefix in one group). */
export const NETBOX_GROUP_BY = ['tenant', 'site', 'none'] as const;
export type NetboxGroupBy = (typeof NETBOX_GROUP_BY)[number];

/** The kinds of object an import writes, in the order it writes them. */
export const IMPORT_OBJECT_KINDS = ['vrf', 'group', 'subnet', 'address'] as const;
export type ImportObjectKind = (typeof IMPORT_OBJECT_KINDS)[number];

/** What an import does (a preview: would do) with one object of the source. */
export const SOURCE_OUTCOMES = ['imported', 'updated', 'unchanged', 'skipped'] as const;
export type SourceOutcome = (typeof SOURCE_OUTCOMES)[number];

/** At most this many objects an import holds (beyond: a clear refusal before anything is written). */
export const MAX_IMPORT_SUBNETS = 100_000;
export const MAX_IMPORT_ADDRESSES = 1_000_000;
/** A report lists at most this many objects one by one (the counts always cover every object). */
export const MAX_REPORT_ITEMS = 20_000;

const url = z
  .string({ error: 'Enter the http:// or https:// URL of the source.' })
  .trim()
  .min(1, 'Enter the http:// or https:// URL of the source.')
  .max(2000, 'The URL is too long.')
  .refine((text) => /^https?:\/\/[^\s]+$/i.test(text), 'Enter the http:// or https:// URL of the source.');
const token = z
  .string({ error: 'Enter the API token.' })
  .trim()
  .min(1, 'Enter the API token.')
  .max(1000, 'The token is too long.');

/** `POST /api/accounts/:a/imports`: where to read from, and whether to only preview. */
export const sourceImportRequestSchema = z.discriminatedUnion(
  'source',
  [
    z.strictObject({
      source: z.literal('phpipam'),
      url,
      appId: z
        .string({ error: 'Enter the API app id.' })
        .trim()
        .min(1, 'Enter the API app id.')
        .max(100, 'The app id is too long.')
        .regex(/^[A-Za-z0-9_.-]+$/, 'The app id holds only letters, digits, _ . and -.'),
      token,
      dryRun: z.boolean().default(true),
    }),
    z.strictObject({
      source: z.literal('netbox'),
      url,
      token,
      groupBy: z.enum(NETBOX_GROUP_BY).default('tenant'),
      dryRun: z.boolean().default(true),
    }),
  ],
  { error: 'Choose phpIPAM or NetBox as the source.' },
);
export type SourceImportRequest = z.infer<typeof sourceImportRequestSchema>;

const outcomeCounts = z.object({
  imported: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  skipped: z.number().int(),
});

/** One object of the source and what the import did (would do) with it. */
export const sourceImportItem = z.object({
  kind: z.enum(IMPORT_OBJECT_KINDS),
  source: z.string().describe('where it is in the source, e.g. "phpIPAM subnet 9"'),
  object: z.string().describe('what it is here, e.g. "10.1.10.0/24 (CUST-A)"'),
  outcome: z.enum(SOURCE_OUTCOMES),
  reason: z.string().optional().describe('why it is skipped, or what changes'),
});
export type SourceImportItem = z.infer<typeof sourceImportItem>;

/** The preview or the reconciliation report of an import. */
export const sourceImportReport = z.object({
  source: z.string().describe('the source, without its token'),
  dryRun: z.boolean(),
  startedAt: z.string(),
  finishedAt: z.string(),
  counts: z.object({
    vrf: outcomeCounts,
    group: outcomeCounts,
    subnet: outcomeCounts,
    address: outcomeCounts,
  }),
  items: z.array(sourceImportItem).describe('every object not unchanged, up to MAX_REPORT_ITEMS'),
  itemsLeftOut: z.number().int().describe('objects not listed in items because of the cap'),
});
export type SourceImportReport = z.infer<typeof sourceImportReport>;

export const IMPORT_PHASES = ['reading', 'vrfs', 'groups', 'subnets', 'addresses', 'done'] as const;
export type ImportPhase = (typeof IMPORT_PHASES)[number];
export const IMPORT_JOB_STATUSES = ['running', 'done', 'failed', 'interrupted'] as const;
export type ImportJobStatus = (typeof IMPORT_JOB_STATUSES)[number];

/** An import run from the web: its progress while it runs, then its report or its error. */
export const sourceImportJob = z.object({
  id: z.string(),
  source: z.string(),
  dryRun: z.boolean(),
  status: z.enum(IMPORT_JOB_STATUSES),
  phase: z.enum(IMPORT_PHASES),
  done: z.number().int().describe('objects of the phase handled so far'),
  total: z.number().int().nullable().describe('objects of the phase, when known'),
  error: z.string().nullable(),
  report: sourceImportReport.nullable(),
  startedAt: z.string(),
  updatedAt: z.string(),
});
export type SourceImportJob = z.infer<typeof sourceImportJob>;
