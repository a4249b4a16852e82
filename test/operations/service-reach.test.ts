/**
 * The reach of a service function shows in its signature: a function of src/areas (or src/workers) takes the members of
 * the container it reads (`Pick<Deps, 'database' | 'clock'>`, or a named alias of one), never the whole `Deps`, unless
 * it hands the container on to something that takes all of it (the allow-list below, with the reason of each).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const SCANNED = ['src/areas', 'src/workers'];

/** Functions that keep the whole container, as `<file>:<function>`, each with its reason. */
const WHOLE: Record<string, string> = {
  'src/workers/index.ts:startWorkers': "starts every area's worker, each given the container and taking its own part of it",
};


function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    return statSync(p).isDirectory() ? sources(p) : p.endsWith('.ts') ? [p] : [];
  });
}

/** A parameter typed `Deps` itself (not `Pick<Deps, …>`, `Deps['config']` or `ProviderFactory<Deps>`), comments aside. */
const WHOLE_PARAMETER = /\b\w+\??\s*:\s*Deps\s*(?:[,)}]|=(?!>)|$)/;
const FUNCTION_NAME = /\bfunction\s*\*?\s*(\w+)/;

interface Found {
  key: string;
  at: string;
  text: string;
}

/** Every parameter typed whole `Deps` in the text of one file, with the function it belongs to. */
function wholeDepsParameters(file: string, text: string): Found[] {
  const lines = text.split('\n');
  const found: Found[] = [];
  lines.forEach((line, i) => {
    const code = line.trim();
    if (code.startsWith('//') || code.startsWith('*') || code.startsWith('/*')) return;
    if (!WHOLE_PARAMETER.test(code)) return;
    // The function is named on this line, or on the line that opens a parameter list written one per line.
    let name = FUNCTION_NAME.exec(code)?.[1];
    for (let j = i - 1; name === undefined && j >= 0 && j >= i - 8; j--) name = FUNCTION_NAME.exec(lines[j]!)?.[1];
    found.push({ key: `${file}:${name ?? '?'}`, at: `${file}:${i + 1}`, text: code });
  });
  return found;
}

function scan(): Found[] {
  return SCANNED.flatMap((dir) =>
    sources(path.join(ROOT, dir)).flatMap((f) => {
      const file = path.relative(ROOT, f).split(path.sep).join('/');
      return wholeDepsParameters(file, readFileSync(f, 'utf8'));
    }),
  );
}

describe('service reach', () => {
  it('no function of src/areas or src/workers takes the whole Deps but those allowed, each with its reason', () => {
    const allowed = new Set(Object.keys(WHOLE));
    const offenders = scan().filter((f) => !allowed.has(f.key));
    assert.deepEqual(
      offenders.map((f) => `${f.at} (${f.key.split(':')[1]}): ${f.text}`),
      [],
      "take Pick<Deps, …> of the members the function reads (and those of the functions it passes deps to), or add it to WHOLE with the reason it needs all of them",
    );
  });

  it('every allowed function still takes the whole Deps (a narrowed one leaves the list)', () => {
    const keys = new Set(scan().map((f) => f.key));
    const stale = Object.keys(WHOLE).filter((k) => !keys.has(k));
    assert.deepEqual(stale, [], 'no longer whole: remove from the allow-list');
  });

  it('finds the forms a whole-Deps parameter is written in, and none of the narrowed ones', () => {
    const text = [
      'export async function a(deps: Deps, x: number) {',
      'function b(deps: Deps) {',
      'async function c(',
      '  deps: Deps,',
      '  x: number,',
      ') {',
      'export function d(app: App, { deps }: { deps: Deps }): void {',
      'function* e(deps: Deps = fallback) {',
      'function f(deps: Pick<Deps, \'clock\'>, g: (d: Deps[\'config\']) => void, h: ProviderFactory<Deps>) {',
      '/** Takes the (deps: Deps) of its caller. */',
      '  // (deps: Deps)',
    ].join('\n');
    assert.deepEqual(
      wholeDepsParameters('x.ts', text).map((f) => `${f.at} ${f.key}`),
      ['x.ts:1 x.ts:a', 'x.ts:2 x.ts:b', 'x.ts:4 x.ts:c', 'x.ts:7 x.ts:d', 'x.ts:8 x.ts:e'],
    );
  });
});
