import { Msg } from '@crm/shared';
import type { FastifyInstance } from 'fastify';
import qs from 'qs';
import { badRequest } from './errors.ts';

/**
 * How bodies and query strings are read (issue 20 and 21): form-encoded with qs semantics, as
 * the original client's `qs.stringify` writes them (`entity[customer_name]=…`, `ids[0]=1`), and
 * JSON; both nested at most MAX_BODY_DEPTH levels, so a body of 5,000 nested arrays is refused
 * before any code walks it (a recursive walk of it overflows the stack).
 */
export const MAX_BODY_DEPTH = 16;
/** As many list items as an id list may hold (ID_LIST_MAX): qs turns a longer `a[n]` list into an object. */
const MAX_ARRAY_INDEX = 5000;

const qsOptions: qs.IParseOptions = {
  depth: MAX_BODY_DEPTH,
  // Deeper than the limit is refused, not silently flattened into a key named `[a][b]…`.
  strictDepth: true,
  arrayLimit: MAX_ARRAY_INDEX,
  parameterLimit: 20_000,
  allowPrototypes: false,
  allowDots: false,
};

/** A form body or query string as qs reads it; too deep is the client's fault. */
export function parseForm(text: string): Record<string, unknown> {
  try {
    return qs.parse(text, qsOptions) as Record<string, unknown>;
  } catch (err) {
    if (err instanceof RangeError) throw badRequest(Msg.bodyTooDeep);
    throw badRequest(Msg.invalidRequest);
  }
}

/**
 * A query string as qs reads it. The router cannot refuse from here, so what lies deeper than
 * the limit stays one flat key (`a[b][c]…`) that no schema names.
 */
export function parseQuery(text: string): Record<string, unknown> {
  try {
    return qs.parse(text, { ...qsOptions, strictDepth: false }) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** Whether a parsed value nests deeper than the limit; iterative, so no depth can overflow it. */
export function nestsTooDeep(value: unknown, limit = MAX_BODY_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (depth >= limit) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) {
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
    }
  }
  return false;
}

/** Register the form and JSON body parsers (query strings are read by parseForm through Fastify's option). */
export function registerBodyParsers(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, parseForm(body as string));
    } catch (err) {
      done(err as Error, undefined);
    }
  });
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    json(req, body as string, (err, parsed) => {
      if (err) return done(err, undefined);
      if (nestsTooDeep(parsed)) return done(badRequest(Msg.bodyTooDeep), undefined);
      done(null, parsed);
    });
  });
}
