#!/usr/bin/env node
// npm run client:generate: writes clients/typescript/src/schema.d.ts from the service's OpenAPI document.
import { writeFileSync } from 'node:fs';
import { clientTypes, SCHEMA_FILE, serviceDocument } from './client-types.js';

writeFileSync(SCHEMA_FILE, await clientTypes(await serviceDocument()));
console.log(`wrote ${SCHEMA_FILE}`);
