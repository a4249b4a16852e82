/**
 * The web app's API types (web/src/api/schema.d.ts) are what the OpenAPI document gives today:
 * a route or schema change that the pages would not see fails here until the types are
 * regenerated (npm run generate:web-types), and then `npm run typecheck` checks the pages against it.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { renderWebTypes, SCHEMA_FILE } from '../../scripts/generate-web-types.js';

describe('web/src/api/schema.d.ts', () => {
  it('is generated from the current OpenAPI document', async () => {
    const expected = await renderWebTypes();
    const current = readFileSync(SCHEMA_FILE, 'utf8');
    assert.ok(current === expected, 'web/src/api/schema.d.ts is stale: run `npm run generate:web-types` and commit the result');
  });
});
