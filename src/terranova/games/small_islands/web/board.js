// @ts-check
// The board of Small Islands: the archipelago on the tile kit's map (pan, zoom, the squares
// where the selected tile may go and its preview come from /static/kit/tile-board.js), each
// tile drawn from the land and sea of its edges and corners (geometry.js) with its symbols,
// the houses, bonus tokens and ships on it; and the turn in the panel: the objectives to
// keep (a small form), the face-up row to take from, the hand to lay from (turned, with the
// edges and corners that must match shown on the preview), the bonus tokens, landing a ship,
// the houses of the round's end with what each earns, the Discovery tokens to keep, and in
// the solo game Alexis's card, his last Expedition card and his score. The others' moves
// since this seat's last decision are outlined on the map in the mover's colour (each
// arriving animated once: a tile slides in, a ship, house or token grows in), a move picked
// in the log is marked where it left its tile, ship, token or house, and a hint (showHint)
// is drawn as the move not made: the tile's ghost, the piece where it would go, or a label.
// The board reads the moves' and the log's kind and fields, never an action's text.
//
// The game declares this directory as its `web` package (GameInfo.web); board modules export
// createBoard(ctx) (see /static/game.js for the interface). Its look is in board.css.
import { h, loadStyle, paletteName, s, seatColour, seatInk, svgTitle } from "/static/common.js";
import { say, translator } from "/static/i18n.js";
import { Placing, TileMap } from "/static/kit/tile-board.js";
import { LABEL_POINTS, LAND, sameAsTable, tileGeometry, turnLabels } from "./geometry.js";
/** @import { Board, BoardContext, HintMark, LogEntry, Move, StateMessage, UpdateOptions } from "/static/types/board" */
/** @import { Design as Shape } from "./geometry.js" */
/** @typedef {StateMessage["view"]} View the game's view (its views.py) */
/** A design of components() with its name said in the page's language.
 * @typedef {Shape & { name: string, start?: number, side?: string, symbols: Record<string, number> }} Design */
/** @typedef {{ seat: number, kind: string, over?: string | null }} Token a bonus token on a tile */
/** @typedef {{ x: number, y: number, design: string, rotation: number, ship?: number, houses?: number[], tokens?: Token[] }} Tile a tile of the view's map */
/** A Mission card (`a` and `b` for the kinds comparing resources, `need` for the others).
 * @typedef {{ id: string, kind: string, a: string, b: string, need?: Record<string, number> }} Mission */
/** A Reward card (`points`, `symbol`, `sizes` where its kind has them).
 * @typedef {{ id: string, kind: string, points: number, bonus?: number, symbol: string, sizes: [number, number][] }} Reward */
/**
 * A map whose ids all come from the same source as its keys (the components' ids): a look-up finds its value.
 * @template K, V
 * @typedef {{ get(key: K): V } & Map<K, V>} Known
 */
/** @typedef {{ id: string, mission: Mission, reward: Reward }} ObjectiveCard an objective card (Mission and Reward printed together) */
/** @typedef {{ mission: Mission, reward: Reward }} Objective */
/**
 * An island of the view's facts, by square: its counts of each symbol, with the squares as keys.
 * @typedef {Record<string, any> & { root: string, squares: string[], owners: Set<number>, fulfils: Set<string>,
 *   tiles: number, built: number, house: number, pays?: Record<string, number> }} Island
 */
/** @typedef {number | "alexis"} Who a seat, or Alexis */
/**
 * Where a log entry left something on the map (mover: a seat, "alexis", or null for a chance outcome).
 * @typedef {{ x: number, y: number, what: string, mover: Who | null, kind?: string, over?: string | null }} Placed
 */
/** @typedef {{ cx: number, cy: number, r: number, grow?: boolean, who?: Who, seat?: number, kind?: string, over?: string | null }} Spot a piece drawn */
/** @typedef {{ houses: Spot[], tokens: Spot[] }} Spots */
/** @typedef {{ objectives: Map<number, string[]>, alexisStart: number | null, alexisEnd?: number }} Round */
/** @typedef {{ text: string, x: number, y: number }} At */
/** @typedef {At & { design: string, rotation: number }} PlaceMove */
/** @typedef {At & { kind: string }} LandMove */
/** @typedef {At & { kind: string, over: string | null }} TokenMove */
/** @typedef {Record<string, any> & { text: string, kind: string | null, fields?: Record<string, any>, says?: import("/static/types/board").Words }} Read a move, log entry or hint's move */

await loadStyle(new URL("board.css", import.meta.url));

const { t, tn } = translator("small_islands");
/** The 8 label points by name: edges N E S W, then corners NE SE SW NW (geometry.js). */
const LABEL_NAMES = [t("north edge"), t("east edge"), t("south edge"), t("west edge"),
  t("north-east corner"), t("south-east corner"), t("south-west corner"), t("north-west corner")];

const S = 100; // one tile, in SVG units
const SEA = "#3d8ec9";
const SHALLOW = "#6cb3dd";
const BEACH = "#ead59c";
const GRASS = "#8cc46a";
const ALEXIS = "#6d4a9c"; // Alexis's houses (he is no seat)
const GREY_SHIP = "#9aa4ad";
// "Colour-blind colours" (the page reloads when it changes): the terrain takes Okabe and
// Ito's colours and a texture (board.css, the patterns below: waves on the sea, tufts on
// the land), and every piece in a seat's colour carries its seat number (Alexis an "A")
const SAFE = paletteName() === "safe";
const PATTERNS = `
  <pattern id="si-sea-tex" width="25" height="25" patternUnits="userSpaceOnUse">
    <rect width="25" height="25" fill="#0072b2"/>
    <path d="M1 8 q3.5 -4 7 0 t7 0 M13.5 20.5 q3.5 -4 7 0 t7 0 M-11 20.5 q3.5 -4 7 0 t7 0" fill="none" stroke="#cfe8f7" stroke-width="1.6" stroke-linecap="round"/></pattern>
  <pattern id="si-shallow-tex" width="25" height="25" patternUnits="userSpaceOnUse">
    <rect width="25" height="25" fill="#56b4e9"/>
    <path d="M1 8 q3.5 -4 7 0 t7 0 M13.5 20.5 q3.5 -4 7 0 t7 0 M-11 20.5 q3.5 -4 7 0 t7 0" fill="none" stroke="#0b5f8f" stroke-width="1.2" stroke-linecap="round" opacity="0.6"/></pattern>
  <pattern id="si-land-tex" width="20" height="20" patternUnits="userSpaceOnUse">
    <rect width="20" height="20" fill="#d9e7a1"/>
    <path d="M3 9 l2 -4 l2 4 M13 19 l2 -4 l2 4" fill="none" stroke="#5b6b1f" stroke-width="1.3" stroke-linecap="round" stroke-linejoin="round"/></pattern>`;

/** The seat number people see (1-based), or "A" for Alexis. */
/** @param {Who} who */
function seatLabel(who) { return who === "alexis" ? "A" : String(who + 1); }
/** @param {Who} who */
function labelInk(who) { return who === "alexis" ? "#fff" : seatInk(who); }

/** In safe mode, the seat number on a piece: `who` a seat, "alexis", or null (none).
 * @param {Who | null | undefined} who @param {number} x @param {number} y @param {number} size */
function pieceNumber(who, x, y, size) {
  if (!SAFE || who === null || who === undefined) return null;
  return s("text", {
    class: "piece-number", x, y, "text-anchor": "middle", "dominant-baseline": "central",
    "font-size": size, fill: labelInk(who), "data-seat-label": seatLabel(who), text: seatLabel(who),
  });
}
const RESOURCES = ["flower", "fruit", "leaf"];
const TOKEN_KINDS = ["flower", "fruit", "leaf", "port"];
/** Squares sharing each label point: edges N E S W, then corners NE SE SW NW. */
const TOUCHING = [
  [[0, -1]], [[1, 0]], [[0, 1]], [[-1, 0]],
  [[0, -1], [1, -1], [1, 0]], [[1, 0], [1, 1], [0, 1]], [[0, 1], [-1, 1], [-1, 0]], [[-1, 0], [-1, -1], [0, -1]],
];
/** Each symbol's name, and a number of it.
 * @type {Record<string, string>} */
const NAMES = {
  flower: t("flower"), fruit: t("fruit"), leaf: t("leaf"), temple: t("temple"), port: t("port"), house: t("house symbol"),
};
/** @type {Record<string, string>} */
const MANY = {
  flower: t("flowers"), fruit: t("fruits"), leaf: t("leaves"), temple: t("temples"), port: t("ports"), house: t("house symbols"),
};
/** @type {Record<string, (n: number) => string>} */
const COUNTED = {
  flower: (n) => tn("{n} flower", "{n} flowers", n), fruit: (n) => tn("{n} fruit", "{n} fruits", n),
  leaf: (n) => tn("{n} leaf", "{n} leaves", n), temple: (n) => tn("{n} temple", "{n} temples", n),
  port: (n) => tn("{n} port", "{n} ports", n), house: (n) => tn("{n} house symbol", "{n} house symbols", n),
};

/** The kinds of move the panel and the map offer; any other is listed as a plain button. */
/** @type {Set<string | null>} */
const KNOWN_KINDS = new Set(["Place", "Take", "Land", "Token", "Pass", "House", "Done", "Keep", "Build", "Choose"]);
/** @type {Record<string, string>} */
const HINT_ROLES = { hint: t("Hint"), played: t("Played"), best: t("Best") };
const EXPLORING = new Set(["starting tiles", "objectives", "turn", "place", "bonus"]);

/**
 * The board the play page makes (static/types/board.d.ts).
 * @param {BoardContext} ctx
 * @returns {Board}
 */
export function createBoard(ctx) {
  return new IslandsBoard(ctx);
}

/** Whether a log entry is a seat's choice of objectives: its own (kept, or built in the
 * advanced mode) or another's, which it sees only as made (no kind: the text names no card).
 * @param {LogEntry} e */
function keptObjectives(e) {
  return e.kind === "Keep" || e.kind === "Build" || (e.kind === null && e.seat !== null && e.seat !== undefined);
}

/** @param {string} kind @param {number} n */
function symbolWord(kind, n) { return COUNTED[kind] ? COUNTED[kind](n) : `${n} ${kind}`; }
/** @param {number} n */
function discoveryTokens(n) { return tn("{n} Discovery token", "{n} Discovery tokens", n); }
/** @param {number} n */
function housesWord(n) { return tn("{n} house", "{n} houses", n); }
/** @param {number} n */
function tilesWord(n) { return tn("{n} tile", "{n} tiles", n); }
/** @param {number} n */
function temples(n) { return tn("{n} temple", "{n} temples", n); }
/** @param {number} n */
function pointsWord(n) { return tn("{n} point", "{n} points", n); }
/** A list in words: "a, b and c".
 * @param {string[]} items */
function listWords(items) {
  return items.length > 1 ? t("{items} and {last}", { items: items.slice(0, -1).join(", "), last: items[items.length - 1] }) : items[0] || "";
}
/** @param {number} x @param {number} y */
function key(x, y) { return `${x},${y}`; }
/** @param {string} text */
function capital(text) { return text ? text[0].toUpperCase() + text.slice(1) : text; }

// ------------------------------------------------------------------ missions and rewards

/** A mission in words.
 * @param {Mission | null | undefined} m */
export function missionText(m) {
  if (!m) return "?";
  const many = (/** @type {string} */ r) => MANY[r] || r;
  if (m.kind === "more") return t("more {a} than {b}", { a: many(m.a), b: many(m.b) });
  if (m.kind === "equal") return t("as many {a} as {b} (at least one)", { a: many(m.a), b: many(m.b) });
  if (m.kind === "match") {
    const [b, c] = RESOURCES.filter((r) => r !== m.a).map(many);
    return t("as many {a} as {b} or {c} (at least one)", { a: many(m.a), b, c });
  }
  const need = Object.entries(m.need || {}).map(([sym, n]) => symbolWord(sym, n));
  return need.length ? t("at least {symbols}", { symbols: listWords(need) }) : t("at least nothing");
}

/** A reward in words (what each house earns).
 * @param {Reward | null | undefined} r */
export function rewardText(r) {
  if (!r) return "?";
  const bonus = r.bonus ? ` + ${r.bonus}` : "";
  if (r.kind === "per_symbol") return t("{points} per {symbol}", { points: r.points, symbol: NAMES[r.symbol] || r.symbol }) + bonus;
  if (r.kind === "lowest") return t("{points} per unit of the scarcest resource", { points: r.points }) + bonus;
  if (r.kind === "flat") return pointsWord(r.points);
  if (r.kind === "size") {
    const sizes = r.sizes.map(([n, p]) => t("{tiles} tiles: {points} pts", { tiles: n, points: p })).join(", ");
    return t("by size: {sizes}", { sizes });
  }
  if (r.kind === "discovery") return t("a Discovery token per temple (keep one)");
  if (r.kind === "chosen") return t("{points} per unit of the resource you pick", { points: r.points }) + bonus;
  return r.kind;
}

/** @param {Island} island @param {string} symbol @returns {number} */
function count(island, symbol) { return island[symbol] || 0; }

/** @param {Record<string, any>} p a seat of the view */
function discoveryCount(p) { return Array.isArray(p.discoveries) ? p.discoveries.length : p.discoveries || 0; }

/** Prestige points a house earns on the island by the Reward ``r`` (the server's fact; a
 * Discovery Reward draws tokens, one per temple).
 * @param {Reward | null | undefined} r @param {Island} island @returns {number} */
function points(r, island) {
  return r && island.pays ? island.pays[r.id] || 0 : 0;
}

/** @param {Island} island */
function islandText(island) {
  const bits = ["flower", "fruit", "leaf", "temple", "port"].filter((k) => count(island, k)).map((k) => symbolWord(k, count(island, k)));
  return bits.length ? t("an island of {tiles} ({symbols})", { tiles: tilesWord(island.tiles), symbols: bits.join(", ") })
    : t("an island of {tiles}", { tiles: tilesWord(island.tiles) });
}

// ------------------------------------------------------------------ drawings

/** A symbol of a tile drawn around (0, 0), about 18 units across.
 * @param {string} kind */
function symbolShape(kind) {
  const g = s("g", { class: `sym sym-${kind}` });
  if (kind === "flower") {
    for (let k = 0; k < 5; k++) {
      const a = (k * 2 * Math.PI) / 5 - Math.PI / 2;
      g.append(s("circle", { class: "petal", cx: 4.6 * Math.cos(a), cy: 4.6 * Math.sin(a), r: 4 }));
    }
    g.append(s("circle", { class: "heart", r: 2.8 }));
  } else if (kind === "fruit") {
    g.append(s("circle", { class: "fruit-body", cy: 1.5, r: 7 }));
    g.append(s("path", { class: "fruit-leaf", d: "M0 -5 Q3 -10 7 -8 Q4 -4 0 -5 Z" }));
    g.append(s("circle", { class: "fruit-shine", cx: -2.5, cy: -1, r: 1.6 }));
  } else if (kind === "leaf") {
    g.append(s("path", { class: "leaf-body", d: "M0 -9 C7 -5 7 5 0 9 C-7 5 -7 -5 0 -9 Z", transform: "rotate(35)" }));
    g.append(s("path", { class: "leaf-vein", d: "M0 -7 V8", transform: "rotate(35)" }));
  } else if (kind === "temple") {
    g.append(s("path", { class: "temple-body", d: "M-9 -3 L0 -9 L9 -3 Z M-8 7 H8 V9 H-8 Z M-7 -2 H-4 V6 H-7 Z M-1.5 -2 H1.5 V6 H-1.5 Z M4 -2 H7 V6 H4 Z" }));
  } else if (kind === "port") {
    g.append(s("circle", { class: "port-disc", r: 8 }));
    g.append(s("path", { class: "anchor", d: "M0 -5 V5 M-3 -2.5 H3 M-5 1.5 Q-4.5 5.5 0 5.5 Q4.5 5.5 5 1.5" }));
    g.append(s("circle", { class: "anchor-ring", cy: -5.6, r: 1.6 }));
  } else if (kind === "house") {
    g.append(s("path", { class: "house-symbol", d: "M-7 7 V-1 L0 -8 L7 -1 V7 Z" }));
  }
  return g;
}

/** A house in `colour`; in safe mode with `who` given (a seat or "alexis"), its number on it.
 * @param {string} colour @param {Who | null} [who] */
function houseShape(colour, who = null) {
  const body = s("path", { class: "house", d: "M-8.5 8 V-1.5 L0 -10 L8.5 -1.5 V8 Z", fill: colour });
  const number = pieceNumber(who, 0, 1.6, 11);
  return number ? s("g", { class: "house-numbered" }, body, number) : body;
}

/** A bonus token: a disc with the symbol of its kind, its rim in the colour of who laid it;
 * in safe mode with `who` given, a tab in that colour with the seat number.
 * @param {string} kind @param {string} colour @param {number} [scale] @param {Who | null} [who] */
function tokenShape(kind, colour, scale = 1, who = null) {
  const g = s("g", { class: `bonus-token token-${kind}`, transform: `scale(${scale})` });
  g.append(s("circle", { class: "token-disc", r: 9.5, stroke: colour }));
  const inner = symbolShape(kind);
  inner.setAttribute("transform", "scale(0.72)");
  g.append(inner);
  const number = pieceNumber(who, 0, 0.5, 12.5);
  if (number) {
    g.append(s("g", { class: "number-tab", transform: "translate(11 -10)" },
      s("circle", { class: "number-disc", r: 8.5, fill: colour }), number));
  }
  return g;
}

/** A ship with its hull in `colour`; in safe mode with `who` given, its number on the hull.
 * @param {string} colour @param {Who | null} [who] */
function shipShape(colour, who = null) {
  const g = s("g", { class: "ship-shape" });
  g.append(s("path", { class: "hull", d: "M-26 4 L26 4 L17 18 L-17 18 Z", fill: colour }));
  g.append(s("path", { class: "sail", d: "M-2 -28 L-2 1 L-21 1 Z M2 -24 L2 1 L19 1 Z" }));
  g.append(s("path", { class: "mast", d: "M0 -30 V4" }));
  const number = pieceNumber(who, 0, 11.5, 13);
  if (number) g.append(number);
  return g;
}

/** An element that animates its arrival once: its class goes when the animation ends (a
 * map hidden and shown again does not replay it).
 * @param {SVGElement} el */
function arrival(el) {
  el.addEventListener("animationend", () => el.removeAttribute("class"), { once: true });
  return el;
}

function gulls() {
  return s("path", { class: "gulls", d: "M14 20 q4 -4 8 0 q4 -4 8 0 M72 76 q3 -3 6 0 q3 -3 6 0" });
}

/** One tile drawn into `g` (size S units, origin at its north-west corner).
 * @param {SVGElement} g @param {Design | undefined} design @param {number} rotation @param {number | undefined} ship @param {boolean} [clipped] */
function drawTile(g, design, rotation, ship, clipped = true) {
  const clip = s("g", clipped ? { "clip-path": "url(#si-tile-clip)" } : {});
  clip.append(s("rect", { class: "tile-sea", width: S, height: S, fill: SEA }));
  if (design) {
    const geo = tileGeometry(design, rotation, S);
    if (geo.shallow) clip.append(s("path", { class: "tile-shallow", d: geo.shallow, fill: SHALLOW, "fill-rule": "evenodd" }));
    if (geo.beach) clip.append(s("path", { class: "tile-beach", d: geo.beach, fill: BEACH, "fill-rule": "evenodd" }));
    if (geo.grass) clip.append(s("path", { class: "tile-grass", d: geo.grass, fill: GRASS, "fill-rule": "evenodd" }));
    if (design.start) clip.append(gulls());
    for (const m of geo.marks) {
      const mark = symbolShape(m.kind);
      mark.setAttribute("transform", `translate(${m.x} ${m.y})`);
      clip.append(mark);
    }
    if (design.id === "ship") {
      const owned = ship !== undefined && ship >= 0;
      const boat = shipShape(owned ? seatColour(ship) : GREY_SHIP, owned ? ship : null);
      boat.setAttribute("transform", `translate(${S / 2} ${S / 2 + 2})`);
      clip.append(boat);
    }
  }
  g.append(clip);
  g.append(s("rect", { class: "tile-border", width: S, height: S }));
}

/** A standalone small SVG of a tile (the hand, the face-up row).
 * @param {Design | undefined} design @param {number} rotation @param {number} size @param {string} [title] @param {number} [ship] */
function miniTile(design, rotation, size, title, ship) {
  const svg = s("svg", {
    class: "mini-tile", width: size, height: size, viewBox: `0 0 ${S} ${S}`, role: "img",
    "aria-label": title || t("tile {tile}", { tile: design ? design.id : "?" }),
  });
  if (title) svg.append(svgTitle(title));
  drawTile(svg, design, rotation, ship, false); // its viewport clips it

  return svg;
}

/** @param {SVGElement} node @param {number} size @param {string} [viewBox] */
function iconSvg(node, size, viewBox = "-11 -11 22 22") {

  const svg = s("svg", { class: "icon-sym", width: size, height: size, viewBox, "aria-hidden": "true" });
  svg.append(node);
  return svg;
}

// ------------------------------------------------------------------ the board

/** @implements {Board} */
class IslandsBoard {
  /** @param {BoardContext} ctx what the play page gives a board (static/types/board.d.ts) */
  constructor(ctx) {
    this.ctx = ctx;
    const comp = ctx.components;
    // a design's name comes as words to say (a list of counts, or "sea"...) in the page's language
    /** @type {Known<string, Design>} */
    this.designs = /** @type {Known<string, Design>} */ (new Map(comp.designs.map((/** @type {any} */ d) => [d.id, { ...d, name: say(d.name) }])));
    /** @type {Known<string, ObjectiveCard>} */
    this.objectives = /** @type {Known<string, ObjectiveCard>} */ (new Map((comp.objectives || []).map((/** @type {ObjectiveCard} */ o) => [o.id, o])));
    /** @type {Known<string, Mission>} */
    this.missions = /** @type {Known<string, Mission>} */ (new Map((comp.missions || []).map((/** @type {Mission} */ m) => [m.id, m])));
    /** @type {Known<string, Reward>} */
    this.rewards = /** @type {Known<string, Reward>} */ (new Map((comp.rewards || []).map((/** @type {Reward} */ r) => [r.id, r])));
    this.placing = new Placing(new Map(comp.designs.map((/** @type {Design} */ d) => [d.id, sameAsTable(d)])));
    // null until the first update, which comes before anything reads it
    /** @type {StateMessage<View>} */
    this.message = /** @type {any} */ (null);
    this.live = false;
    this.busy = false;
    /** @type {string | null} */
    this.tokenKind = null; // the bonus token kind chosen, its targets shown
    /** @type {string | null} */
    this.tokenSquare = null; // a square with several "over" choices, listed in the panel
    /** @type {string | null} */
    this.landKind = null; // own or grey
    /** @type {Record<string, string> | null} */
    this.objChoice = null; // the objectives form: {key, now, next} (advanced: {mNow, rNow, mNext, rNext})
    /** @type {Map<number, { text: string, points: number }>} */
    this.notes = new Map(); // log ply -> what the board worked out about it (house earnings)
    /** @type {number | null} */
    this.since = null; // the ply of this seat's last decision: the others' moves after it are marked
    /** @type {LogEntry | null} */
    this.picked = null; // the log entry shown on the map (a click on the log)
    /** @type {Known<number, Round>} */
    this.rounds = new Map(); // round -> {objectives: Map seat -> card ids seen, alexisStart, alexisEnd}
    /** @type {HintMark[]} */
    this.hintMarks = []; // the moves not made drawn on the map (showHint): [{move, role}]
    // set by buildMap, buildPanel, update and drawMap
    /** @type {TileMap} */ this.map;
    /** @type {SVGSVGElement} */ this.svg;
    /** @type {Record<string, SVGElement>} */ this.layers;
    /** @type {HTMLElement} */ this.hintLabels;
    /** @type {HTMLElement} */ this.stepsBox;
    /** @type {HTMLElement} */ this.prompt;
    /** @type {HTMLElement} */ this.controls;
    /** @type {HTMLElement} */ this.objectivesBox;
    /** @type {HTMLElement} */ this.rowBox;
    /** @type {HTMLElement} */ this.alexisBox;
    /** @type {HTMLElement} */ this.roundEndBox;
    /** @type {HTMLElement} */ this.counts;
    /** @type {Map<number, number>} */ this.expeditions;
    /** @type {Map<string, Tile>} */ this.tileAt;
    /** @type {Map<string, Island> | null} */ this.islandsCache;
    /** @type {Move[]} */ this.moves;
    /** @type {PlaceMove[]} */ this.places;
    /** @type {{ text: string, design: string }[]} */ this.takes;
    /** @type {LandMove[]} */ this.lands;
    /** @type {TokenMove[]} */ this.tokens;
    /** @type {At[]} */ this.houses;
    /** @type {Move[]} */ this.keeps;
    /** @type {{ text: string, token: string }[]} */ this.chooses;
    /** @type {Move | null} */ this.passMove;
    /** @type {Move | null} */ this.doneMove;
    /** @type {boolean} */ this.canPass;
    /** @type {boolean} */ this.canDone;
    /** @type {Move[]} */ this.others;
    /** @type {string | undefined} */ this.turnKey;
    /** @type {LandMove[] | undefined} */ this.landTargets;
    /** @type {number | null | undefined} */ this.seenPly;
    /** @type {LogEntry | null} */ this.fresh;
    /** @type {Placed[]} */ this.arrivals;
    /** @type {string[]} */ this.alexisBuilt;
    /** @type {View | null | undefined} */ this.drawnView;
    /** @type {Map<string, Spots> | undefined} */ this.pieceSpots;
    /** @type {string | undefined} */ this.sinceDrawn;
    /** @type {string | undefined} */ this.shownDecision;

    this.buildMap();
    this.buildPanel();
    this.onKey = this.onKey.bind(this);
    document.addEventListener("keydown", this.onKey);
  }

  destroy() {
    document.removeEventListener("keydown", this.onKey);
    this.map.destroy();
  }

  // ---------------------------------------------------------------- the map element

  buildMap() {
    this.ctx.map.classList.add("islands-map");
    const sw = (/** @type {string} */ colour, /** @type {string} */ kind) => h(`i.sw-${kind}`, { style: SAFE ? "" : `background:${colour}` });
    const legend = h("div.map-legend", { "aria-hidden": "true" },
      h("span", sw(GRASS, "land"), SAFE ? t("land (tufts)") : t("land")), h("span", sw(SEA, "sea"), SAFE ? t("sea (waves)") : t("sea")),
      ...["flower", "fruit", "leaf", "temple", "port", "house"].map((k) => h("span", iconSvg(symbolShape(k), 14), NAMES[k])),
      SAFE ? h("span.legend-numbers", { dataset: { testid: "legend-numbers" } },
        iconSvg(houseShape(seatColour(0), 0), 16), t("pieces: seat number (A: Alexis)")) : null);
    this.map = new TileMap({
      map: this.ctx.map,
      size: S,
      defs: `<clipPath id="si-tile-clip"><rect width="${S}" height="${S}"/></clipPath>${SAFE ? PATTERNS : ""}`,
      layers: ["tiles", "pieces", "since", "pick", "spots", "hint", "ghost", "targets"],
      legend,
      squares: () => {
        const tiles = this.message ? this.message.view.tiles : [];
        const squares = tiles.map((/** @type {Tile} */ t) => [t.x, t.y]);
        for (const l of this.landTargets || []) squares.push([l.x, l.y]);
        return squares.length ? squares : [[0, 0]];
      },
      ghost: (/** @type {{ design: string, rotation: number, x: number, y: number }} */ p) => this.ghost(p),
      act: (/** @type {string} */ text) => this.act(text),
      turned: () => {
        this.map.drawSpots(this.placing, this.live);
        this.drawPanel();
      },
    });
    this.svg = /** @type {SVGSVGElement} */ (this.map.svg);
    this.layers = this.map.layers;
    // the hint's moves that leave nothing on the map, said over it (showHint)
    this.hintLabels = h("div.hint-labels", { "aria-live": "polite" });
    this.ctx.map.append(this.hintLabels);
  }

  /** The preview of a placement: the tile lifted, with a dot on each edge and corner that
   * meets a laid tile (land or sea, as it must match).
   * @param {{ design: string, rotation: number, x: number, y: number }} p */
  ghost(p) {
    const g = this.tileGroup(p.design, p.rotation, p.x, p.y, { cls: "tile ghost-tile" });
    const labels = turnLabels(this.designs.get(p.design).labels, p.rotation);
    const at = this.tileAt;
    const marks = s("g", { class: "match-marks" });
    LABEL_POINTS.forEach(([u, v], k) => {
      if (!TOUCHING[k].some(([dx, dy]) => at.has(key(p.x + dx, p.y + dy)))) return;
      const land = labels[k] === LAND;
      marks.append(s("circle", {
        class: `match-mark ${land ? "land" : "sea"}${k >= 4 ? " corner" : ""}`, cx: u * S, cy: v * S, r: k >= 4 ? 7 : 6,
      }, svgTitle(land ? t("{where}: land, as the tiles it meets", { where: LABEL_NAMES[k] }) : t("{where}: sea, as the tiles it meets", { where: LABEL_NAMES[k] }))));
    });
    g.append(marks);
    return g;
  }

  /** A tile's group on its square; `arrive`: the class of an inner group animating its
   * arrival once (arrive-slide, arrive-grow).
   * @param {string} designId @param {number} rotation @param {number} x @param {number} y
   * @param {{ title?: string, cls?: string, ship?: number, arrive?: string | null }} [options] */
  tileGroup(designId, rotation, x, y, { title, cls = "tile", ship, arrive = null } = {}) {
    const g = s("g", { class: cls, transform: `translate(${x * S} ${y * S})` });
    if (title) g.append(svgTitle(title));
    const inner = arrive ? arrival(s("g", { class: arrive })) : g;
    drawTile(inner, this.designs.get(designId), rotation, ship);
    if (inner !== g) g.append(inner);
    return g;
  }

  // ---------------------------------------------------------------- the side panel

  buildPanel() {
    const panel = this.ctx.panel;
    panel.classList.add("islands-panel");
    this.stepsBox = h("ol.turn-steps", { "aria-label": t("The steps of a round") });
    this.prompt = h("p.prompt", { "aria-live": "polite", dataset: { testid: "prompt" } });
    this.controls = h("div.controls");
    this.objectivesBox = h("div.objectives-box", { dataset: { testid: "objectives" } });
    this.rowBox = h("div.row-box");
    this.alexisBox = h("div.alexis-box", { dataset: { testid: "alexis" } });
    this.roundEndBox = h("div.round-end", { dataset: { testid: "round-end" } });
    this.counts = h("div.counts");
    panel.replaceChildren(this.stepsBox, this.alexisBox, this.prompt, this.controls, this.rowBox,
      this.objectivesBox, this.roundEndBox, this.counts);
  }

  // ---------------------------------------------------------------- the interface

  /** @param {StateMessage<View>} message @param {Partial<UpdateOptions>} [options] */
  update(message, { live = true, since = null } = {}) {
    const previous = this.message;
    this.message = message;
    this.live = live;
    this.since = since ?? null;
    // the k-th Expedition card of the log laid the view's alexis.laid[k] (or nothing)
    this.expeditions = new Map(message.log.filter((e) => e.kind === "Expedition").map((e, k) => [e.ply, k]));
    this.busy = false;
    const view = message.view;
    this.tileAt = new Map(view.tiles.map((/** @type {Tile} */ t) => [key(t.x, t.y), t]));
    this.islandsCache = null;
    this.learn(previous, message);
    const moves = this.myMoves();
    this.moves = moves;
    const of = (/** @type {string} */ kind) => moves.filter((m) => m.kind === kind);
    const at = (/** @type {Move} */ m) => ({ text: m.text, x: m.fields.x, y: m.fields.y });
    this.places = of("Place").map((m) => ({ ...at(m), design: m.fields.design, rotation: m.fields.rotation }));
    this.takes = of("Take").map((m) => ({ text: m.text, design: m.fields.design }));
    this.lands = of("Land").map((m) => ({ ...at(m), kind: m.fields.ship }));
    this.tokens = of("Token").map((m) => ({ ...at(m), kind: m.fields.kind, over: m.fields.over || null }));
    this.houses = of("House").map(at);
    this.keeps = [...of("Keep"), ...of("Build")];
    this.chooses = of("Choose").map((m) => ({ text: m.text, token: m.fields.token }));
    this.passMove = of("Pass")[0] || null;
    this.doneMove = of("Done")[0] || null;
    this.canPass = Boolean(this.passMove);
    this.canDone = Boolean(this.doneMove);
    this.others = moves.filter((m) => !KNOWN_KINDS.has(m.kind));

    const turnKey = `${view.round}/${view.tiles.length}/${view.step}`;
    const newTurn = this.turnKey !== turnKey;
    this.turnKey = turnKey;
    if (newTurn) {
      this.tokenKind = null;
      this.tokenSquare = null;
    }
    this.placing.update(this.places, turnKey);
    if (newTurn && this.places.length) {
      const taken = this.lastTaken(message);
      if (taken) this.placing.select(taken);
    }
    const tokenKinds = new Set(this.tokens.map((t) => t.kind));
    if (this.tokenKind && !tokenKinds.has(this.tokenKind)) this.tokenKind = null;
    if (!this.tokenKind && tokenKinds.size === 1) this.tokenKind = [...tokenKinds][0];
    const landKinds = [...new Set(this.lands.map((l) => l.kind))];
    if (!landKinds.includes(/** @type {string} */ (this.landKind))) this.landKind = landKinds[0] || null;
    if (!this.keeps.length) this.objChoice = null;

    this.drawMap(view);
    this.drawPanel();
    this.ctx.map.classList.remove("busy");
    this.ctx.map.dataset.step = view.step;
    this.ctx.map.dataset.phase = moves.length ? view.step : "wait";
    this.ctx.map.dataset.round = String(view.round);
    if (!previous || this.map.autoFit) this.map.applyView();
  }

  /** A click on a log line: mark what that move left on the map until cleared (null). */
  /** @param {LogEntry | null} entry @param {StateMessage<View> | null} message */
  showMove(entry, message) {
    this.picked = entry && this.placed(entry) ? entry : null;
    this.drawPick();
    const mark = /** @type {SVGElement | null} */ (this.layers.pick.firstElementChild);
    if (!mark) {
      this.picked = null;
      return false;
    }
    this.reveal(Number(mark.dataset.x), Number(mark.dataset.y));
    return true;
  }

  /** Moves not made, drawn on the map until showHint([]): the hint (role "hint"), or an
   * analysed decision's move played and best move side by side ("played", "best"). A
   * tile laid is its ghost, turned, on its square; a ship, house or bonus token is drawn
   * where it would go; a face-up tile taken or objectives kept are marked in the panel
   * and said on the map, as is any other move (pass, done...). */
  /** @param {HintMark[]} marks @param {StateMessage<View>} message */
  showHint(marks, message) {
    this.hintMarks = marks || [];
    this.drawHints();
    this.drawPanel();
    const first = /** @type {SVGElement | null} */ (this.layers.hint.querySelector("[data-x]"));
    if (first) this.reveal(Number(first.dataset.x), Number(first.dataset.y));
  }

  drawHints() {
    const marks = this.message ? this.hintMarks : [];
    const onSquare = new Map(); // square -> marks drawn on it so far
    const drawn = marks.map(({ move, role }) => {
      const f = move.fields || {};
      const k = key(f.x, f.y);
      const el = this.hintMark(move, role, onSquare.get(k) || 0);
      if (el) onSquare.set(k, (onSquare.get(k) || 0) + 1);
      return el;
    });
    this.layers.hint.replaceChildren(.../** @type {SVGElement[]} */ (drawn.filter(Boolean)));
    this.hintLabels.replaceChildren(...marks.filter((m, k) => !drawn[k]).map(({ move, role }) => h(`div.hint-label.role-${role}`, {
      dataset: { testid: "hint-mark", role, kind: move.kind || "" },
    }, h("b", { text: t("{role}:", { role: HINT_ROLES[role] || role }) }), " ", capital(say(move.says || move.text)))));
    this.hintLabels.hidden = !this.hintLabels.childElementCount;
  }

  /** The mark on the map of a move not made (null: the move leaves nothing there); `k`
   * marks are already on its square.
   * @param {HintMark["move"]} move @param {string} role @param {number} k */
  hintMark(move, role, k) {
    const f = move.fields || {};
    if (!["Place", "Land", "Token", "House"].includes(/** @type {string} */ (move.kind))) return null;
    const seat = this.message.seat;
    const colour = seat === null || seat === undefined ? GREY_SHIP : seatColour(seat);
    const g = s("g", {
      class: `hint-mark role-${role}`, "data-testid": "hint-mark", "data-role": role, "data-kind": move.kind,
      "data-x": f.x, "data-y": f.y,
    }, svgTitle(t("{role}: {move}", { role: HINT_ROLES[role] || role, move: say(move.says || move.text) })));
    const inset = 3 + 6 * k; // side by side on one square: one inside the other
    const frame = () => s("rect", { class: "hint-frame", x: f.x * S + inset, y: f.y * S + inset, width: S - 2 * inset, height: S - 2 * inset, rx: 7 });
    const at = (/** @type {SVGElement} */ node, /** @type {number} */ x, /** @type {number} */ y, scale = 1) => {
      node.setAttribute("transform", `translate(${f.x * S + x} ${f.y * S + y}) scale(${scale})`);
      return node;
    };
    if (move.kind === "Place") {
      g.append(this.tileGroup(f.design, f.rotation, f.x, f.y, { cls: "hint-ghost" }), frame());
    } else if (move.kind === "Land") {
      const own = f.ship === "own";
      g.append(frame(), at(shipShape(own ? colour : GREY_SHIP, own ? seat : null), S / 2, S / 2 + 4, 0.8));
    } else if (move.kind === "Token") {
      g.append(frame(), at(s("g", { class: "hint-piece" }, s("circle", { class: "hint-ring", r: 15 }), tokenShape(f.kind, colour, 1.15, seat)), S - 20, 20));
    } else {
      // a house on the tile's next free house symbol
      const t = this.tileAt.get(key(f.x, f.y));
      const design = t && this.designs.get(t.design);
      const marks = design ? tileGeometry(design, t.rotation, S).marks.filter((m) => m.kind === "house") : [];
      const m = marks[(t && t.houses ? t.houses.length : 0)] || { x: S / 2, y: S / 2 };
      g.append(frame(), at(s("g", { class: "hint-piece" }, s("circle", { class: "hint-ring", r: 16 }), houseShape(colour, seat)), m.x, m.y, 1.3));
    }
    return g;
  }

  /** The hint's face-up tile taken, or objectives kept, marked in the panel. */
  markPanelHints() {
    for (const { move, role } of this.hintMarks) {
      const f = move.fields || {};
      const cards = /** @type {Iterable<HTMLElement>} */ (move.kind === "Take" ? this.rowBox.querySelectorAll(`[data-design="${f.design}"]`)
        : move.kind === "Keep" || move.kind === "Build" ? this.controls.querySelectorAll("[data-testid='obj-card']") : []);
      const ids = move.kind === "Keep" ? [f.now, f.later] : move.kind === "Build" ? [f.mission, f.reward, f.later_mission, f.later_reward] : null;
      for (const el of cards) {
        if (ids && !ids.includes(el.dataset.card)) continue;
        el.classList.add("hint-pick", `role-${role}`);
        el.dataset.hintRole = role;
      }
    }
  }

  settle() {
    this.busy = false;
    this.ctx.map.classList.remove("busy");
  }

  /** The legal moves of this page's seat ({text, kind, fields, says}), when it is to move
   * and the page is live. */
  myMoves() {
    const msg = this.message;
    return this.live && msg.status === "playing" && msg.seat !== null && msg.to_move === msg.seat ? msg.moves || [] : [];
  }

  /** @param {StateMessage<View>} message @returns {string | null} */
  lastTaken(message) {
    for (let k = message.log.length - 1; k >= 0; k--) {
      const e = message.log[k];
      if (e.seat !== message.seat) continue;
      return e.kind === "Take" ? e.fields.design : null;
    }
    return null;
  }

  /** What the board works out from one message to the next, kept by log ply: what each
   * house earned (its island and the revealed objective, while the round's end lasts). */
  /** @param {StateMessage<View> | null} previous @param {StateMessage<View>} message */
  learn(previous, message) {
    const view = message.view;
    const log = message.log;
    // what each house earned: the seat's prestige (or Discovery tokens) before and after it
    const fresh = previous && previous.ply < message.ply ? log.filter((e) => e.ply > previous.ply && e.kind === "House") : [];
    for (const e of fresh) {
      if (this.notes.has(e.ply) || e.seat === null || e.seat === undefined) continue;
      if (fresh.filter((x) => x.seat === e.seat).length !== 1) continue;
      const before = /** @type {StateMessage<View>} */ (previous).view.seats[e.seat];
      const after = view.seats[e.seat];
      const { x, y } = e.fields;
      const island = this.islandAt(x, y);
      const tokens = discoveryCount(after) - discoveryCount(before) + (Array.isArray(view.drawn_tokens) ? view.drawn_tokens.length : view.drawn_tokens || 0);
      const gained = after.prestige - before.prestige;
      const pays = tokens > 0 && !gained ? t("{tokens} drawn (one per temple: keep one)", { tokens: discoveryTokens(tokens) }) : `+${gained}`;
      this.notes.set(e.ply, { text: t("built a house on {island}: {pays}", { island: island ? islandText(island) : this.tileName(x, y), pays }), points: gained });
    }
    // the same from the island and the revealed objective, for a house seen only now
    const objectives = view.revealed || {};
    for (const e of log) {
      if (e.kind !== "House" || this.notes.has(e.ply) || this.roundOf(log, e) !== view.round) continue;
      const objective = this.objective(objectives[String(e.seat)]);
      const island = this.islandAt(e.fields.x, e.fields.y);
      if (!objective || !island) continue;
      const reward = objective.reward;
      const pays = reward.kind === "discovery"
        ? t("{tokens} drawn (one per temple: keep one)", { tokens: discoveryTokens(count(island, "temple")) })
        : `+${points(reward, island)}`;
      this.notes.set(e.ply, { text: t("built a house on {island}: {pays}", { island: islandText(island), pays }), points: points(reward, island) });
    }
    // per round: the objectives seen (revealed, or this seat's own) and Alexis's houses
    const r = view.round;
    if (r) {
      if (!this.rounds.has(r)) this.rounds.set(r, { objectives: new Map(), alexisStart: null });
      const entry = this.rounds.get(r);
      // Alexis builds at the round's end, unseen: count his houses while the round's
      // exploration lasts (his houses of the round before are all in by then)
      if (view.alexis && EXPLORING.has(view.step)) {
        if (entry.alexisStart === null) entry.alexisStart = view.alexis.built;
        const before = this.rounds.get(r - 1);
        if (before && before.alexisEnd === undefined && before.alexisStart !== null) before.alexisEnd = view.alexis.built;
      }
      for (const [seat, ids] of Object.entries(objectives)) if (ids && ids.length) entry.objectives.set(Number(seat), ids);
      const me = message.seat !== null ? view.seats[message.seat] : null;
      if (me && Array.isArray(me.objective) && me.objective.length) entry.objectives.set(/** @type {number} */ (message.seat), me.objective);
      if (view.alexis && message.status !== "playing" && entry.alexisStart !== null) entry.alexisEnd = view.alexis.built;
    }
  }

  /** The round of a log entry: how many objective choices its seat had made by then. */
  /** @param {LogEntry[]} log @param {LogEntry} entry */
  roundOf(log, entry) {
    let n = 0;
    for (const e of log) {
      if (e.ply > entry.ply) break;
      if (e.seat === entry.seat && keptObjectives(e)) n += 1;
    }
    return n;
  }

  /** @param {StateMessage<View>} message @param {number} seat */
  seatExtras(message, seat) {
    const view = message.view;
    const p = view.seats[seat];
    if (!p) return null;
    const colour = seatColour(seat);
    const box = h("div.seat-extras.islands-extras");
    box.append(h("span.houses-count", {
      title: t("{houses} in supply, {reserve} in reserve, {built} built", { houses: housesWord(p.houses), reserve: p.reserve, built: p.built }),
      dataset: { testid: `houses-${seat}` },
    }, iconSvg(houseShape(colour), 15), h("b", { text: String(p.houses) }), h("small", { text: t("+{reserve} · built {built}", { reserve: p.reserve, built: p.built }) })));
    if (p.tokens.length) {
      box.append(h("span.tokens-left", { title: t("bonus tokens left: {tokens}", { tokens: p.tokens.map((/** @type {string} */ k) => NAMES[k] || k).join(", ") }), dataset: { testid: `tokens-${seat}` } },
        p.tokens.map((/** @type {string} */ k) => iconSvg(tokenShape(k, colour), 15))));
    }
    const hand = Array.isArray(p.hand) ? p.hand.length : p.hand;
    if (hand) box.append(h("span.hand-count", { title: t("{tiles} in hand", { tiles: tilesWord(hand) }) }, h("i.tile-back"), h("b", { text: String(hand) })));
    const disc = Array.isArray(p.discoveries) ? p.discoveries : null;
    const discCount = disc ? disc.length : p.discoveries;
    if (discCount) {
      const value = disc ? disc.reduce((/** @type {number} */ t, /** @type {{ value: number }} */ d) => t + d.value, 0) : null;
      box.append(h("span.disc-count", { title: disc ? t("Discovery tokens: {tokens}", { tokens: disc.map((/** @type {{ token: string, value: number }} */ d) => `${d.token} (${d.value})`).join(", ") }) : t("Discovery tokens (values hidden until the end)") },
        h("i.disc"), h("b", { text: String(discCount) }), value !== null ? h("small", { text: `= ${value}` }) : null));
    }
    if (view.tiles.some((/** @type {Tile} */ t) => t.ship === seat)) {
      box.append(h("span.ship-ports", { title: t("ports on the 8 tiles around your ship (1 point each)") }, "⚓ ", h("b", { text: String(p.ports_around_ship) })));
    }
    return box;
  }

  /** Alexis's Expedition cards are his moves: the log groups them as his turns. */
  /** @param {LogEntry} entry */
  chanceActor(entry) {
    return entry.kind === "Expedition" ? { key: "alexis", name: "Alexis", colour: ALEXIS } : null;
  }

  /** Alexis in the player list, after the seat, with his score (the solo game). */
  /** @param {StateMessage<View>} message */
  otherPlayers(message) {
    const alexis = message.view.alexis;
    if (!alexis) return [];
    const winners = message.view.winners || (message.result && message.result.winners) || [];
    const winner = message.status === "finished" && !winners.length;
    return [{ key: "alexis", name: "Alexis", badge: "A", colour: ALEXIS, score: alexis.score, role: "automaton", winner }];
  }

  /** Scores in whole points: the final returns carry the tie-breaks as fractions. */
  /** @param {StateMessage<View>} message @param {number} seat @param {number} score */
  scoreText(message, seat, score) {
    return String(Math.trunc(score ?? 0));
  }

  /** @param {StateMessage<View>} message @returns {string} */
  status(message) {
    const view = message.view;
    if (message.status === "finished") return t("Game over");
    const mover = message.to_move;
    if (mover === null || mover === undefined) return "";
    const mine = message.seat === mover && this.live;
    const name = this.ctx.seatName(mover);
    const texts = /** @type {Record<string, string[]>} */ ({
      "starting tiles": [t("Your turn: lay the starting tiles"), t("{name} is laying the starting tiles", { name })],
      objectives: [t("Your turn: keep an objective for this round and one for the next"), t("{name} is choosing objectives", { name })],
      turn: [this.lands.length ? t("Your turn: take a face-up tile, or land a ship") : t("Your turn: take a face-up tile"), t("{name} is exploring", { name })],
      place: [t("Your turn: lay a tile from your hand"), t("{name} is laying a tile", { name })],
      bonus: [t("Your turn: place a bonus token, or pass"), t("{name} may place a bonus token", { name })],
      houses: [t("Your turn: build houses on the islands your objective pays for"), t("{name} is building houses", { name })],
      "keep token": [t("Your turn: keep one of the Discovery tokens drawn"), t("{name} is keeping a Discovery token", { name })],
    })[view.step];

    const said = !texts ? (mine ? t("Your turn") : t("{name} to move", { name })) : mine ? texts[0] : texts[1];
    return view.round ? t("Round {round} · {status}", { round: view.round, status: said }) : said;
  }

  /** The first-game guide's tip for this seat's decision now: what to click and why, in the
   * rules' words, from what the seat sees (its own objective, hand and tokens, the map). */
  /** @param {StateMessage<View>} message @returns {string | null} */
  guide(message) {
    if (message !== this.message || !this.moves.length) return null;
    const view = message.view;
    const seat = /** @type {number} */ (message.seat);
    const me = view.seats[seat];
    if (!me) return null;
    const solo = Boolean(view.alexis);
    const obj = this.objective(me.objective);
    const mission = obj ? missionText(obj.mission) : null;
    const pays = obj ? this.prospect(obj, seat) : null;
    const islands = (/** @type {number} */ n) => tn("{n} island", "{n} islands", n);
    const see = t("see Your objectives");
    switch (view.step) {
      case "starting tiles": {
        const laid = view.tiles.length;
        if (!laid) {
          return solo
            ? t("Set-up: lay the first of the 4 starting tiles. Pick a tile and its side (a or b), turn it (R), click the highlighted square. You play against Alexis: beat his score (top of the panel) to win.")
            : t("Set-up: lay the first of the 4 starting tiles. Pick a tile and its side (a or b), turn it (R), click the highlighted square. The others must touch it.");
        }
        return this.handDesigns().length > 2
          ? t("Set-up: lay starting tile {k} of 4 touching the others, any of those left: every edge and corner must match (land to land, sea to sea). Joined land makes the islands houses go on.", { k: laid + 1 })
          : t("Set-up: lay starting tile {k} of 4 touching the others: every edge and corner must match (land to land, sea to sea). Joined land makes the islands houses go on.", { k: laid + 1 });
      }
      case "objectives": {
        if (this.keeps.some((m) => m.kind === "Build")) {
          return t("Objectives: under This round pick a Mission and a Reward, under Next round another pair, then Keep these objectives. A house pays the Reward on an island meeting the Mission.");
        }
        const held = (me.holding && me.holding.objective) || [];
        let best = null;
        for (const id of held) {
          const p = this.prospect(this.objective([id]), seat);
          if (p && p.length && (!best || p.length > best.n)) best = { id, n: p.length };
        }
        return best
          ? tn("Objectives: click This round under one card, Next round under another, then Keep these objectives. {card} is already met by {n} island: a safe pick for this round.",
            "Objectives: click This round under one card, Next round under another, then Keep these objectives. {card} is already met by {n} islands: a safe pick for this round.", best.n, { card: best.id })
          : t("Objectives: click This round under one card, Next round under another, then Keep these objectives. Houses pay only on islands meeting this round's Mission: pick one you can reach soon.");
      }
      case "turn": {
        if (this.lands.length && !this.takes.length) {
          return t("No face-up tile can be laid now: land a ship (choose one, then click a highlighted square). It ends the exploration; your own ship scores 1 per port around it.");
        }
        if (this.lands.length) {
          if (pays && pays.length) {
            return t("You may land now (choose a ship, then a square): your Mission is met on {islands}, and landing ends the round so you build there at once. Or take a face-up tile.", { islands: islands(pays.length) });
          }
          return solo
            ? t("You may land now, but no island meets your Mission ({mission}) yet: better take a face-up tile and explore on. Alexis may land too.", { mission: mission || "?" })
            : t("You may land now, but no island meets your Mission ({mission}) yet: better take a face-up tile and explore on.", { mission: mission || "?" });
        }
        return t("Explore: click a face-up tile to take it, then you lay one tile from your hand. Look for symbols your Mission wants: {mission}. Nobody may land until Navigation reads 0 (now {navigation}).",
          { mission: mission || see, navigation: view.navigation });
      }
      case "place": {
        if (pays && pays.length) {
          return tn("Lay a tile: pick one in your hand, turn it (R), click a highlighted square (land meets land, sea meets sea). {n} island already meets your Mission: grow it, keeping the Mission true.",
            "Lay a tile: pick one in your hand, turn it (R), click a highlighted square (land meets land, sea meets sea). {n} islands already meet your Mission: grow them, keeping the Mission true.", pays.length);
        }
        return t("Lay a tile: pick one in your hand, turn it (R), click a highlighted square (land meets land, sea meets sea). Gather what your Mission asks on one island of 2+ tiles: {mission}.", { mission: mission || see });
      }
      case "bonus": {
        if (!this.tokens.length) return t("None of your bonus tokens fits anywhere now: click Pass (P). You keep them for later turns.");
        const kinds = new Set(this.tokens.map((t) => t.kind));
        const wanted = obj ? this.missionWants(obj.mission).filter((k) => kinds.has(k)) : [];
        if (wanted.length) {
          const k = wanted[0];
          return t("Bonus: your {kind} token counts as one more {kind}, which can help your Mission ({mission}): pick it, click a tile of an island you will build on. Or Pass (P) to keep it.", { kind: NAMES[k] || k, mission });
        }
        if (kinds.has("port") && view.tiles.some((/** @type {Tile} */ x) => x.ship === seat)) {
          return t("Bonus: a port token on a tile around your ship scores 1 point at the end: pick it, click a highlighted tile. Or Pass (P): each token is used once.");
        }
        return t("Bonus (optional): pick a token, click a highlighted tile. A flower, fruit or leaf adds one to its island; a port scores next to your ship. Each is used once: Pass (P) to save them.");
      }
      case "houses": {
        if (!this.houses.length) {
          return t("Round end: no island meets your Mission ({mission}) where you may build, so click Done. Next round, lay tiles toward your next objective.", { mission: mission || "?" });
        }
        const discovery = obj && obj.reward.kind === "discovery";
        const values = this.houses.map((x) => {
          const island = this.islandAt(x.x, x.y);
          return island && obj ? (discovery ? count(island, "temple") : points(obj.reward, island)) : 0;
        });
        const best = Math.max(...values);
        if (best <= 0) {
          return t("Round end: these islands meet your Mission, but a house earns nothing there yet ({reward}). Click Done to keep your houses for later rounds.", { reward: rewardText(obj && obj.reward) });
        }
        const gain = discovery ? discoveryTokens(best) : `+${best}`;
        const short = me.houses < new Set(this.houses.map((x) => (this.islandAt(x.x, x.y) || {}).root)).size;
        const parts = [
          t("Round end: click a highlighted house to build; each earns your Reward now (best {gain}).", { gain }),
          short ? t("You have {houses}: build where it pays most, then Done.", { houses: housesWord(me.houses) }) : t("Build on every island you can, then Done."),
          solo ? t("Alexis builds after you.") : null,
        ];
        return parts.filter(Boolean).join(" ");
      }
      case "keep token": {
        const values = Object.values(view.drawn_values || {});
        const best = values.length ? Math.max(...values) : null;
        return best !== null
          ? t("Keep one Discovery token: only you see their values. Keep the highest ({points}); it is added to your score at the game's end.", { points: pointsWord(best) })
          : t("Keep one Discovery token: only you see their values. Keep the highest; it is added to your score at the game's end.");
      }
      default:
        return null;
    }
  }

  /** The resources a Mission asks for (a bonus token of one of them helps it). */
  /** @param {Mission | null | undefined} m @returns {string[]} */
  missionWants(m) {
    if (!m) return [];
    if (m.kind === "more" || m.kind === "match") return [m.a];
    if (m.kind === "equal") return [m.a, m.b];
    return Object.keys(m.need || {}).filter((k) => RESOURCES.includes(k));
  }

  /** @param {LogEntry[]} log @param {StateMessage<View>} message */
  describeLog(log, message) {
    return log.map((entry) => this.describe(entry));
  }

  /** A log entry in words, from its kind and fields (what this seat saw of it).
   * @param {LogEntry} entry @returns {string} */
  describe(entry) {
    const f = entry.fields || {};
    const note = this.notes.get(entry.ply);
    switch (entry.kind) {
      case "Place": return t("laid {tile}", { tile: this.tileWords(f.design) });
      case "Take": return t("took the face-up tile {tile}", { tile: f.design });
      case "Land": return f.ship === "own" ? t("landed their own ship: the exploration ends") : t("landed a grey ship: the exploration ends");
      case "Token": {
        const params = { kind: NAMES[f.kind] || f.kind, tile: this.tileName(f.x, f.y), over: NAMES[f.over] || f.over };
        return f.over ? t("placed a {kind} bonus token on {tile}, over a {over}", params) : t("placed a {kind} bonus token on {tile}", params);
      }
      case "Pass": return t("placed no bonus token");
      case "House": return note ? note.text : this.houseWords(entry, f.x, f.y);
      case "Done": return t("builds no more houses this round");
      case "Keep": return t("keeps {now} for this round, {next} for the next", { now: this.objectiveName([f.now]), next: this.objectiveName([f.later]) });
      case "Build": return t("keeps {now} for this round, {next} for the next", { now: this.objectiveName([f.mission, f.reward]), next: this.objectiveName([f.later_mission, f.later_reward]) });
      case "Choose": return f.token === null ? t("kept a Discovery token") : t("kept the Discovery token {token}", { token: f.token });
      case "Reveal": return t("{tile} turned face up", { tile: f.design });
      case "Deal": return t("you drew {tile} into your hand", { tile: f.design });
      case "Draw": return t("you drew the card {card}: {text}", { card: f.card, text: this.cardText(f.card) });
      case "Discover": return f.token === null ? t("a Discovery token drawn") : t("Discovery token {token} drawn", { token: f.token });
      case "Expedition": {
        const did = this.expeditionWords(entry);
        return did ? t("Alexis turns over Expedition card {card}: {did}", { card: f.card, did }) : t("Alexis turns over Expedition card {card}", { card: f.card });
      }
      default:
        // no kind: what this seat may not see (another's objectives, a tile or card drawn)
        if (keptObjectives(entry)) return t("chose their objectives");
        return capital(say(entry.says || entry.text));
    }
  }

  /** A house not seen built: its island by a tile of it, and what it earned while the
   * round's end lasts. */
  /** @param {LogEntry} entry @param {number} x @param {number} y */
  houseWords(entry, x, y) {
    const built = (this.message.view.houses_built || []).find((/** @type {Record<string, any>} */ b) => b.place === entry.seat && b.x === x && b.y === y);
    const tile = this.tileName(x, y);
    if (!built) return t("built a house on the island of {tile}", { tile });
    return built.discovery_tokens ? t("built a house on the island of {tile}: {tokens} drawn", { tile, tokens: discoveryTokens(built.discovery_tokens) })
      : t("built a house on the island of {tile}: +{points}", { tile, points: built.points });
  }

  /** A tile as the log names it: its design (a starting tile by number and side) and the
   * symbols it shows; the click on the log line shows where it lies. */
  /** @param {string} designId */
  tileWords(designId) {
    const d = this.designs.get(designId);
    if (!d) return designId;
    const sym = Object.entries(d.symbols).filter(([, n]) => n).map(([k, n]) => symbolWord(k, n));
    const name = d.start ? t("starting tile {tile}", { tile: `${d.start}${d.side}` }) : designId;
    return sym.length ? `${name} (${sym.join(", ")})` : name;
  }

  /** The tile laid on a square, by its design. */
  /** @param {number} x @param {number} y */
  tileName(x, y) {
    const tile = this.tileAt.get(key(x, y));
    if (!tile) return t("a tile");
    const d = this.designs.get(tile.design);
    return d && d.start ? t("starting tile {tile}", { tile: `${d.start}${d.side}` }) : tile.design;
  }

  /** @param {Tile | null | undefined} tile */
  alexisWords(tile) {
    if (!tile) return t("laid no tile");
    return tile.design === "ship" ? t("landed a grey ship: the exploration ends") : t("laid {tile}", { tile: this.tileWords(tile.design) });
  }

  /** What Alexis did for an Expedition card (the view's alexis.laid). */
  /** @param {LogEntry} entry */
  expeditionWords(entry) {
    const laid = (this.message.view.alexis || {}).laid || [];
    const k = this.expeditions.get(entry.ply);
    return k === undefined || k >= laid.length ? "" : this.alexisWords(laid[k]);
  }

  /** The tile Alexis laid for an Expedition card (null: none), from the view. */
  /** @param {LogEntry} entry @returns {Tile | null} */
  expeditionTile(entry) {
    const laid = (this.message.view.alexis || {}).laid || [];
    const k = this.expeditions.get(entry.ply);
    return k === undefined ? null : laid[k] || null;
  }

  /** Why the game ended, in the page's language: the server's words, the seat it names
   * (view.ended_seat, when a player could neither explore nor land) said by its name. */
  /** @param {View} view */
  endReason(view) {
    const reason = view.ended;
    if (view.ended_seat === null || view.ended_seat === undefined || !reason || !reason.params) return say(reason);
    return say({ ...reason, params: { ...reason.params, player: this.ctx.seatName(view.ended_seat) } });
  }

  /** @param {StateMessage<View>} message */
  endSummary(message) {
    const view = message.view;
    const result = message.result;
    if (!result) return null;
    const seats = message.seats.map((x) => x.seat);
    /** @type {HTMLElement[]} */
    const rows = [];
    /** @type {(colour: string, name: string, total: number, parts: string, winner: boolean, testid: string) => HTMLElement} */
    const line = (colour, name, total, parts, winner, testid) => h(`li.final${winner ? ".winner" : ""}`, { dataset: { testid } },
      h("span.seat-dot", { style: `background:${colour}` }),
      h("span.final-name", { text: name }),
      h("b.final-points", { text: pointsWord(total) }),
      h("small.final-parts", { text: parts }));
    const entries = seats.map((k) => {
      const p = view.seats[k];
      const disc = Array.isArray(p.discoveries) ? p.discoveries : [];
      const discPoints = disc.reduce((/** @type {number} */ t, /** @type {{ value: number }} */ d) => t + d.value, 0);
      return { k, p, total: p.score, parts: t("{rewards} from rewards, {discovery} from {tokens}, {ports} from ports around the ship; {houses} built", {
        rewards: p.prestige, discovery: discPoints, tokens: discoveryTokens(disc.length), ports: p.ports_around_ship, houses: housesWord(p.built),
      }) };
    });
    const solo = Boolean(view.alexis);
    /** @type {{ k: number, p?: Record<string, any>, total: number, parts: string }[]} */
    const all = [...entries];
    if (solo) all.push({ k: -1, total: view.alexis.score, parts: t("his card {card}: {houses} built", { card: view.alexis.card, houses: housesWord(view.alexis.built) }) });
    all.sort((a, b) => b.total - a.total || a.k - b.k);
    const winners = view.winners || result.winners;
    for (const e of all) {
      if (e.k < 0) rows.push(line(ALEXIS, "Alexis", e.total, e.parts, solo && !winners.length, "end-alexis"));
      else rows.push(line(seatColour(e.k), this.ctx.seatName(e.k), e.total, e.parts, winners.includes(e.k), `end-points-${e.k}`));
    }
    const ended = view.ended ? h("p.hint", { text: t("The game ended: {reason}.", { reason: this.endReason(view) }) }) : null;
    const tie = !solo && all.length > 1 && all[0].total === all[1].total
      ? h("p.hint", { text: t("Tied on points: most ports around the ship, then most houses built, then the last to lay a tile.") }) : null;
    let title = null;
    if (solo) {
      const me = entries[0];
      title = winners.length ? t("{name} beats Alexis, {mine} to {his}", { name: this.ctx.seatName(0), mine: me.total, his: view.alexis.score })
        : t("Alexis wins, {his} to {mine}", { mine: me.total, his: view.alexis.score });
    }
    return {
      title: /** @type {string} */ (title), // null: the page's own title (it tests for one)
      winners,
      body: h("div.islands-end", { dataset: { testid: "islands-end" } }, h("ol.final-list", rows), tie, ended),
    };
  }

  // ---------------------------------------------------------------- acting

  /** @param {string} text */
  act(text) {
    if (this.busy || !this.live) return;
    this.busy = true;
    this.ctx.map.classList.add("busy");
    this.map.clearGhost();
    this.ctx.send(text);
  }

  /** @param {number} step */
  rotate(step) {
    if (!this.places.length || this.busy) return;
    this.placing.rotate(step);
    this.map.drawSpots(this.placing, this.live);
    this.drawPanel();
  }

  /** @param {string} design */
  selectTile(design) {
    if (this.placing.select(design)) {
      this.map.drawSpots(this.placing, this.live);
      this.drawPanel();
    }
  }

  /** @param {string} kind */
  chooseTokenKind(kind) {
    this.tokenKind = kind;
    this.tokenSquare = null;
    this.drawTargets();
    this.drawPanel();
  }

  /** @param {KeyboardEvent} ev */
  onKey(ev) {
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const target = /** @type {HTMLElement | null} */ (ev.target);
    if (target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.tagName === "SELECT" || target.isContentEditable)) return;
    const k = ev.key.toLowerCase();
    if (k === "r" && this.places.length) {
      this.rotate(ev.shiftKey ? -1 : 1);
      ev.preventDefault();
    } else if (/^[1-4]$/.test(k) && this.places.length) {
      const designs = this.handDesigns();
      const d = designs[Number(k) - 1];
      if (d) this.selectTile(d);
      ev.preventDefault();
    } else if (k === "p" && this.canPass) {
      this.act(/** @type {Move} */ (this.passMove).text);
      ev.preventDefault();
    } else {
      this.map.onKey(k);
    }
  }

  // ---------------------------------------------------------------- islands (for words only)

  /** The islands of the map with their counts, by square: the view's facts (the rules
   * join the tiles and say which Missions each fulfils and what each Reward pays). */
  islands() {
    if (this.islandsCache) return this.islandsCache;
    const out = new Map();
    for (const fact of this.message.view.islands || []) {
      const squares = fact.squares.map((/** @type {number[]} */ [x, y]) => key(x, y));
      const island = { ...fact, root: squares[0], squares, owners: new Set(fact.owners), fulfils: new Set(fact.fulfils) };
      for (const k of squares) out.set(k, island);
    }
    this.islandsCache = out;
    return out;
  }

  /** @param {number} x @param {number} y @returns {Island | null} */
  islandAt(x, y) { return this.islands().get(key(x, y)) || null; }

  /** {mission, reward} of an objective given as its card ids ([objective] or [mission, reward]).
   * @param {string[] | null | undefined} ids @returns {Objective | null} */
  objective(ids) {
    if (!ids || !Array.isArray(ids) || !ids.length) return null;
    if (ids.length === 1) {
      const o = this.objectives.get(ids[0]);
      return o ? { mission: o.mission, reward: o.reward } : null;
    }
    return { mission: this.missions.get(ids[0]), reward: this.rewards.get(ids[1]) };
  }

  /** @param {string[]} ids */
  objectiveName(ids) { return ids.join("+"); }

  /** @param {string} id */
  cardText(id) {
    if (this.objectives.has(id)) {
      const o = this.objectives.get(id);
      return `${missionText(o.mission)} → ${rewardText(o.reward)}`;
    }
    if (this.missions.has(id)) return t("mission: {text}", { text: missionText(this.missions.get(id)) });
    if (this.rewards.has(id)) return t("reward: {text}", { text: rewardText(this.rewards.get(id)) });
    return id;
  }

  /** What an objective would pay now: the islands that fulfil it where the seat may build. */
  /** @param {Objective | null} obj @param {number} seat @returns {number[] | null} */
  prospect(obj, seat) {
    if (!obj) return null;
    const seen = new Set();
    /** @type {number[]} */
    const pays = [];
    for (const island of this.islands().values()) {
      if (seen.has(island)) continue;
      seen.add(island);
      if (island.tiles < 2 || island.owners.has(seat) || island.built >= island.house || !island.fulfils.has(obj.mission.id)) continue;
      pays.push(obj.reward.kind === "discovery" ? count(island, "temple") : points(obj.reward, island));
    }
    pays.sort((a, b) => b - a);
    return pays;
  }

  // ---------------------------------------------------------------- drawing the map

  /** @param {View} view */
  drawMap(view) {
    const seen = this.seenPly; // the ply last drawn live: the moves after it arrive now
    this.seenPly = this.live ? this.message.ply : null;
    const entries = this.sinceEntries();
    const newest = entries[entries.length - 1];
    this.fresh = newest && this.live && (seen === null || seen === undefined || newest.ply > seen) ? newest : null;
    // each arrives once, animated: the tile slides in, the ship, house or token grows in
    // (on a page just opened, only the newest)
    const arriving = !this.fresh ? [] : seen === null || seen === undefined ? [newest] : entries.filter((e) => e.ply > seen);
    this.arrivals = arriving.map((e) => /** @type {Placed} */ (this.placed(e)));
    // Alexis builds at a round's end with no move of his own in the log: his houses new
    // since the view last drawn live arrive as well
    const alexisHouses = (/** @type {View} */ v) => new Map(v.tiles.map((/** @type {Tile} */ t) => [key(t.x, t.y), (t.houses || []).filter((w) => w === v.players).length]));
    const before = seen === null || seen === undefined || !this.drawnView || !view.alexis ? null : alexisHouses(this.drawnView);
    this.alexisBuilt = before ? [...alexisHouses(view)].filter(([k, n]) => n > (before.get(k) || 0)).map(([k]) => k) : [];
    this.drawnView = this.live ? view : null;
    const arrives = (/** @type {Tile} */ t) => this.arrivals.find((p) => (p.what === "tile" || p.what === "ship") && p.x === t.x && p.y === t.y);
    this.map.drawTiles(view.tiles, (/** @type {Tile} */ t) => this.tileGroup(t.design, t.rotation, t.x, t.y, {
      title: this.tileTitle(t), ship: t.ship, arrive: arrives(t) ? (t.design === "ship" ? "arrive-grow" : "arrive-slide") : null,
    }));
    this.drawPieces(view);
    this.drawSince(entries);
    this.drawPick();
    this.map.drawSpots(this.placing, this.live);
    this.drawTargets();
    this.drawHints();
  }

  /** @param {Tile} tile */
  tileTitle(tile) {
    const d = this.designs.get(tile.design);
    const at = { x: tile.x, y: tile.y };
    if (!d) return t("{tile} at {x},{y}", { tile: tile.design, ...at });
    if (tile.design === "ship") {
      return tile.ship === undefined || tile.ship < 0 ? t("a grey ship at {x},{y}", at) : t("{name}'s ship at {x},{y}", { name: this.ctx.seatName(tile.ship), ...at });
    }
    const sym = Object.entries(d.symbols).filter(([, n]) => n).map(([k, n]) => symbolWord(k, n));
    const name = d.start ? t("{tile} (starting tile {start})", { tile: tile.design, start: `${d.start}${d.side}` }) : tile.design;
    const where = t("{tile} at {x},{y}", { tile: name, ...at });
    return sym.length ? `${where}: ${sym.join(", ")}` : where;
  }

  /** Houses on their house symbols and bonus tokens by their symbols, in their owners' colours. */
  /** @param {View} view */
  drawPieces(view) {
    const layer = this.layers.pieces;
    layer.replaceChildren();
    this.pieceSpots = new Map(); // square -> {houses: [{who, cx, cy}], tokens: [{seat, kind, over, cx, cy, r}]}
    const players = view.players;
    for (const t of view.tiles) {
      if (!t.houses && !t.tokens) continue;
      const design = this.designs.get(t.design);
      if (!design) continue;
      const geo = tileGeometry(design, t.rotation, S);
      const ox = t.x * S;
      const oy = t.y * S;
      const houseMarks = geo.marks.filter((m) => m.kind === "house");
      /** @type {Spots} */
      const spots = { houses: [], tokens: [] };
      this.pieceSpots.set(key(t.x, t.y), spots);
      (t.houses || []).forEach((/** @type {number} */ who, /** @type {number} */ k) => {
        const m = houseMarks[k] || { x: S / 2 + 10 * k, y: S / 2 };
        const alexis = view.alexis && who === players;
        const colour = alexis ? ALEXIS : seatColour(who);
        const name = alexis ? "Alexis" : this.ctx.seatName(who);
        spots.houses.push({ who: alexis ? "alexis" : who, cx: ox + m.x, cy: oy + m.y - 1, r: 14, grow: true });
        const arrives = alexis ? this.alexisBuilt.includes(key(t.x, t.y))
          : this.arrivals.some((p) => p.what === "house" && p.mover === who && p.x === t.x && p.y === t.y);
        const house = s("g", { class: "grow" }, houseShape(colour, alexis ? "alexis" : who));
        layer.append(s("g", { class: "piece house-piece", transform: `translate(${ox + m.x} ${oy + m.y})`, "data-seat": alexis ? "alexis" : who, "data-x": t.x, "data-y": t.y },
          svgTitle(`${name}'s house at ${t.x},${t.y}`), arrives ? arrival(s("g", { class: "arrive-grow" }, house)) : house));
      });
      const used = new Map();
      let spare = 0;
      // a token arriving: the last of its kind by its seat on the tile (the tokens are listed in the order laid)
      const tokenArrives = (/** @type {Token} */ tok, /** @type {number} */ k) => this.arrivals.some((p) => p.what === "token" && p.x === t.x && p.y === t.y
        && p.mover === tok.seat && p.kind === tok.kind && p.over === (tok.over || null))
        && !t.tokens.slice(k + 1).some((/** @type {Token} */ o) => o.seat === tok.seat && o.kind === tok.kind && (o.over || null) === (tok.over || null));
      for (const [k, tok] of (t.tokens || []).entries()) {
        const colour = seatColour(tok.seat);
        let at;
        let scale = 0.78;
        if (tok.kind === "port") {
          at = geo.spare[spare++] || [S * 0.8, S * 0.8];
          scale = 0.95;
        } else {
          const under = tok.over || tok.kind;
          const n = used.get(under) || 0;
          used.set(under, n + 1);
          const marks = geo.marks.filter((m) => m.kind === under);
          const m = marks[n % Math.max(1, marks.length)] || { x: S / 2, y: S / 2 };
          at = tok.over ? [m.x, m.y] : [m.x + 8, m.y - 8];
          if (tok.over) scale = 1.05;
        }
        spots.tokens.push({ seat: tok.seat, kind: tok.kind, over: tok.over || null, cx: ox + at[0], cy: oy + at[1], r: 9.5 * scale + 4 });
        const words = `${this.ctx.seatName(tok.seat)}'s ${tok.kind} bonus token on ${t.x},${t.y}${tok.over ? ` (over a ${tok.over})` : ""}`;
        layer.append(s("g", { class: "piece token-piece", transform: `translate(${ox + at[0]} ${oy + at[1]})`, "data-kind": tok.kind, "data-seat": tok.seat, "data-x": t.x, "data-y": t.y },
          svgTitle(words), tokenArrives(tok, k) ? arrival(s("g", { class: "arrive-grow" }, tokenShape(tok.kind, colour, scale, tok.seat)))
            : tokenShape(tok.kind, colour, scale, tok.seat)));
      }
    }
  }

  /** Where a log entry left something on the map: {x, y, what, mover, kind?, over?} (mover
   * a seat, or "alexis"), or null (a pass, a tile taken into hand, a card drawn...). */
  /** @param {LogEntry} entry @returns {Placed | null} */
  placed(entry) {
    const f = entry.fields || {};
    switch (entry.kind) {
      case "Place": return { x: f.x, y: f.y, what: "tile", mover: entry.seat };
      case "Land": return { x: f.x, y: f.y, what: "ship", mover: entry.seat };
      case "Token": return { x: f.x, y: f.y, what: "token", mover: entry.seat, kind: f.kind, over: f.over || null };
      case "House": return { x: f.x, y: f.y, what: "house", mover: entry.seat };
      case "Expedition": {
        const t = this.expeditionTile(entry);
        return t ? { x: t.x, y: t.y, what: t.design === "ship" ? "ship" : "tile", mover: "alexis" } : null;
      }
      default: return null;
    }
  }

  /** The moves to mark as new. Live: every move by another after this seat's last decision
   * (for a spectator, or before that first decision, only the newest); a replay: the newest. */
  sinceEntries() {
    const msg = this.message;
    const mine = (/** @type {LogEntry} */ e) => msg.seat !== null && msg.seat !== undefined && e.seat === msg.seat;
    const placing = msg.log.filter((e) => this.placed(e));
    if (!this.live) return placing.slice(-1);
    const others = placing.filter((e) => !mine(e));
    return this.since === null ? others.slice(-1) : others.filter((e) => e.ply > /** @type {number} */ (this.since));
  }

  /** The others' moves since this seat's last decision, outlined in the mover's colour;
   * the newest (a bot's, Alexis's or a person's) arrives with a short animation, once. */
  /** @param {LogEntry[]} entries */
  drawSince(entries) {
    const marks = entries.map((e) => this.markOf(e, "since-mark"));
    const drawn = `${this.live}:${marks.map((m) => m.outerHTML).join("")}`;
    if (drawn === this.sinceDrawn) { // unchanged: no animation replayed
      for (const el of this.layers.since.querySelectorAll(".fresh")) el.classList.remove("fresh");
      return;
    }
    this.sinceDrawn = drawn;
    if (this.fresh) marks[marks.length - 1].classList.add("fresh");
    this.layers.since.replaceChildren(...marks);
  }

  /** The move picked in the log, while it is in the log shown. */
  drawPick() {
    const p = this.picked;
    const entry = p && this.message.log.find((e) => e.ply === p.ply && e.text === p.text);
    this.layers.pick.replaceChildren(...(entry && this.placed(entry) ? [this.markOf(entry, "log-pick")] : []));
  }

  /** A mark on what a log entry left: a ring round its house or token, else its square. */
  /** @param {LogEntry} entry @param {string} cls */
  markOf(entry, cls) {
    const p = /** @type {Placed} */ (this.placed(entry));
    const colour = p.mover === "alexis" ? ALEXIS : seatColour(/** @type {number} */ (p.mover));
    const g = s("g", {
      class: `${cls} mark-${p.what}`, style: `--mark:${colour}`, "data-testid": cls, "data-ply": entry.ply,
      "data-x": p.x, "data-y": p.y, "data-what": p.what, "data-seat": p.mover ?? "",
    });
    const piece = this.pieceOf(entry, p);
    if (piece) {
      const ring = s("g", piece.grow ? { class: "grow" } : {},
        s("circle", { class: "mark-halo", r: piece.r }), s("circle", { class: "mark-line", r: piece.r }));
      g.append(s("g", { transform: `translate(${piece.cx} ${piece.cy})` }, ring));
    } else {
      const box = { x: p.x * S + 4, y: p.y * S + 4, width: S - 8, height: S - 8, rx: 6 };
      g.append(s("rect", { class: "mark-halo", ...box }), s("rect", { class: "mark-line", ...box }));
      const number = cls === "since-mark" ? pieceNumber(p.mover, 0, 0, 11) : null;
      if (number) {
        g.append(s("g", { class: "mark-number", transform: `translate(${p.x * S + 4} ${p.y * S + 4})` },
          s("circle", { class: "number-disc", r: 8, fill: colour }), number));
      }
    }
    return g;
  }

  /** The house or token a log entry placed, as drawn now (null: a tile, or not found). */
  /** @param {LogEntry} entry @param {Placed} p @returns {Spot | null} */
  pieceOf(entry, p) {
    const spots = this.pieceSpots && this.pieceSpots.get(key(p.x, p.y));
    if (!spots) return null;
    if (p.what === "house") return spots.houses.find((x) => x.who === p.mover) || null;
    if (p.what !== "token") return null;
    const same = spots.tokens.filter((x) => x.seat === p.mover && x.kind === p.kind && x.over === p.over);
    // the same token laid twice on a tile: the tokens are listed in the order laid
    const before = this.message.log.filter((e) => e.ply < entry.ply && e.seat === entry.seat && e.text === entry.text).length;
    return same[before] || same[same.length - 1] || null;
  }

  /** Pan the map to a square out of view. */
  /** @param {number} x @param {number} y */
  reveal(x, y) {
    const rect = this.svg.getBoundingClientRect();
    const { cx, cy, scale } = this.map.view;
    const dx = Math.abs((x + 0.5) * S - cx) + S / 2;
    const dy = Math.abs((y + 0.5) * S - cy) + S / 2;
    if (dx <= rect.width / 2 / scale && dy <= rect.height / 2 / scale) return;
    Object.assign(this.map.view, { cx: (x + 0.5) * S, cy: (y + 0.5) * S });
    this.map.autoFit = false;
    this.map.applyView();
  }

  /** The squares this seat may click for a bonus token, a house or a ship. */
  drawTargets() {
    const layer = this.layers.targets;
    layer.replaceChildren();
    this.landTargets = [];
    if (!this.moves || !this.moves.length) return;
    const seat = /** @type {number} */ (this.message.seat);
    const byTile = (/** @type {TokenMove[]} */ list) => {
      /** @type {Map<string, TokenMove[]>} */
      const out = new Map();
      for (const a of list) {
        const k = key(a.x, a.y);
        if (!out.has(k)) out.set(k, []);
        /** @type {TokenMove[]} */ (out.get(k)).push(a);
      }
      return out;
    };
    if (this.tokenKind) {
      for (const [k, list] of byTile(this.tokens.filter((t) => t.kind === this.tokenKind))) {
        const { x, y } = list[0];
        const params = { kind: NAMES[this.tokenKind] || this.tokenKind, x, y, over: NAMES[/** @type {string} */ (list[0].over)] || list[0].over };
        const label = list.length > 1 ? t("Place your {kind} token on {x},{y}: choose what it covers", params)
          : list[0].over ? t("Place your {kind} token on {x},{y} over a {over}", params) : t("Place your {kind} token on {x},{y}", params);
        const el = this.target(x, y, "token-target", label, list.length === 1 ? list[0].text : null,
          () => {
            if (list.length === 1) this.act(list[0].text);
            else {
              this.tokenSquare = k;
              this.drawPanel();
            }
          });
        const badge = tokenShape(this.tokenKind, seatColour(seat), 1.15, seat);
        badge.setAttribute("transform", `translate(${S - 17} 17) scale(1.15)`);
        el.append(s("g", { class: "target-badge" }, badge));
        layer.append(el);
      }
    }
    if (this.houses.length) {
      const obj = this.objective(this.message.view.seats[seat]?.objective);
      for (const hse of this.houses) {
        const island = this.islandAt(hse.x, hse.y);
        const discovery = obj && island && obj.reward.kind === "discovery";
        const pay = obj && island ? (discovery ? discoveryTokens(count(island, "temple")) : `+${points(obj.reward, island)}`) : "";
        const where = { x: hse.x, y: hse.y, island: island ? islandText(island) : "", pay };
        const label = island ? (pay ? t("Build a house on {x},{y} ({island}): {pay}", where) : t("Build a house on {x},{y} ({island})", where))
          : t("Build a house on {x},{y}", where);
        const el = this.target(hse.x, hse.y, "house-target", label, hse.text, () => this.act(hse.text));
        if (island) el.dataset.island = island.root;
        el.append(s("g", { class: "target-badge", transform: `translate(${S / 2} ${S / 2})` },
          s("g", { class: "grow" }, s("circle", { class: "badge-disc", r: 17 }), houseShape(seatColour(seat), seat),
            pay ? s("text", { class: "badge-text", y: 30, "text-anchor": "middle", text: discovery ? `${count(island, "temple")} D` : pay }) : null)));
        layer.append(el);
      }
    }
    if (this.lands.length && this.landKind) {
      for (const l of this.lands.filter((x) => x.kind === this.landKind)) {
        this.landTargets.push(l);
        const label = l.kind === "own" ? t("Land your ship at {x},{y}: the exploration ends", { x: l.x, y: l.y })
          : t("Land a grey ship at {x},{y}: the exploration ends", { x: l.x, y: l.y });
        const el = this.target(l.x, l.y, "land-target", label, l.text, () => this.act(l.text));
        const boat = shipShape(l.kind === "own" ? seatColour(seat) : GREY_SHIP, l.kind === "own" ? seat : null);
        boat.setAttribute("transform", `translate(${S / 2} ${S / 2 + 4}) scale(0.8)`);
        el.append(s("g", { class: "target-badge ship-ghost" }, boat));
        layer.append(el);
      }
    }
  }

  /** @param {number} x @param {number} y @param {string} testid @param {string} label @param {string | null} action @param {() => void} run */
  target(x, y, testid, label, action, run) {
    const el = s("g", {
      class: `target ${testid}`, transform: `translate(${x * S} ${y * S})`, tabindex: 0, role: "button",
      "aria-label": label, "data-testid": testid, "data-x": x, "data-y": y, "data-action": action,
    }, svgTitle(label), s("rect", { class: "target-rect", x: 4, y: 4, width: S - 8, height: S - 8, rx: 8 }));
    el.addEventListener("click", run);
    el.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); run(); } });
    return el;
  }

  // ---------------------------------------------------------------- drawing the panel

  handDesigns() {
    return [...new Set(this.places.map((p) => p.design))];
  }

  drawPanel() {
    const msg = this.message;
    if (!msg) return;
    const view = msg.view;
    const mine = this.moves.length > 0;
    const me = msg.seat !== null ? view.seats[msg.seat] : null;
    this.ctx.panel.dataset.state = mine ? view.step : "wait";
    this.drawSteps(view);

    let prompt = "";
    if (!this.live) prompt = t("Replay: the board as it was then.");
    else if (msg.status === "finished") prompt = t("The game is over.");
    else if (mine) {
      prompt = /** @type {Record<string, string>} */ ({
        "starting tiles": t("Set-up: lay the 4 starting tiles ({laid} laid), each on the side you like: pick a tile and its side (a or b), turn it (R), click a highlighted square.", { laid: view.tiles.length }),
        objectives: t("Keep one objective for this round and one for the next; the third goes back."),
        turn: this.lands.length
          ? (this.takes.length ? t("Explore: click a face-up tile to take it (then lay a tile from your hand); or Land: lay a ship tile on a highlighted square, which ends the exploration.") : t("Land: lay a ship tile on a highlighted square (it ends the exploration)."))
          : t("Explore: click a face-up tile to take it; then you lay a tile from your hand."),
        place: t("Lay a tile from your hand: pick it, turn it (R), click a highlighted square. Its edges and corners must match every tile around it (the dots on the preview)."),
        bonus: t("You may place a bonus token: pick one, then click a highlighted tile; or pass (P)."),
        houses: t("Round end: build houses on the highlighted islands (one per island; each earns your objective's reward now), then Done."),
        "keep token": t("Keep one of the Discovery tokens you drew; the others go back."),
      })[view.step] || t("Your move.");
    } else if (msg.status === "playing" && msg.to_move !== null && msg.to_move !== undefined) {
      prompt = `${this.status(msg)}…`;
    }
    this.prompt.textContent = prompt;

    const controls = [];
    if (mine) {
      if (this.keeps.length) controls.push(this.objectiveForm(view));
      if (this.places.length) controls.push(this.handControls(view));
      if (this.lands.length) controls.push(this.landControls());
      if (this.tokens.length || this.canPass) controls.push(this.tokenControls(view));
      if (this.houses.length || this.canDone) {
        controls.push(h("div.choices.house-choices", this.houses.map((hse) => {
          const island = this.islandAt(hse.x, hse.y);
          const obj = this.objective(me?.objective);
          const pay = obj && island ? (obj.reward.kind === "discovery" ? discoveryTokens(count(island, "temple")) : `+${points(obj.reward, island)}`) : "";
          const b = this.button(hse.text, h("span", t("House on {x},{y}", { x: hse.x, y: hse.y }), " ", h("small", { text: island ? islandText(island) : "" }), pay ? h("b", { text: ` ${pay}` }) : null),
            t("Build a house on {x},{y}", { x: hse.x, y: hse.y }), "house");
          b.classList.add("choice");
          b.addEventListener("pointerenter", () => this.flash(hse.x, hse.y));
          return b;
        }), this.canDone ? this.button(/** @type {Move} */ (this.doneMove).text, this.houses.length ? t("Done: build no more") : t("Done"), t("Build no more houses this round"), "done", "primary") : null));
      }
      if (this.chooses.length) {
        controls.push(h("div.choices.discovery-choices",
          h("p.hint", { text: t("You see the values of the tokens you drew; the others see none. Keep one, the rest go back.") }),
          this.chooses.map((c) => {
            const value = (view.drawn_values || {})[c.token];
            const words = value === undefined ? t("Keep Discovery token {token}", { token: c.token })
              : t("Keep Discovery token {token} ({points})", { token: c.token, points: pointsWord(value) });
            const b = this.button(c.text, h("span", h("i.disc"), ` ${words}`), words, "discovery");
            b.classList.add("choice");
            return b;
          })));
      }
      if (this.others.length) controls.push(h("div.choices", this.others.map((m) => this.button(m.text, say(m.says || m.text), say(m.says || m.text), "other"))));
    }
    this.controls.replaceChildren(...controls);
    this.controls.hidden = controls.length === 0;
    // a new decision: its controls come into view in the sidebar (not on narrow screens,
    // where the page scrolls as one column and the map would leave the view)
    const decision = `${msg.ply}/${view.step}`;
    if (mine && controls.length && this.shownDecision !== decision) {
      this.shownDecision = decision;
      if (window.matchMedia("(min-width: 901px)").matches) {
        requestAnimationFrame(() => {
          this.controls.scrollIntoView({ block: "nearest" });
          // the first-game guide's tip sits just above the panel: keep it in view as well
          const guide = document.getElementById("guide");
          if (guide && !guide.hidden) guide.scrollIntoView({ block: "nearest" });
        });
      }
    }
    this.drawObjectives(view, me);
    this.drawRow(view, me, mine);
    this.drawAlexis(view);
    this.drawRoundEnd(view);
    this.drawCounts(view);
    this.markPanelHints();
  }

  /** @param {number} x @param {number} y */
  flash(x, y) {
    const el = this.layers.targets.querySelector(`[data-x='${x}'][data-y='${y}']`);
    if (!el) return;
    el.classList.add("flash");
    setTimeout(() => el.classList.remove("flash"), 700);
  }

  /** @param {string} action @param {import("/static/types/site").Child} content @param {string} title @param {string} testid @param {string} [cls] */
  button(action, content, title, testid, cls = "") {
    return h(`button${cls ? `.${cls}` : ""}`, {
      type: "button", title, "aria-label": title, dataset: { action, testid },
      on: { click: () => this.act(action) },
    }, content);
  }

  /** @param {View} view */
  drawSteps(view) {
    const steps = [["objectives", t("Objectives")], ["take", t("Take")], ["lay", t("Lay")], ["bonus", t("Bonus")], ["land", t("Land")], ["end", t("Round end")]];
    let now = /** @type {Record<string, string>} */ ({ objectives: "objectives", turn: "take", place: "lay", bonus: "bonus", houses: "end", "keep token": "end" })[view.step] || null;
    if (view.step === "starting tiles") now = "setup";
    const landNow = view.step === "turn" && this.lands.length > 0;
    const chips = steps.map(([id, label]) => h(`li${id === now || (landNow && id === "land") ? ".now" : ""}`, { text: label, dataset: { step: id } }));
    if (now === "setup") chips.unshift(h("li.now", { text: t("Set-up"), dataset: { step: "setup" } }));
    this.stepsBox.replaceChildren(...(view.round ? [h("li.round-chip", { text: t("Round {round} of 4 at most", { round: view.round }) })] : []), ...chips);
    this.stepsBox.hidden = view.step === "over";
  }

  /** The hand to lay from (or the sides of the starting tiles that may be laid), turned as
   * chosen. */
  /** @param {View} view */
  handControls(view) {
    const designs = this.handDesigns();
    const sel = this.placing.sel;
    const here = this.places.filter((p) => p.design === sel.design && p.rotation === sel.rotation).length;
    const start = view.step === "starting tiles";
    const buttons = designs.map((id, k) => {
      const d = this.designs.get(id);
      const chosen = id === sel.design;
      const rotation = chosen ? sel.rotation : (this.placing.rotations.get(id) || 0);
      // named by what it shows (the components' name), its id only in the tooltip
      const label = start ? t("{start} side {side}", { start: d.start, side: d.side }) : d.name || id;
      return h(`button.hand-tile${chosen ? ".chosen" : ""}`, {
        type: "button", title: start ? t("Starting tile {start}, side {side} ({key})", { start: d.start, side: d.side, key: k + 1 }) : t("Tile {tile}: {name} ({key})", { tile: id, name: d.name || id, key: k + 1 }),
        "aria-pressed": chosen ? "true" : "false", dataset: { testid: "hand-tile", design: id },
        on: { click: () => this.selectTile(id) },
      }, miniTile(d, rotation, chosen ? 112 : 96), h("span.hand-label", { text: `${k + 1} · ${label}` }));
    });
    const distinct = sel.design ? this.placing.looks(sel.design) : 1;
    return h("div.hand-controls",
      h("div.hand-row", buttons),
      h("div.rotate-row",
        h("button", { type: "button", disabled: distinct < 2, title: t("Turn the tile anticlockwise (Shift+R)"), "aria-label": t("Turn the tile anticlockwise"), on: { click: () => this.rotate(-1) } }, "↺ " + t("Turn")),
        h("button", { type: "button", disabled: distinct < 2, title: t("Turn the tile clockwise (R)"), "aria-label": t("Turn the tile clockwise"), dataset: { testid: "rotate" }, on: { click: () => this.rotate(1) } }, "↻ " + t("Turn")),
        h("span.hint", { text: tn("{n} square fits turned like this.", "{n} squares fit turned like this.", here) })),
      h("p.hint.match-hint", t("On the preview, a dot marks each edge and corner that meets a laid tile:"), " ",
        h("i.dot.land"), " ", t("land"), ", ", h("i.dot.sea"), " ", t("sea; they must match.")));
  }

  landControls() {
    const kinds = [...new Set(this.lands.map((l) => l.kind))];
    const seat = /** @type {number} */ (this.message.seat);
    return h("div.land-controls",
      h("b", { text: t("Land a ship:") }), " ",
      kinds.map((kind) => h(`button.land-kind${kind === this.landKind ? ".chosen" : ""}`, {
        type: "button", "aria-pressed": kind === this.landKind ? "true" : "false", dataset: { testid: "land-kind", kind },
        title: kind === "own" ? t("Your own ship: the ports on the 8 tiles around it score at the end") : t("A grey ship"),
        on: { click: () => { this.landKind = kind; this.drawTargets(); this.drawPanel(); } },
      }, iconSvg(shipShape(kind === "own" ? seatColour(seat) : GREY_SHIP), 22, "-30 -32 60 54"), " ", kind === "own" ? t("your ship") : t("a grey ship"))),
      h("p.hint", { text: t("then click a highlighted square (sea all around).") }));
  }

  /** @param {View} view */
  tokenControls(view) {
    const seat = /** @type {number} */ (this.message.seat);
    const held = view.seats[seat].tokens;
    const kinds = TOKEN_KINDS.filter((k) => held.includes(k));
    const box = h("div.token-controls");
    box.append(h("div.token-row", kinds.map((kind) => {
      const n = this.tokens.filter((x) => x.kind === kind).length;
      return h(`button.token-kind${kind === this.tokenKind ? ".chosen" : ""}`, {
        type: "button", disabled: n === 0, "aria-pressed": kind === this.tokenKind ? "true" : "false",
        title: n ? tn("Your {kind} token: {n} tile it may go on", "Your {kind} token: {n} tiles it may go on",
          new Set(this.tokens.filter((x) => x.kind === kind).map((x) => key(x.x, x.y))).size, { kind: NAMES[kind] || kind })
          : t("Your {kind} token: nowhere to place it now", { kind: NAMES[kind] || kind }),
        dataset: { testid: "token-kind", kind },
        on: { click: () => this.chooseTokenKind(kind) },
      }, iconSvg(tokenShape(kind, seatColour(seat)), 26), h("span", { text: NAMES[kind] || kind }));
    }), this.canPass ? this.button(/** @type {Move} */ (this.passMove).text, h("span", t("Pass"), " ", h("kbd", { text: "P" })), t("Place no bonus token"), "pass") : null));
    if (this.tokenKind) {
      const kind = NAMES[this.tokenKind] || this.tokenKind;
      box.append(h("p.hint", { text: this.tokenKind === "port"
        ? t("A port goes on a tile with land and sea (at most two per tile).")
        : (this.tokens.some((x) => x.over) ? t("The {kind} token covers a printed resource of another kind.", { kind }) : t("The {kind} token goes on a printed {kind}: it counts as one more.", { kind })) }));
    }
    if (this.tokenSquare) {
      const list = this.tokens.filter((x) => x.kind === this.tokenKind && key(x.x, x.y) === this.tokenSquare);
      box.append(h("div.choices", list.map((x) => {
        const params = { kind: NAMES[x.kind] || x.kind, over: NAMES[/** @type {string} */ (x.over)] || x.over, x: x.x, y: x.y };
        const b = this.button(x.text, capital(t("{kind} over a {over} on {x},{y}", params)), t("Place the {kind} token over a {over}", params), "token-over");
        b.classList.add("choice");
        return b;
      })));
    }
    return box;
  }

  /** What an objective would pay now, in words: how many islands, and the best. */
  /** @param {number[]} pays @param {Objective} obj */
  paysNow(pays, obj) {
    if (!pays.length) return t("no island pays now");
    const best = obj.reward.kind === "discovery" ? temples(pays[0]) : `+${pays[0]}`;
    return tn("now {n} island pays, best {best}", "now {n} islands pay, best {best}", pays.length, { best });
  }

  /** The objectives form: each card held, kept for this round, for the next, or put back. */
  /** @param {View} view */
  objectiveForm(view) {
    const seat = /** @type {number} */ (this.message.seat);
    const holding = view.seats[seat].holding || {};
    const advanced = this.keeps.some((m) => m.kind === "Build");
    const formKey = this.keeps.map((m) => m.text).join("|");
    if (!this.objChoice || this.objChoice.key !== formKey) {
      this.objChoice = { key: formKey };
      const first = this.keeps[0].fields;
      if (advanced) Object.assign(this.objChoice, { mNow: first.mission, rNow: first.reward, mNext: first.later_mission, rNext: first.later_reward });
      else Object.assign(this.objChoice, { now: first.now, next: first.later });
    }
    const c = this.objChoice;
    const decks = advanced ? [["mission", "mNow", "mNext", t("Missions")], ["reward", "rNow", "rNext", t("Rewards")]] : [["objective", "now", "next", t("Objectives")]];
    // the move that keeps the cards chosen (none: a choice the rules do not allow)
    const move = this.keeps.find(({ fields: f }) => (advanced
      ? f.mission === c.mNow && f.reward === c.rNow && f.later_mission === c.mNext && f.later_reward === c.rNext
      : f.now === c.now && f.later === c.next));
    const legal = Boolean(move);
    const groups = decks.map(([deck, nowKey, nextKey, title]) => {
      const cards = holding[deck] || [];
      return h("fieldset.obj-group", h("legend", { text: title }), cards.map((/** @type {string} */ id) => {
        const state = c[nowKey] === id ? "now" : c[nextKey] === id ? "next" : "back";
        const set = (/** @type {string} */ which) => {
          const mine = which === "now" ? nowKey : nextKey;
          const other = which === "now" ? nextKey : nowKey;
          if (c[other] === id) c[other] = c[mine];
          c[mine] = id;
          this.drawPanel();
        };
        const obj = deck === "objective" ? this.objective([id]) : null;
        const pays = obj ? this.prospect(obj, seat) : null;
        return h(`div.obj-card.${state}`, { dataset: { testid: "obj-card", card: id, state } },
          h("div.obj-text", h("b", { text: id }), " ", this.cardWords(id),
            pays ? h("small.obj-now", { text: " · " + this.paysNow(pays, /** @type {Objective} */ (obj)) }) : null),
          h("div.obj-buttons",
            h(`button.small${state === "now" ? ".chosen" : ""}`, { type: "button", dataset: { testid: "obj-now", card: id }, "aria-pressed": state === "now" ? "true" : "false", on: { click: () => set("now") } }, t("This round")),
            h(`button.small${state === "next" ? ".chosen" : ""}`, { type: "button", dataset: { testid: "obj-next", card: id }, "aria-pressed": state === "next" ? "true" : "false", on: { click: () => set("next") } }, t("Next round")),
            h("span.obj-back", { text: state === "back" ? t("goes back") : "" })));
      }));
    });
    const kept = (/** @type {string[]} */ ids) => {
      const obj = this.objective(ids);
      if (!obj || ids.some((x) => !x)) return "?";
      return `${missionText(obj.mission)} → ${rewardText(obj.reward)}`;
    };
    const nowIds = advanced ? [c.mNow, c.rNow] : [c.now];
    const nextIds = advanced ? [c.mNext, c.rNext] : [c.next];
    const pays = this.prospect(this.objective(nowIds), seat);
    const summary = h("div.obj-summary", { dataset: { testid: "objective-summary" } },
      h("div", h("b", { text: t("This round:") }), " ", kept(nowIds),
        pays ? h("small", { text: ` (${this.paysNow(pays, /** @type {Objective} */ (this.objective(nowIds)))})` }) : null),
      h("div", h("b", { text: t("Next round:") }), " ", kept(nextIds)));
    return h("div.objective-form", { dataset: { testid: "objective-form" } }, groups, summary,
      h("button.primary", {
        type: "button", disabled: !legal, dataset: { testid: "keep", action: move ? move.text : "" },
        title: legal ? t("Keep these objectives") : t("Choose one for this round and another for the next"),
        on: { click: () => { if (move) this.act(move.text); } },
      }, t("Keep these objectives")));
  }

  /** @param {string} id */
  cardWords(id) {
    if (this.objectives.has(id)) {
      const o = this.objectives.get(id);
      return h("span.card-words", h("span.mission", { text: missionText(o.mission) }), " → ", h("span.reward", { text: rewardText(o.reward) }));
    }
    if (this.missions.has(id)) return h("span.card-words.mission", { text: missionText(this.missions.get(id)) });
    if (this.rewards.has(id)) return h("span.card-words.reward", { text: rewardText(this.rewards.get(id)) });
    return h("span", { text: id });
  }

  /** @param {string[]} ids @param {string} label @param {number} seat @param {boolean} now */
  objectiveBlock(ids, label, seat, now) {
    const obj = this.objective(ids);
    if (!obj) return null;
    const pays = now ? this.prospect(obj, seat) : null;
    return h("div.obj-held", { dataset: { testid: now ? "objective-now" : "objective-next", islands: pays ? pays.length : null } },
      h("span.obj-label", { text: label }),
      h("div.obj-text", h("b", { text: ids.join(" + ") }), " ",
        h("span.card-words", h("span.mission", { text: t("Mission: {text}", { text: missionText(obj.mission) }) }), h("br"), h("span.reward", { text: t("Reward per house: {text}", { text: rewardText(obj.reward) }) })),
        pays ? h("small.obj-now", { text: pays.length ? tn("If the round ended now: {n} island (best {best})", "If the round ended now: {n} islands (best {best})", pays.length,
          { best: obj.reward.kind === "discovery" ? temples(pays[0]) : `+${pays[0]}` }) : t("No island fulfils it yet (2 tiles or more, without your house).") }) : null));
  }

  /** @param {View} view @param {Record<string, any> | null} me this seat in the view */
  drawObjectives(view, me) {
    const box = this.objectivesBox;
    if (!me || this.keeps.length || this.message.status !== "playing") {
      box.replaceChildren();
      box.hidden = true;
      return;
    }
    const parts = [
      this.objectiveBlock(me.objective, t("This round"), me.seat, true),
      this.objectiveBlock(me.next_objective, t("Next round"), me.seat, false),
    ].filter(Boolean);
    box.hidden = !parts.length;
    box.replaceChildren(...(parts.length ? [h("h4", { text: t("Your objectives") }), .../** @type {HTMLElement[]} */ (parts)] : []));
  }

  /** The face-up row (click one to take it), the stacks, and your hand. */
  /** @param {View} view @param {Record<string, any> | null} me this seat in the view @param {boolean} mine */
  drawRow(view, me, mine) {
    const takes = new Map(this.takes.map((t) => [t.design, t]));
    const row = view.row.map((/** @type {string} */ id, /** @type {number} */ k) => {
      const d = this.designs.get(id);
      const take = takes.get(id);
      if (take) {
        const b = this.button(take.text, miniTile(d, 0, 80, t("face-up tile: {name}", { name: d.name })), t("Take the face-up tile: {name}", { name: d.name }), "take", "row-tile");
        b.dataset.design = id;
        return b;
      }
      return h("span.row-tile.idle", { dataset: { design: id }, title: mine && view.step === "turn" ? t("{name}: no tile could be laid after taking it", { name: d.name }) : t("face-up tile: {name}", { name: d.name }) }, miniTile(d, 0, 80, t("face-up tile: {name}", { name: d.name })));
    });
    const parts = [
      h("div.row-head", h("h4", { text: t("Face-up tiles") }),
        h("span.stack", { title: t("tiles on the Navigation tile: when it is empty, players may land"), dataset: { testid: "navigation" } }, t("Navigation"), " ", h("b", { text: String(view.navigation) })),
        h("span.stack", { title: t("tiles in the main stack"), dataset: { testid: "stack" } }, t("Stack"), " ", h("b", { text: String(view.stack) }))),
      h(`div.row-tiles${takes.size ? ".takeable" : ""}`, { dataset: { testid: "row" } },
        row.length ? row : h("span.muted", { text: view.round ? t("none left") : t("none yet: three are turned up once the starting tiles lie") })),
    ];
    if (me && Array.isArray(me.hand) && !this.places.length) {
      parts.push(h("div.row-head", h("h4", { text: t("Your hand") })),
        h("div.row-tiles.hand-view", { dataset: { testid: "hand" } }, me.hand.map((/** @type {string} */ id) => {
          const d = this.designs.get(id);
          return h("figure.hand-view-tile", miniTile(d, 0, 88, t("in your hand: {name}", { name: d.name })), h("figcaption.hand-label", { text: d.name }));
        })));
    }
    this.rowBox.replaceChildren(...parts);
    this.rowBox.hidden = view.step === "over" && !view.row.length;
  }

  /** @param {View} view */
  drawAlexis(view) {
    const box = this.alexisBox;
    const a = view.alexis;
    if (!a) {
      box.hidden = true;
      return;
    }
    box.hidden = false;
    const last = [...this.message.log].reverse().find((e) => e.kind === "Expedition");
    const did = last ? this.expeditionWords(last) : "";
    box.title = t("Alexis, the automaton: his score is his card's, a base plus points per house he built. Beat it to win.");
    box.replaceChildren(.../** @type {HTMLElement[]} */ ([
      h("div.alexis-head", h("span.seat-dot", { style: `background:${ALEXIS}` }), h("b", { text: "Alexis" }),
        h("span.muted", { text: " " + t("card {card}", { card: a.card || "?" }) }),
        h("span.alexis-score", h("b", { text: String(a.score), dataset: { testid: "alexis-score" } }), " ", t("pts"))),
      h("div.alexis-line", iconSvg(houseShape(ALEXIS), 14), " " + t("{built} built, {left} left · Expedition deck {deck} ({turned} turned)", { built: a.built, left: a.houses, deck: a.deck, turned: a.discards.length })),
      a.last_card ? h("div.alexis-line", { dataset: { testid: "alexis-last" } }, t("Last Expedition card"), " ", h("b", { text: a.last_card }), did ? `: ${did}` : "") : null,
    ].filter(Boolean))); // replaceChildren would write a null as the text "null"

  }

  /** The round's end: each player's revealed objective and the houses built with what each
   * earned; kept on show after the round until the next one ends. */
  /** @param {View} view */
  drawRoundEnd(view) {
    const box = this.roundEndBox;
    const msg = this.message;
    const log = msg.log;
    const current = Object.keys(view.revealed || {}).length > 0;
    const round = current || msg.status !== "playing" ? view.round : view.round - 1;
    const entry = this.rounds.get(round);
    const houses = log.filter((e) => e.kind === "House" && this.roundOf(log, e) === round);
    const seen = entry ? entry.objectives : new Map();
    // every round's end is told, even one where nobody built (it passed silently)
    if (round < 1) {
      box.hidden = true;
      box.replaceChildren();
      return;
    }
    box.hidden = false;
    const me = msg.seat;
    const mine = me === null || me === undefined ? null : houses.filter((e) => e.seat === me).length;
    const said = mine === null ? null
      : mine ? t("you built {houses}", { houses: housesWord(mine) }) : current ? t("you have built nothing yet") : t("you built nothing");
    const rows = msg.seats.map(({ seat }) => {
      const ids = (view.revealed || {})[String(seat)] || seen.get(seat);
      const obj = this.objective(ids);
      const built = houses.filter((e) => e.seat === seat).map((e) => (this.notes.get(e.ply) || { text: this.describe(e) }).text);
      return h("li", { dataset: { seat } },
        h("span.seat-dot", { style: `background:${seatColour(seat)}` }),
        h("div", h("b", { text: this.ctx.seatName(seat) }),
          obj ? h("span", ` — ${ids.join(" + ")}: `, h("span.muted", { text: `${missionText(obj.mission)} → ${rewardText(obj.reward)}` })) : h("span.muted", { text: " — " + t("objective not shown") }),
          built.length ? h("ul.built-list", built.map((line) => h("li", { text: line }))) : h("div.muted", { text: current ? t("no house yet") : t("no house built") })));
    });
    if (view.alexis && entry && entry.alexisEnd !== undefined && entry.alexisStart !== null) {
      const n = entry.alexisEnd - entry.alexisStart;
      rows.push(h("li", { dataset: { seat: "alexis" } }, h("span.seat-dot", { style: `background:${ALEXIS}` }),
        h("div", h("b", { text: "Alexis" }), h("span.muted", { text: " " + t("built {houses} on the largest islands without his house", { houses: housesWord(n) }) }))));
    }
    box.replaceChildren(
      h("h4", { text: said ? (current ? t("Round {round} is ending: {said}", { round, said }) : t("Round {round} ended: {said}", { round, said }))
        : current ? t("Round {round} is ending", { round }) : t("Round {round} ended", { round }), dataset: { testid: "round-end-title" } }),
      h("ul.round-end-list", rows));
  }

  /** @param {View} view */
  drawCounts(view) {
    const items = [];
    /** @type {Record<string, (n: number) => string>} */
    const cards = {
      objective: (n) => tn("{n} objective", "{n} objectives", n), mission: (n) => tn("{n} mission", "{n} missions", n),
      reward: (n) => tn("{n} reward", "{n} rewards", n), expedition: (n) => tn("{n} expedition", "{n} expeditions", n),
    };
    const decks = Object.entries(view.decks || {}).map(([deck, n]) => (cards[deck] ? cards[deck](n) : `${n} ${deck}`)).join(", ");
    if (decks) items.push(h("div.count", h("span.count-label", { text: t("Decks") }), decks));
    items.push(h("div.count", h("span.count-label", { text: t("Discovery") }), tn("{n} token in the pool", "{n} tokens in the pool", view.discovery_pool)));
    items.push(h("div.count", h("span.count-label", { text: t("Grey ships") }), t("{count} left", { count: view.grey_ships }),
      h("span.muted", { text: " · " + t("ships laid {count}", { count: view.tiles.filter((/** @type {Tile} */ x) => x.design === "ship")
.length }) })));
    this.counts.replaceChildren(...items);
  }
}
