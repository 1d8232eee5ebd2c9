import { describe, expect, it } from "vitest";
import { labelWidth } from "./label-lines.ts";
import { renderSequenceDiagram } from "./sequence-diagram.ts";

describe("renderSequenceDiagram", () => {
  const diagram = {
    title: "A <sale>",
    participants: ["Shop", "Gateway"],
    messages: [
      { from: "Shop", to: "Gateway", text: "sale & control" },
      { from: "Gateway", to: "Shop", text: "processing", reply: true },
      { from: "Shop", to: "Shop", text: "store" },
    ],
  };

  it("draws a box per participant and an arrow per message, replies dashed", () => {
    const svg = renderSequenceDiagram(diagram);
    expect(svg.match(/<g class="participant">/g)).toHaveLength(2);
    expect(svg.match(/marker-end="url\(#arrow\)"/g)).toHaveLength(3);
    expect(svg.match(/stroke-dasharray="6 4"/g)).toHaveLength(1);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  });

  it("escapes the texts", () => {
    const svg = renderSequenceDiagram(diagram);
    expect(svg).toContain("<title>A &#60;sale&#62;</title>");
    expect(svg).toContain("sale &#38; control");
  });

  /** Each label's lines with their x, the anchor, and the SVG's width and height, read back from the markup. */
  function labels(svg: string) {
    const [, width = "0", height = "0"] = /viewBox="0 0 (\d+) (\d+)"/.exec(svg) ?? [];
    const texts = [...svg.matchAll(/<text ([^>]*)>((?:<tspan [^>]*>[^<]*<\/tspan>)+)<\/text>/g)].map((m) => ({
      middle: (m[1] ?? "").includes('text-anchor="middle"'),
      lines: [...(m[2] ?? "").matchAll(/<tspan x="([\d.]+)" y="([\d.]+)">([^<]*)<\/tspan>/g)].map((t) => ({
        x: Number(t[1]),
        y: Number(t[2]),
        text: t[3] ?? "",
      })),
    }));
    return { width: Number(width), height: Number(height), texts };
  }

  it("keeps every label inside the picture: a loop's label on the last lifeline widens it", () => {
    const svg = renderSequenceDiagram({
      title: "digest",
      participants: ["Shop", "SDK", "Gateway"],
      messages: [
        { from: "Shop", to: "Gateway", text: "sale with control" },
        { from: "Gateway", to: "Gateway", text: "same digest, compare" },
      ],
    });
    const { width, texts } = labels(svg);
    const loop = texts.find((t) => t.lines[0]?.text === "same digest, compare");
    const line = loop?.lines[0];
    expect(line).toBeDefined();
    expect((line?.x ?? 0) + labelWidth(line?.text ?? "")).toBeLessThanOrEqual(width);
  });

  it("wraps a label longer than the room between its lifelines, and the rows below move down for it", () => {
    const long = "POST /api/v2/sale-form with the order, the customer address and the control digest";
    const svg = renderSequenceDiagram({
      title: "wrap",
      participants: ["Shop", "Gateway"],
      messages: [
        { from: "Shop", to: "Gateway", text: long },
        { from: "Gateway", to: "Shop", text: "redirect-url", reply: true },
      ],
    });
    const { width, height, texts } = labels(svg);
    const wrapped = texts.find((t) => t.lines.length > 1);
    expect(wrapped?.lines.map((l) => l.text).join(" ")).toBe(long);
    for (const { x, text } of wrapped?.lines ?? []) {
      expect(x - labelWidth(text) / 2).toBeGreaterThanOrEqual(0);
      expect(x + labelWidth(text) / 2).toBeLessThanOrEqual(width);
    }
    const reply = texts.find((t) => t.lines[0]?.text === "redirect-url");
    const lastOfWrapped = wrapped?.lines.at(-1)?.y ?? 0;
    expect((reply?.lines[0]?.y ?? 0) - 12).toBeGreaterThan(lastOfWrapped);
    expect(height).toBeGreaterThan((reply?.lines[0]?.y ?? 0) + 6);
  });

  it("refuses a message naming someone who is not a participant, naming them", () => {
    expect(() => renderSequenceDiagram({ ...diagram, messages: [{ from: "Shop", to: "Bank", text: "x" }] })).toThrow(
      /"Bank", which is not a participant/,
    );
  });
});
