import { aliasesOf, companyTimeZone, isPageSchema, Msg, originalPageFields } from '@crm/shared';
import fastJson from 'fast-json-stringify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { SessionUser } from '../auth/session.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { FileStorage } from '../files/storage.ts';
import type { AppRegistry } from '../registry.ts';
import type { Access } from './access.ts';
import type { Bus } from './bus.ts';
import { badRequest } from './errors.ts';
import { timeWriter } from './times.ts';

// Declared with the access check (core/access.ts), which needs nothing of the routes.
export type { Access } from './access.ts';

/** The zod schema a route reads its body (POST) or query (GET) with. */
export type InputSchema = z.ZodType;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** The session may come from the Admin-Token cookie (see RouteDef.cookieAuth). */
    cookieAuth?: boolean;
    input?: InputSchema;
    /** The shared schema of the answer's `data` (route-table test, docs/api/reference.md). */
    response?: z.ZodType;
    /** The answer's fields are spread beside code and msg too. */
    topLevel?: boolean;
    /** The path this route is another name of (the original client's name for the call). */
    aliasOf?: string;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    /** The id of the request's session (sys_session.id), when signed in. */
    sessionId: number | null;
  }
}

/** What buildApp is given: the process's database, settings, file storage and bus. */
export type AppInput = { db: Db; config: Config; storage: FileStorage; bus: Bus };
/** What every feature's registration gets: the input plus this app's registry (registry.ts). */
export type Ctx = AppInput & { registry: AppRegistry };

/** What a handler returns: the response schema's shape when the route declares one. */
// biome-ignore lint/suspicious/noConfusingVoidType: a service that answers nothing returns Promise<void>
type Data<R> = R extends z.ZodNull ? null | undefined | void : R extends z.ZodType ? z.input<R> : unknown;

export type Handler<S extends z.ZodType | undefined, R = undefined> = (args: {
  input: S extends z.ZodType ? z.infer<S> : Record<string, never>;
  user: SessionUser;
  req: FastifyRequest;
  reply: FastifyReply;
}) => Promise<Data<R>> | Data<R>;

export type RouteDef<S extends z.ZodType | undefined, R extends z.ZodType | undefined = undefined> = {
  method: 'GET' | 'POST' | ('GET' | 'POST')[];
  url: string;
  /**
   * Other paths of the same call: the original WuKong client's name where ours differs
   * (docs/api.md "Aliases"). Each reaches this handler with the same access, schema and answer.
   */
  aliases?: readonly string[];
  access: Access;
  /** Validates the body (POST) or query (GET); the first issue's message is the answer's msg. */
  schema?: S;
  /**
   * Also accept the session from the HttpOnly `Admin-Token` cookie, for pure reads a browser
   * loads by address (<img src>, download links), which cannot send the header. Only GET-only
   * routes that change nothing may opt in: any other call accepts the header alone, so a link
   * or form on another site can never act for the user (CSRF).
   */
  cookieAuth?: 'read-only';
  /**
   * The shared response schema of `data` (packages/shared/src/contracts). The answer is
   * serialised with it: fields it does not name are not sent, a missing one is a server error.
   * Only routes that stream a file answer without one.
   */
  response?: R;
  /**
   * Also answer the data's keys beside `code` (the original client reads login's `Admin-Token`
   * and an upload's `batchId`, `url`, … at the top level). `data` keeps them too.
   */
  topLevel?: true;
  handler: Handler<S, R>;
};

/**
 * The fields of an object schema by name, looking through preprocess, transform, optional and
 * default wrappers and across a union's objects; null when the schema is not an object.
 */
export function shapeOf(schema: z.ZodType): Record<string, z.ZodType> | null {
  const def = (schema as unknown as { _zod: { def: SchemaDef } })._zod.def;
  switch (def.type) {
    case 'object':
      return (def.shape as Record<string, z.ZodType>) ?? {};
    case 'pipe':
      return shapeOf(def.in!) ?? shapeOf(def.out!);
    case 'optional':
    case 'default':
    case 'prefault':
    case 'nullable':
    case 'readonly':
      return shapeOf(def.innerType!);
    case 'union': {
      // Either of several bodies (a task's full save or its labels alone): every field any of them reads.
      const shapes = (def.options ?? []).map(shapeOf);
      return shapes.every((s) => s) ? Object.assign({}, ...shapes) : null;
    }
    default:
      return null;
  }
}
type SchemaDef = {
  type: string;
  shape?: object;
  in?: z.ZodType;
  out?: z.ZodType;
  innerType?: z.ZodType;
  options?: z.ZodType[];
};

/**
 * The field names an object schema understands (with the original client's names it declared
 * through `withAliases`); null when it is not an object.
 */
export function fieldsOf(schema: z.ZodType): string[] | null {
  const shape = shapeOf(schema);
  if (!shape) return null;
  const aliases = aliasesOf(schema);
  return aliases ? [...Object.keys(shape), ...Object.keys(aliases)] : Object.keys(shape);
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Parse input with a shared zod schema; the first issue's message becomes the error. A body that
 * is not an object, or that names none of the fields an object schema understands, is refused:
 * silently applying defaults to it would hide the client's mistake (a JSON array, a misspelt or
 * wrapped field) behind a success.
 */
export function parseInput<S extends z.ZodType>(schema: S, raw: unknown): z.infer<S> {
  const input = raw ?? {};
  if (!isRecord(input)) throw badRequest(Msg.bodyNotObject);
  const known = fieldsOf(schema);
  const sent = Object.keys(input);
  if (known && sent.length > 0 && !sent.some((k) => known.includes(k))) throw badRequest(Msg.noKnownField);
  const result = schema.safeParse(input);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw badRequest(issue?.message && /[\u4e00-\u9fa5]/.test(issue.message) ? issue.message : Msg.invalidRequest);
  }
  return result.data;
}

/** The input of a call: the query (GET), or the query and the body (POST); a non-object body is refused. */
function rawInput(req: FastifyRequest): unknown {
  if (req.method === 'GET') return req.query;
  const body = req.body;
  if (body === undefined) return req.query;
  if (!isRecord(body)) throw badRequest(Msg.bodyNotObject);
  return { ...(req.query as object), ...body };
}

/**
 * The answer envelope as JSON schema for Fastify's serialiser (fast-json-stringify), built once
 * per response schema (docs/decisions.md: response contracts).
 */
const envelopes = new WeakMap<z.ZodType, object>();
const topLevelEnvelopes = new WeakMap<z.ZodType, object>();
export function envelopeJsonSchema(data: z.ZodType, topLevel = false): object {
  const cache = topLevel ? topLevelEnvelopes : envelopes;
  let js = cache.get(data);
  if (!js) {
    const base = z.object({ code: z.number().int(), msg: z.string(), data });
    const shape = topLevel ? shapeOf(data) : null;
    if (topLevel && !shape) throw new Error('only an object answer can be spread to the top level');
    const schema = shape ? z.object({ ...shape, code: z.number().int(), msg: z.string(), data }) : base;
    const { $schema: _, ...rest } = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' });
    js = rest;
    cache.set(data, js);
  }
  return js;
}

/** Register a route answering `{code: 0, msg: 'success', data}` with what the handler returns. */
export function defineRoute<S extends z.ZodType | undefined = undefined, R extends z.ZodType | undefined = undefined>(
  app: FastifyInstance,
  def: RouteDef<S, R>,
): void {
  if (def.cookieAuth && def.method !== 'GET') throw new Error(`${def.url}: only a GET-only read may accept the cookie`);
  // The answer's times in the company's zone (core/times.ts): walked once here, not per request.
  const times = def.response ? timeWriter(def.response) : null;
  for (const url of [def.url, ...(def.aliases ?? [])]) registerRoute(app, def, url, times);
}

function registerRoute<S extends z.ZodType | undefined, R extends z.ZodType | undefined>(
  app: FastifyInstance,
  def: RouteDef<S, R>,
  url: string,
  times: ReturnType<typeof timeWriter> | null,
): void {
  const paged = def.response !== undefined && isPageSchema(def.response);
  app.route({
    method: def.method,
    url,
    config: {
      access: def.access,
      cookieAuth: def.cookieAuth === 'read-only',
      input: def.schema,
      response: def.response,
      ...(def.topLevel ? { topLevel: true } : {}),
      ...(url === def.url ? {} : { aliasOf: def.url }),
    },
    handler: async (req, reply) => {
      const raw = rawInput(req);
      let input = (def.schema ? parseInput(def.schema, raw) : {}) as object;
      const whole = paged && asksWholeList(raw);
      if (whole) input = { ...input, page: 1, limit: WHOLE_LIST_MAX + 1 };
      const answered = await def.handler({ input: input as never, user: req.user as SessionUser, req, reply });
      if (reply.sent) return reply;
      if (def.response) {
        // With its own serialiser Fastify leaves the type to us.
        if (!reply.hasHeader('content-type')) reply.type('application/json; charset=utf-8');
        reply.serializer(answerSerializer(def.response, def.topLevel === true));
      }
      const data = times && answered !== null && answered !== undefined ? times(answered, companyTimeZone()) : answered;
      if (def.topLevel) return { ...(data as object), code: 0, msg: 'success', data };
      if (paged && data) {
        const page = data as unknown as PageData;
        if (!whole) return { code: 0, msg: 'success', data: { ...page, ...originalPageFields(page) } };
        if (page.totalRow > WHOLE_LIST_MAX) throw badRequest(Msg.wholeListTooLong);
        reply.serializer(wholeListSerializer(def.response!));
        return { code: 0, msg: 'success', data: page.list };
      }
      return { code: 0, msg: 'success', data: data ?? null };
    },
  });
}

type PageData = { list: unknown[]; totalRow: number; page: number; limit: number };

/**
 * The most rows `pageType: 0` answers in one array: the original's pickers and related lists
 * are short; a longer list is refused with a message rather than cut without a word.
 */
export const WHOLE_LIST_MAX = 5000;

/** The original client's `pageType: 0`: the whole list, not a page. */
function asksWholeList(raw: unknown): boolean {
  const pageType = isRecord(raw) ? raw.pageType : undefined;
  return pageType === 0 || pageType === '0';
}

/**
 * A route's success answer, serialised by fast-json-stringify from its contract, compiled on the route's
 * first answer (once per schema): given to Fastify as a response schema, every route's was turned into JSON
 * schema and compiled when the app got ready, ≈ 3 s of each start and each test file, for routes most runs
 * never call. As with Fastify's, what the contract does not declare is not sent.
 */
const answerSerializers = [
  new WeakMap<z.ZodType, (doc: unknown) => string>(),
  new WeakMap<z.ZodType, (doc: unknown) => string>(),
];
export function answerSerializer(response: z.ZodType, topLevel: boolean): (doc: unknown) => string {
  const cache = answerSerializers[topLevel ? 1 : 0]!;
  let serialize = cache.get(response);
  if (!serialize) {
    serialize = fastJson(envelopeJsonSchema(response, topLevel) as Parameters<typeof fastJson>[0]) as (
      doc: unknown,
    ) => string;
    cache.set(response, serialize);
  }
  return serialize;
}

/** A page route's answer as a plain array: the page's item schema, compiled once per route. */
const wholeListSerializers = new WeakMap<z.ZodType, (doc: unknown) => string>();
function wholeListSerializer(page: z.ZodType): (doc: unknown) => string {
  let serialize = wholeListSerializers.get(page);
  if (!serialize) {
    const list = shapeOf(page)!.list!;
    serialize = fastJson(envelopeJsonSchema(list) as Parameters<typeof fastJson>[0]) as (doc: unknown) => string;
    wholeListSerializers.set(page, serialize);
  }
  return serialize;
}
