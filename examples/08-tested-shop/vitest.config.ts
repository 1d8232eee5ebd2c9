import { defineConfig } from "vitest/config";

// Its own config, so that `npx vitest` in this folder runs this app's tests only, instead of
// walking up to the repository's root config and running every project there.
export default defineConfig({
  test: {
    name: "tested-shop",
    include: ["*.test.ts"],
  },
});
