import { createHash, randomBytes } from "node:crypto";

/**
 * Where the sandbox's generated identifiers (page tokens, card references, a generated control
 * key) come from: random bytes, or, with a seed, SHA-256 of the seed and a counter, so the same
 * seed and the same requests give the same identifiers on every run.
 */
export class IdSource {
  readonly seed: string | undefined;
  #counter = 0;
  /** Random bytes drawn 4 KiB at a time: one `randomBytes` call per order cost 5% of a sale's CPU. */
  #pool = Buffer.alloc(0);
  #used = 0;

  constructor(seed: string | undefined) {
    this.seed = seed;
  }

  /** `length` bytes (at most 32), as lowercase hexadecimal. */
  hex(length: number): string {
    if (this.seed === undefined) {
      if (this.#used + length > this.#pool.length) {
        this.#pool = randomBytes(4096);
        this.#used = 0;
      }
      this.#used += length;
      return this.#pool.toString("hex", this.#used - length, this.#used);
    }
    this.#counter += 1;
    return createHash("sha256")
      .update(`${this.seed}\n${this.#counter}`)
      .digest("hex")
      .slice(0, length * 2);
  }

  /** How many seeded ids were drawn (kept by a data directory, so a restart draws new ones). */
  get drawn(): number {
    return this.#counter;
  }

  /** Goes on after `drawn` seeded ids (a restart on a data directory). */
  resume(drawn: number): void {
    this.#counter = Math.max(this.#counter, drawn);
  }

  /** Starts the seeded sequence again (reset between tests). */
  restart(): void {
    this.#counter = 0;
  }
}
