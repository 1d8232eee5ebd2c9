import { readFile } from "node:fs/promises";
import { gunzipSync } from "node:zlib";

const BLOCK = 512;

function field(header: Buffer, start: number, length: number): string {
  const raw = header.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? raw.length : end).toString("utf8");
}

/** Reads the `path` record of a pax extended header, which overrides the next entry's name. */
function paxPath(body: Buffer): string | undefined {
  for (const line of body.toString("utf8").split("\n")) {
    const match = /^\d+ path=(.*)$/.exec(line);
    if (match) return match[1];
  }
  return undefined;
}

/**
 * Reads every regular file of a `.tgz` made by `npm pack` / `pnpm pack`, by path inside the
 * archive (`package/dist/index.js`). Done in Node rather than with `tar` so the checks run the
 * same wherever Node runs.
 *
 * @example
 * ```ts
 * const entries = await tarballEntries("card-processing-types-0.1.0.tgz");
 * JSON.parse(entries.get("package/package.json")!.toString("utf8")).version; // "0.1.0"
 * ```
 */
export async function tarballEntries(tarball: string): Promise<Map<string, Buffer>> {
  const tar = gunzipSync(await readFile(tarball));
  const entries = new Map<string, Buffer>();
  let offset = 0;
  let nextName: string | undefined;
  while (offset + BLOCK <= tar.length) {
    const header = tar.subarray(offset, offset + BLOCK);
    if (header.every((byte) => byte === 0)) break;
    const size = Number.parseInt(field(header, 124, 12).trim() || "0", 8);
    const type = String.fromCharCode(header[156] ?? 0);
    const prefix = field(header, 345, 155);
    const name = nextName ?? (prefix ? `${prefix}/${field(header, 0, 100)}` : field(header, 0, 100));
    const body = tar.subarray(offset + BLOCK, offset + BLOCK + size);
    nextName = undefined;
    if (type === "x") nextName = paxPath(body);
    else if (type === "0" || type === "\0") entries.set(name, Buffer.from(body));
    offset += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
  }
  return entries;
}
