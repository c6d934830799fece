import ExcelJS from 'exceljs';
import type { PlanSubnet } from '@ipam/core/api/plan';
import { messages } from '@ipam/core/messages';
import {
  exactCount,
  planExportColumns,
  planExportCsv,
  planExportFileName,
  planExportJson,
  planExportRows,
} from '@ipam/core/plan-export';
import { validatePlan } from '@ipam/core/plan-validation';
import type { PlanExportOptions } from '@ipam/core/schemas/plan-schemas';
import type { Db } from '../db/database.js';
import { DomainError } from '../errors/domain-error.js';
import { findPlan, type PlanRecord } from './plan-repository.js';
import { listPlanSubnets } from './plan-subnet-repository.js';
import { planSubnetViews } from './plan-view.js';

/** An export file: its name, media type and bytes. */
export interface PlanExportFile {
  fileName: string;
  contentType: string;
  body: string | Buffer;
}

const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/**
 * PL-17, PL-88 … PL-92: a plan as a CSV, JSON or XLSX file, rows in tree order. CSV and XLSX need
 * rows (409 otherwise, PL-106); JSON of an empty plan is still a valid document.
 */
export async function exportPlan(
  db: Db,
  accountId: string,
  planId: string,
  options: PlanExportOptions,
): Promise<PlanExportFile> {
  const plan = await findPlan(db, accountId, planId);
  if (!plan) throw new DomainError('not_found', messages.notFound);
  const records = await listPlanSubnets(db, plan.id);
  if (records.length === 0 && options.format !== 'json') {
    throw new DomainError('nothing_to_export', messages.noSubnetsToExport);
  }
  const subnets = planSubnetViews(records);
  const now = new Date();
  const fileName = planExportFileName(plan.name, options.format);
  const contentType = CONTENT_TYPES[options.format];
  if (options.format === 'csv') return { fileName, contentType, body: planExportCsv(subnets, options) };
  if (options.format === 'json') {
    // The validation exported is today's, not the last stored one (which may be stale or missing).
    const validation = options.validation ? validatePlan(records, now) : null;
    return { fileName, contentType, body: planExportJson(plan, subnets, options, now, validation) };
  }
  return { fileName, contentType, body: await planWorkbook(plan, subnets, options, now) };
}

/** A cell for the sheet: decimal counts become numbers while they stay exact (IPv6 ones stay text). */
function sheetValue(column: string, value: string | number | undefined): string | number | null {
  if (value === undefined) return null;
  return column === 'usableHosts' && typeof value === 'string' ? exactCount(value) : value;
}

/** PL-91: sheet 'Subnets' (bold frozen header, auto-filter, numbers as numbers) and sheet 'Plan'. */
async function planWorkbook(
  plan: PlanRecord,
  subnets: readonly PlanSubnet[],
  options: PlanExportOptions,
  now: Date,
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.created = now;
  const sheet = workbook.addWorksheet('Subnets', { views: [{ state: 'frozen', ySplit: 1 }] });
  const columns = planExportColumns(subnets, options);
  sheet.columns = columns.map((column) => ({
    header: column,
    key: column,
    width: Math.max(12, column.length + 2),
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of planExportRows(subnets, options)) {
    sheet.addRow(columns.map((column) => sheetValue(column, row[column])));
  }
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };

  const about = workbook.addWorksheet('Plan');
  about.columns = [
    { header: 'Field', key: 'field', width: 16 },
    { header: 'Value', key: 'value', width: 60 },
  ];
  about.getRow(1).font = { bold: true };
  about.addRow(['name', plan.name]);
  about.addRow(['description', plan.description]);
  about.addRow(['exportDate', now.toISOString()]);
  about.addRow(['subnetCount', subnets.length]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
