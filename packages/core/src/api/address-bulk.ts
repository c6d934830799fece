import { z } from 'zod';
import { addressResponse } from './ipam.js';

/** `POST .../addresses/bulk`: how many addresses were changed, and each as now stored, in address order. */
export const bulkAddressResponse = z.object({
  count: z.number().int().describe('distinct addresses changed'),
  items: z.array(addressResponse),
});
export type BulkAddressAnswer = z.infer<typeof bulkAddressResponse>;
