import { planRoutes } from '@ipam/core/api/routes/plans';
import type { PlanExportFormat } from '@ipam/core/schemas/plan-schemas';
import { useMutation } from '@tanstack/react-query';
import { fetchFile } from '../../../lib/api-client.js';

export interface PlanExportChoice {
  format: PlanExportFormat;
  details: boolean;
  reserved: boolean;
  validation: boolean;
  planning: boolean;
}

/** Hands a fetched file to the browser as a download. */
function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the URL may go once the browser has read it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Downloads the server's export file (PL-87 … PL-92); the server names it (PL-113). */
export function useExportPlan(accountId: string, planId: string) {
  return useMutation({
    mutationFn: async (choice: PlanExportChoice) => {
      const file = await fetchFile(planRoutes.export, { params: { accountId, planId }, query: choice });
      saveFile(file.blob, file.fileName ?? `plan_subnets.${choice.format}`);
    },
  });
}
