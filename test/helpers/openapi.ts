/**
 * The OpenAPI document with its component references inlined, for tests that walk schemas
 * structurally (the fuzz test, the error-code checks). The document refers to its named schemas,
 * headers and responses by `$ref` (src/http/openapi.ts); none of them refers to itself.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- JSON documents are untyped */
export function inlineRefs(doc: any): any {
  const resolve = (ref: string): unknown => {
    if (!ref.startsWith('#/')) throw new Error(`external $ref ${ref}`);
    let node: any = doc;
    for (const part of ref.slice(2).split('/')) node = node?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
    if (node === undefined) throw new Error(`unresolved $ref ${ref}`);
    return node;
  };
  const walk = (v: any, depth: number): any => {
    if (depth > 64) throw new Error('a $ref cycle in the document');
    if (Array.isArray(v)) return v.map((x) => walk(x, depth));
    if (!v || typeof v !== 'object') return v;
    if (typeof v.$ref === 'string') {
      const { $ref, ...rest } = v;
      return walk({ ...(resolve($ref) as object), ...rest }, depth + 1);
    }
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, depth)]));
  };
  return { ...doc, paths: walk(doc.paths, 0), webhooks: walk(doc.webhooks ?? {}, 0) };
}
