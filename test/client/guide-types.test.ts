/**
 * The integration guide's TypeScript samples compile, with the TypeScript compiler API, under `strict` and
 * `exactOptionalPropertyTypes` against the typed client's source (each sample after the `setup` one, as one
 * module); a drifted sample is refused; and the webhook sample sends events to an address that resolves.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { Lexer, type Tokens } from 'marked';
import { findContentDir } from '../../src/areas/content/content.js';

const ROOT = path.dirname(findContentDir());
const CLIENT_ENTRY = path.join(ROOT, 'clients', 'typescript', 'src', 'index.ts');
const guide = readFileSync(path.join(findContentDir(), 'integration-guide.md'), 'utf8');

/** The ```ts client=<name> blocks, by name. */
const samples = new Map(
  new Lexer()
    .lex(guide)
    .filter((t): t is Tokens.Code => t.type === 'code' && /^ts\b/.test(t.lang ?? ''))
    .map((t) => [/client=(\S+)/.exec(t.lang ?? '')?.[1] ?? '', t.text] as const),
);

const OPTIONS: ts.CompilerOptions = {
  strict: true,
  exactOptionalPropertyTypes: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  types: ['node'],
  typeRoots: [path.join(ROOT, 'node_modules', '@types')],
  skipLibCheck: true,
  baseUrl: ROOT,
  paths: { '@svc-platform/client': [CLIENT_ENTRY] },
};

/** Type-checks in-memory modules (name → source) and returns the diagnostics of each by name. */
function typeCheck(files: Record<string, string>): Map<string, string[]> {
  const dir = path.join(ROOT, 'test', 'client', '.guide-samples');
  const byPath = new Map(Object.entries(files).map(([name, text]) => [path.join(dir, `${name}.mts`), text]));
  const host = ts.createCompilerHost(OPTIONS);
  const read = host.readFile.bind(host);
  const exists = host.fileExists.bind(host);
  const getSource = host.getSourceFile.bind(host);
  host.readFile = (f) => byPath.get(f) ?? read(f);
  host.fileExists = (f) => byPath.has(f) || exists(f);
  host.getSourceFile = (f, lang, onError, create) => (byPath.has(f) ? ts.createSourceFile(f, byPath.get(f)!, lang, true, ts.ScriptKind.TS) : getSource(f, lang, onError, create));
  const program = ts.createProgram([...byPath.keys()], OPTIONS, host);
  const out = new Map<string, string[]>();
  for (const [file] of byPath) {
    const sf = program.getSourceFile(file)!;
    const diags = [...program.getSyntacticDiagnostics(sf), ...program.getSemanticDiagnostics(sf)];
    out.set(
      path.basename(file, '.mts'),
      diags.map((d) => `${d.start !== undefined ? sf.getLineAndCharacterOfPosition(d.start).line + 1 : '?'}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`),
    );
  }
  return out;
}

describe("the integration guide's TypeScript samples", () => {
  it('compile under strict and exactOptionalPropertyTypes; a drifted sample does not', () => {
    const setup = samples.get('setup');
    assert.ok(setup, 'a setup sample creates the client');
    assert.match(setup, /from '@svc-platform\/client'/);
    const names = [...samples.keys()].filter((n) => n !== 'setup');
    assert.ok(names.length >= 5, `samples found: ${names.join(', ')}`);
    const files: Record<string, string> = Object.fromEntries(names.map((n) => [n, `${setup}\n${samples.get(n)}\nexport {};\n`]));
    // Controls: an optional option given as possibly undefined is refused under exactOptionalPropertyTypes only
    // when the type does not allow it; a path the client does not have is refused under any option.
    files['drifted'] = `${setup}\nawait client.POST('/api/v1/calculate/safe-to-spendd', { body: {} });\nexport {};\n`;
    files['drifted-optional'] = `${setup}\nconst r = { max: 2 as number | undefined };\nconst o: { max?: number } = r;\nconsole.log(o);\nexport {};\n`;
    const result = typeCheck(files);
    for (const n of names) assert.deepEqual(result.get(n), [], `sample ${n}:\n${result.get(n)?.join('\n')}`);
    assert.ok((result.get('drifted') ?? []).length > 0, 'a path the client does not have is refused');
    assert.ok(
      (result.get('drifted-optional') ?? []).some((m) => /exactOptionalPropertyTypes/.test(m)),
      `exactOptionalPropertyTypes is on: ${result.get('drifted-optional')?.join('\n')}`,
    );
  });

  it('the webhook sample sends events to an address that resolves (example.com, not a made-up host)', () => {
    const webhooks = samples.get('webhooks');
    assert.ok(webhooks);
    const urls = [...webhooks.matchAll(/url: '([^']+)'/g)].map((m) => new URL(m[1]));
    assert.ok(urls.length >= 1, 'the sample sets a webhook URL');
    for (const u of urls) {
      assert.equal(u.protocol, 'https:');
      assert.ok(['example.com', 'example.org', 'example.net'].includes(u.hostname), `${u.hostname} is a documentation domain that resolves (RFC 2606 §3)`);
    }
  });
});
