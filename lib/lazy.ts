/**
 * What a module defines, made at its first use, not as the module loads: a woken worker
 * evaluates every module of its one script before it answers, and builds only what that answer
 * uses (docs/performance.md, worker cold start).
 */

/** `make()` called at the first call, its value kept for every later one. */
export function once<T>(make: () => T): () => T {
  let made: [T] | undefined;
  return () => (made ??= [make()])[0];
}

/**
 * An object (a zod schema above all) made at its first use, standing for it everywhere it is
 * used as one: parsed, checked, nested in another schema, its type. A schema put in another is
 * only read when that one parses, so a whole contract of them costs nothing until a request
 * needs one. Unlike `z.lazy`, it makes no zod object of its own.
 */
export function lazily<T extends object>(make: () => T): T {
  const made = once(make);
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(made(), key),
    has: (_, key) => key in made(),
    set: (_, key, value) => Reflect.set(made(), key, value),
  });
}
