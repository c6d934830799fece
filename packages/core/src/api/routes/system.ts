import { z } from 'zod';
import { appConfigResponse, errorResponse, healthResponse, healthUnavailableResponse } from '../common.js';
import { defineRoute } from '../route-table.js';

const tags = ['system'];

/** Health, the public configuration for the web app, and the OpenAPI document itself. */
export const systemRoutes = {
  health: defineRoute({
    method: 'GET',
    path: '/api/health',
    tags,
    summary: 'Whether the server and its database answer',
    description:
      'Ready when the database answers a trivial query within 2 seconds (200); otherwise 503 with ' +
      '`status: unavailable`, so a load balancer or orchestrator sends requests to other processes.',
    security: [],
    responses: { 200: healthResponse, 503: healthUnavailableResponse },
  }),
  metrics: defineRoute({
    method: 'GET',
    path: '/api/metrics',
    tags,
    summary: "This process's metrics in Prometheus's text format",
    description:
      'Off unless the operator sets METRICS=on (404 then, as for any unknown path). Each server process ' +
      'answers with its own figures: HTTP requests by method, route pattern and status class, open live ' +
      'event streams, database connections, and the outbox items waiting. With METRICS_TOKEN set, the ' +
      'scrape sends `Authorization: Bearer <token>` (401 without it); no session is needed.',
    security: [],
    produces: ['text/plain'],
    responses: {
      200: z.string().describe('Prometheus text exposition format 0.0.4'),
      401: errorResponse,
      404: errorResponse,
    },
  }),
  config: defineRoute({
    method: 'GET',
    path: '/api/config',
    tags,
    summary: 'Public settings the web app needs',
    security: [],
    responses: { 200: appConfigResponse },
  }),
  openApi: defineRoute({
    method: 'GET',
    path: '/api/openapi.json',
    tags,
    summary: 'This document (OpenAPI 3), generated from the route table',
    security: [],
    responses: { 200: z.unknown().describe('the OpenAPI document') },
  }),
};
