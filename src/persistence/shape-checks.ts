// Small checks for what the browser kept, read at boot: zod (even zod/mini) would add more to the first load
// than the three stores are worth. Each check answers the value as read, unknown keys dropped, or `INVALID`.

export const INVALID: unique symbol = Symbol('invalid');

export type Check<T> = (value: unknown) => T | typeof INVALID;
export type Checked<C> = C extends Check<infer T> ? T : never;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const typed =
  <T>(matches: (value: unknown) => value is T): Check<T> =>
  (value) =>
    matches(value) ? value : INVALID;

export const string = typed((value): value is string => typeof value === 'string');
export const boolean = typed((value): value is boolean => typeof value === 'boolean');
export const number = typed((value): value is number => Number.isFinite(value));
export const integer = typed((value): value is number => Number.isSafeInteger(value));
export const unknown: Check<unknown> = (value) => value;

export const oneOf = <T extends string>(values: readonly T[]) =>
  typed((value): value is T => (values as readonly unknown[]).includes(value));

export const nullable =
  <T>(check: Check<T>): Check<T | null> =>
  (value) =>
    value === null ? null : check(value);

export const optional =
  <T>(check: Check<T>): Check<T | undefined> =>
  (value) =>
    value === undefined ? undefined : check(value);

/** A field a later version added: missing in an older store, it reads as `fallback`. */
export const withDefault =
  <T>(check: Check<T>, fallback: T): Check<T> =>
  (value) =>
    value === undefined ? fallback : check(value);

type Shape = Record<string, Check<unknown>>;

/** An object of these fields; a field that reads as undefined is left out, as an optional one would be. */
export const object =
  <S extends Shape>(shape: S): Check<{ [K in keyof S]: Checked<S[K]> }> =>
  (value) => {
    if (!isPlainObject(value)) return INVALID;
    const read: Record<string, unknown> = {};
    for (const [key, check] of Object.entries(shape)) {
      const field = check(value[key]);
      if (field === INVALID) return INVALID;
      if (field !== undefined) read[key] = field;
    }
    return read as { [K in keyof S]: Checked<S[K]> };
  };

/** An object used as a map: any keys, every value checked. */
export const record =
  <T>(check: Check<T>): Check<Record<string, T>> =>
  (value) => {
    if (!isPlainObject(value)) return INVALID;
    const read: Record<string, T> = {};
    for (const [key, entry] of Object.entries(value)) {
      const field = check(entry);
      if (field === INVALID) return INVALID;
      read[key] = field;
    }
    return read;
  };
