import { companyTimeZone, formatTime, isApiTime, parseTimestamp, toApiTime } from '@crm/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';

/**
 * Times in answers (docs/api.md): every field a response schema declares with `apiTime` goes out
 * as `yyyy-MM-dd HH:mm:ss` in the company's zone, whatever the handler put there (a Date, ISO or
 * PostgreSQL text). The schema is walked once, into a function that visits only the paths that
 * hold times; a schema without any costs nothing per request. Objects on those paths are copied,
 * never changed: a handler may answer something it keeps.
 */
export type TimeWriter = (value: unknown, zone: string) => unknown;

/** What a zod schema's definition holds, as far as a walk over schemas reads it. */
export type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  innerType?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  valueType?: z.ZodType;
  items?: z.ZodType[];
  rest?: z.ZodType | null;
  out?: z.ZodType;
  getter?: () => z.ZodType;
};
export const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const compiled = new WeakMap<z.ZodType, TimeWriter | null>();
/** Schemas being walked: a recursive schema (a tree) refers to itself through this. */
const walking = new Set<z.ZodType>();

/** The schemas directly inside one (fields, items, members, wrapped). */
function inner(def: Def): z.ZodType[] {
  const out: (z.ZodType | null | undefined)[] = [
    ...Object.values(def.shape ?? {}),
    def.catchall,
    def.element,
    def.innerType,
    ...(def.options ?? []),
    def.left,
    def.right,
    def.valueType,
    ...(def.items ?? []),
    def.rest,
    def.out,
    def.type === 'lazy' ? def.getter!() : null,
  ];
  return out.filter((s): s is z.ZodType => !!s);
}

const timeInside = new WeakMap<z.ZodType, boolean>();
/** Whether a schema declares a time anywhere inside (a cycle adds nothing its first visit did not). */
function hasTime(schema: z.ZodType, seen = new Set<z.ZodType>()): boolean {
  const known = timeInside.get(schema);
  if (known !== undefined) return known;
  if (isApiTime(schema)) return true;
  if (seen.has(schema)) return false;
  seen.add(schema);
  const found = inner(defOf(schema)).some((s) => hasTime(s, seen));
  seen.delete(schema);
  if (found || seen.size === 0) timeInside.set(schema, found);
  return found;
}

/** The writer of a response schema's times, or null when it declares none (built once per schema). */
export function timeWriter(schema: z.ZodType): TimeWriter | null {
  if (compiled.has(schema)) return compiled.get(schema)!;
  if (!hasTime(schema)) {
    compiled.set(schema, null);
    return null;
  }
  if (walking.has(schema)) {
    // Recursive: resolved on use, by which time the walk has finished.
    return (v, zone) => {
      const w = compiled.get(schema);
      return w ? w(v, zone) : v;
    };
  }
  walking.add(schema);
  let writer: TimeWriter | null;
  try {
    writer = build(schema);
  } finally {
    walking.delete(schema);
  }
  compiled.set(schema, writer);
  return writer;
}

function build(schema: z.ZodType): TimeWriter | null {
  if (isApiTime(schema)) return (v, zone) => toApiTime(v, zone);
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional': {
      const wrapped = timeWriter(def.innerType!);
      return wrapped && ((v, zone) => (v === null || v === undefined ? v : wrapped(v, zone)));
    }
    case 'lazy':
      return timeWriter(def.getter!());
    case 'pipe':
      return timeWriter(def.out!);
    case 'object': {
      const fields: [string, TimeWriter][] = [];
      for (const [key, field] of Object.entries(def.shape ?? {})) {
        const w = timeWriter(field);
        if (w) fields.push([key, w]);
      }
      const rest = def.catchall ? timeWriter(def.catchall) : null;
      if (!fields.length && !rest) return null;
      return (v, zone) => {
        if (!isRecord(v)) return v;
        const copy: Record<string, unknown> = { ...v };
        if (rest)
          for (const k of Object.keys(copy)) if (!Object.hasOwn(def.shape ?? {}, k)) copy[k] = rest(copy[k], zone);
        for (const [key, w] of fields) if (Object.hasOwn(copy, key)) copy[key] = w(copy[key], zone);
        return copy;
      };
    }
    case 'array': {
      const item = timeWriter(def.element!);
      return item && ((v, zone) => (Array.isArray(v) ? v.map((x) => item(x, zone)) : v));
    }
    case 'record': {
      const value = timeWriter(def.valueType!);
      return (
        value &&
        ((v, zone) => {
          if (!isRecord(v)) return v;
          const copy: Record<string, unknown> = {};
          for (const [k, x] of Object.entries(v)) copy[k] = value(x, zone);
          return copy;
        })
      );
    }
    case 'tuple': {
      const items = (def.items ?? []).map((s) => timeWriter(s));
      const rest = def.rest ? timeWriter(def.rest) : null;
      if (!items.some(Boolean) && !rest) return null;
      return (v, zone) =>
        Array.isArray(v)
          ? v.map((x, i) => (i < items.length ? (items[i]?.(x, zone) ?? x) : rest ? rest(x, zone) : x))
          : v;
    }
    case 'union':
    case 'intersection': {
      // Each member writes only the fields it declares as times; text already written is kept.
      const parts = (def.type === 'union' ? def.options! : [def.left!, def.right!])
        .map((s) => timeWriter(s))
        .filter((w): w is TimeWriter => w !== null);
      if (!parts.length) return null;
      return (v, zone) => parts.reduce((acc, w) => w(acc, zone), v);
    }
    default:
      return null;
  }
}

/** The answer's `data` with its times written in the company's zone (see `timeWriter`). */
export function writeTimes(schema: z.ZodType, data: unknown): unknown {
  const w = timeWriter(schema);
  return w && data !== null && data !== undefined ? w(data, companyTimeZone()) : data;
}

/**
 * A timestamp a query gave (the drivers answer a Date, JSON and text casts a string) as a Date,
 * for the answer's time fields (written by the route layer) and for reckoning; null for none.
 */
export const instantOf = (v: unknown): Date | null =>
  v instanceof Date ? v : typeof v === 'string' ? parseTimestamp(v) : null;

/**
 * A time as the API writes it, for values the route layer cannot find by the marker: record rows'
 * catch-all columns and rows that exports read too. Null stays null.
 */
export const timeText = (v: unknown): string | null => {
  const at = instantOf(v);
  return at ? formatTime(at) : v === null || v === undefined ? null : String(v);
};

/** The company's time zone as a statement parameter (`now() at time zone ${zoneSql()}`), read per statement. */
export const zoneSql = (): SQL => sql`${companyTimeZone()}::text`;
