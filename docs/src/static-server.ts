import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize, sep } from "node:path";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".woff2": "font/woff2",
};

/** A static file server on 127.0.0.1 for the built site. */
export interface StaticServer {
  /** Base URL ending with `/`, e.g. `http://127.0.0.1:40123/`. */
  url: string;
  close(): Promise<void>;
}

async function fileFor(root: string, pathname: string): Promise<string | undefined> {
  const relativePath = normalize(decodeURIComponent(pathname)).replace(/^([/\\])+/, "");
  const file = join(root, relativePath);
  if (file !== root && !file.startsWith(root + sep)) return undefined;
  try {
    const info = await stat(file);
    if (info.isFile()) return file;
    if (info.isDirectory()) {
      const index = join(file, "index.html");
      if ((await stat(index)).isFile()) return index;
    }
  } catch {
    // Not found: answered with 404 below.
  }
  return undefined;
}

/** Serves `root` on a random port of 127.0.0.1 (GET and HEAD only). */
export async function startStaticServer(root: string): Promise<StaticServer> {
  const server: Server = createServer((req, res) => {
    const { pathname } = new URL(req.url ?? "/", "http://127.0.0.1");
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405).end();
      return;
    }
    fileFor(root, pathname).then(
      (file) => {
        if (!file) {
          res.writeHead(404, { "content-type": "text/plain" }).end("Not found");
          return;
        }
        // The site does not change while it is served: the browser keeps the scripts and styles
        // every TypeDoc page shares instead of fetching and compiling them again on each of 500
        // pages (a third of the phone check's CPU), as a browser does with a real host's assets.
        res.writeHead(200, {
          "content-type": TYPES[extname(file)] ?? "application/octet-stream",
          "cache-control": "max-age=600",
        });
        if (req.method === "HEAD") res.end();
        else createReadStream(file).pipe(res);
      },
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}
