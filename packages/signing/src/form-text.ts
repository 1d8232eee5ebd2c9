// Form-encoded text (`a=1&b=x+y`) read and written without URLSearchParams, which decodes and
// re-encodes every pair even when only a few are needed.

/**
 * Decodes one name or value of form-encoded text: `+` is a space, `%XX` an escaped byte. A stray
 * `%` is kept as it is, as URLSearchParams keeps it.
 */
export function formDecode(part: string): string {
  if (!part.includes("%") && !part.includes("+")) return part;
  try {
    return decodeURIComponent(part.replaceAll("+", " "));
  } catch {
    return new URLSearchParams(`a=${part}`).get("a") ?? "";
  }
}

/** Each pair of form text as [raw name, raw value], in order, empty pairs skipped. */
export function rawPairs(text: string): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  if (text === "") return out;
  for (const pair of text.split("&")) {
    if (pair === "") continue;
    const eq = pair.indexOf("=");
    out.push(eq < 0 ? [pair, ""] : [pair.slice(0, eq), pair.slice(eq + 1)]);
  }
  return out;
}

/** A pair name with an escape or a plus sign in it, which only decoding can compare. */
const CODED_NAME = /(?:^|&)[^=&]*[%+]/;

/**
 * The fields of form text, found and decoded on demand: `get` answers as `URLSearchParams.get`
 * does (the first value of a name, or null). Plain names are found by searching the text, so a
 * body of twenty fields is not split to read the four a signature needs.
 */
export class FormFields {
  /** The text behind an "&", so that every pair, the first too, starts right after one. */
  readonly #text: string;
  #decoded: Map<string, string> | undefined;

  constructor(text: string) {
    this.#text = `&${text}`;
    if (CODED_NAME.test(text)) this.#decoded = decodedNames(text);
  }

  #raw(name: string): string | undefined {
    // An empty name is told apart from an empty pair only by splitting.
    if (name === "") this.#decoded ??= decodedNames(this.#text);
    if (this.#decoded) return this.#decoded.get(name);
    const text = this.#text;
    const key = `&${name}`;
    for (let at = text.indexOf(key); at >= 0; at = text.indexOf(key, at + 1)) {
      const end = at + key.length;
      const next = text.charAt(end);
      if (next === "=") {
        const stop = text.indexOf("&", end);
        return text.slice(end + 1, stop < 0 ? undefined : stop);
      }
      // A bare name (`a&b=1`) has the empty value; anything else is a longer name.
      if (next === "&" || next === "") return "";
    }
    return undefined;
  }

  get(name: string): string | null {
    const raw = this.#raw(name);
    return raw === undefined ? null : formDecode(raw);
  }

  has(name: string): boolean {
    return this.#raw(name) !== undefined;
  }
}

function decodedNames(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const [name, value] of rawPairs(text)) {
    const key = formDecode(name);
    if (!out.has(key)) out.set(key, value);
  }
  return out;
}

/** Form text with every pair named `name` removed and `name=value` appended (value already encoded). */
export function replacePair(text: string, name: string, encodedValue: string): string {
  const kept = rawPairs(text).filter(([raw]) => formDecode(raw) !== name);
  kept.push([name, encodedValue]);
  return kept.map(([n, v]) => `${n}=${v}`).join("&");
}
