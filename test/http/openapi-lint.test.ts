/**
 * The OpenAPI document passes Redocly's recommended rules (redocly.yaml): the app is built, its
 * document written to a temporary file and linted by the local @redocly/cli binary. Any error
 * fails; the only warning allowed is info-license (docs/decisions.md: the API has no public license). An operation's
 * success is a 2XX answer or, for the redirect kind (src/http/openapi.ts), its 302/303.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import Fastify from 'fastify';
import swagger from '@fastify/swagger';
import { swaggerOptions } from '../../src/http/openapi.js';
import { errorResponses, redirectResponse } from '../../src/http/schemas.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const CLI = path.join(path.dirname(require.resolve('@redocly/cli/package.json')), 'bin', 'cli.js');
const EXPLAINED_WARNINGS = new Set(['info-license']);
const explained = (p: Problem) => EXPLAINED_WARNINGS.has(p.ruleId);

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

  /** Redocly's report on a document (exit status 1 on errors: the JSON report is on stdout either way). */
  async function lint(doc: unknown): Promise<{ totals: { errors: number; warnings: number }; problems: Problem[] }> {
    const file = path.join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(doc, null, 2));
    const config = path.join(process.cwd(), 'redocly.yaml');
    const out = await run(process.execPath, [CLI, 'lint', file, '--config', config, '--format=json'], {
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      maxBuffer: 64 * 1024 * 1024,
      timeout: 120_000,
    }).catch((err: { stdout?: string; stderr?: string }) => ({ stdout: err.stdout ?? '', stderr: err.stderr ?? '' }));
    return JSON.parse(out.stdout);
  }
  const show = (p: Problem) => `${p.ruleId} at ${p.location.map((l) => l.pointer).join(', ')}: ${p.message}`;

  it('has no error, and no warning but the explained ones', async () => {
    const report = await lint(t.app.swagger());
    assert.deepEqual(report.problems.filter((p) => p.severity === 'error').map(show), []);
    assert.deepEqual(report.problems.filter((p) => p.severity !== 'error' && !explained(p)).map(show), []);
    assert.equal(report.totals.errors, 0);
  });

  it('an operation of the redirect kind is documented as a redirect and passes; one with neither a 2XX nor a redirect fails', async () => {
    // A new browser navigation, declared as any route would: nothing lists it anywhere.
    const app = Fastify();
    await app.register(swagger, swaggerOptions());
    const schema = { tags: ['example'], summary: 'A navigation', description: 'Sends the browser on.', security: [] };
    app.get('/go', { schema: { ...schema, operationId: 'go', response: { ...redirectResponse('Somewhere else', 303), ...errorResponses(429) } } }, async (_r, reply) => reply.redirect('/', 303));
    app.get('/nowhere', { schema: { ...schema, operationId: 'nowhere', response: errorResponses(404) } }, async () => null);
    await app.ready();
    const doc = app.swagger() as unknown as { paths: Record<string, { get: { responses: Record<string, { content?: unknown; headers: Record<string, unknown> }> } }> };
    await app.close();
    const go = doc.paths['/go'].get.responses['303'];
    assert.equal(go.content, undefined);
    assert.deepEqual(go.headers.Location, { $ref: '#/components/headers/Location' });

    const report = await lint(doc);
    const errorsAt = report.problems.filter((p) => p.severity === 'error').map((p) => p.location.map((l) => l.pointer).join());
    assert.deepEqual(errorsAt, ['#/paths/~1nowhere/get/responses'], report.problems.map(show).join('\n'));
  });
});
