/**
 * The web app's one stylesheet parses as CSS: an unclosed block (say, a rule cut in two by a bad
 * merge) makes the browser read every rule after it as part of that block, so whole pages lose
 * their styles without any error in the build or the console.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import postcss from 'postcss';

const FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/src/shared/styles.css');

describe('web/src/shared/styles.css', () => {
  it('parses, with every rule at the top level or inside an at-rule', () => {
    const root = postcss.parse(readFileSync(FILE, 'utf8'), { from: FILE });
    const nested: string[] = [];
    root.walkRules((rule) => {
      if (rule.parent?.type === 'rule') nested.push(`${(rule.parent as postcss.Rule).selector} > ${rule.selector}`);
    });
    assert.deepEqual(nested, [], 'a rule inside another rule: a block was left open');
  });

  it('the check finds an unclosed block', () => {
    assert.throws(() => postcss.parse('.a {\n/* cut */\n.b { color: red; }\n', { from: 'x.css' }), /Unclosed block/);
  });
});
