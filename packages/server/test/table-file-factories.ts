import ExcelJS from 'exceljs';
import type { TestApp } from './factories.js';
import type { TierOnePerson } from './ipam-factories.js';

/** An answer of the import and export routes: status, headers, the raw bytes and JSON when it is JSON. */
export interface FileAnswer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  bytes: Buffer;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON from the server, checked by each test
  body: any;
}

/** A request to the person's account (or another) with a raw body of the given media type. */
export async function sendAs(
  t: TestApp,
  who: TierOnePerson,
  method: 'GET' | 'POST',
  path: string,
  upload?: { body: string | Buffer; type: string },
  accountId = who.accountId,
): Promise<FileAnswer> {
  const response = await t.app.inject({
    method,
    url: `/api/accounts/${accountId}${path}`,
    headers: { cookie: who.cookie, ...(upload ? { 'content-type': upload.type } : {}) },
    ...(upload ? { payload: upload.body } : {}),
  });
  const isJson = String(response.headers['content-type'] ?? '').includes('application/json');
  return {
    status: response.statusCode,
    headers: response.headers,
    bytes: response.rawPayload,
    body: isJson ? response.json() : undefined,
  };
}

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A workbook of one sheet with these rows (the first is the header). */
export async function workbookOf(rows: readonly (readonly (string | number | boolean)[])[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  for (const row of rows) sheet.addRow([...row]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The rows of a workbook's first sheet as cell values. */
export async function rowsOfWorkbook(bytes: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const rows: unknown[][] = [];
  sheet?.eachRow((row) => rows.push(Array.isArray(row.values) ? row.values.slice(1) : []));
  return rows;
}
