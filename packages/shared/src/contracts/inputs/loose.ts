/**
 * A schema's input with the fields it reads from anything (`unknown`: a preprocess that trims,
 * reads form text or defaults a blank) optional, as they are on the wire; the rest as declared.
 */
export type Loose<T> = T extends readonly unknown[]
  ? { [I in keyof T]: Loose<T[I]> }
  : T extends object
    ? Flat<
        { [K in keyof T as unknown extends T[K] ? never : K]: Loose<T[K]> } & {
          [K in keyof T as unknown extends T[K] ? K : never]?: unknown;
        }
      >
    : T;
type Flat<T> = { [K in keyof T]: T[K] };
