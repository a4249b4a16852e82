#!/usr/bin/env node
/** svc-listen: forwards the test environment's webhook events to a local URL (listen.ts has the options). */
import { listenCli } from '../listen.js';

listenCli(process.argv.slice(2)).then((code) => process.exit(code));
