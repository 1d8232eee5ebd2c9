import { describe, expect, it } from "vitest";
import { refSha1Hex } from "../test/node-reference.js";
import { controlDigest } from "./control-digest.js";
import { toMinorUnits } from "./minor-units.js";

describe("controlDigest", () => {
  it("matches the first sale vector of gateway-facts.md", async () => {
    const parts = ["1111", "902B4FF5", toMinorUnits("10.42", "USD"), "john.smith@gmail.com"];
    expect(parts[2]).toBe("1042");
    await expect(controlDigest(parts, "B17F59B4-A7DC-41B4-8FF9-37D986B43D20")).resolves.toBe(
      "c6bdd88a78834ef4b863b088827a459f039e8257",
    );
  });

  it("matches the second sale vector, where 0.99 signs as 99", async () => {
    const parts = ["789", "CLIENT-112233", toMinorUnits("0.99", "USD"), "vass.pupkin@example.com"];
    expect(parts[2]).toBe("99");
    await expect(controlDigest(parts, "D5F82EC1-8575-4482-AD89-97X6X0X20X22")).resolves.toBe(
      "9ae745207ca7de4543703ea8c334286d57b5d1d4",
    );
  });

  it("matches the callback vector", async () => {
    await expect(controlDigest(["approved", "1234567", "hf-abc"], "test-merchant-control")).resolves.toBe(
      "652ace404c4dfe8bba069ecee594ec23a89340e1",
    );
  });

  it("hashes the UTF-8 bytes of non-ASCII terms like node:crypto does", async () => {
    const parts = ["1111", "заказ-№1", "100", "jörg@exämple.com"];
    await expect(controlDigest(parts, "ключ")).resolves.toBe(refSha1Hex(`${parts.join("")}ключ`));
  });

  it("gives 40 lowercase hex characters", async () => {
    await expect(controlDigest([], "k")).resolves.toMatch(/^[0-9a-f]{40}$/);
  });
});
