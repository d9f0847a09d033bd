// deckpress studio: the pages draw themselves from the JSON API and
// refresh on the server's "update" events.
"use strict";
const token = document.querySelector('meta[name="deckpress-token"]').content;
const page = document.body.dataset.page;
const input = document.body.dataset.input;
const main = document.getElementById("main");
const status = document.getElementById("status");

// count is n with its noun: "1 sheet", "4 sheets".
function count(n, one, many) {
  return n + " " + (n === 1 ? one : many);
}

function el(tag, attrs, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") e.className = v; else if (k.startsWith("on")) e.addEventListener(k.slice(2), v); else e.setAttribute(k, v);
  }
  for (const k of kids) e.append(k);
  return e;
}
async function get(url) {
  const r = await fetch(url);
  if (!r.ok) throw new Error(await r.text());
  return r.json();
}
async function post(url, body) {
  const r = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json", "X-Deckpress-Token": token }, body: JSON.stringify(body) });
  if (!r.ok) throw new Error(await r.text());
  return r.json();
}
function where(d) { return d.path + (d.line ? ":" + d.line + ":" + d.col : ""); }
function diagLine(d) { return el("div", { class: "diag " + d.severity }, where(d) + ": " + d.severity + ": " + d.message); }
function diagBlock(diags) {
  const box = el("div", { id: "diagnostics" });
  for (const sev of ["error", "warning"]) {
    const ds = diags.filter(d => d.severity === sev);
    if (ds.length) box.append(el("h2", {}, ds.length + " " + sev + (ds.length > 1 ? "s" : "")), ...ds.map(diagLine));
  }
  return box;
}

// ---- project page
async function project() {
  const p = await get("/api/project");
  const rows = p.inputs.map(i => el("tr", {},
    el("td", {}, i.path), el("td", {}, i.format),
    el("td", {}, ...i.products.map(pr => el("div", {}, pr.name + ": " + (pr.cards ? count(pr.cards, "card", "cards") + ", " : "") + count(pr.sheets, "sheet", "sheets")))),
    el("td", {}, ...(i.format === "deck" ? [el("a", { href: "/deck?input=" + encodeURIComponent(i.path) }, "deck")] : []),
      ...(["hero", "team", "heroes"].includes(i.format) ? [el("a", { href: "/hero?input=" + encodeURIComponent(i.path) }, "designer"), " "] : []),
      ...(i.format !== "deck" && i.products.length ? [el("a", { href: "/pages?input=" + encodeURIComponent(i.path) }, "pages")] : []))));
  main.replaceChildren(el("p", {}, el("a", { href: "/balance", id: "balancelink" }, "Balance lab"), ": play the games many times and see who wins"), el("h2", {}, "Inputs"),
    el("table", { id: "inputs" }, el("tr", {}, el("th", {}, "file"), el("th", {}, "format"), el("th", {}, "products"), el("th", {}, "open")), ...rows),
    diagBlock(p.diagnostics));
}

// ---- deck page
const view = { duplex: "", paper: "", orientation: "", bleed: "", guides: false, sheet: 0 };
let cardBox, sheetBox, deckDiag;
async function deck() {
  if (!cardBox) {
    cardBox = el("div", { class: "cards", id: "cards" });
    sheetBox = el("div", { id: "sheetview" });
    deckDiag = el("div");
    const sel = (name, opts) => el("label", {}, name + " ", el("select", { name, onchange: e => { view[name] = e.target.value; sheets(); } }, ...opts.map(o => el("option", { value: o }, o || "as the project"))));
    const settings = el("div", { class: "settings" },
      sel("duplex", ["", "long", "short", "none", "fold"]), sel("paper", ["", "a4", "letter", "a3"]), sel("orientation", ["", "portrait", "landscape"]),
      sel("bleed", ["", "0mm", "3mm"]),
      el("label", {}, el("input", { type: "checkbox", id: "guides", onchange: e => { view.guides = e.target.checked; sheets(); } }), " trim, bleed and safe guides"),
      el("label", {}, "sheet ", el("input", { type: "number", id: "sheetno", min: 1, value: 1, style: "width:4em", onchange: e => { view.sheet = e.target.value - 1; sheets(); } })));
    main.replaceChildren(deckDiag, el("h2", {}, "Cards"), cardBox, el("h2", {}, "Sheets"), settings, sheetBox);
  }
  const d = await get("/api/deck?input=" + encodeURIComponent(input));
  deckDiag.replaceChildren(...(d.stale ? [el("div", { class: "stale", id: "stale" }, "This file does not build; the cards below are the last good ones.")] : []), diagBlock(d.diagnostics));
  const have = new Map([...cardBox.children].map(c => [c.dataset.n, c]));
  d.cards.forEach(c => {
    let box = have.get(String(c.n));
    if (!box) {
      box = el("div", { class: "card", "data-n": c.n }, el("div", { class: "pair" }), String(c.n));
      cardBox.append(box);
    }
    const pair = box.firstChild;
    [["front", c.front], ["back", c.back]].forEach(([side, url], k) => {
      if (!url) return;
      let img = pair.children[k];
      if (!img) { img = el("img", { "data-side": side, alt: c.n + " " + side }); img.onload = () => { img.dataset.loaded = img.getAttribute("src"); }; pair.append(img); }
      if (img.getAttribute("src") !== url) img.setAttribute("src", url);
    });
  });
  for (const [n, box] of have) if (n > d.cards.length) box.remove();
  // the sheets follow once the cards are in: they are the larger images
  clearTimeout(sheetTimer);
  sheetTimer = setTimeout(sheets, first ? 0 : 400);
  first = false;
}
let sheetTimer, first = true;
async function sheets() {
  const q = new URLSearchParams({ input });
  for (const k of ["duplex", "paper", "orientation", "bleed"]) if (view[k]) q.set(k, view[k]);
  let s;
  try { s = await get("/api/sheets?" + q); } catch (e) { sheetBox.replaceChildren(el("div", { class: "diag error" }, String(e.message))); return; }
  const duplex = s.duplex === "long" || s.duplex === "short";
  const per = duplex ? 2 : 1, n = Math.floor(s.pages.length / per);
  const i = Math.min(Math.max(view.sheet, 0), n - 1);
  const w = 380;
  const sheet = (url, label, cls) => {
    const box = el("div", { class: "sheet " + (cls || ""), style: "width:" + w + "px" }, el("img", { src: url, alt: label }));
    if (view.guides) box.append(guides(s));
    return el("figure", {}, box, el("figcaption", {}, label));
  };
  const figs = [sheet(s.pages[i * per], "sheet " + (i + 1) + " front")];
  if (duplex) {
    const cls = (s.flipX ? "flipx" : "") + (s.flipY ? " flipy" : "");
    figs.push(sheet(s.pages[i * per + 1], "sheet " + (i + 1) + " back, turned over the " + s.duplex + " edge: each back lies behind its front", cls));
  }
  sheetBox.replaceChildren(el("div", { class: "sheets" }, ...figs), el("div", {}, count(n, "sheet", "sheets") + ", duplex " + s.duplex));
}
function guides(s) {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "0 0 " + s.paper.W + " " + s.paper.H);
  const rect = (r, colour, dash) => {
    const e = document.createElementNS(ns, "rect");
    for (const [k, v] of Object.entries({ x: r.X, y: r.Y, width: r.W, height: r.H, fill: "none", stroke: colour, "stroke-width": 0.4, "stroke-dasharray": dash })) e.setAttribute(k, v);
    svg.append(e);
  };
  for (const sl of s.slots) { rect(sl.bleed, "#e53935", ""); rect(sl.trim, "#1e88e5", ""); rect(sl.safe, "#43a047", "1.5 1"); }
  return svg;
}

// ---- pages of the other formats: rules, arenas, Slugfest teams, heroes
let pagesBox, pagesDiag;
async function pages() {
  if (!pagesBox) {
    pagesBox = el("div", { id: "products" });
    pagesDiag = el("div");
    main.replaceChildren(pagesDiag, pagesBox);
  }
  const d = await get("/api/pages?input=" + encodeURIComponent(input));
  pagesDiag.replaceChildren(...(d.stale ? [el("div", { class: "stale", id: "stale" }, "This file does not build; the pages below are the last good ones.")] : []), diagBlock(d.diagnostics));
  const have = new Map([...pagesBox.children].map(c => [c.dataset.product, c]));
  const boxes = d.products.map(pr => {
    let box = have.get(pr.name);
    if (!box) box = el("section", { class: "product", "data-product": pr.name }, el("h2"), el("div", { class: "pages" }));
    box.firstChild.textContent = pr.name + ": " + count(pr.total, "page", "pages") + (pr.pages.length < pr.total ? " (the first " + pr.pages.length + " shown)" : "");
    const row = box.lastChild;
    pr.pages.forEach((url, k) => {
      let img = row.children[k];
      if (!img) { img = el("img", { class: "page", alt: pr.name + " page " + (k + 1) }); img.onload = () => { img.dataset.loaded = img.getAttribute("src"); }; row.append(img); }
      if (img.getAttribute("src") !== url) img.setAttribute("src", url);
    });
    while (row.children.length > pr.pages.length) row.lastChild.remove();
    return box;
  });
  pagesBox.replaceChildren(...boxes);
}

// ---- hero designer
let heroData, heroEdits = new Map(), heroTimer;
async function hero() {
  heroEdits = new Map();
  heroData = await get("/api/hero?input=" + encodeURIComponent(input));
  drawHero();
}
function heroRequest() { return { input, edits: [...heroEdits.values()] }; }
function onEdit(f, value) {
  heroEdits.set(f.line + ":" + f.col, { line: f.line, col: f.col, old: f.value, value });
  clearTimeout(heroTimer);
  heroTimer = setTimeout(async () => { try { showSheets(await post("/api/hero/compute", heroRequest())); } catch (e) { status.textContent = e.message; } }, 60);
}
function control(f, options) {
  const id = "f" + f.line + "_" + f.col;
  const cur = heroEdits.get(f.line + ":" + f.col);
  const value = cur ? cur.value : f.value;
  let c;
  if (options) {
    c = el("select", { id, "data-line": f.line }, ...options.map(o => el("option", { value: o }, o)));
    if (!options.includes(value)) c.prepend(el("option", { value }, value));
    c.value = value;
    c.addEventListener("change", () => onEdit(f, c.value));
  } else {
    c = el("input", { id, "data-line": f.line, value });
    c.addEventListener("input", () => onEdit(f, c.value));
  }
  return el("label", {}, f.key + " ", c, el("span", { class: "field-diag", "data-diag-line": f.line }));
}
function drawHero() {
  const d = heroData;
  const forms = d.heroes.map((h, k) => el("div", { class: "hero", "data-hero": k },
    el("h3", {}, h.name, el("span", { class: "field-diag", "data-diag-line": h.line })),
    el("div", {}, ...h.chars.map(f => control(f))),
    el("div", { class: "stats", "data-stats": k }),
    el("table", {}, el("tr", {}, el("th", {}, "power"), el("th", {}, "level, uses, gizmo"), el("th", {}, "modifiers"), el("th", {}, "cost")),
      ...h.powers.map((p, j) => el("tr", {},
        el("td", {}, p.name, el("span", { class: "field-diag", "data-diag-line": p.line })),
        el("td", {}, ...p.fields.map(f => control(f, f.key === "gizmo" ? d.gizmos : null))),
        el("td", {}, ...p.modifiers.map(f => control(f, d.modifiers))),
        el("td", { "data-cost": k + "-" + j }))))));
  const save = el("button", { id: "save", onclick: async () => {
    try { await post("/api/hero/save", heroRequest()); status.textContent = "saved"; await hero(); } catch (e) { status.textContent = e.message; }
  } }, "Save");
  main.replaceChildren(...forms, save, " (writes only the values you changed; comments and key order stay)", el("div", { id: "herodiags" }),
    el("h2", {}, "Hero cards, as build prints them"), el("div", { class: "cards", id: "herocards" }),
    el("h2", {}, "Character sheets, as build prints them"), el("div", { class: "cards", id: "herosheets" }));
  showSheets(d);
}
function showSheets(d) {
  d.sheets.forEach((s, k) => {
    const box = document.querySelector('[data-stats="' + k + '"]');
    if (!box) return;
    const left = s.points.budget - s.points.total;
    box.replaceChildren(
      el("span", {}, "points left ", el("b", { class: left < 0 ? "over" : "", "data-points-left": k }, String(left))),
      el("span", {}, "total ", el("b", {}, s.points.total + " / " + s.points.budget)),
      el("span", {}, "combat modifier ", el("b", { "data-cm": k }, String(s.combat_modifier))),
      el("span", {}, "oomph ", el("b", {}, String(s.oomph))),
      el("span", {}, "movement ", el("b", {}, s.movement_rate + " ft")),
      el("span", {}, "segments ", el("b", {}, s.segments.join(", ") || "none")),
      el("span", {}, "feet/segment ", el("b", {}, String(s.feet_per_segment))));
    s.powers.forEach((p, j) => { const c = document.querySelector('[data-cost="' + k + "-" + j + '"]'); if (c) c.textContent = p.cost + " (base " + p.base_cost + " × " + p.multiplier.toFixed(2) + ")"; });
  });
  document.querySelectorAll("[data-diag-line]").forEach(e => { e.textContent = ""; });
  for (const g of d.diagnostics) {
    const at = document.querySelector('[data-diag-line="' + g.line + '"]');
    if (at) at.textContent = " " + g.message;
  }
  document.getElementById("herodiags").replaceChildren(diagBlock(d.diagnostics));
  if (d.cards.length) document.getElementById("herocards").replaceChildren(...d.cards.map(u => el("img", { src: u, class: "herocard" })));
  if (d.sheetImages.length) document.getElementById("herosheets").replaceChildren(...d.sheetImages.map(u => el("img", { src: u, class: "herosheet" })));
}

// ---- balance page: run a game's lab, watch its progress, read its report
let simPoll;
async function balance() {
  const st = await get("/api/sim");
  if (!document.getElementById("simform")) {
    const game = el("select", { name: "game", id: "simgame" }, ...Object.keys(st.choices).sort().map(g => el("option", { value: g }, g)));
    const file = el("select", { name: "input", id: "siminput" });
    const fill = () => file.replaceChildren(el("option", { value: "" }, game.value === "gladiators" ? "the project's heroes (or the kit's)" : "the kit's"),
      ...st.choices[game.value].map(p => el("option", { value: p }, p)));
    game.addEventListener("change", fill);
    fill();
    const games = el("input", { name: "games", id: "simgames", type: "number", min: "1", value: "1000" });
    const seed = el("input", { name: "seed", id: "simseed", type: "number", min: "0", value: "1" });
    const run = el("button", { id: "simrun", type: "submit" }, "Run");
    const form = el("form", { id: "simform", onsubmit: async e => {
      e.preventDefault();
      try {
        await post("/api/sim", { game: game.value, input: file.value, games: Number(games.value), seed: Number(seed.value) });
        balance();
      } catch (err) { document.getElementById("simstatus").textContent = err.message; }
    } }, el("label", {}, "game ", game), el("label", {}, "file ", file), el("label", {}, "games ", games), el("label", {}, "seed ", seed), run);
    main.replaceChildren(el("h2", {}, "Balance lab"),
      el("p", {}, "Plays the game many times with the command line's default policies (deckpress sim GAME), seeded: the same seed gives the same numbers."),
      form, el("div", { id: "simstatus" }), el("progress", { id: "simprogress", max: "1", value: "0" }), el("div", { id: "simreport" }));
  }
  const bar = document.getElementById("simprogress");
  bar.max = st.total || 1; bar.value = st.done;
  document.getElementById("simrun").disabled = st.running;
  const say = document.getElementById("simstatus");
  if (st.running) {
    say.textContent = st.game + ": " + st.done + " of " + count(st.total, "game", "games");
    clearTimeout(simPoll);
    simPoll = setTimeout(balance, 300);
    return;
  }
  if (st.error) say.textContent = st.game + ": " + st.error;
  else if (st.pages.length) say.textContent = st.game + (st.input ? " (" + st.input + ")" : "") + ": " + count(st.total, "game", "games") + " played";
  document.getElementById("simreport").replaceChildren(...(st.diagnostics.length ? [diagBlock(st.diagnostics)] : []), ...st.pages.map(u => el("img", { src: u, class: "report" })));
}

// ---- live updates
const draw = { project, deck, pages, hero, balance }[page];
draw().catch(e => { main.textContent = e.message; });
const events = new EventSource("/api/events");
events.onopen = () => { status.textContent = "live"; };
events.onerror = () => { status.textContent = "disconnected; retrying"; };
events.addEventListener("update", e => {
  const ev = JSON.parse(e.data);
  status.textContent = "rebuilt " + ev.changed.join(", ");
  if (page === "hero" && heroEdits.size) return; // keep unsaved edits
  if (page === "balance") return; // a rebuild does not change a run
  draw().catch(err => { main.textContent = err.message; });
});
