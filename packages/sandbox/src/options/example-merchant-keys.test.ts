import { exampleMerchant } from "@card-processing/types";
import { describe, expect, it } from "vitest";
import { usesExampleMerchant } from "./example-merchant-keys.js";
import { resolveOptions } from "./resolve-options.js";

describe("the example merchant as the sandbox's default", () => {
  it("gives a sandbox on loopback with no key option the example merchant's login, key, endpoint and RSA pair", () => {
    for (const host of [undefined, "127.0.0.1", "localhost", "::1"]) {
      const resolved = resolveOptions(host === undefined ? {} : { host });
      expect(resolved.login).toBe(exampleMerchant.login);
      expect(resolved.controlKey).toBe(exampleMerchant.controlKey);
      expect([...resolved.endpointIds]).toEqual([String(exampleMerchant.endpointId)]);
      expect(resolved.publicKey).toBe(exampleMerchant.rsaPublicKeyPem);
      expect(resolved.privateKeyPem).toBe(exampleMerchant.rsaPrivateKeyPem);
    }
  });

  it("makes keys of its own for a sandbox others reach: beyond loopback, or at a public URL", () => {
    for (const options of [{ host: "0.0.0.0" }, { host: "10.0.0.5" }, { publicUrl: "http://10.0.0.5:8080" }]) {
      expect(usesExampleMerchant(options)).toBe(false);
      const resolved = resolveOptions(options);
      expect(resolved.controlKey).toMatch(/^[0-9A-F]{32}$/);
      expect(resolved.publicKey).not.toBe(exampleMerchant.rsaPublicKeyPem);
    }
  });

  it("takes no part of the example merchant once any key option is given", () => {
    const withLogin = resolveOptions({ login: "shop" });
    expect(withLogin.controlKey).not.toBe(exampleMerchant.controlKey);
    expect(withLogin.controlKey).toMatch(/^[0-9A-F]{32}$/);
    expect(resolveOptions({ controlKey: "OWN" }).publicKey).not.toBe(exampleMerchant.rsaPublicKeyPem);
    const withPublicKey = resolveOptions({ publicKey: exampleMerchant.rsaPublicKeyPem });
    expect(withPublicKey.controlKey).not.toBe(exampleMerchant.controlKey);
    expect(withPublicKey.privateKeyPem).toBeUndefined();
  });
});
