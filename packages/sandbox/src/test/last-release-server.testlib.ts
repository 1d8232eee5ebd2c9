// The process of `last-release-sandbox.testlib.ts`: starts the sandbox whose entry it is sent and
// answers with its address. The sandbox is imported by path, so its version is the one given.
process.once("message", async (message: { entry: string; options: Record<string, unknown> }) => {
  try {
    const { startSandbox } = (await import(message.entry)) as {
      startSandbox: (options: Record<string, unknown>) => Promise<{ url: string }>;
    };
    // Infinity does not survive the message (JSON): null stands for it.
    const { settleDelayMs } = message.options;
    const sandbox = await startSandbox({ ...message.options, settleDelayMs: settleDelayMs ?? Infinity });
    process.send?.({ url: sandbox.url });
  } catch (error) {
    process.send?.({ error: error instanceof Error ? error.message : String(error) });
  }
});
