import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

// The one home of every file the sandbox reads at run time besides a user's own: its package.json,
// the dashboard's script and stylesheet, the bundled spec and the SQLite library of --data-dir.
// Here they are read from the installed package; the single executable swaps this module for one
// that reads the same files from its assets (tools/executable/), so a new file read at run time
// belongs here and nowhere else.

const require = createRequire(import.meta.url);

/**
 * The text files the sandbox reads beside its modules, by name, as paths relative to this module
 * (in `dist/` once built; the build copies the dashboard's files there).
 *
 * For example:
 * ```text
 * SHIPPED_TEXT_FILES["dashboard-style.css"]; // "server/dashboard/dashboard-style.css"
 * ```
 */
export const SHIPPED_TEXT_FILES = {
  "package.json": "../package.json",
  "dashboard-script.js": "server/dashboard/dashboard-script.js",
  "dashboard-style.css": "server/dashboard/dashboard-style.css",
} as const;

/** The name of a text file the sandbox reads at run time. */
export type ShippedTextFile = keyof typeof SHIPPED_TEXT_FILES;

/**
 * The text of one of the sandbox's own files.
 *
 * For example:
 * ```text
 * const { version } = JSON.parse(shippedText("package.json")) as { version: string };
 * ```
 */
export function shippedText(name: ShippedTextFile): string {
  return readFileSync(new URL(SHIPPED_TEXT_FILES[name], import.meta.url), "utf8");
}

/**
 * The bundled spec shipped by `@card-processing/types` (`openapi.json`), parsed.
 *
 * For example:
 * ```text
 * const spec = bundledSpecDocument() as { openapi: string };
 * ```
 */
export function bundledSpecDocument(): unknown {
  return require("@card-processing/types/openapi.json");
}

/**
 * The SQLite library of `--data-dir` (`node-sqlite3-wasm`), loaded on first use only, so a
 * sandbox without a data directory starts without it.
 *
 * For example:
 * ```text
 * const { Database } = sqliteLibrary();
 * ```
 */
export function sqliteLibrary(): typeof import("node-sqlite3-wasm") {
  return require("node-sqlite3-wasm") as typeof import("node-sqlite3-wasm");
}
