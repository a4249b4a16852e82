/**
 * Every `npm test -- <path>` that README.md and docs/development.md name runs test files, and every folder of test/
 * (but the helpers) holds tests: the documented commands and the tree stay in step.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

function testFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    return statSync(p).isDirectory() ? testFiles(p) : p.endsWith('.test.ts') ? [p] : [];
  });
}

/** The paths of every `npm test -- <path>` in a document (a `<area>` placeholder is not a path). */
function documentedPaths(doc: string): string[] {
  const text = readFileSync(path.join(ROOT, doc), 'utf8');
  return [...text.matchAll(/npm test -- (test\/[^\s`'")]+)/g)].map((m) => m[1]!.replace(/\/$/, '')).filter((p) => !p.includes('<'));
}

describe('documented test commands', () => {
  for (const doc of ['README.md', 'docs/development.md']) {
    it(`every npm test -- <path> of ${doc} names a folder or file that holds tests`, () => {
      const paths = documentedPaths(doc);
      for (const p of paths) {
        const full = path.join(ROOT, p);
        assert.ok(existsSync(full), `${doc}: npm test -- ${p}: no such path`);
        const files = statSync(full).isDirectory() ? testFiles(full) : [full];
        assert.ok(files.some((f) => f.endsWith('.test.ts')), `${doc}: npm test -- ${p} runs no test file`);
      }
    });
  }

  it('README.md and docs/development.md say how to run one area: npm test -- test/<area>', () => {
    for (const doc of ['README.md', 'docs/development.md']) {
      assert.match(readFileSync(path.join(ROOT, doc), 'utf8'), /npm test -- test\/<area>/, doc);
    }
  });

  it('every folder under test/ but the helpers holds test files', () => {
    const empty: string[] = [];
    const visit = (dir: string): void => {
      for (const name of readdirSync(dir)) {
        const p = path.join(dir, name);
        if (!statSync(p).isDirectory() || p === path.join(ROOT, 'test', 'helpers') || name === 'fixtures') continue;
        if (testFiles(p).length === 0) empty.push(path.relative(ROOT, p));
        visit(p);
      }
    };
    visit(path.join(ROOT, 'test'));
    assert.deepEqual(empty, []);
  });

  it('test/ mirrors src/areas: every area has its folder of tests, so npm test -- test/<area> runs them', () => {
    const missing = readdirSync(path.join(ROOT, 'src', 'areas'))
      .filter((area) => statSync(path.join(ROOT, 'src', 'areas', area)).isDirectory())
      .filter((area) => !existsSync(path.join(ROOT, 'test', area)) || testFiles(path.join(ROOT, 'test', area)).length === 0);
    assert.deepEqual(missing, []);
  });
});
