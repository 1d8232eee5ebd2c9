import { build } from "esbuild";
import { gzipSync } from "node:zlib";
async function m(entry, external, label, stdin) {
  const r = await build({ ...(stdin ? { stdin: { contents: stdin, resolveDir: process.cwd() } } : { entryPoints: [entry] }), bundle: true, minify: true, format: "esm", platform: "neutral", target: "es2022", write: false, external });
  console.log(label, r.outputFiles[0].contents.length, gzipSync(r.outputFiles[0].contents, { level: 9 }).length);
}
const C = "packages/client/dist/index.js";
await m(C, ["openapi-fetch"], "client all");
await m(C, ["openapi-fetch", "@card-processing/types"], "client -types");
await m(C, ["openapi-fetch", "@card-processing/types", "@card-processing/signing"], "client own");
await m(null, ["openapi-fetch"], "createGateway only", 'export { createGateway } from "./packages/client/dist/index.js";');
await m(null, ["openapi-fetch"], "createClient only", 'export { createClient } from "./packages/client/dist/index.js";');
await m(null, ["openapi-fetch"], "sign mw only", 'export { createSigningMiddleware } from "./packages/signing/dist/index.js";');
await m(null, ["openapi-fetch"], "table only", 'export { operationTable } from "./packages/types/dist/index.js";');
