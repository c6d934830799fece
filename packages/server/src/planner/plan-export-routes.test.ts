import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import { describeOn, DIALECTS } from '../../test/dialects.js';
import { useTestApp } from '../../test/factories.js';
import { accountSession, type AccountSession } from '../../test/ipam-factories.js';
import { addPlanSubnet, postPlan } from '../../test/plan-factories.js';

/** The export as raw bytes with its headers (a workbook is binary). */
async function download(baseUrl: string, me: AccountSession, planId: string, query: string) {
  const cookie = [...me.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const response = await fetch(`${baseUrl}/api/accounts/${me.accountId}/plans/${planId}/export?${query}`, {
    headers: { cookie },
  });
  const data = await response.arrayBuffer();
  return { status: response.status, headers: response.headers, data, bytes: Buffer.from(data) };
}

for (const dialect of DIALECTS) {
  describeOn(dialect)(`plan export (${dialect})`, () => {
    const t = useTestApp(dialect);

    async function officePlan() {
      const me = await accountSession(t.current);
      const plan = await postPlan(me, { name: 'Office HQ/2026', description: 'Head office' });
      const core = await addPlanSubnet(me, plan.id, 'Core, "main"', '10.0.0.0/24', {
        planning: { currentHosts: 100, plannedGrowth: 25, notes: 'racks' },
        reservedAddresses: [{ address: '10.0.0.1', type: 'gateway' }],
      });
      await addPlanSubnet(me, plan.id, '=cmd', '10.0.0.0/25', {
        parentSubnetId: core,
        vlan: { id: 7, name: 'Mgmt' },
      });
      await addPlanSubnet(me, plan.id, 'V6', '2001:db8::/64');
      return { me, plan };
    }

    it('PL-89, PL-101, PL-113: CSV as an attachment, quoted, defused, CRLF, tree order, the default columns', async () => {
      const { me, plan } = await officePlan();
      const file = await download(t.current.baseUrl, me, plan.id, 'format=csv');
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(file.headers.get('content-disposition')).toBe(
        `attachment; filename="Office_HQ_2026_subnets.csv"; filename*=UTF-8''Office_HQ_2026_subnets.csv`,
      );
      expect(file.bytes.toString('utf8').split('\r\n')).toEqual([
        'name,description,network,ipVersion,status,broadcastAddress,usableHosts,subnetMask,currentHosts,plannedGrowth,planningNotes,reservedAddresses,vlanId,vlanName',
        '"Core, ""main""",,10.0.0.0/24,IPv4,active,10.0.0.255,254,255.255.255.0,100,25,racks,10.0.0.1 (gateway),,',
        "'=cmd,,10.0.0.0/25,IPv4,active,10.0.0.127,126,255.255.255.128,0,25,,,7,Mgmt",
        'V6,,2001:db8::/64,IPv6,active,,18446744073709551616,ffff:ffff:ffff:ffff::,0,25,,,,',
        '',
      ]);
    });

    it('PL-90: JSON envelope with the validation when asked, and a JSON export of an empty plan', async () => {
      const { me, plan } = await officePlan();
      const response = await me.call(
        'GET',
        `/plans/${plan.id}/export?format=json&validation=true&details=false&reserved=false&planning=false`,
      );
      expect(response.status).toBe(200);
      expect(response.headers.get('content-disposition')).toContain('filename="Office_HQ_2026_subnets.json"');
      expect(response.text.split('\n')[1]).toBe('  "planName": "Office HQ/2026",');
      expect(response.body).toMatchObject({
        planName: 'Office HQ/2026',
        planDescription: 'Head office',
        validation: { isValid: true },
      });
      expect(Date.parse(response.body.exportDate)).not.toBeNaN();
      expect(response.body.subnets).toEqual([
        {
          name: 'Core, "main"',
          description: '',
          network: '10.0.0.0/24',
          ipVersion: 'IPv4',
          status: 'active',
          validationStatus: 'Valid',
          validationErrors: '',
        },
        {
          name: '=cmd',
          description: '',
          network: '10.0.0.0/25',
          ipVersion: 'IPv4',
          status: 'active',
          validationStatus: 'Valid',
          validationErrors: '',
          vlanId: 7,
          vlanName: 'Mgmt',
        },
        {
          name: 'V6',
          description: '',
          network: '2001:db8::/64',
          ipVersion: 'IPv6',
          status: 'active',
          validationStatus: 'Valid',
          validationErrors: '',
        },
      ]);
      // The dialog's defaults: counts are JSON numbers while exact; an IPv6 /64's stays decimal text.
      const withDetails = await me.call('GET', `/plans/${plan.id}/export?format=json`);
      expect(
        withDetails.body.subnets.map((row: Record<string, unknown>) => [
          row.usableHosts,
          row.currentHosts,
          row.plannedGrowth,
        ]),
      ).toEqual([
        [254, 100, 25],
        [126, 0, 25],
        ['18446744073709551616', 0, 25],
      ]);
      const empty = await postPlan(me, { name: '***' });
      const json = await me.call('GET', `/plans/${empty.id}/export?format=json`);
      expect(json.status).toBe(200);
      expect(json.headers.get('content-disposition')).toContain('filename="____subnets.json"');
      expect(json.body.subnets).toEqual([]);
    });

    it('PL-17, PL-106: CSV and XLSX of a plan without subnets are 409; a bad format is 400', async () => {
      const me = await accountSession(t.current);
      const plan = await postPlan(me);
      for (const format of ['csv', 'xlsx']) {
        const response = await me.call('GET', `/plans/${plan.id}/export?format=${format}`);
        expect(response.status).toBe(409);
        expect(response.body).toEqual({
          error: 'This plan has no subnets to export.',
          code: 'nothing_to_export',
        });
      }
      const bad = await me.call('GET', `/plans/${plan.id}/export?format=pdf`);
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe('Format must be csv, json or xlsx.');
    });

    it('PL-91: XLSX is a real workbook: bold frozen header, auto-filter, numbers as numbers, a Plan sheet', async () => {
      const { me, plan } = await officePlan();
      const file = await download(t.current.baseUrl, me, plan.id, 'format=xlsx&validation=true');
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(file.data);
      const sheet = workbook.getWorksheet('Subnets');
      if (!sheet) throw new Error('no Subnets sheet');
      const header = sheet.getRow(1);
      expect(header.getCell(1).value).toBe('name');
      expect(header.getCell(1).font?.bold).toBe(true);
      expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      expect(sheet.autoFilter).toBeTruthy();
      const values = (row: number) => (sheet.getRow(row).values as unknown[]).slice(1);
      const columns = values(1);
      expect(columns).toContain('validationStatus');
      const core = values(2);
      expect(core[columns.indexOf('usableHosts')]).toBe(254);
      expect(core[columns.indexOf('currentHosts')]).toBe(100);
      expect(core[columns.indexOf('name')]).toBe('Core, "main"');
      expect(values(3)[columns.indexOf('name')]).toBe('=cmd');
      expect(values(3)[columns.indexOf('vlanId')]).toBe(7);
      expect(values(4)[columns.indexOf('usableHosts')]).toBe('18446744073709551616');
      expect(sheet.rowCount).toBe(4);
      const about = workbook.getWorksheet('Plan');
      expect(about?.getRow(2).values).toEqual([undefined, 'name', 'Office HQ/2026']);
      expect(about?.getRow(5).values).toEqual([undefined, 'subnetCount', 3]);
    });
  });
}
