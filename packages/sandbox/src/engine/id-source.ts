import { createHash, randomBytes } from "node:crypto";

/**
 * Where the sandbox's generated identifiers (page tokens, card references, a generated control
 * key) come from: random bytes, or, with a seed, SHA-256 of the seed and a counter, so the same
 * seed and the same requests give the same identifiers on every run.
 */
export class IdSource {
  readonly seed: string | undefined;
  #counter = 0;

  constructor(seed: string | undefined) {
    this.seed = seed;
  }

  /** `length` bytes (at most 32), as lowercase hexadecimal. */
  hex(length: number): string {
    if (this.seed === undefined) return randomBytes(length).toString("hex");
    this.#counter += 1;
    return createHash("sha256")
      .update(`${this.seed}\n${this.#counter}`)
      .digest("hex")
      .slice(0, length * 2);
  }

  /** Starts the seeded sequence again (reset between tests). */
  restart(): void {
    this.#counter = 0;
  }
}
