// Installed with @card-processing/sandbox only: start it from code, ask it something, stop it.
import { startSandbox } from "@card-processing/sandbox";

const sandbox = await startSandbox({ port: 0 });
try {
  const response = await fetch(`${sandbox.url}/api/v2/status/1111`, {
    method: "POST",
    headers: { accept: "application/vnd.pay+json", "content-type": "application/x-www-form-urlencoded" },
    body: "login=nobody&client_orderid=X&orderid=1&control=0",
  });
  console.log(
    JSON.stringify({ url: sandbox.url, status: response.status, contentType: response.headers.get("content-type") }),
  );
} finally {
  await sandbox.close();
}
