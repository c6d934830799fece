#!/usr/bin/env node
// The `ipam` command: a thin launcher for the compiled CLI (built by `npm install` through `prepare`).
import { main } from '../dist/cli/main.js';

process.exitCode = await main(process.argv.slice(2));
