#!/usr/bin/env node
// Builds the typed client (clients/typescript) into clients/typescript/dist: ESM with declarations.
// The generated types are a declaration file (src/schema.d.ts), which tsc does not emit: it is copied.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'clients', 'typescript');
rmSync(path.join(dir, 'dist'), { recursive: true, force: true });
const r = spawnSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', path.join(dir, 'tsconfig.json')], { stdio: 'inherit' });
if (r.status !== 0) process.exit(r.status ?? 1);
mkdirSync(path.join(dir, 'dist'), { recursive: true });
copyFileSync(path.join(dir, 'src', 'schema.d.ts'), path.join(dir, 'dist', 'schema.d.ts'));
