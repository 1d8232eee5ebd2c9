import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { dashboardPage } from "./dashboard-page.js";

const script = readFileSync(new URL("dashboard-script.js", import.meta.url), "utf8");
const style = readFileSync(new URL("dashboard-style.css", import.meta.url), "utf8");

describe("the dashboard page", () => {
  it("inlines its script file and its stylesheet file whole, each under the page's nonce", () => {
    const page = dashboardPage("n0nce");
    expect(script).toContain('"use strict";');
    expect(page).toContain(`<script nonce="n0nce">${script}</script>`);
    expect(page).toContain(`<style nonce="n0nce">${style}</style>`);
  });

  it("puts nothing but the nonce into the page, so two pages differ only there", () => {
    expect(dashboardPage("n0nceA1").replaceAll("n0nceA1", "N")).toBe(
      dashboardPage("n0nceB2").replaceAll("n0nceB2", "N"),
    );
    expect(dashboardPage("n0nceA1").match(/n0nceA1/g)).toHaveLength(2);
  });
});
