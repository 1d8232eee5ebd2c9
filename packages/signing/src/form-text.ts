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
  readonly #text: string;
  #decoded: Map<string, string> | undefined;

  constructor(text: string) {
    this.#text = text;
    if (CODED_NAME.test(text)) this.#decoded = decodedNames(text);
  }

  #raw(name: string): string | undefined {
    // An empty name is told apart from an empty pair only by splitting.
    if (name === "") this.#decoded ??= decodedNames(this.#text);
    if (this.#decoded) return this.#decoded.get(name);
    const text = this.#text;
    const at = text.startsWith(`${name}=`) || text === name || text.startsWith(`${name}&`) ? 0 : boundary(text, name);
    if (at < 0) return undefined;
    const start = at + name.length;
    if (text.charAt(start) !== "=") return "";
    const end = text.indexOf("&", start);
    return text.slice(start + 1, end < 0 ? undefined : end);
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

/** Where the first pair named `name` starts after an "&", or -1. */
function boundary(text: string, name: string): number {
  for (let from = 0; ; ) {
    const at = text.indexOf(`&${name}`, from);
    if (at < 0) return -1;
    const next = text.charAt(at + 1 + name.length);
    if (next === "=" || next === "&" || next === "") return at + 1;
    from = at + 1;
  }
}

/** Form text with every pair named `name` removed and `name=value` appended (value already encoded). */
export function replacePair(text: string, name: string, encodedValue: string): string {
  const kept = rawPairs(text).filter(([raw]) => formDecode(raw) !== name);
  kept.push([name, encodedValue]);
  return kept.map(([n, v]) => `${n}=${v}`).join("&");
}
