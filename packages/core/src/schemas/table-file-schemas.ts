import { z } from 'zod';
import { messages } from '../messages.js';
import { TABLE_FORMATS } from '../table-files.js';

const yesNoMessage = (name: string) => messages.mustBeTrueOrFalse(name);

function queryFlag(name: string, fallback: 'true' | 'false') {
  return z
    .enum(['true', 'false'], { error: yesNoMessage(name) })
    .default(fallback)
    .transform((value) => value === 'true');
}

const format = z.enum(TABLE_FORMATS, { error: messages.tableFormatInvalid }).default('csv');

/** `GET …/subnets/:id/addresses/export`: the format, and every address (all=true) or the written ones. */
export const addressExportQuery = z.strictObject({
  format,
  all: queryFlag('all', 'false').describe(
    'true: every address of the subnet, never-written ones as Available (subnets up to a /16); false: written addresses',
  ),
});
export type AddressExportQuery = z.infer<typeof addressExportQuery>;

/** `GET …/subnets/export`: the account's subnets as CSV or XLSX. */
export const subnetExportQuery = z.strictObject({ format });
export type SubnetExportQuery = z.infer<typeof subnetExportQuery>;

/** `POST …/import?dryRun=`: a dry run (the default) reports what would happen and writes nothing. */
export const importQuery = z.strictObject({
  dryRun: queryFlag('dryRun', 'true').describe('true (default): report only; false: apply, all or nothing'),
});
export type ImportQuery = z.infer<typeof importQuery>;
