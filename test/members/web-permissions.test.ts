/**
 * The portal's copy of the permission table (web/src/portal/operation-roles.ts, from which its pages take the role a
 * control needs) against the server's (src/areas/members/permissions.ts): every row the portal holds is the server's,
 * with the same role, and every session operation the portal's code calls has a row, so a control can neither offer
 * what the server refuses nor refuse what it allows.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { PERMISSIONS } from '../../src/areas/members/permissions.js';
import { OPERATION_ROLES } from '../../web/src/portal/operation-roles.js';

/** `POST /api/x/{id}` (the typed client's) as the server's table writes it: `POST /api/x/:id`. */
const serverKey = (operation: string) => operation.replace(/\{([a-z_]+)\}/g, ':$1');
const server = PERMISSIONS as Record<string, string>;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    return statSync(p).isDirectory() ? sources(p) : /\.tsx?$/.test(name) ? [p] : [];
  });
}

/** Every `api.METHOD('/path'` call in the portal's code and the code it shares. */
function calledOperations(): Map<string, string> {
  const calls = new Map<string, string>();
  for (const file of [...sources('web/src/portal'), ...sources('web/src/shared')]) {
    for (const m of readFileSync(file, 'utf8').matchAll(/\bapi\.(GET|POST|PUT|PATCH|DELETE)\(\s*'([^']+)'/g)) calls.set(`${m[1]} ${m[2]}`, file);
  }
  return calls;
}

describe('the portal’s permission table', () => {
  it('holds each operation with the server’s role', () => {
    for (const [operation, role] of Object.entries(OPERATION_ROLES)) {
      assert.equal(server[serverKey(operation)], role, `${operation}: the portal says ${role}, the server ${server[serverKey(operation)] ?? 'has no row'}`);
    }
  });

  it('names every session operation the portal calls', () => {
    const calls = calledOperations();
    // The scan reads the query modules: an empty result would mean it no longer finds the calls.
    assert.ok(calls.size > 30, `found ${calls.size} calls`);
    const missing = [...calls].filter(([operation]) => serverKey(operation) in server && !(operation in OPERATION_ROLES)).map(([op, file]) => `${op} (${file})`);
    assert.deepEqual(missing, []);
  });
});
