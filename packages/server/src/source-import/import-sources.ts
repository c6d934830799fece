import type { SourceImportRequest } from '@ipam/core/api/source-import';
import { netboxSource } from './netbox-source.js';
import { phpipamSource } from './phpipam-source.js';
import type { ImportSource } from './source-model.js';

/** The source a request names, and the group its subnets without one go to. */
export function sourceOf(request: SourceImportRequest): { source: ImportSource; defaultGroupName: string } {
  if (request.source === 'phpipam') {
    return {
      source: phpipamSource({ url: request.url, appId: request.appId, token: request.token }),
      defaultGroupName: 'phpIPAM',
    };
  }
  return {
    source: netboxSource({ url: request.url, token: request.token, groupBy: request.groupBy }),
    defaultGroupName: request.groupBy === 'none' ? 'NetBox' : `NetBox (no ${request.groupBy})`,
  };
}
