/**
 * Refuses an option nothing reads, naming it, and the known option it is closest to (`latencyMS`:
 * did you mean `latencyMs`?): from JavaScript a misspelt option would otherwise be ignored without
 * a word and its default apply. The known names are not listed here a second time: they are the
 * names `read` reads, run once on the options (`resolveOptions` and the few `startSandbox` reads
 * itself), so an option added there is known here.
 */
export function refuseUnknownOptions<T extends object>(options: T, read: (options: T) => unknown): void {
  if (options === null || typeof options !== "object") return;
  const readNames = new Set<string>();
  // A look at which names the reading asks for; the values it gets are the options' own.
  const recorder = new Proxy(options, {
    get(target, name, receiver) {
      if (typeof name === "string") readNames.add(name);
      return Reflect.get(target, name, receiver);
    },
  });
  read(recorder);
  for (const name of Object.keys(options)) {
    if (readNames.has(name)) continue;
    const close = closestName(name, [...readNames]);
    throw new TypeError(
      `${name}: unknown option${close === undefined ? "" : `; did you mean ${close}?`} (startSandbox takes ${[...readNames].sort().join(", ")})`,
    );
  }
}

/** The known name `name` is a slip of: the same but for case, or at most two letters apart. */
function closestName(name: string, known: readonly string[]): string | undefined {
  const lower = name.toLowerCase();
  const sameButCase = known.find((candidate) => candidate.toLowerCase() === lower);
  if (sameButCase !== undefined) return sameButCase;
  let best: { name: string; distance: number } | undefined;
  for (const candidate of known) {
    const distance = editDistance(lower, candidate.toLowerCase());
    if (distance <= 2 && (best === undefined || distance < best.distance)) best = { name: candidate, distance };
  }
  return best?.name;
}

/** How many letters must be inserted, deleted or changed to turn `a` into `b`. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const change = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, change);
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}
