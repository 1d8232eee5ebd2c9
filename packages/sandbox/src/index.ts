export { startSandbox } from "./start-sandbox.js";
export type { Sandbox } from "./start-sandbox.js";
export type { SandboxOptions, CallbackRetryOptions } from "./sandbox-options.js";
export type { CallbackDelivery } from "./callback-dispatcher.js";
export { testCards } from "./test-cards.js";
export { cvv2TestValues, otherCvv2Behaviour } from "./cvv2-test-values.js";
export type { TestCardBehaviour } from "./test-cards.js";
