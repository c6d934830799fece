#!/usr/bin/env node
/* global AbortController */
// The `ipam-scanner` command: a thin launcher for the compiled agent (built by `npm ci` through `prepare`).
import { main } from '../dist/cli/main.js';

// A service stops at SIGTERM (systemd, docker stop) or Ctrl-C: the current job is left to its lease.
const stop = new AbortController();
process.once('SIGTERM', () => stop.abort());
process.once('SIGINT', () => stop.abort());

process.exitCode = await main(process.argv.slice(2), process.env, process, stop.signal);
