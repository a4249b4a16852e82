/**
 * The committed generated types (clients/typescript/src/schema.d.ts) are what the server's
 * document generates now: a change to a route schema needs `npm run client:generate`.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { clientTypes, SCHEMA_FILE, serviceDocument } from '../../scripts/client-types.js';

describe('the generated client types', () => {
  it('equal what the OpenAPI document generates now (else run npm run client:generate)', async () => {
    const now = await clientTypes(await serviceDocument());
    const committed = readFileSync(SCHEMA_FILE, 'utf8');
    assert.ok(now === committed, 'clients/typescript/src/schema.d.ts is out of date: run `npm run client:generate` and commit it');
  });
});
