import type { TestProject } from 'vitest/node';
import { startServer } from './server.js';

export { artifactsDir } from './server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** Starts the real server (`ipam start`) on a fresh SQLite folder and a free loopback port for the whole run. */
export default async function setup(project: TestProject) {
  // E2E_BASE_URL points the tests at a server that is already running (a dev setup) instead.
  const external = process.env.E2E_BASE_URL;
  if (external) {
    project.provide('baseUrl', external.replace(/\/$/, ''));
    return;
  }
  const server = await startServer();
  project.provide('baseUrl', server.baseUrl);
  return server.stop;
}
