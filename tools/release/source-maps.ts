import { dirname, join, normalize } from "node:path/posix";

/**
 * What a user's debugger would find broken in a package as packed: every `sourceMappingURL`
 * comment of a `.js` or `.d.ts` file must name a map inside the package, and every source a map
 * lists must be a file inside the package (or be carried in the map's `sourcesContent`). Paths
 * are the tarball's, without the leading `package/`. Returns one line per problem, none when
 * every map resolves.
 *
 * @example
 * ```ts
 * const entries = await tarballEntries(tarball);
 * const files = new Map([...entries].map(([path, bytes]) => [path.replace(/^package\//, ""), bytes]));
 * unresolvedSourceMaps(files); // [] when "go to definition" and stack traces lead somewhere
 * ```
 */
export function unresolvedSourceMaps(files: ReadonlyMap<string, Buffer>): string[] {
  const problems: string[] = [];
  for (const [path, bytes] of files) {
    if (/\.(js|d\.ts)$/.test(path)) {
      const url = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(bytes.toString("utf8"))?.[1];
      if (url === undefined || url.startsWith("data:")) continue;
      const map = normalize(join(dirname(path), url));
      if (!files.has(map)) problems.push(`${path}: its sourceMappingURL names ${map}, which the package does not hold`);
    }
    if (!path.endsWith(".map")) continue;
    let parsed: { sources?: unknown; sourcesContent?: unknown; sourceRoot?: unknown };
    try {
      parsed = JSON.parse(bytes.toString("utf8")) as typeof parsed;
    } catch {
      problems.push(`${path}: not JSON`);
      continue;
    }
    const sources = Array.isArray(parsed.sources) ? (parsed.sources as unknown[]) : [];
    const contents = Array.isArray(parsed.sourcesContent) ? (parsed.sourcesContent as unknown[]) : [];
    const root = typeof parsed.sourceRoot === "string" ? parsed.sourceRoot : "";
    for (const [index, source] of sources.entries()) {
      if (typeof contents[index] === "string") continue;
      const target = normalize(join(dirname(path), root, String(source)));
      if (!files.has(target)) problems.push(`${path}: source ${String(source)} (${target}) is not in the package`);
    }
  }
  return problems.sort();
}
