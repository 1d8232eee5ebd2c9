/** The first lines of every generated TypeScript file. */
export const tsBanner = [
  "// This file is generated from spec/ by `pnpm generate`. Do not edit it by hand:",
  "// change the spec and run `pnpm generate` again.",
  "",
].join("\n");
