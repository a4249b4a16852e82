/**
 * Two Ajv instances: bodies are validated with strict JSON types (a number must
 * be a JSON number: "5200" is a 422), query and path parameters are coerced from
 * their strings. Defaults are applied; unknown body fields are left alone (ignored).
 * Each comes in two modes: stop at the first error, and collect every error (see validatorCompiler).
 */
import { Ajv, type Options } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';

const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;

function makeAjv(coerce: boolean, allErrors: boolean): Ajv {
  const opts: Options = {
    coerceTypes: coerce ? 'array' : false,
    useDefaults: true,
    removeAdditional: false,
    allErrors,
    strict: false,
    verbose: true,
  };
  const ajv = new Ajv(opts);
  (addFormats as unknown as (a: Ajv) => void)(ajv);
  return ajv;
}

/**
 * Validation stops at the first error; only an input of at most DETAIL_NODES_MAX values is
 * validated again with every error collected (what FastAPI lists), so a huge invalid body costs
 * one failed pass, not an error object per bad value.
 */
const DETAIL_NODES_MAX = 2000;

const ajvs = {
  body: { first: makeAjv(false, false), all: makeAjv(false, true) },
  param: { first: makeAjv(true, false), all: makeAjv(true, true) },
};

/** Whether `v` holds at most `max` values (stops counting past it). */
export function smallInput(v: unknown, max = DETAIL_NODES_MAX): boolean {
  let left = max;
  const stack: unknown[] = [v];
  while (stack.length > 0) {
    const x = stack.pop();
    if (--left < 0) return false;
    if (x !== null && typeof x === 'object') {
      const vals = Array.isArray(x) ? x : Object.values(x);
      if (vals.length > left) return false;
      for (const y of vals) stack.push(y);
    }
  }
  return true;
}

type Compiled = ReturnType<Ajv['compile']>;
type Check = ((data: unknown, ctx?: Parameters<Compiled>[1]) => boolean) & {
  errors?: FastifySchemaValidationError[] | null;
  schemaEnv?: Compiled['schemaEnv'];
};

export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) => {
  const pair = httpPart === 'body' ? ajvs.body : ajvs.param;
  const first = pair.first.compile(schema);
  let all: Compiled | undefined;
  const check: Check = (data, ctx) => {
    if (first(data, ctx)) {
      check.errors = null;
      return true;
    }
    if (smallInput(data)) {
      all ??= pair.all.compile(schema);
      all(data, ctx);
      check.errors = (all.errors ?? first.errors) as FastifySchemaValidationError[] | null;
    } else {
      check.errors = first.errors as FastifySchemaValidationError[] | null;
    }
    return false;
  };
  // Fastify hands Ajv functions their parent (so a root value can be replaced by a default) when it sees this.
  check.schemaEnv = first.schemaEnv;
  return check;
};
