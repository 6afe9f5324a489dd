import { fileUploadFieldsSchema, sysConfigSetSchema } from '@crm/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../app.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { type InputSchema, shapeOf } from './route.ts';
import { queryRows } from './sql.ts';

/**
 * Every route of the route table, called by the super admin with a fixed corpus of malformed
 * input: whole bodies of the wrong shape or content type, and each field the route understands
 * set to a boolean, an array, an object, an integer outside the database's range, a float, a
 * non-numeric string, control characters, a very long or emoji-only text, a number beyond every
 * range a Date or a 64-bit integer holds; and every POST with a multipart body cut before its
 * closing boundary (the upload and import routes read it, the others ignore it). No answer may be a
 * 5xx, every refusal carries a Chinese message, and no refused call may change a row.
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(() => t.close());

/** Routes that cannot be walked, and why. */
const skipped: Record<string, string> = {
  // Ends the very session the walk runs on; it reads no input.
  'POST /logout': 'ends the session',
};

/** Routes that read a multipart form in their handler: the fields they parse, for the walk. */
const formFields: Record<string, InputSchema> = {
  'POST /file/upload': fileUploadFieldsSchema,
  'POST /sysConfig/set': sysConfigSetSchema,
};

const badValues: unknown[] = [
  true,
  null,
  [2],
  [[2]],
  { a: 1 },
  2147483648,
  -1,
  1.5,
  '2147483648',
  'NaN',
  '',
  'a\u0000b',
  'x'.repeat(5000),
  '😀'.repeat(300),
  huge('9223372036854775808'),
  huge('1e308'),
  huge('-1e308'),
];

/**
 * A JSON number literal sent as written: JSON.stringify would round 2^63 to 9223372036854776000.
 * It stands in the body as a marker string until the payload is written.
 */
type Huge = { huge: string };
function huge(literal: string): Huge {
  return { huge: literal };
}
const isHuge = (v: unknown): v is Huge => typeof v === 'object' && v !== null && 'huge' in v;
const marker = (h: Huge) => `__huge_${h.huge}__`;
function jsonWith(value: object, bad: unknown): string {
  if (!isHuge(bad)) return JSON.stringify(value);
  return JSON.stringify(value, (_k, v) => (v === bad ? marker(bad) : v)).replace(`"${marker(bad)}"`, bad.huge);
}

type Probe = { what: string; method: string; url: string; headers?: Record<string, string>; payload?: string };

const json = { 'content-type': 'application/json' };
const form = { 'content-type': 'application/x-www-form-urlencoded' };

/** Whole bodies of the wrong shape, and one of each wrong transport. */
function wholeBodies(url: string): Probe[] {
  const p = (what: string, headers?: Record<string, string>, payload?: string): Probe => ({
    what,
    method: 'POST',
    url,
    headers,
    payload,
  });
  return [
    p('no body'),
    p('broken JSON', json, '{"a":'),
    p('JSON array', json, '[1,2]'),
    p('JSON string', json, '"x"'),
    p('JSON null', json, 'null'),
    p('unknown field', json, JSON.stringify({ unknownField: { b: [[1]] } })),
    p('text/plain', { 'content-type': 'text/plain' }, 'hello'),
    { what: 'query unknown', method: 'POST', url: `${url}?unknownField=1`, headers: json, payload: '{}' },
    p('truncated multipart', { 'content-type': `multipart/form-data; boundary=${boundary}` }, truncatedMultipart),
    p('JSON nested 5,000 deep', json, deepJson),
    p('form nested 50 deep', form, `a${'[b]'.repeat(50)}=1`),
  ];
}

/** An array 5,000 levels deep under a field name (a recursive walk of it overflows the stack). */
const deepJson = `{"list":${'['.repeat(5000)}${']'.repeat(5000)}}`;

const boundary = '----fuzzboundary';
/** A form whose file part never reaches its closing boundary (a dropped or cut upload). */
const truncatedMultipart = [
  `--${boundary}`,
  'Content-Disposition: form-data; name="type"',
  '',
  'file',
  `--${boundary}`,
  'Content-Disposition: form-data; name="file"; filename="a.xlsx"',
  'Content-Type: application/octet-stream',
  '',
  'the first bytes only',
].join('\r\n');

type Def = { type: string; element?: InputSchema; in?: InputSchema; out?: InputSchema; innerType?: InputSchema };
const defOf = (s: InputSchema) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** The element schema of an array field (through its wrappers), or null. */
function elementOf(schema: InputSchema): InputSchema | null {
  const def = defOf(schema);
  if (def.type === 'array') return def.element!;
  if (def.type === 'pipe') return elementOf(def.in!) ?? elementOf(def.out!);
  if (def.innerType) return elementOf(def.innerType);
  return null;
}

/**
 * Where a bad value can go: each field, and one level down in a field that is an object
 * (`oaExamine.content`) or a list of objects (`fields[0].name`).
 */
function placesOf(schema: InputSchema): { name: string; put: (bad: unknown) => object }[] {
  const places: { name: string; put: (bad: unknown) => object }[] = [];
  for (const [field, sub] of Object.entries(shapeOf(schema) ?? {})) {
    places.push({ name: field, put: (bad) => ({ [field]: bad }) });
    const inner = shapeOf(sub);
    for (const k of Object.keys(inner ?? {}))
      places.push({ name: `${field}.${k}`, put: (bad) => ({ [field]: { [k]: bad } }) });
    const element = elementOf(sub);
    const items = element ? shapeOf(element) : null;
    for (const k of Object.keys(items ?? {}))
      places.push({ name: `${field}[0].${k}`, put: (bad) => ({ [field]: [{ [k]: bad }] }) });
  }
  return places;
}

const asQueryValue = (v: unknown): string[] =>
  isHuge(v) ? [v.huge] : (Array.isArray(v) ? v : [v]).map((x) => (typeof x === 'string' ? x : JSON.stringify(x)));

function fieldProbes(method: string, url: string, schema: InputSchema): Probe[] {
  const out: Probe[] = [];
  for (const place of placesOf(schema)) {
    for (const bad of badValues) {
      const what = `${place.name}=${isHuge(bad) ? bad.huge : JSON.stringify(bad).slice(0, 40)}`;
      if (method === 'GET') {
        if (place.name.includes('.')) continue;
        const qs = new URLSearchParams();
        for (const x of asQueryValue(bad)) qs.append(place.name, x);
        out.push({ what, method, url: `${url}?${qs}` });
      } else {
        out.push({ what, method, url, headers: json, payload: jsonWith(place.put(bad), bad) });
      }
    }
    if (method === 'POST' && !place.name.includes('.')) {
      const field = encodeURIComponent(place.name);
      out.push({ what: `form ${place.name} twice`, method, url, headers: form, payload: `${field}=1&${field}=2` });
    }
  }
  return out;
}

/** Path parameters (`:key`) set to malformed values. */
const paramValues = ['x', '%00', 'a'.repeat(300), '..%2F..%2Fetc%2Fpasswd', '%F0%9F%98%80', '%E0%A4%A'];

function probesOf(route: RouteEntry): Probe[] {
  if (route.url.includes(':')) {
    const probe = (v: string) => ({
      what: `param ${v.slice(0, 20)}`,
      method: route.method,
      url: route.url.replace(/:\w+/, v),
    });
    return paramValues.map(probe);
  }
  const schema = formFields[`${route.method} ${route.url}`] ?? route.input;
  const probes = schema ? fieldProbes(route.method, route.url, schema) : [];
  return route.method === 'POST' ? [...wholeBodies(route.url), ...probes] : probes;
}

/** A fingerprint of every table but the sessions (each call may slide its session's expiry) and the open-call rate counter. */
async function checksumQuery() {
  const tables = await queryRows<{ name: string }>(
    t.database.db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'sys_session'
          -- Open pages (h-lottery): every open call counts its address before the token is read, by design.
          and table_name <> 'sys_open_hit'
        order by table_name`,
  );
  const parts = tables.map(
    ({ name }) => `(select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) from "${name}" x)`,
  );
  return sql.raw(`select md5(${parts.join(' || ')}) as h`);
}

describe('the fuzz walk of the route table', () => {
  // About 30,000 calls (17 bad values a field, the truncated upload on every POST): 100 s on the
  // shared 2-core machine at load 10, 350 s at load 17; the time limit's margin is for a busy CI runner.
  it('answers every malformed call without a 5xx, in Chinese, changing nothing when it refuses', async () => {
    const hashSql = await checksumQuery();
    const hash = async () => (await queryRows<{ h: string }>(t.database.db, hashSql))[0]!.h;
    // The next transaction id moves only when something writes: a cheap test before the hash.
    const xmax = async () =>
      (
        await queryRows<{ x: string }>(t.database.db, sql`select pg_snapshot_xmax(pg_current_snapshot())::text as x`)
      )[0]!.x;

    const routes = t.app.routeTable.filter((r) => !skipped[`${r.method} ${r.url}`]);
    expect(routes.length).toBeGreaterThan(60);
    const failures: string[] = [];
    let base = { x: await xmax(), h: await hash() };
    let calls = 0;
    for (const route of routes) {
      for (const probe of probesOf(route)) {
        const res = await t.app.inject({
          method: probe.method as 'GET' | 'POST',
          url: probe.url,
          headers: { 'admin-token': admin, ...probe.headers },
          payload: probe.payload,
        });
        calls++;
        const where = `${route.method} ${route.url} [${probe.what}]`;
        if (res.statusCode >= 500) failures.push(`${where}: HTTP ${res.statusCode}`);
        // A handled refusal of a call is HTTP 200 with its code (the original client counts any
        // other status as a network failure); a file stream a browser loads keeps its status.
        if (res.statusCode !== 200 && res.statusCode < 500 && route.response)
          failures.push(`${where}: HTTP ${res.statusCode} for a handled outcome`);
        const isJson = (res.headers['content-type'] ?? '').toString().includes('application/json');
        const answer = isJson ? (res.json() as { code: number; msg: string }) : null;
        const refused = res.statusCode >= 400 || (answer !== null && answer.code !== 0);
        // A call with an input schema never silently defaults a body it does not understand.
        const understands = Boolean(formFields[`${route.method} ${route.url}`] ?? route.input);
        if (probe.what === 'unknown field' && understands && answer?.msg !== '请求中没有本接口可识别的参数')
          failures.push(`${where}: answered ${answer?.code} ${answer?.msg}`);
        if (refused && !/[\u4e00-\u9fa5]/.test(answer?.msg ?? '')) failures.push(`${where}: msg ${answer?.msg}`);
        const x = await xmax();
        if (x === base.x) continue;
        const h = await hash();
        if (refused && h !== base.h) failures.push(`${where}: a refused call changed rows`);
        base = { x, h };
      }
    }
    expect(calls).toBeGreaterThan(3000);
    expect(failures).toEqual([]);
  }, 600_000);
});
