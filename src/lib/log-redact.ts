/**
 * What logs must never show, hidden before a line is written: the `x-api-key`,
 * `authorization`, `cookie` and `x-service-ingest-secret` request headers, the
 * `set-cookie` answer header, and any field named like a credential one level
 * down in a logged object (`{ body: { password } }`, `{ partner: { liveKey } }`), and the
 * raw bytes Node attaches to a refused request (`{ err: { rawPacket } }`: headers, keys and all).
 *
 * This runs as pino's `formatters.log` / `formatters.bindings` (and `hooks.streamWrite`, for a
 * child logger's bindings, which pino writes without a formatter) instead of pino's
 * `redact` option. pino 10's redaction (@pinojs/redact 0.4) re-parses every path
 * string for every value of every line, primitives included: ~16 KB of garbage per
 * request log line, which cost 6.8 µs a line against 1.6 µs now (bench/README.md).
 * These checks allocate nothing unless a value
 * has to be hidden, and then copy only the objects on the way to it (the caller's
 * objects are never changed).
 */
import pino from 'pino';

export const CENSOR = '[redacted]';

/** Hidden under any top-level key (pino's `*.name`). */
export const HIDDEN_FIELDS = ['password', 'key', 'new_key', 'secret', 'ingest_secret', 'token', 'testKey', 'liveKey', 'ingestSecret', 'rawPacket'] as const;
/** Hidden in `req.headers` and `res.headers`. */
export const HIDDEN_HEADERS = { req: ['x-api-key', 'authorization', 'cookie', 'x-service-ingest-secret'], res: ['set-cookie'] } as const;

type Obj = Record<string, unknown>;

const isObject = (v: unknown): v is Obj => v !== null && typeof v === 'object';

/** A copy that can be changed: errors become what pino's error serializer would write. */
function copyOf(v: Obj): Obj {
  return v instanceof Error ? { ...(pino.stdSerializers.err(v) as unknown as Obj) } : Array.isArray(v) ? (v.slice() as unknown as Obj) : { ...v };
}

function redactValue(key: string, v: Obj): Obj {
  let copy: Obj | null = null;
  for (const name of HIDDEN_FIELDS) {
    if (Object.hasOwn(v, name)) {
      copy ??= copyOf(v);
      copy[name] = CENSOR;
    }
  }
  const hiddenHeaders = key === 'req' ? HIDDEN_HEADERS.req : key === 'res' ? HIDDEN_HEADERS.res : null;
  if (hiddenHeaders && isObject(v.headers)) {
    const headers = v.headers;
    let headersCopy: Obj | null = null;
    for (const name of hiddenHeaders) {
      if (Object.hasOwn(headers, name)) {
        headersCopy ??= { ...headers };
        headersCopy[name] = CENSOR;
      }
    }
    if (headersCopy) {
      copy ??= copyOf(v);
      copy.headers = headersCopy;
    }
  }
  return copy ?? v;
}

/** The object with every hidden value replaced by CENSOR; the same object when nothing is hidden. */
export function redactLogObject<T extends object>(obj: T): T {
  let out: Obj | null = null;
  const o = obj as Obj;
  for (const key in o) {
    const v = o[key];
    if (!isObject(v)) continue;
    const r = redactValue(key, v);
    if (r !== v) {
      out ??= { ...o };
      out[key] = r;
    }
  }
  return (out ?? obj) as T;
}

const HIDDEN_NAME_IN_JSON = new RegExp(`"(${[...HIDDEN_FIELDS, ...HIDDEN_HEADERS.req, ...HIDDEN_HEADERS.res].join('|')})":`);

/**
 * pino's `hooks.streamWrite`, for what `formatters` never sees: a child logger's bindings
 * are serialised once, when the child is made. A finished line is parsed and written again
 * with the hidden values replaced when (and only when) its text names a hidden field.
 */
export function redactLine(line: string): string {
  if (!HIDDEN_NAME_IN_JSON.test(line)) return line;
  const end = line.endsWith('\n') ? '\n' : '';
  let parsed: Obj;
  try {
    parsed = JSON.parse(line) as Obj;
  } catch {
    return line;
  }
  const redacted = redactLogObject(parsed);
  return redacted === parsed ? line : JSON.stringify(redacted) + end;
}
