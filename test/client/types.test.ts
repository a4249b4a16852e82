/**
 * The client's types reject a wrong call: tsc compiles test/client/fixtures/wrong-body.ts, whose
 * wrong calls carry @ts-expect-error (tsc fails when one of them compiles), and the same file with
 * the directives removed must fail on each of those lines.
 */
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const TSC = require.resolve('typescript/bin/tsc');
const FIXTURE = path.join('test', 'client', 'fixtures', 'wrong-body.ts');
const OPTIONS = ['--noEmit', '--strict', '--target', 'ES2022', '--module', 'NodeNext', '--moduleResolution', 'NodeNext', '--types', 'node', '--skipLibCheck'];

async function tsc(file: string): Promise<{ code: number; out: string }> {
  try {
    const r = await run(process.execPath, [TSC, ...OPTIONS, file], { timeout: 120_000, maxBuffer: 16 * 1024 * 1024 });
    return { code: 0, out: r.stdout };
  } catch (err) {
    const e = err as { code?: number; stdout?: string };
    return { code: e.code ?? 1, out: e.stdout ?? '' };
  }
}

describe('the client types', () => {
  const dir = mkdtempSync(path.join('test', 'client', 'fixtures', 'tmp-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('compile the right calls and refuse each wrong one', async () => {
    const ok = await tsc(FIXTURE);
    assert.equal(ok.code, 0, ok.out);
    const source = readFileSync(FIXTURE, 'utf8');
    const expected = source.split('\n').filter((l) => l.includes('@ts-expect-error')).length;
    const stripped = path.join(dir, 'wrong-body.ts');
    writeFileSync(stripped, source.replace(/^\/\/ @ts-expect-error.*$/gm, '//').replaceAll("'../../../clients/", "'../../../../clients/"));
    const bad = await tsc(stripped);
    assert.notEqual(bad.code, 0);
    const lines = new Set([...bad.out.matchAll(/wrong-body\.ts\((\d+),/g)].map((m) => m[1]));
    assert.equal(lines.size, expected, bad.out);
  });
});
