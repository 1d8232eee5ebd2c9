/**
 * The single executable's stand-in for the sandbox's `shipped-files.ts`: the same functions, reading
 * the same files from the executable's assets (`node:sea`) instead of from an installed package.
 * build-executable.ts bundles it in that module's place and adds the assets under the names used
 * here; a name the sandbox imports and this module lacks fails the bundle.
 */
import { getAsset } from "node:sea";
import type * as installed from "../../packages/sandbox/src/shipped-files.ts";

/** The asset names of the files that are not text files of the sandbox package itself. */
export const SPEC_ASSET = "openapi.json";
export const SQLITE_WASM_ASSET = "node-sqlite3-wasm.wasm";

/**
 * The text of one of the sandbox's own files, from the asset of the same name.
 *
 * @example
 * ```ts
 * const { version } = JSON.parse(shippedText("package.json")) as { version: string };
 * ```
 */
export const shippedText: typeof installed.shippedText = (name) => getAsset(name, "utf8");

/**
 * The bundled spec, parsed from its asset.
 *
 * @example
 * ```ts
 * const spec = bundledSpecDocument() as { openapi: string };
 * ```
 */
export const bundledSpecDocument: typeof installed.bundledSpecDocument = () =>
  JSON.parse(getAsset(SPEC_ASSET, "utf8")) as unknown;

/**
 * The SQLite library, bundled into the executable; its WebAssembly comes from an asset (see the
 * build's `sqliteWasmFromAsset`). Loaded on first use, as in the package.
 *
 * @example
 * ```ts
 * const { Database } = sqliteLibrary();
 * ```
 */
export const sqliteLibrary: typeof installed.sqliteLibrary = () =>
  // A require esbuild sees and bundles (the package's createRequire is invisible to it), inside
  // the function so that the library and its WebAssembly load only for --data-dir.
  require("node-sqlite3-wasm") as ReturnType<typeof installed.sqliteLibrary>;
