import { z } from 'zod';

/**
 * The original client's names for a call's fields (issue 20, `wire-wukong9.md` "Parameter
 * names"): `{customerId: 'id', customerIds: 'ids'}` reads the original's `customerId` as our
 * `id`. Declared once per call with the call's schema, so handlers only ever see our names.
 */
export type FieldAliases = Readonly<Record<string, string>>;

const declared = new WeakMap<z.ZodType, FieldAliases>();

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const absent = (v: unknown) => v === undefined || v === null || v === '';

/**
 * Rename the aliases a body uses to our names. Our own name wins when both are sent with a
 * value (a client that knows both means ours); an alias whose target is already taken is dropped.
 */
export function renameAliases(body: unknown, aliases: FieldAliases): unknown {
  if (!isRecord(body)) return body;
  let out: Record<string, unknown> | null = null;
  for (const [alias, ours] of Object.entries(aliases)) {
    if (!(alias in body)) continue;
    out ??= { ...body };
    const value = out[alias];
    delete out[alias];
    if (absent(out[ours])) out[ours] = value;
  }
  return out ?? body;
}

/**
 * What a client may send to a schema with aliases: our names, or the original's in their place
 * (a field an alias stands for is optional, the alias itself is read as ours is).
 */
export type AliasedInput<I, A extends FieldAliases> = unknown extends I
  ? unknown
  : Omit<I, A[keyof A]> & Partial<Pick<I, Extract<A[keyof A], keyof I>>> & { [K in keyof A]?: unknown };

/** A call's schema that also reads the original client's names for its fields. */
export function withAliases<S extends z.ZodType, const A extends FieldAliases>(schema: S, aliases: A) {
  for (const [alias, ours] of Object.entries(aliases))
    if (alias === ours) throw new Error(`alias ${alias} names itself`);
  const wrapped = z.preprocess<unknown, S, AliasedInput<z.input<S>, A>>((body) => renameAliases(body, aliases), schema);
  declared.set(wrapped, { ...(declared.get(schema) ?? {}), ...aliases });
  return wrapped;
}

/** The aliases a schema declared with `withAliases` (the server counts them as known fields). */
export function aliasesOf(schema: z.ZodType): FieldAliases | undefined {
  return declared.get(schema);
}
