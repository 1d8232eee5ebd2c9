import { buildSdkReference } from "/work/wt/repo/docs/src/build-sdk-reference.ts";
import { publishedPackages } from "/work/wt/repo/docs/src/published-packages.ts";

const root = "/work/wt/repo";
const t = performance.now();
await buildSdkReference(root, await publishedPackages(root), "/tmp/sdk-out");
console.log(((performance.now() - t) / 1000).toFixed(1), "s");
