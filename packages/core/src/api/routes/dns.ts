import { z } from 'zod';
import { messages } from '../../messages.js';
import {
  dnsFixSchema,
  dnsProviderCreateSchema,
  dnsProviderUpdateSchema,
  dnsSettingsSchema,
} from '../../schemas/dns-schemas.js';
import { listOf, noBody } from '../common.js';
import { dnsComparisonResponse, dnsFixResponse, dnsProviderResponse, dnsSettingsResponse } from '../dns.js';
import { conflictingWriteErrors, readErrors, writeErrors } from '../route-errors.js';
import { accountParams, groupParams, subnetParams } from '../route-params.js';
import { defineRoute } from '../route-table.js';

const tags = ['dns'];
const base = '/api/accounts/:accountId/dns';
const providerParams = accountParams.extend({ providerId: z.string() });
const providerErrors = { ...conflictingWriteErrors, 502: readErrors[404] };

/** DNS sync (issue 32): providers (owner only, secrets write-only), subnet and group settings, Compare with DNS. */
export const dnsRoutes = {
  listProviders: defineRoute({
    method: 'GET',
    minRole: 'admin',
    roleRefusal: messages.dnsOwnerOnly,
    path: `${base}/providers`,
    tags,
    summary: "The account's DNS providers by name; secrets are never answered",
    params: accountParams,
    responses: { 200: listOf(dnsProviderResponse), ...writeErrors },
  }),
  createProvider: defineRoute({
    method: 'POST',
    minRole: 'admin',
    roleRefusal: messages.dnsOwnerOnly,
    path: `${base}/providers`,
    tags,
    summary: 'Add a DNS provider (PowerDNS API or RFC 2136 + TSIG); owner only',
    params: accountParams,
    body: dnsProviderCreateSchema,
    responses: { 201: dnsProviderResponse, ...conflictingWriteErrors },
  }),
  updateProvider: defineRoute({
    method: 'PATCH',
    minRole: 'admin',
    roleRefusal: messages.dnsOwnerOnly,
    path: `${base}/providers/:providerId`,
    tags,
    summary: 'Change a DNS provider; the secret only when given; owner only',
    params: providerParams,
    body: dnsProviderUpdateSchema,
    responses: { 200: dnsProviderResponse, ...conflictingWriteErrors },
  }),
  removeProvider: defineRoute({
    method: 'DELETE',
    minRole: 'admin',
    roleRefusal: messages.dnsOwnerOnly,
    path: `${base}/providers/:providerId`,
    tags,
    summary: 'Remove a DNS provider no settings use; owner only',
    params: providerParams,
    body: noBody,
    responses: { 204: z.void(), ...conflictingWriteErrors },
  }),
  subnetSettings: defineRoute({
    method: 'GET',
    path: `${base}/subnets/:subnetId`,
    tags,
    summary: "A subnet's own DNS settings and the ones in force (its own, else its nearest group's)",
    params: subnetParams,
    responses: { 200: dnsSettingsResponse, ...readErrors },
  }),
  setSubnetSettings: defineRoute({
    method: 'PUT',
    minRole: 'admin',
    roleRefusal: messages.dnsOwnerOnly,
    path: `${base}/subnets/:subnetId`,
    tags,
    summary: "Set a subnet's own DNS settings; owner only",
    params: subnetParams,
    body: dnsSettingsSchema,
    responses: { 200: dnsSettingsResponse, ...conflictingWriteErrors },
  }),
  clearSubnetSettings: defineRoute({
    method: 'DELETE',
    minRole: 'admin',
    roleRefusal: messages.dnsOwnerOnly,
    path: `${base}/subnets/:subnetId`,
    tags,
    summary: "Remove a subnet's own DNS settings (it inherits its group's again); owner only",
    params: subnetParams,
    body: noBody,
    responses: { 200: dnsSettingsResponse, ...writeErrors },
  }),
  groupSettings: defineRoute({
    method: 'GET',
    path: `${base}/groups/:groupId`,
    tags,
    summary: "A group's own DNS settings and the ones in force (its own, else its nearest parent's)",
    params: groupParams,
    responses: { 200: dnsSettingsResponse, ...readErrors },
  }),
  setGroupSettings: defineRoute({
    method: 'PUT',
    minRole: 'admin',
    roleRefusal: messages.dnsOwnerOnly,
    path: `${base}/groups/:groupId`,
    tags,
    summary: "Set a group's own DNS settings, inherited by its subnets and groups; owner only",
    params: groupParams,
    body: dnsSettingsSchema,
    responses: { 200: dnsSettingsResponse, ...conflictingWriteErrors },
  }),
  clearGroupSettings: defineRoute({
    method: 'DELETE',
    minRole: 'admin',
    roleRefusal: messages.dnsOwnerOnly,
    path: `${base}/groups/:groupId`,
    tags,
    summary: "Remove a group's own DNS settings; owner only",
    params: groupParams,
    body: noBody,
    responses: { 200: dnsSettingsResponse, ...writeErrors },
  }),
  compare: defineRoute({
    method: 'GET',
    path: `${base}/subnets/:subnetId/compare`,
    tags,
    summary: "Compare with DNS: the subnet's records that are missing, extra or point elsewhere",
    params: subnetParams,
    responses: { 200: dnsComparisonResponse, ...providerErrors },
  }),
  fix: defineRoute({
    method: 'POST',
    minRole: 'admin',
    roleRefusal: messages.dnsOwnerOnly,
    path: `${base}/subnets/:subnetId/compare/fix`,
    tags,
    summary: 'Fix differences: make DNS match the IPAM, or take into the IPAM what DNS has; owner only',
    params: subnetParams,
    body: dnsFixSchema,
    responses: { 200: dnsFixResponse, ...providerErrors },
  }),
};
