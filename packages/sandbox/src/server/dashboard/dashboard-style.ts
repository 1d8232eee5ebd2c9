/** The dashboard's stylesheet: light and dark (prefers-color-scheme), laptop and phone widths. */
export const dashboardStyle = `
:root { color-scheme: light dark; --bg: #f6f7f9; --panel: #fff; --text: #1d2330; --muted: #5b6475; --line: #d9dde5;
  --accent: #1f5fbf; --ok: #17663a; --bad: #a4000f; --wait: #8a5a00; --code: #eef1f6; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #12151b; --panel: #1b2029; --text: #e6e9ef; --muted: #a3acbd; --line: #343b48;
    --accent: #7fb0ff; --ok: #6fd69a; --bad: #ff8b8b; --wait: #f2c26b; --code: #262c37; }
}
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.45 system-ui, sans-serif; background: var(--bg); color: var(--text); }
header { display: flex; flex-wrap: wrap; gap: .5rem 1.5rem; align-items: center; padding: .7rem 1rem;
  background: var(--panel); border-bottom: 1px solid var(--line); }
h1 { font-size: 1.15rem; margin: 0; }
h2 { font-size: 1.05rem; margin: 0 0 .6rem; }
h3 { font-size: .95rem; margin: 1rem 0 .4rem; }
a { color: var(--accent); }
button, select, input { font: inherit; color: inherit; background: var(--panel); border: 1px solid var(--line);
  border-radius: 6px; padding: .3rem .6rem; }
button { cursor: pointer; }
button:hover { border-color: var(--accent); }
:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
[tabindex="-1"]:focus { outline: none; }
.clock { display: flex; flex-wrap: wrap; gap: .4rem; align-items: center; }
.clock time { font-variant-numeric: tabular-nums; font-weight: 600; }
.live { margin-left: auto; font-size: .85rem; color: var(--muted); }
main { display: grid; grid-template-columns: minmax(0, 1.2fr) minmax(0, 1fr); align-items: start; gap: 1rem; padding: 1rem; }
section.panel { background: var(--panel); border: 1px solid var(--line); border-radius: 8px; padding: .9rem; min-width: 0; }
.filters { display: flex; flex-wrap: wrap; gap: .6rem; margin-bottom: .6rem; }
.filters { align-items: center; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: .35rem .45rem; border-bottom: 1px solid var(--line); vertical-align: top; }
td.client-orderid, td code { overflow-wrap: anywhere; }
table.orders td:not(.client-orderid), table.orders th { white-space: nowrap; }
th { font-size: .8rem; color: var(--muted); font-weight: 600; }
tr.selected td { background: var(--code); }
.status { font-weight: 600; }
.status-approved { color: var(--ok); }
.status-declined, .status-error, .status-filtered { color: var(--bad); }
.status-processing, .status-unknown { color: var(--wait); }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .2rem .8rem; margin: 0; }
dt { color: var(--muted); }
dd { margin: 0; overflow-wrap: anywhere; }
.actions { display: flex; flex-wrap: wrap; gap: .4rem; align-items: center; margin: .8rem 0; }
ol.timeline { list-style: none; padding: 0; margin: 0; }
ol.timeline li { display: grid; grid-template-columns: 7.5rem 5rem 1fr; gap: .5rem; padding: .25rem 0; border-bottom: 1px solid var(--line); }
.muted, .when { color: var(--muted); font-size: .85rem; font-variant-numeric: tabular-nums; }
code { background: var(--code); padding: .05rem .3rem; border-radius: 4px; font-size: .85rem; white-space: pre-wrap; overflow-wrap: anywhere; }
details { border: 1px solid var(--line); border-radius: 6px; padding: .3rem .6rem; margin: .3rem 0; }
.callback { border: 1px solid var(--line); border-radius: 6px; padding: .5rem .6rem; margin: .4rem 0; }
.message { position: fixed; bottom: 1rem; right: 1rem; max-width: 26rem; background: var(--panel); border: 1px solid var(--line);
  border-radius: 8px; padding: .5rem .8rem; box-shadow: 0 4px 14px rgba(0,0,0,.2); }
.message:empty { display: none; }
.message.error { border-color: var(--bad); color: var(--bad); }
@media (max-width: 800px) {
  main { grid-template-columns: 1fr; padding: .5rem; }
  table.orders thead { display: none; }
  table.orders tr { display: grid; grid-template-columns: 1fr 1fr; border-bottom: 1px solid var(--line); padding: .3rem 0; }
  table.orders td { border: 0; padding: .1rem .3rem; white-space: normal; }
  ol.timeline li { grid-template-columns: 1fr; gap: 0; }
}
`;
