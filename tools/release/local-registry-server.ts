/**
 * Child process of `startLocalRegistry`: runs Verdaccio (its documented `runServer`) with the
 * config file named by the first argument, listening on a free port of 127.0.0.1, and prints
 * `{"url": ...}` once it listens.
 */
import type { AddressInfo } from "node:net";
import { runServer } from "verdaccio";

const configPath = process.argv[2];
if (!configPath) throw new Error("usage: local-registry-server.ts CONFIG.yaml");
const app = await runServer(configPath);
const server = app.listen(0, "127.0.0.1", () => {
  const { port } = server.address() as AddressInfo;
  console.log(JSON.stringify({ url: `http://127.0.0.1:${port}/` }));
});
