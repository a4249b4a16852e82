/**
 * The OpenAPI document passes Redocly's recommended rules (redocly.yaml): the app is built, its
 * document written to a temporary file and linted by the local @redocly/cli binary. Any error
 * fails; the only warning allowed is info-license (docs/decisions.md: the API has no public license).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { buildTestApp, type TestApp } from '../helpers/app.js';

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const CLI = path.join(path.dirname(require.resolve('@redocly/cli/package.json')), 'bin', 'cli.js');
const EXPLAINED_WARNINGS = new Set(['info-license']);
/**
 * Browser navigations whose only answer is a redirect (redocly.yaml makes operation-2xx-response a warning):
 * the single sign-on start and the provider's way back. Any other operation without a 2xx answer still fails.
 */
const NAVIGATIONS = new Set(['#/paths/~1api~1auth~1admin~1oidc~1start/get/responses', '#/paths/~1api~1auth~1admin~1oidc~1callback/get/responses']);
const explained = (p: Problem) =>
  EXPLAINED_WARNINGS.has(p.ruleId) || (p.ruleId === 'operation-2xx-response' && p.location.every((l) => NAVIGATIONS.has(l.pointer)));

interface Problem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer: string }[];
}

describe('the OpenAPI document under Redocly lint', () => {
  let t: TestApp;
  let dir: string;
  before(async () => {
    t = await buildTestApp();
    dir = mkdtempSync(path.join(os.tmpdir(), 'svc-openapi-'));
  });
  after(async () => {
    rmSync(dir, { recursive: true, force: true });
    await t.close();
  });

  it('has no error, and no warning but the explained ones', async () => {
    const file = path.join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(t.app.swagger(), null, 2));
    const config = path.join(process.cwd(), 'redocly.yaml');
    // Exit status 1 on errors: the JSON report is on stdout either way.
    const out = await run(process.execPath, [CLI, 'lint', file, '--config', config, '--format=json'], {
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      maxBuffer: 64 * 1024 * 1024,
      timeout: 120_000,
    }).catch((err: { stdout?: string; stderr?: string }) => ({ stdout: err.stdout ?? '', stderr: err.stderr ?? '' }));
    const report = JSON.parse(out.stdout) as { totals: { errors: number; warnings: number }; problems: Problem[] };
    const show = (p: Problem) => `${p.ruleId} at ${p.location.map((l) => l.pointer).join(', ')}: ${p.message}`;
    assert.deepEqual(report.problems.filter((p) => p.severity === 'error').map(show), []);
    assert.deepEqual(report.problems.filter((p) => p.severity !== 'error' && !explained(p)).map(show), []);
    assert.equal(report.totals.errors, 0);
  });
});
