/** Release versions in the changelog's form `vMAJOR.MINOR.PATCH`. */
const SEMVER_RE = /^v(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/;

export function isSemver(v: string): boolean {
  return SEMVER_RE.test(v);
}

export function parseSemver(v: string): [number, number, number] {
  const m = SEMVER_RE.exec(v);
  if (!m) throw new Error(`not a version: ${v}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

/** Negative when a < b, positive when a > b, 0 when equal. */
export function compareSemver(a: string, b: string): number {
  const x = parseSemver(a);
  const y = parseSemver(b);
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
}
