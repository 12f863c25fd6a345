// @ts-check
// The board of Entdecker: the 12 x 8 map with its start points and their costs (pan, zoom,
// the legal squares of the tile in hand and its preview come from the tile kit's board layer,
// /static/kit/tile-board.js), the ship and its route, the units, the jungle paths and their
// huts, and the turn as steps in the panel: the income (the ship's wheel), the start
// (reachable starts on the map with what they cost, the route drawn; a choice of routes when
// several lead there), announce and pay, each tile drawn and placed with its legal
// rotations, a unit or stop, the scouts sent onto the paths; events and island scorings are
// told with who scored what and why. The others' moves since this seat's last decision are
// marked on the map (the newest animated once), a line of the log clicked shows where its
// move went, and a hint (showHint) is drawn as the move it would make.
//
// The board reads the moves as data (each legal move's and log entry's kind and fields) and
// works out no rule: a start's route, square by square with its tolls, is the view's
// (view.routes by the move's text while a seat chooses its start, view.turn.route after).
//
// The game declares this directory as its `web` package (GameInfo.web); board modules export
// createBoard(ctx) (see /static/game.js for the interface). Its look is in board.css.
import { h, loadStyle, paletteName, s, seatColour, seatInk, svgTitle } from "/static/common.js";
import { say, translator } from "/static/i18n.js";
import { Placing, TileMap } from "/static/kit/tile-board.js";
import { MIDS, sameAsTable, tileGeometry } from "./geometry.js";
/** @import { Board, BoardContext, LogEntry, HintMark, Move, StateMessage, UpdateOptions, Words } from "/static/types/board" */
/** @import { Design } from "./geometry.js" */
/** @typedef {StateMessage["view"]} View the game's view (its views.py) */
/** @typedef {{ x: number, y: number, design: string, rotation: number }} Tile a tile of the view's map */
/**
 * A place a mark goes round: a square (w, h) or a unit, a start point (r), with its data.
 * @typedef {{ cx: number, cy: number, w?: number, h?: number, r?: number, grow?: boolean, data: Record<string, any> }} Place
 */

await loadStyle(new URL("board.css", import.meta.url));

const { t, tn } = translator("entdecker");

const S = 100; // one square, in SVG units
const WATER = "#4a90c2"; // the colours of render.py
const LAND = "#7fb069";
const EMPTY = "#e8e1cc";
const SIDES = "NESW";
const SIDE_WORDS = [t("north"), t("east"), t("south"), t("west")];
// a part of the board, by the third of its rows and of its columns
/** @type {Record<string, string>} */
const PARTS = {
  north: t("in the north"), south: t("in the south"), west: t("in the west"), east: t("in the east"),
  "north-west": t("in the north-west"), "north-east": t("in the north-east"),
  "south-west": t("in the south-west"), "south-east": t("in the south-east"),
};
const STEP = [[0, -1], [1, 0], [0, 1], [-1, 0]];
/** @type {Record<string, string>} */
const EVENT_MARKS = { mine: "M", pirates: "P", storm: "S", natives: "N" };
/** @type {Record<string, string>} */
const EVENT_WORDS = {
  mine: t("a mine"), pirates: t("pirates"), storm: t("a storm"), natives: t("friendly natives"),
};
/** @type {Record<string, string>} */
const UNIT_A = { scout: t("a scout"), fort: t("a fort"), settlement: t("a settlement") };
/** @type {Record<string, string>} */
const UNIT_NAME = { scout: t("Scout"), fort: t("Fort"), settlement: t("Settlement") };
/** @type {Record<string, string>} */
const TOKEN_COLOURS = { 5: "#8fbf4d", 10: "#e39b2d", 15: "#c8553d" };
const JUNGLE_TOP = 1.3; // squares below the board where the jungle paths start
const ROW = 0.62; // one path's row, in squares

const CHANCE_COLOUR = "#333";
/** @type {Record<string, string>} */
const FILL_SOURCE = { open: t("an open stack"), discards: t("the discards"), hidden: t("the hidden stacks") };
// Colour-blind colours (the top bar's option; the page reloads when it changes): the sea and
// the land take Okabe and Ito's blue and a light bluish green, each with a texture of its
// own (waves on the sea, dots on the land, board.css fills them with these patterns), and
// every piece drawn in a seat's colour carries the seat's number (1-based) in its ink.
const SAFE = paletteName() === "safe";
const SAFE_SEA = "#0072b2";
const SAFE_LAND = "#86d3b2";
const SAFE_DEFS = `
  <pattern id="ent-sea" width="25" height="12.5" patternUnits="userSpaceOnUse">
    <rect width="25" height="12.5" fill="${SAFE_SEA}"/>
    <path d="M0 7.5 q6.25 -5 12.5 0 t12.5 0" fill="none" stroke="#56b4e9" stroke-width="1.8"/></pattern>
  <pattern id="ent-land" width="20" height="20" patternUnits="userSpaceOnUse">
    <rect width="20" height="20" fill="${SAFE_LAND}"/>
    <circle cx="5" cy="5" r="2.2" fill="#006b4f"/><circle cx="15" cy="15" r="2.2" fill="#006b4f"/></pattern>`;

/**
 * The seat's number (1-based, as the player list shows it) in its ink, centred on (x, y),
 * drawn only with the colour-blind colours.
 * @param {number | null | undefined} seat
 * @param {number} x
 * @param {number} y
 * @param {number} size
 */
function seatNumber(seat, x, y, size, cls = "") {
  if (!SAFE || seat === null || seat === undefined) return null;
  return s("text", {
    class: `seat-number${cls ? ` ${cls}` : ""}`, x, y: y + size * 0.36, "text-anchor": "middle", "font-size": size,
    fill: seatInk(seat), "data-seat-number": seat + 1, text: String(seat + 1),
  });
}

/**
 * The board the play page makes (static/types/board.d.ts).
 * @param {BoardContext} ctx
 * @returns {Board}
 */
export function createBoard(ctx) {
  return new ExplorerBoard(ctx);
}

/**
 * An amount of gold, in words.
 * @param {number} n
 */
function goldWord(n) { return tn("{n} gold", "{n} gold", n); }

/**
 * A number of tiles of a kind ("hidden", "open", or any).
 * @param {number} n
 * @param {string | null} [kind]
 */
function tilesWord(n, kind = null) {
  if (kind === "hidden") return tn("{n} hidden tile", "{n} hidden tiles", n);
  if (kind === "open") return tn("{n} open tile", "{n} open tiles", n);
  return tn("{n} tile", "{n} tiles", n);
}

/**
 * A number of units of a kind.
 * @param {any} n
 * @param {string} kind
 */
function unitsWord(n, kind) {
  if (kind === "scout") return tn("{n} scout", "{n} scouts", n);
  if (kind === "fort") return tn("{n} fort", "{n} forts", n);
  if (kind === "settlement") return tn("{n} settlement", "{n} settlements", n);
  return `${n} ${kind}`;
}

/**
 * A place on an island (1st, 2nd...).
 * @param {string | number} n
 */
function ordinal(n) {
  return { 1: t("1st"), 2: t("2nd"), 3: t("3rd") }[n] || t("{n}th", { n });
}

/**
 * @param {any} x
 * @param {any} y
 */
function key(x, y) { return `${x},${y}`; }

/**
 * A square of the view or the components ("x,y") as {x, y}.
 * @param {{ split: (arg0: string) => { (): any; new (): any; map: { (arg0: NumberConstructor): [any, any]; new (): any; }; }; }} square
 */
function parseSquare(square) {
  const [x, y] = square.split(",").map(Number);
  return { x, y };
}

/** @implements {Board} */
class ExplorerBoard {
  /** @param {BoardContext} ctx what the play page gives a board (static/types/board.d.ts) */
  constructor(ctx) {
    this.ctx = ctx;
    const comp = ctx.components;
    this.W = comp.board.width;
    this.H = comp.board.height;
    this.costs = comp.costs || { scout: 1, fort: 3, settlement: 6, open_tile: 4, hidden_tile: 1, toll: 2, mine: 3 };
    /** @type {Design[]} */
    const designs = comp.designs;
    /** @type {Map<string, Design>} */
    this.designs = new Map(designs.map((d) => [d.id, d]));
    this.openDesign = new Map(comp.designs.filter((/** @type {{ stack: string; }} */ d) => d.stack === "open").map((/** @type {{ number: any; id: any; }} */ d) => [String(d.number), d.id]));
    this.points = new Map(comp.start_points.map((/** @type {{ square: any; name: string[]; cost: any; }} */ p) => {
      const { x, y } = parseSquare(p.square);
      return [p.name, { name: p.name, x, y, edge: SIDES.indexOf(p.name[0]), cost: p.cost }];
    }));
    this.paths = comp.paths;
    this.placing = new Placing(new Map(designs.map((d) => [d.id, sameAsTable(d)])));
    /** @type {StateMessage | null} */
    this.message = null;
    this.live = false;
    this.busy = false;
    /** @type {any} */
    this.routeChoice = null; // the tile start whose routes the panel lists
    /** @type {any} */
    this.picked = null; // the log entry shown on the map (a click in the log)
    /** @type {any} */
    this.logIndex = null; // what the log tells of where things went, for one message
    /** @type {number | null} */ this.seenPly;
    // the map and the panel's elements (buildMap, buildPanel) and the moves as the board
    // reads them (update)
    /** @type {TileMap} */ this.map;
    /** @type {SVGSVGElement} */ this.svg;
    /** @type {Record<string, SVGGElement>} */ this.layers;
    /** @type {HTMLElement} */ this.prompt;
    /** @type {HTMLElement} */ this.stepsBox;
    /** @type {HTMLElement} */ this.controls;
    /** @type {HTMLElement} */ this.counts;
    /** @type {HTMLElement} */ this.turnInfo;
    /** @type {HTMLElement} */ this.events;
    /** @type {{ at: number[], points: number[][] } | null} */ this.shipCourse;
    /** @type {Move[]} */ this.moves;
    /** @type {any[]} */ this.places;
    /** @type {any[]} */ this.edgeStarts;
    /** @type {Map<string, any[]>} */ this.tileStarts;
    /** @type {{ text: string, count: number, kind: string }[]} */ this.announces;
    /** @type {{ text: string, number: string }[]} */ this.takes;
    /** @type {any[]} */ this.units;
    /** @type {{ text: string, path: string }[]} */ this.treks;
    /** @type {{ text: string, value: number }[]} */ this.wheels;
    /** @type {string | null} */ this.drawText;
    /** @type {string | null} */ this.stopText;
    /** @type {boolean} */ this.canDraw;
    /** @type {boolean} */ this.canStop;
    /** @type {string[]} */ this.others;
    this.buildMap();
    this.buildPanel();
    this.onKey = this.onKey.bind(this);
    document.addEventListener("keydown", this.onKey);
  }

  /** The message on the board (update has shown one). */
  get shown() {
    return /** @type {StateMessage} */ (this.message);
  }

  destroy() {
    document.removeEventListener("keydown", this.onKey);
    this.map.destroy();
  }

  // ---------------------------------------------------------------- the map element

  buildMap() {
    this.ctx.map.classList.add("explorer-map");
    const swatch = (/** @type {string} */ kind, /** @type {string} */ colour) => (SAFE
      ? swatchSvg(kind)
      : h("i", { style: `background:${colour}` }));
    const legend = h("div.map-legend", { "aria-hidden": "true" },
      h("span", swatch("sea", WATER), t("sea")),
      h("span", swatch("land", LAND), t("land")),
      h("span", h("i.lane-swatch"), t("sea lane")),
      h("span", h("i.coin-swatch"), t("start cost")),
      SAFE ? h("span.legend-seat", unitIcon("settlement", seatColour(0), 18, 0), t("seat number")) : null);
    this.map = new TileMap({
      map: this.ctx.map,
      size: S,
      defs: SAFE ? SAFE_DEFS : "",
      // the outline of the tiles laid this turn over the units and the ship, which stand
      // aside and smaller there, so that the tile just laid stays in sight
      layers: ["board", "tiles", "island", "route", "heading", "units", "ship", "laid", "starts",
        "spots", "ghost", "targets", "jungle", "since", "pick", "hint"],
      legend,
      squares: () => [[-1, -1], [this.W, this.H + JUNGLE_TOP + 1.6]],
      ghost: (/** @type {{ design: any; rotation: any; x: any; y: any; }} */ p) => this.tileGroup(p.design, p.rotation, p.x, p.y, { cls: "tile ghost-tile" }),
      act: (/** @type {any} */ text) => this.act(text),
      turned: () => this.redrawPlacing(),
    });
    this.svg = this.map.svg;
    this.layers = this.map.layers;
    this.drawFrame();
  }

  /**
   * Where a start point's marker sits: just outside its square's outer edge.
   * @param {{ edge: number, x: number, y: number }} p
   */
  pointAt(p, out = 0.34) {
    const [dx, dy] = STEP[p.edge];
    return [(p.x + 0.5 + dx * (0.5 + out)) * S, (p.y + 0.5 + dy * (0.5 + out)) * S];
  }

  /** The empty board, its grid and every start point with its cost (static). */
  drawFrame() {
    const layer = this.layers.board;
    layer.append(s("rect", { class: "board-frame", x: -0.75 * S, y: -0.75 * S, width: (this.W + 1.5) * S, height: (this.H + 1.5) * S, rx: 18 }));
    layer.append(s("rect", { class: "board-empty", x: 0, y: 0, width: this.W * S, height: this.H * S, fill: EMPTY }));
    const lines = [];
    for (let x = 1; x < this.W; x++) lines.push(`M${x * S} 0 V${this.H * S}`);
    for (let y = 1; y < this.H; y++) lines.push(`M0 ${y * S} H${this.W * S}`);
    layer.append(s("path", { class: "board-grid", d: lines.join(" ") }));
    for (const p of this.points.values()) {
      const [cx, cy] = this.pointAt(p);
      layer.append(s("g", { class: "start-point", transform: `translate(${cx} ${cy})` },
        svgTitle(p.cost ? t("start point {name}: {gold} to the bank", { name: p.name, gold: goldWord(p.cost) }) : t("start point {name}: free", { name: p.name })),
        s("circle", { r: 15 }),
        s("text", { y: 6, "text-anchor": "middle", text: String(p.cost) })));
    }
    const top = (this.H + JUNGLE_TOP) * S;
    const rows = Math.ceil(this.paths.length / 2);
    layer.append(s("rect", { class: "jungle-frame", x: -0.75 * S, y: top - 0.45 * S, width: (this.W + 1.5) * S, height: (rows * ROW + 0.55) * S, rx: 18 }));
    layer.append(s("text", { class: "jungle-title", x: -0.5 * S, y: top - 0.14 * S, text: t("Jungle paths to the chiefs' huts (space 1 is next to the hut)") }));
  }

  // ---------------------------------------------------------------- the side panel

  buildPanel() {
    const panel = this.ctx.panel;
    panel.classList.add("explorer-panel");
    this.stepsBox = h("ol.turn-steps", { "aria-label": t("The steps of a turn") });
    this.prompt = h("p.prompt", { "aria-live": "polite", dataset: { testid: "prompt" } });
    this.controls = h("div.controls");
    this.turnInfo = h("div.turn-info");
    this.events = h("div.events", { dataset: { testid: "events" } });
    this.counts = h("div.counts");
    panel.replaceChildren(this.stepsBox, this.prompt, this.controls, this.turnInfo, this.events, this.counts);
  }

  // ---------------------------------------------------------------- the interface

  /**
   * @param {StateMessage} message
   * @param {Partial<UpdateOptions>} [options]
   */
  update(message, { live = true, since = null } = {}) {
    const first = !this.message;
    const oldTurn = this.message ? this.shown.view.turns : null;
    this.message = message;
    this.live = live;
    this.busy = false;
    const view = message.view;
    if (oldTurn !== view.turns || view.step !== "start") this.routeChoice = null;
    const moves = this.myMoves();
    this.moves = moves;
    const of = (/** @type {string} */ kind) => moves.filter((m) => m.kind === kind);
    this.places = of("Place").map((m) => ({ text: m.text, ...m.fields }));
    this.placing.update(this.places, `${view.turns}/${view.map.length}`);
    const routes = view.routes || {};
    this.edgeStarts = of("StartEdge").map((m) => ({ move: m, point: this.points.get(m.fields.point) }))
      .filter((/** @type {{ point: any; }} */ x) => x.point).map((/** @type {{ move: { text: string | number; }; point: { cost: any; }; }} */ x) => ({ text: x.move.text, point: x.point, cost: x.point.cost, route: routes[x.move.text] || null }));
    this.tileStarts = new Map();
    for (const m of of("StartTile")) {
      const f = m.fields;
      const route = routes[m.text] || null;
      const p = this.points.get(f.via);
      const base = p ? p.cost : 0;
      const tolls = route ? route.tolls.map((/** @type {{ seat: any; }} */ t) => t.seat) : f.tolls;
      const start = {
        text: m.text, x: f.x, y: f.y, heading: SIDES.indexOf(f.heading), via: f.via, route, tolls, base,
        cost: route ? route.cost : base + this.costs.toll * tolls.length,
      };
      const k = `${start.x},${start.y},${start.heading}`;
      const list = this.tileStarts.get(k);
      if (list) list.push(start);
      else this.tileStarts.set(k, [start]);
    }
    for (const list of this.tileStarts.values()) list.sort((/** @type {{ cost: number; }} */ a, /** @type {{ cost: number; }} */ b) => a.cost - b.cost);
    this.announces = of("Announce").map((m) => ({ text: m.text, count: m.fields.count, kind: m.fields.kind }));
    this.takes = of("Take").map((m) => ({ text: m.text, number: String(m.fields.number) }));
    this.units = of("Settle").map((m) => ({ text: m.text, ...m.fields, source: m.fields.source || null }));
    this.treks = of("Trek").map((m) => ({ text: m.text, path: m.fields.path }));
    this.wheels = of("Income").map((m) => ({ text: m.text, value: m.fields.value }));
    this.drawText = of("Draw").map((m) => m.text)[0] || null;
    this.stopText = of("Stop").map((m) => m.text)[0] || null;
    this.canDraw = this.drawText !== null;
    this.canStop = this.stopText !== null;
    /** @type {Set<string | null>} */
    const handled = new Set(["Place", "StartEdge", "StartTile", "Announce", "Take", "Settle", "Trek", "Income", "Draw", "Stop"]);
    this.others = moves.filter((m) => !handled.has(m.kind)).map((m) => m.text);

    this.drawTiles(view);
    this.drawIsland(view);
    this.drawTurn(view, message);
    this.drawUnits(view);
    this.drawStarts();
    this.map.drawSpots(this.placing, this.live);
    this.drawTargets(view);
    this.drawJungle(view);
    this.drawPanel(view);
    const seen = this.seenPly; // the ply last drawn live: newer moves are animated
    this.seenPly = this.live ? message.ply : null;
    this.drawSince(message, since, seen);
    this.drawPick(message);
    this.animateNew(message, seen);
    this.ctx.map.classList.remove("busy");
    this.ctx.map.dataset.step = view.step;
    this.ctx.map.dataset.phase = moves.length ? view.step : "wait";
    if (first || this.map.autoFit) this.map.applyView();
  }

  settle() {
    this.busy = false;
    this.ctx.map.classList.remove("busy");
  }

  /** The legal moves of this page's seat ({text, kind, fields, says}), when it is to move
   * and the page is live. */
  myMoves() {
    const msg = this.message;
    if (!msg) return [];
    return this.live && msg.status === "playing" && msg.seat !== null && msg.to_move === msg.seat ? msg.moves || [] : [];
  }

  /**
   * @param {StateMessage} message
   * @param {number} seat
   */
  seatExtras(message, seat) {
    const view = message.view;
    const supply = view.supply[seat];
    const colour = seatColour(seat);
    const item = (/** @type {string} */ kind, /** @type {any} */ n) => h("span.supply-item", { title: t("{units} in supply", { units: unitsWord(n, kind) }), dataset: { testid: `supply-${seat}-${kind}` } },
      unitIcon(kind, colour, 15), h("b", { text: String(n) }));
    const onMap = view.units.filter((/** @type {{ seat: any; }} */ u) => u.seat === seat).length;
    const onPaths = view.huts.reduce((/** @type {any} */ t, /** @type {{ spaces: { filter: (arg0: (x: any) => boolean) => { (): any; new (): any; length: any; }; }; }} */ hut) => t + hut.spaces.filter((/** @type {any} */ x) => x === seat).length, 0);
    return h("div.seat-extras.explorer-extras",
      h("span.gold", { title: goldWord(view.gold[seat]), dataset: { testid: `gold-${seat}` } },
        h("i.coin", { "aria-hidden": "true" }), h("b", { text: String(view.gold[seat]) }), h("span.sr-only", { text: " " + t("gold") })),
      item("scout", supply.scout), item("fort", supply.fort), item("settlement", supply.settlement),
      h("span.on-board", { text: t("{islands} on islands, {paths} on paths", { islands: onMap, paths: onPaths }), title: t("units on the map and scouts on the jungle paths") }));
  }

  /**
   * Points only: at the end the returns carry gold as thousandths (the tie-break), which
   * the seat's extras show as gold.
   * @param {StateMessage} message
   * @param {any} seat
   * @param {any} score
   */
  scoreText(message, seat, score) {
    return String(Math.trunc(score ?? 0));
  }

  /**
   * @param {StateMessage} message
   */
  status(message) {
    const view = message.view;
    if (message.status === "finished") return view.end_reason ? t("Game over: {reason}", { reason: view.end_reason }) : t("Game over");
    const mover = message.to_move;
    if (mover === null || mover === undefined) return "";
    const mine = message.seat === mover && this.live;
    const name = this.ctx.seatName(mover);
    const texts = /** @type {Record<string, string[]>} */ ({
      start: [t("Your turn: choose where your ship starts"), t("{name} is choosing a start", { name })],
      announce: [t("Your turn: announce how many tiles, and pay"), t("{name} is announcing tiles", { name })],
      explore: [t("Your turn: draw the next tile, place a unit, or stop"), t("{name} is exploring", { name })],
      place: [t("Your turn: place the tile"), t("{name} is placing a tile", { name })],
      wheel: [t("Your turn: the ship's wheel, choose your income"), t("{name} is choosing an income", { name })],
      natives: [t("Your turn: friendly natives, send a free scout to a jungle path"), t("{name} sends a scout to a path", { name })],
      path: [t("Your turn: send your scout to a jungle path"), t("{name} sends a scout to a path", { name })],
    })[view.step];
    if (!texts) return mine ? t("Your turn") : t("{name} to move", { name });
    return mine ? texts[0] : texts[1];
  }

  /**
   * The first-game guide's tip for this seat's decision now: what to click and why, by
   * the step of the turn (and what the seat itself can see: its gold, the tile in its
   * hand, the tokens it looked at). Null when it has nothing to decide.
   * @param {StateMessage} message
   */
  guide(message) {
    const view = message.view;
    const moves = message.moves || [];
    if (message.status !== "playing" || !moves.length) return null;
    const has = (/** @type {string} */ kind) => moves.some((m) => m.kind === kind);
    const gold = view.gold[/** @type {number} */ (message.seat)]; // moves: the seat is to move
    const turn = view.turn;
    const c = this.costs;
    const unitPrices = t("scout {scout}, fort {fort}, settlement {settlement} gold", { scout: c.scout, fort: c.fort, settlement: c.settlement });
    switch (view.step) {
      case "wheel":
        return t("The ship's wheel: click the gold you want, 2 to 6. Every other player gets one more, so take what this turn needs: a start, tiles, and a unit to claim land.");
      case "start":
        if (has("StartTile")) {
          return t("Choose a start: an orange point on the edge, or an arrow on a discovered tile to sail on from there (hover to see the route and cost). Keep gold for tiles and a unit.");
        }
        return t("Choose where your ship sails in: click an orange start point (its number is its cost in gold; the bottom edge is free). Spend little here: you still need tiles and a unit.");
      case "announce": {
        const open = moves.some((m) => m.kind === "Announce" && m.fields.kind === "open");
        const params = { gold: goldWord(gold), hidden: c.hidden_tile, open: c.open_tile, scout: c.scout, fort: c.fort };
        return open
          ? t("You have {gold}. Click a number to buy this turn's tiles: hidden ones {hidden} gold each, open ones {open} (a shape you choose). Keep gold for a unit to claim land: scout {scout}, fort {fort}.", params)
          : t("You have {gold}. Click a number to buy this turn's tiles: hidden ones {hidden} gold each (drawn at random). Keep gold for a unit to claim land: scout {scout}, fort {fort}.", params);
      }
      case "explore": {
        const draw = has("Draw");
        const take = has("Take");
        if (has("Settle")) {
          return draw || take
            ? t("Claim the new tile's land: click a unit marker ({prices}); it ends your exploration, or draw on. A closed island scores for the strongest unit on it.", { prices: unitPrices })
            : t("Claim the new tile's land: click a unit marker ({prices}); it ends your exploration, or Stop. A closed island scores for the strongest unit on it.", { prices: unitPrices });
        }
        if ((draw || take) && turn && !turn.laid.length) {
          const left = tilesWord(turn.left, turn.kind);
          return take
            ? t("Click an open stack to take that tile ({left} to come). It must be laid where the ship's white line leads, so choose a shape that fits there.", { left })
            : t("Click Draw a hidden tile (key D); {left} to come. A tile that fits must be laid where the ship's white line leads; one that fits nowhere is discarded.", { left });
        }
        if (draw || take) {
          return take
            ? t("No unit can go on this tile (no land, or too little gold). Take the next tile to sail on, or Stop (key S) to end your turn.")
            : t("No unit can go on this tile (no land, or too little gold). Draw the next tile to sail on, or Stop (key S) to end your turn.");
        }
        return t("Your voyage is over: click Stop (key S). Enclosed squares are then filled, and every island closed all round is scored for the units on it.");
      }
      case "place": {
        const design = view.in_hand ? this.designs.get(view.in_hand) : null;
        const lay = this.placing.looks(view.in_hand) > 1 ? t("Turn it (R) and click an orange square") : t("Click an orange square");
        const event = design ? design.event : null;
        if (event === "storm") return t("A storm tile: once laid, your exploration ends and you place no unit. {lay}.", { lay });
        if (event === "pirates") return t("Pirates: this tile must be laid, and it costs you half your gold. {lay}.", { lay });
        if (event === "mine") return t("A mine: laying it brings you {gold}. {lay}; land against land grows an island you can claim.", { lay, gold: goldWord(c.mine) });
        if (event === "natives") return t("Friendly natives: laying it gives you a free scout for a jungle path. {lay}.", { lay });
        return t("This tile fits, so it must be laid. {lay}: land joins land, and an island closed all round scores its tiles for the strongest unit on it.", { lay });
      }
      case "natives":
      case "path": {
        const choosable = new Set(moves.filter((m) => m.kind === "Trek").map((m) => m.fields.path));
        const known = view.huts.filter((/** @type {{ path: any; value: null; }} */ hut) => choosable.has(hut.path) && hut.value !== null)
          .sort((/** @type {{ value: number; }} */ a, /** @type {{ value: number; }} */ b) => b.value - a.value)[0];
        const first = view.step === "natives" ? t("Friendly natives give you a free scout: click an orange jungle path.")
          : t("Your scout from the scored island goes into the jungle: click an orange jungle path.");
        const seen = known ? tn("You saw hut {path}'s token: {n} point.", "You saw hut {path}'s token: {n} points.", known.value, { path: known.path }) : null;
        return [first, seen, t("At the end each hut's token goes to whoever has most scouts on its path.")].filter(Boolean).join(" ");
      }
      default:
        return null;
    }
  }

  /**
   * @param {LogEntry[]} log
   * @param {StateMessage} message
   */
  describeLog(log, message) {
    return log.map((/** @type {any} */ entry) => this.describe(entry, message.view));
  }

  /**
   * A move ({text, kind, fields, says}: a log entry or a legal move) in words, naming
   * places as the map shows them.
   * @param {{ text: string, kind: string | null, fields: import("/static/types/board").Fields, says?: Words }} move
   * @param {View} view
   */
  describe(move, view) {
    /** @type {import("/static/types/board").Fields} */
    const f = move.fields || {};
    switch (move.kind) {
      case "Roll":
        return f.face === "wheel" ? t("income die: the ship's wheel") : t("income die: {face} (others get {more})", { face: f.face, more: Number(f.face) + 1 });
      case "Income":
        return t("chose {value} gold on the ship's wheel (others get {more})", { value: f.value, more: f.value + 1 });
      case "StartEdge": {
        const p = this.points.get(f.point);
        return p && p.cost ? t("started at {point} ({gold})", { point: f.point, gold: goldWord(p.cost) }) : t("started at {point} (free)", { point: f.point });
      }
      case "StartTile": {
        const p = this.points.get(f.via);
        const tolls = f.tolls;
        const params = {
          tile: this.tileAt(view, f.x, f.y), side: SIDE_WORDS[SIDES.indexOf(f.heading)], via: f.via,
          cost: p && p.cost ? goldWord(p.cost) : t("free"),
          tolls: tolls.map((/** @type {number} */ x) => t("{gold} to {name}", { gold: this.costs.toll, name: this.ctx.seatName(x) })).join(", "),
        };
        return tolls.length ? t("started on {tile} heading {side}, via {via} ({cost}; toll {tolls})", params)
          : t("started on {tile} heading {side}, via {via} ({cost})", params);
      }
      case "Announce": {
        const price = f.kind === "open" ? this.costs.open_tile : this.costs.hidden_tile;
        return t("announced {tiles} and paid {gold}", { tiles: tilesWord(f.count, f.kind), gold: goldWord(f.count * price) });
      }
      case "Draw": return t("drew a hidden tile");
      case "Reveal": return t("the hidden tile is {tile}", { tile: tileName(f.design, this.designs) });
      case "Take": return t("took a tile from open stack {number}", { number: f.number });
      case "Place": return t("placed {tile} {where}", { tile: tileName(f.design, this.designs), where: this.squareName(f.x, f.y) });
      case "Settle": {
        const tile = this.tileAt(view, f.x, f.y);
        const where = this.piecesAt(view, f.x, f.y) > 1 ? t("the {sides} land of {tile}", { sides: this.pieceWords(view, f), tile }) : tile;
        const params = { unit: UNIT_A[f.kind] || f.kind, where, gold: goldWord(this.costs[f.kind]) };
        return f.source ? t("placed {unit} on {where} ({gold}, taken back from {from})", { ...params, from: this.sourceName(view, f.source) })
          : t("placed {unit} on {where} ({gold})", params);
      }
      case "Stop": return t("stopped exploring");
      case "Trek": return t("sent a scout onto Path {path}", { path: f.path });
      case "Token":
        // the server's words name the token by its plant, in the page's language
        return f.token === null || f.token === undefined ? t("a produce token goes into a hut (hidden)") : say(move.says || move.text);
      case "Fill": return t("an enclosed space is filled with {tile} from the hidden stacks", { tile: tileName(f.design, this.designs) });
      case "Layout": return t("set-up {layout} drawn", { layout: f.layout });
      default: return say(move.says || move.text);
    }
  }

  /**
   * A square as a player names it: by the start point beside it, or the part of the board.
   * @param {number} x
   * @param {number} y
   */
  squareName(x, y) {
    const point = [...this.points.values()].find((p) => p.x === x && p.y === y);
    if (point) return t("by start point {name}", { name: point.name });
    const row = y < this.H / 3 ? "north" : y >= (2 * this.H) / 3 ? "south" : "";
    const column = x < this.W / 3 ? "west" : x >= (2 * this.W) / 3 ? "east" : "";
    return row || column ? PARTS[[row, column].filter(Boolean).join("-")] : t("in the middle");
  }

  /**
   * The tile on a square, by its name ("tile cape"), or the square's name when it is not on the map.
   * @param {View} view
   * @param {any} x
   * @param {any} y
   */
  tileAt(view, x, y) {
    const tile = view.map.find((/** @type {Tile} */ t) => t.x === x && t.y === y);
    return tile ? t("tile {tile}", { tile: tileName(tile.design, this.designs) }) : t("the tile {where}", { where: this.squareName(x, y) });
  }

  /**
   * Where a scout was taken back from (a Settle move's source field): a tile's land
   * piece ({x, y, piece}) or a path's space ({path, space}).
   * @param {View} view
   * @param {{ x: number, y: number, piece: number } | { path: string, space: number }} source
   */
  sourceName(view, source) {
    if ("path" in source) return t("Path {path}", { path: source.path });
    return this.tileAt(view, source.x, source.y);
  }

  /**
   * @param {StateMessage} message
   */
  endSummary(message) {
    const view = message.view;
    const result = message.result;
    if (!result) return null;
    const seats = message.seats.map((/** @type {{ seat: any; }} */ x) => x.seat);
    const order = [...seats].sort((a, b) => result.scores[b] - result.scores[a] || a - b);
    const rows = order.map((k, rank) => h(`li.final${result.winners.includes(k) ? ".winner" : ""}`, { dataset: { seat: k } },
      h("span.rank", { text: `${rank + 1}.` }),
      h("span.seat-dot", { style: `background:${seatColour(k)}` }),
      h("span.final-name", { text: this.ctx.seatName(k) }),
      h("b.final-points", { text: tn("{n} point", "{n} points", view.points[k]), dataset: { testid: `end-points-${k}` } }),
      h("span.final-gold", { text: goldWord(view.gold[k]) })));
    const huts = view.log.filter((/** @type {{ event: string; }} */ e) => e.event === "hut").map((/** @type {{ seat: number; path: any; token_says: any; token: any; points: any; }} */ e) => h("li",
      h("span.seat-dot", { style: `background:${seatColour(e.seat)}` }),
      t("{path}: {token} ({points}) to {name}, most scouts on the path", { path: e.path, token: e.token_says || e.token, points: e.points, name: this.ctx.seatName(e.seat) })));
    const tied = order.length > 1 && view.points[order[0]] === view.points[order[1]];
    const who = result.winners.map((/** @type {number} */ k) => this.ctx.seatName(k));
    const won = who.length > 1 ? t("{names} and {last} share the win", { names: who.slice(0, -1).join(", "), last: who[who.length - 1] }) : t("{name} wins", { name: who[0] });
    return {
      // the banner reads "Game over: <title>"; the reason is the server's (ruling 11)
      title: view.end_reason ? `${won} (${say(view.end_reason)})` : won,
      body: h("div.explorer-end", { dataset: { testid: "end-summary" } },
        view.end_reason ? h("p.end-reason", { text: t("The game ended: {reason}.", { reason: view.end_reason }), dataset: { testid: "end-reason" } }) : null,
        h("ol.final-list", rows),
        huts.length ? h("div", h("h4", { text: t("The chiefs' huts") }), h("ul.hut-list", huts)) : null,
        tied ? h("p.hint", { text: t("Tied on points: the tie-break goes by gold.") }) : null),
    };
  }

  // ---------------------------------------------------------------- acting

  /**
   * @param {string} text
   */
  act(text) {
    if (this.busy || !this.live) return;
    this.busy = true;
    this.ctx.map.classList.add("busy");
    this.map.clearGhost();
    this.ctx.send(text);
  }

  /**
   * @param {number} step
   */
  rotate(step) {
    if (!this.places.length || this.busy) return;
    this.placing.rotate(step);
    this.redrawPlacing();
  }

  redrawPlacing() {
    this.map.drawSpots(this.placing, this.live);
    this.drawPanel(this.shown.view);
  }

  /**
   * @param {{ ctrlKey: any; metaKey: any; altKey: any; target: any; key: string; shiftKey: any; preventDefault: () => void; }} ev
   */
  onKey(ev) {
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const target = ev.target;
    if (target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.tagName === "SELECT" || target.isContentEditable)) return;
    const k = ev.key.toLowerCase();
    if (k === "r" && this.places.length) {
      this.rotate(ev.shiftKey ? -1 : 1);
      ev.preventDefault();
    } else if (k === "d" && this.canDraw) {
      this.act(/** @type {string} */ (this.drawText));
      ev.preventDefault();
    } else if (k === "s" && this.canStop && !this.places.length) {
      this.act(/** @type {string} */ (this.stopText));
      ev.preventDefault();
    } else {
      this.map.onKey(k);
    }
  }

  // ---------------------------------------------------------------- drawing the map

  /**
   * @param {string} designId
   * @param {number} rotation
   * @param {number} x
   * @param {number} y
   * @param {{ title?: string, cls?: string }} [options]
   */
  tileGroup(designId, rotation, x, y, { title, cls = "tile" } = {}) {
    const g = s("g", { class: cls, transform: `translate(${x * S} ${y * S})` });
    if (title) g.append(svgTitle(title));
    drawTile(g, /** @type {Design} */ (this.designs.get(designId)), rotation, S);
    return g;
  }

  /**
   * @param {View} view
   */
  drawTiles(view) {
    this.map.drawTiles(view.map, (/** @type {Tile} */ t) => this.tileGroup(t.design, t.rotation, t.x, t.y, {
      title: tileTitle(this.designs.get(t.design), t),
    }));
  }

  /**
   * The last island scored, outlined, with its value and who scored what.
   * @param {View} view
   */
  drawIsland(view) {
    const layer = this.layers.island;
    layer.replaceChildren();
    const last = [...view.log].reverse().find((e) => e.event === "island");
    if (!last) return;
    const squares = new Set(last.tiles);
    /**
     * @type {string[]}
     */
    const edges = [];
    for (const text of last.tiles) {
      const { x, y } = parseSquare(text);
      STEP.forEach(([dx, dy], e) => {
        if (squares.has(key(x + dx, y + dy))) return;
        const [a, b] = [[0, 0], [1, 0], [1, 1], [0, 1], [0, 0]].slice(e, e + 2);
        edges.push(`M${(x + a[0]) * S} ${(y + a[1]) * S} L${(x + b[0]) * S} ${(y + b[1]) * S}`);
      });
    }
    const text = this.islandText(last);
    layer.append(s("path", { class: "scored-island", d: edges.join(" ") }, svgTitle(t("last island scored: {island}", { island: text }))));
    const first = parseSquare(last.tiles[0]);
    layer.append(s("g", { class: "island-badge", transform: `translate(${(first.x + 0.24) * S} ${(first.y + 0.24) * S})` },
      svgTitle(t("last island scored: {island}", { island: text })),
      s("g", { class: "grow" }, s("circle", { r: 20 }), s("text", { y: 7, "text-anchor": "middle", text: String(last.value) }))));
  }

  /**
   * The route of the start being previewed or taken, the ship, its track this turn and the
   * squares it may sail into next.
   * @param {View} view
   * @param {StateMessage} message
   */
  drawTurn(view, message) {
    const route = this.layers.route;
    const laid = this.layers.laid;
    const heading = this.layers.heading;
    const ship = this.layers.ship;
    route.replaceChildren();
    laid.replaceChildren();
    heading.replaceChildren();
    ship.replaceChildren();
    const turn = view.turn;
    this.shipCourse = null;
    if (!turn) return;
    const seat = turn.seat;
    const points = turn.route ? this.routePoints(turn.route) : null;
    for (const sq of turn.laid) {
      const { x, y } = parseSquare(sq);
      laid.append(s("rect", { class: "laid-this-turn", x: x * S + 3, y: y * S + 3, width: S - 6, height: S - 6 }));
    }
    if (points) {
      for (const sq of turn.laid) {
        const { x, y } = parseSquare(sq);
        const last = points[points.length - 1];
        const c = [(x + 0.5) * S, (y + 0.5) * S];
        points.push([(last[0] + c[0]) / 2, (last[1] + c[1]) / 2], c);
      }
      route.append(routePath(points, seatColour(seat), t("route taken")));
    }
    const mapAt = new Set(view.map.map((/** @type {Tile} */ t) => key(t.x, t.y)));
    for (const sq of turn.heading) {
      if (mapAt.has(sq)) continue;
      const { x, y } = parseSquare(sq);
      heading.append(s("rect", { class: "heading-square", x: x * S + 8, y: y * S + 8, width: S - 16, height: S - 16, rx: 12 },
        svgTitle(t("the ship may sail into {square}", { square: sq }))));
    }
    let at = null;
    if (turn.ship) {
      const { x, y } = parseSquare(turn.ship);
      at = [(x + 0.5) * S, (y + 0.5) * S];
      if (points && turn.laid.length) {
        // on the edge it sailed in through, clear of the tile just laid and its units
        const [mx, my] = points[points.length - 2];
        at = [at[0] + 0.9 * (mx - at[0]), at[1] + 0.9 * (my - at[1])];
      }
    } else if (points) {
      at = points[points.length - (turn.laid.length ? 1 : 2)];
    }
    this.shipCourse = at && points ? { at, points } : null;
    if (at) {
      const small = turn.laid.length ? " scale(0.75)" : ""; // by a tile just laid: smaller
      ship.append(s("g", { class: "ship", transform: `translate(${at[0]} ${at[1]})${small}` },
        svgTitle(turn.left ? t("{name}'s ship: {tiles} still to draw", { name: this.ctx.seatName(seat), tiles: tilesWord(turn.left, turn.kind) }) : t("{name}'s ship", { name: this.ctx.seatName(seat) })),
        s("g", { class: "grow" }, shipShape(seatColour(seat), seat))));
    }
  }

  /**
   * A route of the view (a start's, or the turn's: its start point, the squares sailed
   * through with the side each is entered by, the side it heads out by) as points in SVG
   * units: the start point, then each square's entry and centre, then the way out.
   * @param {{ point: any; squares: any; leave: string; }} route
   */
  routePoints(route) {
    const p = this.points.get(route.point);
    if (!p) return null;
    const out = [this.pointAt(p)];
    let last = null;
    for (const step of route.squares) {
      last = parseSquare(step.square);
      const [ex, ey] = MIDS[SIDES.indexOf(step.from)];
      out.push([(last.x + ex) * S, (last.y + ey) * S], [(last.x + 0.5) * S, (last.y + 0.5) * S]);
    }
    if (route.leave && last) {
      const [hx, hy] = MIDS[SIDES.indexOf(route.leave)];
      out.push([(last.x + hx) * S, (last.y + hy) * S]);
    }
    return out;
  }

  /**
   * Show the route of a start (hovering its marker or its button); null: the turn's own.
   * @param {{ route: any; text: any; } | null} start
   */
  previewRoute(start) {
    const layer = this.layers.route;
    layer.querySelectorAll(".preview").forEach((/** @type {{ remove: () => any; }} */ el) => el.remove());
    if (!start || !start.route) return;
    const points = this.routePoints(start.route);
    if (points) {
      const path = routePath(points, seatColour(/** @type {number} */ (this.shown.seat)), t("route of {start}", { start: start.text }));
      path.classList.add("preview");
      layer.append(path);
    }
  }

  /**
   * @param {View} view
   */
  drawUnits(view) {
    const layer = this.layers.units;
    layer.replaceChildren();
    const mapAt = new Map(view.map.map((/** @type {Tile} */ t) => [key(t.x, t.y), t]));
    const laid = new Set(view.turn ? view.turn.laid : []); // units there drawn smaller
    /** @type {Map<string, any[]>} */
    const byPiece = new Map();
    for (const u of view.units) {
      const k = `${u.x},${u.y}/${u.piece}`;
      const pieces = byPiece.get(k);
      if (pieces) pieces.push(u);
      else byPiece.set(k, [u]);
    }
    for (const [, list] of byPiece) {
      const { x, y, piece } = list[0];
      const tile = mapAt.get(key(x, y));
      if (!tile) continue;
      const [u, v] = tileGeometry(/** @type {Design} */ (this.designs.get(tile.design)), tile.rotation).anchors[piece] || [0.5, 0.5];
      list.forEach((/** @type {{ unit: string, seat: number }} */ unit, /** @type {number} */ k) => {
        const angle = (k / list.length) * 2 * Math.PI - Math.PI / 2;
        const r = list.length > 1 ? 0.14 : 0;
        const cx = (x + u + r * Math.cos(angle)) * S;
        const cy = (y + v + r * Math.sin(angle)) * S;
        const small = laid.has(key(x, y)) ? " scale(0.65)" : "";
        layer.append(s("g", {
          class: `unit unit-${unit.unit}`, transform: `translate(${cx} ${cy})${small}`,
          "data-seat": unit.seat, "data-unit": unit.unit, "data-x": x, "data-y": y,
        }, svgTitle(t("{name}'s {unit} at {x},{y}", { name: this.ctx.seatName(unit.seat), unit: UNIT_NAME[unit.unit] || unit.unit, x, y })),
        s("g", { class: "grow" }, unitShape(unit.unit, seatColour(unit.seat), unit.seat))));
      });
    }
  }

  /** The reachable starts, when this seat chooses one: start points and tiles, each with
   * what it costs; hovering one draws its route. */
  drawStarts() {
    const layer = this.layers.starts;
    layer.replaceChildren();
    for (const start of this.edgeStarts) {
      const p = start.point;
      const [cx, cy] = this.pointAt(p);
      const label = t("Start at {name} ({cost}): the ship sails into {x},{y}", { name: p.name, cost: p.cost ? goldWord(p.cost) : t("free"), x: p.x, y: p.y });
      const el = s("g", {
        class: "start-choice edge", transform: `translate(${cx} ${cy})`, tabindex: 0, role: "button",
        "aria-label": label, "data-action": start.text, "data-testid": "start", "data-cost": start.cost,
      }, svgTitle(label), s("g", { class: "grow" }, s("circle", { r: 21 }), s("text", { y: 8, "text-anchor": "middle", text: String(start.cost) })));
      this.wire(el, () => this.act(start.text), () => this.previewRoute(start));
      layer.append(el);
    }
    for (const [k, list] of this.tileStarts) {
      const { x, y, heading } = list[0];
      const [dx, dy] = STEP[heading];
      const cx = (x + 0.5 + dx * 0.31) * S;
      const cy = (y + 0.5 + dy * 0.31) * S;
      const cheapest = list[0].cost;
      const params = {
        x, y, side: SIDE_WORDS[heading], gold: goldWord(cheapest), routes: list.length, via: list[0].via,
        names: list[0].tolls.map((/** @type {number} */ k) => this.ctx.seatName(k)).join(", "),
      };
      const label = list.length > 1 ? t("Start on {x},{y} heading {side}: {gold} or more ({routes} routes)", params)
        : list[0].tolls.length ? t("Start on {x},{y} heading {side}: {gold} (via {via}, tolls to {names})", params)
          : t("Start on {x},{y} heading {side}: {gold} (via {via})", params);
      const el = s("g", {
        class: `start-choice tile${this.routeChoice === k ? " chosen" : ""}`, transform: `translate(${cx} ${cy})`, tabindex: 0, role: "button",
        "aria-label": label, "data-testid": "start", "data-cost": cheapest, "data-routes": list.length,
        "data-action": list.length === 1 ? list[0].text : null,
      }, svgTitle(label), s("g", { class: "grow" },
        s("path", { class: "start-arrow", d: "M-13 -12 L0 -25 L13 -12 Z", transform: `rotate(${heading * 90})` }),
        s("circle", { r: 15 }), s("text", { y: 6, "text-anchor": "middle", text: list.length > 1 ? `${cheapest}+` : String(cheapest) })));
      this.wire(el, () => {
        if (list.length === 1) this.act(list[0].text);
        else {
          this.routeChoice = k;
          this.drawStarts();
          this.drawPanel(this.shown.view);
        }
      }, () => this.previewRoute(list[0]));
      layer.append(el);
    }
  }

  /**
   * Click, Enter/space, and a preview on hover and focus for a map control.
   * @param {SVGElement} el
   * @param {() => void} run
   * @param {() => void} [preview]
   */
  wire(el, run, preview) {
    el.addEventListener("click", run);
    el.addEventListener("keydown", (/** @type {KeyboardEvent} */ ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); run(); } });
    if (preview) {
      el.addEventListener("pointerenter", preview);
      el.addEventListener("focus", preview);
      el.addEventListener("pointerleave", () => this.previewRoute(null));
      el.addEventListener("blur", () => this.previewRoute(null));
    }
  }

  /**
   * The units this seat may place on the tile where the ship stands, on its land pieces.
   * @param {View} view
   */
  drawTargets(view) {
    const layer = this.layers.targets;
    layer.replaceChildren();
    const plain = this.units.filter((/** @type {{ source: any; }} */ u) => !u.source);
    if (!plain.length) return;
    const byPiece = new Map();
    for (const u of plain) {
      const k = `${u.x},${u.y}/${u.piece}`;
      const pieces = byPiece.get(k);
      if (pieces) pieces.push(u);
      else byPiece.set(k, [u]);
    }
    const mapAt = new Map(view.map.map((/** @type {Tile} */ t) => [key(t.x, t.y), t]));
    // the targets are the moves of the seat shown: it holds a seat
    const seat = /** @type {number} */ (this.shown.seat);
    /** @type {{ list: any[], cx: number, cy: number, half: number }[]} */
    const rows = [];
    for (const [, list] of byPiece) {
      const { x, y, piece } = list[0];
      const tile = mapAt.get(key(x, y));
      if (!tile) continue;
      const [u, v] = tileGeometry(/** @type {Design} */ (this.designs.get(tile.design)), tile.rotation).anchors[piece] || [0.5, 0.5];
      rows.push({ list, cx: (x + u) * S, cy: (y + v) * S, half: (list.length - 1) * 22 + 20 });
    }
    // two land pieces of one tile may have anchors close together: their rows of buttons
    // are moved apart so that no button lies over another
    rows.sort((a, b) => a.cy - b.cy || a.cx - b.cx);
    rows.forEach((row, i) => {
      for (const other of rows.slice(0, i)) {
        const across = Math.abs(row.cx - other.cx) < row.half + other.half;
        if (across && row.cy - other.cy < 44) row.cy = other.cy + 44;
      }
    });
    if (!rows.length) return;
    // one scaled group for all the rows (they lie on the ship's tile): the buttons grow
    // with the map's zoom (--fs) and so do the distances between the rows, so none ever
    // lies over another
    const [ox, oy] = [rows[0].cx, rows[0].cy];
    const group = s("g", { class: "unit-targets", transform: `translate(${ox} ${oy})` });
    const inner = s("g", { class: "grow" });
    for (const { list, cx, cy } of rows) {
      const row = s("g", { transform: `translate(${cx - ox} ${cy - oy})` });
      list.forEach((/** @type {{ kind: string, text: string }} */ unit, /** @type {number} */ k) => {
        const off = (k - (list.length - 1) / 2) * 44;
        const label = t("Place {unit} here ({gold}): it ends the exploration", { unit: UNIT_A[unit.kind] || unit.kind, gold: goldWord(this.costs[unit.kind]) });
        const el = s("g", {
          class: "unit-target", transform: `translate(${off} 0)`, tabindex: 0, role: "button",
          "aria-label": label, "data-action": unit.text, "data-testid": "unit-target",
        }, svgTitle(label), s("circle", { r: 20 }), unitShape(unit.kind, seatColour(seat), seat));
        this.wire(el, () => this.act(unit.text));
        row.append(el);
      });
      inner.append(row);
    }
    group.append(inner);
    layer.append(group);
  }

  /**
   * The jungle paths below the board: each hut (its token: unseen, hidden, or known) and
   * its spaces, numbered from the hut, with the scouts on them.
   * @param {View} view
   */
  drawJungle(view) {
    const layer = this.layers.jungle;
    layer.replaceChildren();
    const trek = new Map(this.treks.map((t) => [t.path, t]));
    view.huts.forEach((/** @type {{ path: string, spaces: number[], token: string | null, value: number | null, seen_by: number[] }} */ hut, /** @type {number} */ index) => {
      const [x0, y0] = this.pathOrigin(index, view.huts.length);
      const choice = trek.get(hut.path);
      const free = hut.spaces.indexOf(-1);
      const counts = new Map();
      hut.spaces.forEach((/** @type {number} */ x) => { if (x >= 0) counts.set(x, (counts.get(x) || 0) + 1); });
      const who = [...counts].map(([seat, n]) => `${this.ctx.seatName(seat)} ${n}`).join(", ");
      const tokenText = hut.token === null ? t("no token yet") : hut.token === "?" ? t("a hidden token") : `${hut.token} (${hut.value})`;
      const label = [
        tn("Path {path}: {n} space, hut with {token}", "Path {path}: {n} spaces, hut with {token}", hut.spaces.length, { path: hut.path, token: tokenText }),
        who ? t("scouts: {who}", { who }) : null,
        hut.seen_by.length ? t("looked at by {names}", { names: hut.seen_by.map((/** @type {number} */ k) => this.ctx.seatName(k)).join(", ") }) : null,
      ].filter(Boolean).join("; ");
      const g = s("g", { class: `jungle-path${choice ? " choosable" : ""}`, transform: `translate(${x0} ${y0})`, "data-path": hut.path }, svgTitle(label));
      g.append(s("rect", { class: "path-row", x: -6, y: -4, width: (1.05 + hut.spaces.length * 0.5) * S + 10, height: ROW * S - 8, rx: 10 }));
      g.append(hutShape(hut.path));
      const ty = ROW * S / 2 - 4;
      const tok = s("g", { class: "token", transform: `translate(${0.72 * S} ${ty})` });
      if (hut.token === null) tok.append(s("circle", { class: "token-empty", r: 15 }));
      else if (hut.token === "?") tok.append(s("circle", { class: "token-hidden", r: 15 }), s("text", { y: 6, "text-anchor": "middle", text: "?" }));
      else {
        tok.append(s("circle", { r: 15, fill: TOKEN_COLOURS[/** @type {number} */ (hut.value)] || "#ccc", class: "token-known" }),
          s("text", { y: 6, "text-anchor": "middle", text: String(hut.value) }));
      }
      hut.seen_by.forEach((/** @type {any} */ k, /** @type {number} */ i) => {
        if (!SAFE) {
          tok.append(s("circle", { class: "seen-dot", cx: 13 + i * 7, cy: -14, r: 4, fill: seatColour(k) }));
          return;
        }
        // with the colour-blind colours, larger dots carrying the seat's number
        tok.append(s("g", { class: "seen-dot-group", "data-seat": k },
          s("circle", { class: "seen-dot", cx: 15 + i * 17, cy: -15, r: 8.5, fill: seatColour(k) }),
          seatNumber(k, 15 + i * 17, -15, 12.5)));
      });
      g.append(tok);
      hut.spaces.forEach((/** @type {number} */ owner, /** @type {number} */ k) => {
        const cx = (1.2 + k * 0.5) * S;
        g.append(s("circle", {
          class: `path-space${owner >= 0 ? " taken" : ""}${choice && k === free ? " next" : ""}`,
          cx, cy: ty, r: 15, style: owner >= 0 ? `fill:${seatColour(owner)}` : null,
          "data-seat": owner >= 0 ? owner : null,
        }));
        if (owner >= 0) {
          const number = seatNumber(owner, cx, ty, 17, "path-number");
          if (number) g.append(number);
        }
      });
      if (choice) {
        g.setAttribute("tabindex", "0");
        g.setAttribute("role", "button");
        g.setAttribute("aria-label", t("Send a scout onto path {path} (space {space} from the hut)", { path: hut.path, space: free + 1 }));
        g.dataset.action = choice.text;
        g.dataset.testid = "path";
        this.wire(g, () => this.act(choice.text));
      }
      layer.append(g);
    });
  }

  /**
   * The top left of the row of path `index` of `count` below the board (two columns).
   * @param {number} index
   * @param {number} count
   */
  pathOrigin(index, count) {
    const perColumn = Math.ceil(count / 2);
    const column = index < perColumn ? 0 : 1;
    const row = index - column * perColumn;
    return [(0.1 + column * this.W / 2) * S, (this.H + JUNGLE_TOP) * S + row * ROW * S];
  }

  // ---------------------------------------------------------------- following the moves

  /**
   * What the log tells of where things went that its texts do not say: the space (1 is
   * next to the hut) each scout sent onto a path took, and the square each tile found in
   * the hidden stacks filled (from the game's own recent events, matched from the end).
   * @param {StateMessage} message
   */
  indexLog(message) {
    if (this.logIndex && this.logIndex.message === message) return this.logIndex;
    const spaces = new Map();
    const taken = new Map();
    for (const e of message.log) {
      if (e.kind === "Trek") {
        const path = e.fields.path;
        if (!taken.has(path)) taken.set(path, new Set());
        const used = taken.get(path);
        let k = 1;
        while (used.has(k)) k++;
        used.add(k);
        spaces.set(e.ply, k);
      } else if (e.kind === "Settle" && e.fields.source) {
        const from = e.fields.source;
        if ("path" in from && taken.has(from.path)) taken.get(from.path).delete(from.space);
      }
    }
    const fills = message.log.filter((e) => e.kind === "Fill");
    const filled = message.view.log.filter((/** @type {Record<string, any>} */ e) => e.filled && e.filled.from === "hidden").map((/** @type {Record<string, any>} */ e) => e.filled);
    const squares = new Map();
    for (let k = 1; k <= Math.min(fills.length, filled.length); k++) {
      const f = filled[filled.length - k];
      squares.set(fills[fills.length - k].ply, { x: f.x, y: f.y });
    }
    this.logIndex = { message, spaces, squares };
    return this.logIndex;
  }

  /**
   * The places on the map the move of log entry `entry` left something on, as the map
   * shows them now: [{cx, cy (SVG units), w, h (a box) or r (a ring), grow, data}]; with
   * `touched` also where a ship started (it leaves nothing once the turn is over).
   * @param {any} entry
   * @param {StateMessage} message
   */
  placesOf(entry, message, touched = false) {
    const view = message.view;
    const f = entry.fields || {};
    switch (entry.kind) {
      case "Place": return [this.squarePlace(f.x, f.y)];
      case "Settle": return [this.unitPlace(view, f.x, f.y, f.piece)];
      case "Trek": return this.pathPlaces(view, f.path, this.indexLog(message).spaces.get(entry.ply));
      case "Fill": {
        const square = this.indexLog(message).squares.get(entry.ply);
        return square ? [this.squarePlace(square.x, square.y)] : [];
      }
      default:
    }
    if (!touched) return [];
    if (entry.kind === "StartTile") return [this.squarePlace(f.x, f.y)];
    if (entry.kind === "StartEdge") {
      const p = this.points.get(f.point);
      if (!p) return [];
      const [cx, cy] = this.pointAt(p);
      return [{ cx, cy, r: 22, data: { "data-point": p.name } }];
    }
    return [];
  }

  /**
   * @param {number} x
   * @param {number} y
   */
  squarePlace(x, y) {
    return { cx: (x + 0.5) * S, cy: (y + 0.5) * S, w: S, h: S, data: { "data-x": x, "data-y": y } };
  }

  /**
   * A unit's land piece: a ring at its anchor, whether the unit is still there or not.
   * @param {View} view
   * @param {number} x
   * @param {number} y
   * @param {number} piece
   */
  unitPlace(view, x, y, piece) {
    const tile = view.map.find((/** @type {Tile} */ t) => t.x === x && t.y === y);
    const [u, v] = tile ? tileGeometry(/** @type {Design} */ (this.designs.get(tile.design)), tile.rotation).anchors[piece] || [0.5, 0.5] : [0.5, 0.5];
    return { cx: (x + u) * S, cy: (y + v) * S, r: 27, grow: true, data: { "data-x": x, "data-y": y, "data-piece": piece } };
  }

  /**
   * @param {View} view
   * @param {any} path
   */
  pathPlaces(view, path, space = 1) {
    const index = view.huts.findIndex((/** @type {{ path: any; }} */ hut) => hut.path === path);
    if (index < 0) return [];
    const [x0, y0] = this.pathOrigin(index, view.huts.length);
    return [{ cx: x0 + (1.2 + (space - 1) * 0.5) * S, cy: y0 + ROW * S / 2 - 4, r: 21, data: { "data-path": path, "data-space": space } }];
  }

  /**
   * One mark on a place: a halo and a line in `colour`, in a group carrying `cls` as its
   * class and test id, the entry's ply and the place's data.
   * @param {Place} place
   * @param {string} cls
   * @param {any} entry
   * @param {string} colour
   * @param {any} title
   */
  markOf(place, cls, entry, colour, title) {
    const pad = cls === "log-pick" ? 5 : -7; // the pick goes round the tile, the others' marks inside
    const shapes = ["mark-halo", "mark-line"].map((part) => (place.r
      ? s("circle", { class: part, r: place.r + (cls === "log-pick" ? 5 : 0), stroke: part === "mark-line" ? colour : null })
      : s("rect", { class: part, x: -/** @type {number} */ (place.w) / 2 - pad, y: -/** @type {number} */ (place.h) / 2 - pad, width: /** @type {number} */ (place.w) + 2 * pad, height: /** @type {number} */ (place.h) + 2 * pad, rx: 10, stroke: part === "mark-line" ? colour : null })));
    // with the colour-blind colours, a mark in a seat's colour carries the seat's number
    // in a disc on its line (top right)
    if (SAFE && cls === "since-mark" && entry.seat !== null && entry.seat !== undefined) {
      const [bx, by] = place.r ? [place.r * 0.71, -place.r * 0.71] : [/** @type {number} */ (place.w) / 2 + pad, -/** @type {number} */ (place.h) / 2 - pad];
      shapes.push(s("g", { class: "mark-number", transform: `translate(${bx} ${by})` },
        s("circle", { r: 11, fill: colour }), seatNumber(entry.seat, 0, 0, 14)));
    }
    return s("g", {
      class: `${cls} follow-mark`, transform: `translate(${place.cx} ${place.cy})`, "data-testid": cls, "data-ply": entry.ply,
      "data-seat": entry.seat ?? null, ...place.data,
    }, svgTitle(title), place.grow ? s("g", { class: "grow" }, shapes) : shapes);
  }

  /**
   * The log entries to mark: the others' moves since this seat's last decision that left
   * something on the map (before a first decision, or for a spectator, the newest of
   * them; in a replay the move that led here, if it is one).
   * @param {StateMessage} message
   * @param {number | null | undefined} since
   */
  sinceEntries(message, since) {
    const others = (/** @type {LogEntry} */ e) => e.seat === null || e.seat !== message.seat;
    const left = (/** @type {any} */ e) => others(e) && this.placesOf(e, message).length > 0;
    if (!this.live) return message.log.slice(-1).filter(left);
    const moves = message.log.filter(left);
    if (since === null || since === undefined) return moves.slice(-1);
    return moves.filter((e) => e.ply > since);
  }

  /**
   * @param {StateMessage} message
   * @param {number | null} since
   * @param {number | null | undefined} seen
   */
  drawSince(message, since, seen) {
    const layer = this.layers.since;
    layer.replaceChildren();
    const entries = this.sinceEntries(message, since);
    const newest = entries[entries.length - 1];
    const describe = this.describeLog(entries, message);
    entries.forEach((/** @type {any} */ entry, /** @type {number} */ k) => {
      const colour = entry.seat === null ? CHANCE_COLOUR : seatColour(entry.seat);
      const title = entry.seat === null ? t("since your last move: {move}", { move: describe[k] })
        : t("since your last move: {name} {move}", { name: this.ctx.seatName(entry.seat), move: describe[k] });
      for (const place of this.placesOf(entry, message)) {
        const el = this.markOf(place, "since-mark", entry, colour, title);
        // another seat's newest move (a person's too) is animated once, not at each redraw
        if (entry === newest && this.live && (seen === null || seen === undefined || entry.ply > seen)) el.classList.add("since-newest", "fresh");
        layer.append(el);
      }
    });
  }

  /**
   * The moves of the others (or of chance) new since the ply last drawn live (`seen`;
   * before it, the newest move), animated once: a tile slides onto its square, the ship
   * sails its route, a unit or a scout on a path grows in; for var(--follow-ms), none under
   * prefers-reduced-motion.
   * @param {StateMessage} message
   * @param {number | null | undefined} seen
   */
  animateNew(message, seen) {
    if (!this.live || matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const log = message.log;
    if (seen !== null && seen !== undefined && message.ply <= seen) return;
    const fresh = seen === null || seen === undefined ? log.slice(-1) : log.filter((e) => e.ply > seen);
    const ms = parseFloat(getComputedStyle(document.documentElement).getPropertyValue("--follow-ms")) || 800;
    for (const entry of fresh.filter((e) => e.seat === null || e.seat !== message.seat).slice(-6)) {
      this.animateMove(entry, message, ms);
    }
  }

  /**
   * @param {any} entry
   * @param {StateMessage} message
   * @param {number} ms
   */
  animateMove(entry, message, ms) {
    const f = entry.fields || {};
    const timing = { duration: ms, easing: "ease-out" };
    if (entry.kind === "Place" || entry.kind === "Fill") {
      const square = entry.kind === "Place" ? f : this.indexLog(message).squares.get(entry.ply);
      const el = square && this.layers.tiles.querySelector(`[data-x="${square.x}"][data-y="${square.y}"]`);
      if (el) {
        el.animate([{ translate: `0px ${-0.6 * S}px`, opacity: 0 }, { translate: "0px 0px", opacity: 1 }], timing);
      }
    } else if (entry.kind === "StartEdge" || entry.kind === "StartTile") {
      const ship = this.layers.ship.querySelector(".ship");
      const course = this.shipCourse;
      if (!ship || !course) return;
      const { at, points } = course;
      const way = points.slice(0, -1);
      const lengths = way.map((p, k) => (k ? Math.hypot(p[0] - way[k - 1][0], p[1] - way[k - 1][1]) : 0));
      const total = lengths.reduce((a, b) => a + b, 0) || 1;
      let done = 0;
      const frames = way.map(([x, y], k) => {
        done += lengths[k];
        return { translate: `${x - at[0]}px ${y - at[1]}px`, offset: done / total };
      });
      frames[frames.length - 1] = { translate: "0px 0px", offset: 1 };
      if (frames.length > 1) ship.animate(frames, { duration: ms, easing: "ease-in-out" });
    } else if (entry.kind === "Settle") {
      const units = this.layers.units.querySelectorAll(`.unit[data-x="${f.x}"][data-y="${f.y}"][data-seat="${entry.seat}"][data-unit="${f.kind}"]`);
      const el = units[units.length - 1];
      if (el) {
        el.animate([{ opacity: 0 }, { opacity: 1 }], timing);
        /** @type {Element} */ (el.querySelector(".grow")).animate([{ scale: 0 }, { scale: 1.25, offset: 0.7 }, { scale: 1 }], timing);
      }
    } else if (entry.kind === "Trek") {
      const space = this.indexLog(message).spaces.get(entry.ply);
      const el = this.layers.jungle.querySelectorAll(`.jungle-path[data-path="${f.path}"] .path-space`)[(space || 1) - 1];
      if (el) el.animate([{ scale: 0, opacity: 0 }, { scale: 1, opacity: 1 }], timing);
    }
  }

  // ---------------------------------------------------------------- hints

  /**
   * Moves not made, drawn on the map until the next call: the hint (role "hint"), or in
   * an analysis's replay the move played ("played") and the bot's best ("best"): a start
   * as its route (the view's), a tile placement as a ghost on its square turned as it
   * would be, a unit on its land piece, a scout on its path's space, and any other move
   * (an announcement, a draw, a stop) as a label on the map in its words.
   * @param {any[]} marks
   * @param {StateMessage} message
   */
  showHint(marks, message) {
    const layer = this.layers.hint;
    layer.replaceChildren();
    const msg = message || this.message;
    if (!msg) return;
    let labels = 0;
    for (const { move, role } of marks || []) {
      const words = /** @type {Record<string, string>} */ ({ hint: t("hint"), best: t("the bot's best move"), played: t("the move played") })[role] || role;
      const el = s("g", { class: `hint-mark role-${role}`, "data-testid": "hint-mark", "data-role": role, "data-action": move.text },
        svgTitle(`${words}: ${say(move.says || move.text)}`));
      if (!this.hintShape(el, move, msg)) this.hintLabel(el, move, msg, labels++);
      layer.append(el);
    }
  }

  /**
   * Draw a move's mark on its place into `el`; false when it has no place on the map.
   * @param {Element} el
   * @param {HintMark["move"]} move
   * @param {StateMessage} msg
   */
  hintShape(el, move, msg) {
    const view = msg.view;
    /** @type {import("/static/types/board").Fields} */
    const f = move.fields || {};
    const seat = msg.to_move ?? msg.seat;
    const ring = (/** @type {number} */ cx, /** @type {number} */ cy, /** @type {number | undefined} */ r) => [s("circle", { class: "hint-halo", cx, cy, r }), s("circle", { class: "hint-line", cx, cy, r })];
    switch (move.kind) {
      case "Place": {
        el.append(this.tileGroup(f.design, f.rotation, f.x, f.y, { cls: "tile hint-tile" }));
        for (const part of ["hint-halo", "hint-line"]) {
          el.append(s("rect", { class: part, x: f.x * S + 5, y: f.y * S + 5, width: S - 10, height: S - 10, rx: 10 }));
        }
        return true;
      }
      case "StartEdge":
      case "StartTile": {
        const route = (view.routes || {})[move.text];
        const points = route ? this.routePoints(route) : null;
        if (points) {
          const d = points.map(([x, y], k) => `${k ? "L" : "M"}${x} ${y}`).join(" ");
          el.append(s("path", { class: "hint-halo", d }), s("path", { class: "hint-line hint-route", d }));
          const [x, y] = points[points.length - 1];
          el.append(...ring(x, y, 12));
          const [sx, sy] = points[0];
          el.append(...ring(sx, sy, 20));
          return true;
        }
        if (move.kind === "StartTile") {
          el.append(...ring((f.x + 0.5) * S, (f.y + 0.5) * S, 0.36 * S));
          return true;
        }
        const p = this.points.get(f.point);
        if (!p) return false;
        const [px, py] = this.pointAt(p);
        el.append(...ring(px, py, 24));
        return true;
      }
      case "Settle": {
        const place = this.unitPlace(view, f.x, f.y, f.piece);
        el.append(...ring(place.cx, place.cy, place.r));
        const unit = s("g", { class: "hint-unit", transform: `translate(${place.cx} ${place.cy})` },
          s("g", { class: "grow" }, unitShape(f.kind, seat === null || seat === undefined ? "#888" : seatColour(seat), seat)));
        el.append(unit);
        return true;
      }
      case "Trek": {
        const hut = view.huts.find((/** @type {{ path: any; }} */ x) => x.path === f.path);
        const space = hut ? hut.spaces.indexOf(-1) + 1 : 1;
        const [place] = this.pathPlaces(view, f.path, space || 1);
        if (!place) return false;
        el.append(...ring(place.cx, place.cy, place.r));
        return true;
      }
      default:
        return false;
    }
  }

  /**
   * A move with no place on the map (an announcement, a draw, a stop, the wheel): a label
   * in its words, above the ship if there is one, otherwise in the middle of the board;
   * `k`: how many labels are drawn before it (each further one lower).
   * @param {{ classList: { add: (arg0: string) => void; }; append: (arg0: any) => void; }} el
   * @param {{ says: any; text: any; }} move
   * @param {StateMessage} msg
   * @param {number} k
   */
  hintLabel(el, move, msg, k) {
    const text = say(move.says || move.text);
    const turn = msg.view.turn;
    const ship = turn && turn.ship ? parseSquare(turn.ship) : null;
    const cx = ship ? (ship.x + 0.5) * S : (this.W / 2) * S;
    const cy = (ship ? ship.y - 0.3 : this.H / 2) * S + k * 0.6 * S;
    const width = Math.max(120, text.length * 13.5 + 36);
    el.classList.add("hint-label");
    el.append(s("g", { transform: `translate(${cx} ${cy})` }, s("g", { class: "grow" },
      s("rect", { class: "hint-box", x: -width / 2, y: -24, width, height: 48, rx: 12 }),
      s("text", { class: "hint-text", y: 8, "text-anchor": "middle", text }))));
  }

  /**
   * The move picked in the log, marked where it went (drawn again on every update).
   * @param {StateMessage} message
   */
  drawPick(message) {
    const layer = this.layers.pick;
    layer.replaceChildren();
    const entry = this.picked;
    if (!entry) return [];
    // an undo (or a replay before it) takes the move away: nothing to show any more
    if (!message.log.some((/** @type {{ ply: any; text: any; }} */ e) => e.ply === entry.ply && e.text === entry.text)) {
      this.picked = null;
      return [];
    }
    const places = this.placesOf(entry, message, true);
    const text = this.describeLog([entry], message)[0];
    for (const place of places) layer.append(this.markOf(place, "log-pick", entry, "#111", t("move {ply}: {move}", { ply: entry.ply, move: text })));
    return places;
  }

  /**
   * @param {any} entry
   * @param {StateMessage} message
   */
  showMove(entry, message) {
    this.picked = entry;
    const places = this.drawPick(message || this.message);
    if (places.length) this.reveal(places[0]);
    return places.length > 0;
  }

  /**
   * Pan the map to a place that lies outside the part of it in view.
   * @param {{ cx: number; cy: number; w: number; h: number; data: { "data-x": any; "data-y": any; }; } | { cx: number; cy: number; r: number; grow: boolean; data: { "data-x": any; "data-y": any; "data-piece": any; }; } | { cx: number; cy: number; r: number; data: { "data-path": any; "data-space": number; }; } | { cx: number; cy: number; r: number; data: { "data-point": any; }; }} place
   */
  reveal(place) {
    const box = this.svg.viewBox.baseVal;
    if (!box || this.map.autoFit) return;
    const inside = place.cx > box.x && place.cx < box.x + box.width && place.cy > box.y && place.cy < box.y + box.height;
    if (inside) return;
    this.map.view.cx = place.cx;
    this.map.view.cy = place.cy;
    this.map.applyView();
  }

  // ---------------------------------------------------------------- drawing the panel

  /**
   * @param {View} view
   */
  drawPanel(view) {
    const msg = this.shown;
    const mine = this.moves.length > 0;
    const seat = msg.seat;
    this.ctx.panel.dataset.state = mine ? view.step : "wait";
    this.drawSteps(view);

    // the prompt
    let prompt = "";
    if (!this.live) prompt = t("Replay: the board as it was then.");
    else if (msg.status === "finished") {
      prompt = view.end_reason
        ? t("The game is over ({reason}): the huts' tokens went to the players with most scouts on their paths.", { reason: view.end_reason })
        : t("The game is over: the huts' tokens went to the players with most scouts on their paths.");
    } else if (mine) {
      prompt = /** @type {Record<string, string>} */ ({
        wheel: t("The ship's wheel: choose your income (every other player gets one more)."),
        start: this.routeChoice ? t("Several routes lead there: choose one (tolls go to the owners of the forts and settlements passed).")
          : t("Choose a start: a start point on the edge or an arrow on a discovered tile (the number is what it costs; hover to see the route)."),
        announce: t("Announce how many tiles, all of one kind, and pay now (no refund)."),
        explore: this.exploreHint(view),
        place: t("The tile fits: it must be placed. Turn it and click a highlighted square."),
        natives: t("Friendly natives: a free scout goes onto a jungle path of your choice."),
        path: t("Your scout from the scored island goes onto a jungle path: choose one."),
      })[view.step] || t("Your move.");
    } else if (msg.to_move !== null && msg.to_move !== undefined) {
      prompt = `${this.status(msg)}…`;
    }
    this.prompt.textContent = prompt;

    const controls = [];
    if (mine) {
      if (this.wheels.length) {
        controls.push(h("div.button-grid", this.wheels.map((/** @type {{ text: any; value: number; }} */ w) => this.button(w.text, `${w.value}`, t("Take {value} gold; the others {more}", { value: w.value, more: w.value + 1 }), "wheel"))));
      }
      if (this.routeChoice && this.tileStarts.has(this.routeChoice)) {
        const list = /** @type {any[]} */ (this.tileStarts.get(this.routeChoice));
        controls.push(h("div.choices", list.map((start) => {
          const tolls = start.tolls.map((/** @type {number} */ k) => t("{gold} to {name}", { gold: this.costs.toll, name: this.ctx.seatName(k) })).join(", ");
          const bank = start.tolls.length ? t("{gold} to the bank, tolls: {tolls}", { gold: start.base, tolls }) : t("{gold} to the bank, no toll", { gold: start.base });
          const b = this.button(start.text, h("span", t("Via {via}:", { via: start.via }), " ", h("b", { text: goldWord(start.cost) }), h("small", { text: ` (${bank})` })),
            t("Start on {x},{y} via {via}", { x: start.x, y: start.y, via: start.via }), "route");
          b.classList.add("choice");
          b.addEventListener("pointerenter", () => this.previewRoute(start));
          b.addEventListener("focus", () => this.previewRoute(start));
          b.addEventListener("pointerleave", () => this.previewRoute(null));
          return b;
        })), h("button.link-button", { type: "button", text: t("Another start…"), on: { click: () => { this.routeChoice = null; this.drawStarts(); this.drawPanel(view); } } }));
      }
      if (this.announces.length) {
        for (const kind of ["hidden", "open"]) {
          const list = this.announces.filter((/** @type {{ kind: string; }} */ a) => a.kind === kind);
          if (!list.length) continue;
          const price = kind === "open" ? this.costs.open_tile : this.costs.hidden_tile;
          controls.push(h("div.announce-row", { dataset: { kind } },
            h("div.announce-label", h("b", { text: kind === "hidden" ? t("Hidden tiles") : t("Open tiles") }), " ",
              h("small", { text: kind === "open" ? t("{gold} each, chosen by number", { gold: goldWord(price) }) : t("{gold} each, drawn at random", { gold: goldWord(price) }) })),
            h("div.button-grid", list.map((a) => this.button(a.text, String(a.count), t("Announce {tiles}: pay {gold}", { tiles: tilesWord(a.count, kind), gold: goldWord(a.count * price) }), "announce")))));
        }
      }
      if (this.canDraw || this.takes.length) {
        const row = [];
        if (this.canDraw) row.push(this.button(/** @type {string} */ (this.drawText), h("span", t("Draw a hidden tile"), " ", h("kbd", { text: "D" })), t("Draw the next hidden tile"), "draw", "primary"));
        if (this.takes.length) {
          row.push(h("div.take-row", this.takes.map((/** @type {{ number: string | number; text: any; }} */ take) => {
            const design = this.designs.get(this.openDesign.get(take.number));
            const b = this.button(take.text, h("span.take", miniTile(design, 0, 40), h("small", { text: `${take.number} (${view.open[take.number]})` })),
              t("Take a tile from open stack {number} ({left} left)", { number: take.number, left: view.open[take.number] }), "take");
            return b;
          })));
        }
        controls.push(h("div.draw-row", row));
      }
      if (view.step === "place" && view.in_hand) {
        const sel = this.placing.sel;
        const design = this.designs.get(view.in_hand);
        const here = this.places.filter((/** @type {{ rotation: number; }} */ p) => p.rotation === sel.rotation).length;
        const distinct = this.placing.looks(view.in_hand);
        controls.push(h("div.hand",
          h("div.hand-tile", miniTile(design, sel.rotation, 84), h("span.hand-label", { text: tileName(view.in_hand, this.designs) })),
          h("div.rotate-col",
            h("button", { type: "button", disabled: distinct < 2, title: t("Turn the tile anticlockwise (Shift+R)"), "aria-label": t("Turn the tile anticlockwise"), on: { click: () => this.rotate(-1) } }, "↺ " + t("Turn")),
            h("button", { type: "button", disabled: distinct < 2, title: t("Turn the tile clockwise (R)"), "aria-label": t("Turn the tile clockwise"), dataset: { testid: "rotate" }, on: { click: () => this.rotate(1) } }, "↻ " + t("Turn")),
            h("p.hint", { text: tn("{n} square fits turned like this.", "{n} squares fit turned like this.", here) }))));
      }
      if (this.units.length) {
        controls.push(h("div.choices.unit-choices", this.units.map((u) => {
          const pieces = this.piecesAt(view, u.x, u.y);
          /** @type {Record<string, string>} */
          const params = { unit: UNIT_NAME[u.kind] || u.kind, a: UNIT_A[u.kind] || u.kind, gold: goldWord(this.costs[u.kind]) };
          if (pieces > 1) params.sides = this.pieceWords(view, u);
          if (u.source) params.from = this.sourceName(view, u.source);
          const what = pieces > 1
            ? (u.source ? t("{unit} on the {sides} land (taken back from {from})", params) : t("{unit} on the {sides} land", params))
            : (u.source ? t("{unit} (taken back from {from})", params) : params.unit);
          const title = pieces > 1
            ? (u.source ? t("Place {a} on the {sides} land (taken back from {from}): {gold}; it ends the exploration", params) : t("Place {a} on the {sides} land: {gold}; it ends the exploration", params))
            : (u.source ? t("Place {a} (taken back from {from}): {gold}; it ends the exploration", params) : t("Place {a}: {gold}; it ends the exploration", params));
          const b = this.button(u.text, h("span", unitIcon(u.kind, seatColour(/** @type {number} */ (seat)), 16), ` ${what} `, h("b", { text: params.gold })), title, "unit");
          b.classList.add("choice");
          return b;
        })));
      }
      if (this.canStop) controls.push(this.button(/** @type {string} */ (this.stopText), h("span", this.units.length ? t("Stop without a unit") : t("Stop"), " ", h("kbd", { text: "S" })), t("End the exploration"), "stop"));
      if (this.treks.length) {
        controls.push(h("div.button-grid", this.treks.map((/** @type {{ path: any; text: any; }} */ trek) => {
          const hut = view.huts.find((/** @type {{ path: any; }} */ x) => x.path === trek.path);
          const space = hut ? hut.spaces.indexOf(-1) + 1 : 0;
          const title = hut && hut.token === null
            ? t("Path {path}: space {space} from the hut (the first scout draws a token)", { path: trek.path, space })
            : t("Path {path}: space {space} from the hut", { path: trek.path, space });
          return this.button(trek.text, `${trek.path} · ${space}`, title, "path-choice");
        })));
      }
      if (this.others.length) {
        controls.push(h("div.choices", this.others.map((/** @type {any} */ text) => this.button(text, text, text, "other"))));
      }
    }
    this.controls.replaceChildren(...controls);
    this.controls.hidden = controls.length === 0;
    this.drawTurnInfo(view);
    this.drawEvents(view);
    this.drawCounts(view);
  }

  /**
   * @param {View} view
   */
  exploreHint(view) {
    const turn = view.turn;
    const draw = this.canDraw || this.takes.length > 0;
    const left = draw ? tilesWord(turn.left, turn.kind) : "";
    if (draw && this.units.length) return t("You may draw the next tile ({left} announced still to come), place a unit on the new tile's land (it ends the exploration), or stop.", { left });
    if (draw) return t("You may draw the next tile ({left} announced still to come), or stop.", { left });
    if (this.units.length) return t("You may place a unit on the new tile's land (it ends the exploration), or stop.");
    return t("You may stop.");
  }

  /**
   * @param {View} view
   * @param {any} x
   * @param {any} y
   */
  piecesAt(view, x, y) {
    const tile = view.map.find((/** @type {Tile} */ t) => t.x === x && t.y === y);
    return tile ? /** @type {Design} */ (this.designs.get(tile.design)).land.length : 1;
  }

  /**
   * @param {View} view
   * @param {{ x: number, y: number, piece: number } | import("/static/types/board").Fields} u
   */
  pieceWords(view, u) {
    const tile = view.map.find((/** @type {Tile} */ t) => t.x === u.x && t.y === u.y);
    if (!tile) return t("piece {piece}", { piece: u.piece });
    const edges = [.../** @type {Design} */ (this.designs.get(tile.design)).land[u.piece]].map((c) => (SIDES.indexOf(c) + tile.rotation) % 4);
    return edges.length ? edges.sort().map((e) => SIDE_WORDS[e]).join("-") : t("islet's");
  }

  /**
   * @param {string} action
   * @param {string | Node} content
   * @param {string} title
   * @param {string} testid
   * @param {string} [cls]
   */
  button(action, content, title, testid, cls = "") {
    return h(`button${cls ? `.${cls}` : ""}`, {
      type: "button", title, "aria-label": title, dataset: { action, testid },
      on: { click: () => this.act(action) },
    }, content);
  }

  /**
   * @param {View} view
   */
  drawSteps(view) {
    const steps = [["income", t("Income")], ["start", t("Start")], ["announce", t("Announce")], ["explore", t("Explore")], ["unit", t("Unit or stop")], ["islands", t("Islands")]];
    const now = /** @type {Record<string, string>} */ ({ income: "income", wheel: "income", start: "start", announce: "announce", explore: "explore", reveal: "explore",
      place: "explore", natives: "explore", fill: "islands", path: "islands", token: "islands" })[view.step] || null;
    const unitNow = view.step === "explore" && this.units.length > 0;
    this.stepsBox.replaceChildren(...steps.map(([id, label]) => h(`li${id === now || (unitNow && id === "unit") ? ".now" : ""}`, { text: label, dataset: { step: id } })));
    this.stepsBox.hidden = view.step === "over";
  }

  /**
   * @param {View} view
   */
  drawTurnInfo(view) {
    const turn = view.turn;
    if (!turn) {
      this.turnInfo.replaceChildren();
      this.turnInfo.hidden = true;
      return;
    }
    const bits = [];
    bits.push(h("span.seat-dot", { style: `background:${seatColour(turn.seat)}` }));
    const name = this.ctx.seatName(turn.seat);
    bits.push(turn.ship ? t("{name}'s ship at {square}", { name, square: turn.ship }) : t("{name}'s ship at the edge", { name }));
    if (turn.kind) bits.push(" · " + t("{tiles} still to draw", { tiles: tilesWord(turn.left, turn.kind) }));
    if (turn.laid.length) bits.push(" · " + tn("laid {n} tile this turn", "laid {n} tiles this turn", turn.laid.length));
    if (turn.storm) bits.push(" · " + t("a storm ended the exploration"));
    this.turnInfo.replaceChildren(h("p", { dataset: { testid: "turn-info" } }, bits));
    this.turnInfo.hidden = false;
  }

  /**
   * @param {Record<string, any>} e an island scored (the view's log)
   */
  islandText(e) {
    const bonus = e.value - e.tiles.length;
    const worth = bonus ? t("an island of {tiles} + {bonus} waterfall = {value}", { tiles: tilesWord(e.tiles.length), bonus, value: e.value })
      : t("an island of {tiles} = {value}", { tiles: tilesWord(e.tiles.length), value: e.value });
    const ranks = e.ranks.map((/** @type {{ seat: number; place: any; count: any; unit: any; points: any; }} */ r) => t("{name} {place} with {units}: {points}", {
      name: this.ctx.seatName(r.seat), place: ordinal(r.place), units: unitsWord(r.count, r.unit), points: r.points,
    }));
    return [worth, ...ranks].join("; ");
  }

  /**
   * @param {Record<string, any>} e an event of the view's log
   */
  eventText(e) {
    const who = this.ctx.seatName(e.seat);
    const at = e.at ? this.atName(e.at) : "";
    switch (e.event) {
      case "island": return t("Island scored: {island}.", { island: this.islandText(e) });
      case "hut": return t("Hut {path}: {token} ({points}) to {name}, most scouts on the path.", { path: e.path, token: e.token_says || e.token, points: e.points, name: who });
      case "mine": return t("{name} found a mine {where}: +{gold} gold.", { name: who, where: at, gold: this.costs.mine });
      case "pirates": return t("Pirates {where}: {name} lost half their gold.", { name: who, where: at });
      case "storm": return t("A storm {where}: {name}'s exploration ends at once, no unit.", { name: who, where: at });
      case "natives": return t("Friendly natives {where}: a free scout for {name}.", { name: who, where: at });
      case "discarded": return t("{name} drew {tile}: it fits nowhere the ship can sail, discarded.", { name: who, tile: tileName(e.design, this.designs) });
      case "filled": {
        const f = e.filled;
        return t("The square {where}, enclosed or out of every ship's reach, is filled with {tile} (from {source}).", {
          where: this.squareName(f.x, f.y), tile: tileName(f.design, this.designs), source: FILL_SOURCE[f.from] || f.from,
        });
      }
      case "cannot_pay": return t("{name} cannot pay for a start: the turn ends.", { name: who });
      case "end": return t("The game ends: {reason}.", { reason: e.end });
      case "no_start": return t("No player could pay for a start: the squares left are filled.");
      default: return `${who}: ${say(e.what)}${at ? ` ${at}` : ""}`;
    }
  }

  /**
   * An event's square ("x,y") as a player names it.
   * @param {any} at
   */
  atName(at) {
    const { x, y } = parseSquare(at);
    return this.squareName(x, y);
  }

  /**
   * @param {View} view
   */
  drawEvents(view) {
    const entries = view.log.slice(-6).reverse();
    if (!entries.length) {
      this.events.replaceChildren();
      this.events.hidden = true;
      return;
    }
    this.events.hidden = false;
    this.events.replaceChildren(h("h4", { text: t("Events and scoring") }), h("ul", entries.map((/** @type {{ event: any; seat: any; }} */ e, /** @type {number} */ k) => h(`li.event.event-${e.event}${k === 0 ? ".latest" : ""}`,
      h("span.seat-dot", { style: `background:${seatColour(e.seat)}` }),
      h("span", { text: this.eventText(e) })))));
  }

  /**
   * @param {View} view
   */
  drawCounts(view) {
    const hidden = Object.values(view.hidden).reduce((a, b) => a + b, 0);
    const items = [
      h("div.count", h("span.count-label", { text: t("Hidden") }), h("b", { text: String(hidden), dataset: { testid: "hidden-left" } }), " ",
        tn("tile left", "tiles left", hidden)),
      h("div.count", h("span.count-label", { text: t("Open stacks") }), h("span.mini-row",
        Object.entries(view.open).map(([n, c]) => h("span.open-stack", { title: t("open stack {number}: {tiles}", { number: n, tiles: tilesWord(c) }) },
          miniTile(this.designs.get(this.openDesign.get(n)), 0, 26), h("small", { text: String(c) }))))),
    ];
    if (view.discards.length) {
      const shown = view.discards.slice(-10);
      items.push(h("div.count", h("span.count-label", { text: t("Discards ({count})", { count: view.discards.length }) }),
        h("span.mini-row", shown.map((/** @type {any} */ id) => miniTile(this.designs.get(id), 0, 22, t("{tile} (discarded)", { tile: tileName(id, this.designs) }))))));
    }
    items.push(h("div.count", h("span.count-label", { text: t("Tokens") }), t("{count} in the bag", { count: view.bag })));
    this.counts.replaceChildren(...items);
  }
}

// ------------------------------------------------------------------ drawings

/**
 * @param {any} id
 * @param {Map<any, any>} designs
 */
function tileName(id, designs) {
  const d = designs.get(id);
  return d ? designName(d) : id;
}

/**
 * A design by its name in the page's language (the data names each; the id is a key).
 * @param {Design & { name?: Words }} design
 */
function designName(design) {
  return design.name ? say(design.name) : design.id;
}

/**
 * @param {Design | undefined} design
 * @param {Tile} tile
 */
function tileTitle(design, tile) {
  if (!design) return t("tile {tile} at {x},{y}", { tile: tile.design, x: tile.x, y: tile.y });
  const bits = [t("{tile} at {x},{y}", { tile: designName(design), x: tile.x, y: tile.y })];
  if (tile.rotation) bits.push(t("turned {degrees}°", { degrees: tile.rotation * 90 }));
  if (design.event) bits.push(EVENT_WORDS[design.event]);
  if (design.bonus) bits.push(t("waterfall: +{bonus} to its island", { bonus: design.bonus }));
  return bits.join(", ");
}

/**
 * One tile drawn into `g` at `size` units: water, land pieces, white lanes, marks.
 * @param {Element} g
 * @param {Design} design
 * @param {number | undefined} rotation
 * @param {number} size
 */
function drawTile(g, design, rotation, size) {
  g.append(s("rect", { class: "tile-water", width: size, height: size, fill: WATER }));
  if (!design) return;
  const geo = tileGeometry(design, rotation);
  for (const shape of geo.shapes) {
    if (shape.disc) {
      const [cx, cy, r] = shape.disc;
      g.append(s("circle", { class: "tile-land", cx: cx * size, cy: cy * size, r: r * size, fill: LAND, stroke: LAND }));
    } else {
      g.append(s("polygon", { class: "tile-land", points: /** @type {number[][]} */ (shape.points).map(([u, v]) => `${u * size},${v * size}`).join(" "), fill: LAND, stroke: LAND }));
    }
  }
  for (const [[x1, y1], [x2, y2]] of geo.lanes) {
    g.append(s("line", { class: "lane", x1: x1 * size, y1: y1 * size, x2: x2 * size, y2: y2 * size, "stroke-width": size * 0.045, "stroke-dasharray": `${size * 0.08} ${size * 0.05}` }));
  }
  const mark = EVENT_MARKS[design.event || ""];
  if (mark) {
    g.append(s("circle", { class: `event-mark event-${design.event}`, cx: size * 0.8, cy: size * 0.8, r: size * 0.13 }));
    g.append(s("text", { class: "event-letter", x: size * 0.8, y: size * 0.86, "text-anchor": "middle", "font-size": size * 0.17, text: mark }));
  }
  if (design.bonus) {
    g.append(s("text", { class: "bonus", x: size * 0.5, y: size * 0.6, "text-anchor": "middle", "font-size": size * 0.3, text: `+${design.bonus}` }));
  }
  g.append(s("rect", { class: "tile-border", width: size, height: size }));
}

/**
 * A standalone small SVG of one tile (in hand, the open stacks, the discards).
 * @param {any} design
 * @param {number} rotation
 * @param {number} size
 * @param {string} [title]
 */
export function miniTile(design, rotation, size, title) {
  const svg = s("svg", { class: "mini-tile", width: size, height: size, viewBox: `0 0 ${S} ${S}`, role: "img", "aria-label": title || t("tile {tile}", { tile: design ? designName(design) : "?" }) });
  if (title) svg.append(svgTitle(title));
  drawTile(svg, design, rotation, S);
  return svg;
}

/**
 * @param {number[][]} points
 * @param {string} colour
 * @param {string} title
 */
function routePath(points, colour, title) {
  const d = points.map(([x, y], k) => `${k ? "L" : "M"}${x} ${y}`).join(" ");
  const g = s("g", { class: "route" }, svgTitle(title));
  g.append(s("path", { class: "route-halo", d }));
  g.append(s("path", { class: "route-line", d, stroke: colour }));
  const [x, y] = points[points.length - 1];
  g.append(s("circle", { class: "route-end", cx: x, cy: y, r: 7, fill: colour }));
  return g;
}

/**
 * @param {string} colour
 */
function shipShape(colour, seat = null) {
  const g = s("g", { class: "ship-shape" });
  g.append(s("path", { class: "hull", d: "M-22 2 L22 2 L14 14 L-14 14 Z", fill: colour }));
  g.append(s("path", { class: "sail", d: "M-2 -24 L-2 0 L-18 0 Z M2 -20 L2 0 L16 0 Z" }));
  g.append(s("path", { class: "mast", d: "M0 -26 V2" }));
  const number = seatNumber(seat, 23, -15, 14);
  if (number) {
    // the hull is too low for a figure: a disc in the seat's colour beside the sail
    g.append(s("g", { class: "ship-number" }, s("circle", { cx: 23, cy: -15, r: 10, fill: colour }), number));
  }
  return g;
}

/**
 * A unit drawn around (0, 0): scout a pawn, fort a tower, settlement a house; with the
 * colour-blind colours and a `seat`, its number on the body.
 * @param {string} kind
 * @param {string} colour
 * @param {number | null} [seat]
 */
function unitShape(kind, colour, seat = null) {
  const g = s("g", { class: `unit-shape ${kind}` });
  let number;
  if (kind === "scout") {
    // with a number, a wider pawn with a round body that holds it
    g.append(s("path", {
      d: SAFE && seat !== null ? "M0 -18 a5.5 5.5 0 1 1 -0.1 0 Z M-12 15 Q-12 -7 0 -7 Q12 -7 12 15 Z" : "M0 -14 a6 6 0 1 1 -0.1 0 Z M-9 12 Q-8 -2 0 -2 Q8 -2 9 12 Z",
      fill: colour,
    }));
    number = seatNumber(seat, 0, 5.5, 15);
  } else if (kind === "fort") {
    g.append(s("path", { d: "M-13 14 V-10 H-8 V-5 H-3 V-10 H3 V-5 H8 V-10 H13 V14 Z", fill: colour }));
    number = seatNumber(seat, 0, 4.5, 17);
  } else {
    g.append(s("path", { d: "M-16 14 V-3 L0 -17 L16 -3 V14 Z", fill: colour }));
    number = seatNumber(seat, 0, 4.5, 18);
  }
  if (number) g.append(number);
  return g;
}

/**
 * @param {string} kind
 * @param {string} colour
 * @param {number} size
 * @param {number | null} [seat]
 */
function unitIcon(kind, colour, size, seat = null) {
  const svg = s("svg", { class: "unit-icon", width: size, height: size, viewBox: "-18 -18 36 36", "aria-hidden": "true" });
  svg.append(unitShape(kind, colour, seat));
  return svg;
}

/**
 * A legend swatch of the colour-blind look: a square of the sea's or the land's pattern.
 * @param {string} kind
 */
function swatchSvg(kind) {
  const svg = s("svg", { class: `legend-swatch swatch-${kind}`, width: 16, height: 16, viewBox: "0 0 25 25", "aria-hidden": "true" });
  svg.append(s("rect", { class: kind === "sea" ? "tile-water" : "tile-land", width: 25, height: 25, fill: kind === "sea" ? SAFE_SEA : SAFE_LAND }));
  return svg;
}

/**
 * @param {any} path
 */
function hutShape(path) {
  const g = s("g", { class: "hut", transform: `translate(${0.22 * S} ${ROW * S / 2 - 4})` });
  g.append(s("path", { class: "hut-roof", d: "M-20 -2 L0 -22 L20 -2 Z" }));
  g.append(s("rect", { class: "hut-wall", x: -14, y: -2, width: 28, height: 20 }));
  g.append(s("text", { class: "hut-label", y: 14, "text-anchor": "middle", text: path }));
  return g;
}
