// The dashboard's script, run in the browser as it is (no build step): dashboard-page.ts puts it
// inline under the page's nonce. It builds every element with `textContent` (never `innerHTML`),
// so any value from an order shows as text; it reads the admin routes, listens to the server-sent
// event stream, and sends every state change as a same-origin form POST. The list shows one page
// of orders that the server filters and searches; a change on the stream refetches that page (at
// most every 250 ms) and only the rows that changed are rebuilt, however many orders there are.
"use strict";
var base = location.pathname.replace(/\/_dashboard$/, "");
var statuses = ["processing", "approved", "declined", "error", "filtered", "unknown"];
var PAGE_SIZE = 50;
// `cursors` holds the cursor of each page from the newest to the one shown ("" is the first).
var state = { orders: [], nextCursor: null, cursors: [""], clock: null, clockFetchedAt: 0, detail: null };
var rowsById = new Map();
var pageTimer = null;
var searchTimer = null;

function h(tag, attrs, ...children) {
  var node = document.createElement(tag);
  Object.keys(attrs || {}).forEach((name) => {
    var value = attrs[name];
    if (value === undefined || value === null || value === false) return;
    if (name.slice(0, 2) === "on") node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? "" : String(value));
  });
  for (const child of children) append(node, child);
  return node;
}
function append(node, child) {
  if (child === undefined || child === null || child === false) return;
  if (Array.isArray(child)) {
    child.forEach((c) => {
      append(node, c);
    });
    return;
  }
  node.appendChild(typeof child === "object" ? child : document.createTextNode(String(child)));
}
function $(id) {
  return document.getElementById(id);
}
function when(iso) {
  return iso ? iso.replace("T", " ").replace("Z", "") : "";
}
function statusBadge(status) {
  return h("span", { class: `status status-${status}` }, status);
}

function say(text, isError) {
  var box = $("message");
  box.className = isError ? "message error" : "message";
  box.textContent = text;
}

async function getJson(path) {
  var response = await fetch(base + path, { headers: { accept: "application/json" } });
  var body = await response.json();
  if (!response.ok) throw new Error(body["error-message"] || `HTTP ${response.status}`);
  return body;
}

async function post(path, fields, done) {
  try {
    const response = await fetch(base + path, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: new URLSearchParams(fields || {}),
    });
    const body = await response.json();
    if (!response.ok) throw new Error(body["error-message"] || `HTTP ${response.status}`);
    say(done);
    await refresh();
  } catch (error) {
    say(error.message, true);
  }
}

function selectedId() {
  var match = /^#order=([0-9]+)$/.exec(location.hash);
  return match ? match[1] : null;
}

function renderClock() {
  var clock = state.clock;
  if (!clock) return;
  var now = Date.parse(clock.now);
  if (clock.mode === "real") now += (Date.now() - state.clockFetchedAt) * clock.time_scale;
  var iso = new Date(now).toISOString();
  var time = $("clock-now");
  time.textContent = when(iso).slice(0, 19);
  time.setAttribute("datetime", iso);
  $("clock-mode").textContent =
    clock.mode === "manual"
      ? "manual clock"
      : clock.time_scale === 1
        ? "real clock"
        : `real clock x${clock.time_scale}`;
  $("clock-buttons").hidden = clock.mode !== "manual";
}

function pageQuery() {
  var query = new URLSearchParams({ limit: String(PAGE_SIZE) });
  var cursor = state.cursors[state.cursors.length - 1];
  var status = $("status-filter").value;
  var search = $("search").value.trim();
  if (cursor) query.set("cursor", cursor);
  if (status) query.set("status", status);
  if (search) query.set("q", search);
  return query;
}

async function fetchPage() {
  var page = await getJson(`/_admin/orders?${pageQuery()}`);
  state.orders = page.orders;
  state.nextCursor = page.next_cursor;
}

function orderRow(o, chosen) {
  return h(
    "tr",
    { class: o.orderid === chosen ? "selected" : null, "data-orderid": o.orderid },
    h(
      "td",
      {},
      h("a", { href: `#order=${o.orderid}`, "aria-label": `Order ${o.orderid} (${o.client_orderid})` }, o.orderid),
    ),
    h("td", { class: "client-orderid" }, o.client_orderid),
    h("td", {}, o.operation),
    h("td", {}, `${o.amount} ${o.currency}`),
    h("td", {}, statusBadge(o.status)),
    h("td", {}, o.three_ds_result || "—"),
  );
}

// Rebuilds only the rows whose order changed; the others stay the same elements.
function renderOrders() {
  var rows = $("order-rows");
  var chosen = selectedId();
  var kept = new Map();
  var shown = state.orders.map((o) => {
    var key = `${JSON.stringify(o)}${o.orderid === chosen}`;
    var before = rowsById.get(o.orderid);
    var row = before && before.key === key ? before.row : orderRow(o, chosen);
    kept.set(o.orderid, { key: key, row: row });
    return row;
  });
  rowsById = kept;
  var current = Array.prototype.slice.call(rows.children);
  if (current.length !== shown.length || current.some((row, i) => row !== shown[i]))
    rows.replaceChildren.apply(rows, shown);
  var first = (state.cursors.length - 1) * PAGE_SIZE;
  var filtered = $("status-filter").value || $("search").value.trim();
  $("order-count").textContent =
    state.orders.length === 0
      ? "no orders"
      : filtered
        ? `${state.orders.length} orders on this page`
        : `orders ${first + 1}–${first + state.orders.length}, newest first`;
  $("page-newer").disabled = state.cursors.length === 1;
  $("page-older").disabled = !state.nextCursor;
}

async function showPage() {
  try {
    await fetchPage();
  } catch (error) {
    say(error.message, true);
  }
  renderOrders();
}

function firstPage() {
  state.cursors = [""];
  showPage();
}

function eventButton(orderid, type, label) {
  return h(
    "button",
    {
      type: "button",
      onclick: () => {
        post(`/_admin/orders/${orderid}/events`, { type: type }, `${label} sent to order ${orderid}`);
      },
    },
    label,
  );
}

function renderDetail() {
  var panel = $("order-detail");
  var detail = state.detail;
  if (!detail) {
    panel.replaceChildren(
      h("h2", { id: "order-title" }, "Order"),
      h("p", { class: "muted" }, "Choose an order in the list to see its timeline, requests and callbacks."),
    );
    return;
  }
  var o = detail.order;
  var statusSelect = h(
    "select",
    { id: "new-status", "aria-label": "New status" },
    ["approved", "declined", "error", "filtered"]
      .filter((s) => s !== o.status)
      .map((s) => h("option", { value: s }, s)),
  );
  panel.replaceChildren();
  append(panel, [
    h("p", {}, h("a", { href: "#", class: "back" }, "← All orders")),
    h("h2", { id: "order-title", tabindex: "-1" }, `Order ${o.orderid}`),
    h(
      "dl",
      {},
      h("dt", {}, "client_orderid"),
      h("dd", { class: "client-orderid" }, o.client_orderid),
      h("dt", {}, "operation"),
      h("dd", {}, `${o.operation} (endpoint ${o.endpoint_id})`),
      h("dt", {}, "amount"),
      h(
        "dd",
        {},
        o.amount +
          " " +
          o.currency +
          (o.captured !== "0.00" ? `, captured ${o.captured}` : "") +
          (o.returned !== "0.00" ? `, returned ${o.returned}` : "") +
          (o.charged_back !== "0.00" ? `, charged back ${o.charged_back}` : ""),
      ),
      h("dt", {}, "status"),
      h(
        "dd",
        {},
        statusBadge(o.status),
        o.error_message ? ` — ${o.error_message}` : "",
        o.settled ? " (settled)" : "",
        o.last_transaction !== o.kind ? ` (latest transaction: ${o.last_transaction})` : "",
      ),
      h("dt", {}, "3-D Secure"),
      h("dd", {}, o.three_ds_result || "—"),
      h("dt", {}, "card"),
      h("dd", {}, o.card || o.destination || "—"),
      h("dt", {}, "created"),
      h("dd", {}, when(o.created_at)),
    ),
    h(
      "div",
      { class: "actions", role: "group", "aria-label": "Order actions" },
      eventButton(o.orderid, "chargeback", "Chargeback"),
      eventButton(o.orderid, "reversal", "Reversal"),
      eventButton(o.orderid, "fraud", "Fraud"),
      eventButton(o.orderid, "retrieval", "Retrieval"),
      statusSelect,
      h(
        "button",
        {
          type: "button",
          onclick: () => {
            post(
              `/_admin/orders/${o.orderid}/events`,
              { type: "status-change", status: statusSelect.value },
              `Status of order ${o.orderid} changed`,
            );
          },
        },
        "Change status",
      ),
      h(
        "button",
        {
          type: "button",
          onclick: () => {
            post("/_admin/settle", { orderid: o.orderid }, `Order ${o.orderid} settled`);
          },
        },
        "Settle",
      ),
    ),
    h("h3", {}, "Timeline"),
    h(
      "ol",
      { class: "timeline", "aria-label": "Timeline" },
      detail.timeline.map((t) =>
        h(
          "li",
          {},
          h("time", { class: "when", datetime: t.at }, when(t.at).slice(11)),
          h("span", { class: "muted" }, t.kind),
          h("span", {}, t.text),
        ),
      ),
    ),
    h("h3", {}, `Requests received (${detail.requests.length})`),
    detail.requests.map((r) =>
      h(
        "details",
        {},
        h("summary", {}, `${when(r.at).slice(11)} ${r.operation} — HTTP ${r.http_status} ${r.outcome}`),
        h(
          "table",
          {},
          h(
            "tbody",
            {},
            Object.keys(r.fields).map((name) =>
              h("tr", {}, h("th", { scope: "row" }, name), h("td", {}, h("code", {}, r.fields[name]))),
            ),
          ),
        ),
      ),
    ),
    h("h3", {}, `Callbacks (${detail.callbacks.length})`),
    detail.callbacks.length === 0
      ? h(
          "p",
          { class: "muted" },
          o.callback_url || o.notify_url ? "None sent yet." : "The order has no server_callback_url or notify_url.",
        )
      : null,
    detail.callbacks.map((c) =>
      h(
        "div",
        { class: "callback" },
        h(
          "div",
          { class: "actions" },
          h("strong", {}, `#${c.id} ${c.type} ${c.status}`),
          h("span", { class: "muted" }, `${c.target} · ${c.reason} · ${c.state}`),
          h(
            "button",
            {
              type: "button",
              "aria-label": `Redeliver callback ${c.id}`,
              onclick: () => {
                post(`/_admin/callbacks/${c.id}/redeliver`, {}, `Callback ${c.id} redelivered`);
              },
            },
            "Redeliver",
          ),
        ),
        h("div", { class: "muted" }, c.address),
        h(
          "table",
          {},
          h(
            "thead",
            {},
            h(
              "tr",
              {},
              h("th", {}, "attempt"),
              h("th", {}, "time"),
              h("th", {}, "result"),
              h("th", {}, "merchant's answer"),
            ),
          ),
          h(
            "tbody",
            {},
            c.attempts.map((a, i) =>
              h(
                "tr",
                {},
                h("td", {}, i + 1),
                h("td", { class: "when" }, when(a.at).slice(11)),
                h("td", {}, a.httpStatus !== undefined ? `HTTP ${a.httpStatus}` : a.error),
                h("td", {}, a.answer ? h("code", {}, a.answer) : "—"),
              ),
            ),
          ),
        ),
        c.nextAttemptAt ? h("p", { class: "muted" }, `next attempt ${when(c.nextAttemptAt)}`) : null,
      ),
    ),
  ]);
}

async function refresh() {
  try {
    const results = await Promise.all([fetchPage(), getJson("/_admin/clock")]);
    state.clock = results[1];
    state.clockFetchedAt = Date.now();
    const id = selectedId();
    state.detail = id ? await getJson(`/_admin/orders/${id}`) : null;
  } catch (error) {
    say(error.message, true);
  }
  renderClock();
  renderOrders();
  renderDetail();
}

async function refreshDetail() {
  var id = selectedId();
  try {
    state.detail = id ? await getJson(`/_admin/orders/${id}`) : null;
  } catch (error) {
    say(error.message, true);
  }
  renderDetail();
}

// One change of many: refetch the page shown (bounded by its size) soon, the selected order's
// detail when the change is about it, and everything after a clock move or a reset.
function onChange(message) {
  var change = JSON.parse(message.data);
  if (change.kind === "reset") state.cursors = [""];
  if (change.kind === "reset" || change.kind === "clock") {
    refresh();
    return;
  }
  if (change.orderid && change.orderid === selectedId()) refreshDetail();
  if (pageTimer !== null) return;
  pageTimer = setTimeout(() => {
    pageTimer = null;
    showPage();
  }, 250);
}

function start() {
  var filter = $("status-filter");
  statuses.forEach((s) => {
    filter.appendChild(h("option", { value: s }, s));
  });
  filter.addEventListener("change", firstPage);
  $("search").addEventListener("input", () => {
    clearTimeout(searchTimer);
    searchTimer = setTimeout(firstPage, 200);
  });
  $("page-older").addEventListener("click", () => {
    if (!state.nextCursor) return;
    state.cursors.push(state.nextCursor);
    showPage();
  });
  $("page-newer").addEventListener("click", () => {
    if (state.cursors.length > 1) state.cursors.pop();
    showPage();
  });
  window.addEventListener("hashchange", () => {
    refresh().then(() => {
      if (selectedId()) $("order-title").focus();
    });
  });
  document.querySelectorAll("[data-advance]").forEach((button) => {
    button.addEventListener("click", () => {
      post(
        "/_admin/clock",
        { advance_ms: button.getAttribute("data-advance") },
        `Clock advanced ${button.textContent.replace("+", "")}`,
      );
    });
  });
  var stream = new EventSource(`${base}/_dashboard/events`);
  stream.addEventListener("open", () => {
    $("live").textContent = "● live";
  });
  stream.addEventListener("error", () => {
    $("live").textContent = "○ reconnecting…";
  });
  stream.addEventListener("change", onChange);
  setInterval(() => {
    if (state.clock && state.clock.mode === "real") renderClock();
  }, 1000);
  refresh();
}
start();
