import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // The workspace is one pnpm monorepo; trace files from its root.
  outputFileTracingRoot: new URL("../..", import.meta.url).pathname,
};

export default nextConfig;
