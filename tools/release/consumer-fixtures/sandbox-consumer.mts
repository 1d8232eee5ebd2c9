// Installed with @card-processing/sandbox only, without @types/node and with `types: []`: its
// public types must need nothing from Node's declarations.
import { type Sandbox, type SandboxOptions, startSandbox, testCards } from "@card-processing/sandbox";

const options: SandboxOptions = { port: 0, latencyMs: 10, endpointIds: [1111] };

export async function statusOf(orderid: string): Promise<string | undefined> {
  const sandbox: Sandbox = await startSandbox(options);
  try {
    const page = await sandbox.orders({ limit: 10 });
    return page.orders.find((order) => order.orderid === orderid)?.status;
  } finally {
    await sandbox.close();
  }
}

export const approvedCard: string | undefined = Object.keys(testCards)[0];

// @ts-expect-error an unknown option is refused, so the types are not `any`
export const wrong: SandboxOptions = { colour: "red" };
