// @ts-check
// The board of The Discovery: the map (pan, zoom, the legal spots of the selected tile and
// its preview come from the tile kit's board layer, /static/kit/tile-board.js), the tiles in
// hand with rotation, the follower step (deploy on the new tile, take a follower back, or
// pass), and the counts (followers in supply, tiles in the stack, set-aside and discarded
// tiles). It reads moves as data (the state message's `moves`, the log entries' and the
// hint's `kind` and `fields`), never their texts, which it only sends back.
//
// The game declares this directory as its `web` package (GameInfo.web): the web app serves it
// at /static/games/discovery/, and the play page imports this module from there. Board
// modules export createBoard(ctx) (see /static/game.js for the interface); this one's look
// is in board.css, next to it.
import { h, loadStyle, paletteName, s, seatColour, seatColourName, seatInk, svgTitle } from "/static/common.js";
import { Placing, TileMap } from "/static/kit/tile-board.js";
import { language, say, translator } from "/static/i18n.js";
import { regionEdges, sameAsTable, tileGeometry } from "./geometry.js";
/** @import { Board, BoardContext, LogEntry, HintMark, Move, StateMessage, UpdateOptions } from "/static/types/board" */
/** @import { Design, Region } from "./geometry.js" */
/** @typedef {StateMessage["view"]} View the game's view (its views.py) */
/** @typedef {{ x: number, y: number, design: string, rotation: number }} Tile a tile of the view's map */
/**
 * A move, a log entry or a hint as the board reads it: its fields with its text, kind and words.
 * @typedef {Record<string, any> & { text: string, kind: string | null, says?: import("/static/types/board").Words }} Read
 */

const { t, tn } = translator("discovery");

await loadStyle(new URL("board.css", import.meta.url));

const S = 100; // one tile, in SVG units
// The colour-blind option (the page reloads when it changes): the terrains then differ by
// lightness too (a dark grey stone, a light straw grass, a deep blue sea, apart under
// deuteranopia, protanopia and tritanopia), their patterns are drawn bolder, and every
// follower (and every mark of another's move) carries its seat's number.
const SAFE = paletteName() === "safe";
/** @type {Record<string, { fill: string, ink: string }>} */
const TERRAIN = SAFE ? {
  mountain: { fill: "#8a7f75", ink: "#3f362e" },
  grassland: { fill: "#d0d66a", ink: "#5c6410" },
  sea: { fill: "#2f7fc1", ink: "#d6ecfc" },
} : {
  mountain: { fill: "#a08a74", ink: "#6b5643" },
  grassland: { fill: "#9bc862", ink: "#6a9a38" },
  sea: { fill: "#4f92d8", ink: "#bfe0fb" },
};
const TEX_WIDTH = SAFE ? 2.2 : 1.6; // the patterns' strokes (grass and waves: 0.3 less)
const MEEPLE = "M0,-15.5 a5.6,5.6 0 0 1 5.4,7.1 L14.2,-4.7 Q17.6,-3 16,0.8 L8.3,3.2 L13.6,14.6 " +
  "L3.2,14.6 L0,8.6 L-3.2,14.6 L-13.6,14.6 L-8.3,3.2 L-16,0.8 Q-17.6,-3 -14.2,-4.7 L-5.4,-8.4 " +
  "A5.6,5.6 0 0 1 0,-15.5 Z";

/**
 * The board the play page makes (static/types/board.d.ts).
 * @param {BoardContext} ctx
 * @returns {Board}
 */
export function createBoard(ctx) {
  return new DiscoveryBoard(ctx);
}

const SIDE_NAMES = [t("north"), t("east"), t("south"), t("west")];
// "east and west", "north, east and south", in the page's language
const LIST = new Intl.ListFormat(language === "en" || language === "xx" ? "en-GB" : language, { type: "conjunction" });

/**
 * Where a region lies on a placed tile: "north", "east and west", "centre".
 * @param {Region} region
 * @param {number} rotation
 */
function sides(region, rotation) {
  const edges = regionEdges(region).map((e) => (e + rotation) % 4).sort();
  if (!edges.length) return t("centre");
  if (edges.length === 4) return t("whole tile");
  return LIST.format(edges.map((e) => SIDE_NAMES[e]));
}

/**
 * The words of each terrain and of the follower standing on it (a brigand on a mountain,
 * an explorer on a grassland, a navigator on a sea), whole sentences each, since their
 * gender and articles differ from one language to another.
 */
/**
 * @typedef {{ terrain: string, deployOn: (where: string) => string, deployButton: string,
 *   onThe: (where: string) => string, takeBack: (x: number, y: number, n: number) => string,
 *   takeButton: string, standing: (who: string, n: number) => string, deployed: string,
 *   tookBack: string, deployedThis: (who: string) => string, tookBackHere: (who: string) => string,
 *   canClose: (tile: string) => string, ripe: (now: number, final: number) => string, city?: string }} TerrainWords
 */
/** @type {Record<string, TerrainWords>} */
const WORDS = {
  mountain: {
    terrain: t("mountain"),
    deployOn: (where) => t("Deploy a brigand on the mountain ({where})", { where }),
    deployButton: t("Deploy brigand"),
    onThe: (where) => t("on the mountain, {where}", { where }),
    takeBack: (x, y, n) => tn("Take back your brigand at {x},{y} for {n} point", "Take back your brigand at {x},{y} for {n} points", n, { x, y }),
    takeButton: t("Take back brigand"),
    standing: (who, n) => tn("{who}: brigand on a mountain of {n} tile", "{who}: brigand on a mountain of {n} tiles", n, { who }),
    deployed: t("deployed a brigand on the mountain"),
    tookBack: t("took back a brigand from the mountain"),
    deployedThis: (who) => t("{who} deployed this brigand", { who }),
    tookBackHere: (who) => t("{who} took back a brigand from here", { who }),
    canClose: (tile) => t("{tile} can close your mountain: turn it to fit the square next to your brigand and click there. Then take the brigand back: a complete mountain scores more.", { tile }),
    ripe: (now, final) => t("Your brigand's mountain is complete (yellow badge): take it back now (click its orange ring) for {now} points. Left on the map it scores only {final} at the end.", { now, final }),
    city: t("port city between the mountain and the sea"),
  },
  grassland: {
    terrain: t("grassland"),
    deployOn: (where) => t("Deploy an explorer on the grassland ({where})", { where }),
    deployButton: t("Deploy explorer"),
    onThe: (where) => t("on the grassland, {where}", { where }),
    takeBack: (x, y, n) => tn("Take back your explorer at {x},{y} for {n} point", "Take back your explorer at {x},{y} for {n} points", n, { x, y }),
    takeButton: t("Take back explorer"),
    standing: (who, n) => tn("{who}: explorer on a grassland of {n} tile", "{who}: explorer on a grassland of {n} tiles", n, { who }),
    deployed: t("deployed an explorer on the grassland"),
    tookBack: t("took back an explorer from the grassland"),
    deployedThis: (who) => t("{who} deployed this explorer", { who }),
    tookBackHere: (who) => t("{who} took back an explorer from here", { who }),
    canClose: (tile) => t("{tile} can close your grassland: turn it to fit the square next to your explorer and click there. Then take the explorer back: a complete grassland scores more.", { tile }),
    ripe: (now, final) => t("Your explorer's grassland is complete (yellow badge): take it back now (click its orange ring) for {now} points. Left on the map it scores only {final} at the end.", { now, final }),
    city: t("port city between the grassland and the sea"),
  },
  sea: {
    terrain: t("sea"),
    deployOn: (where) => t("Deploy a navigator on the sea ({where})", { where }),
    deployButton: t("Deploy navigator"),
    onThe: (where) => t("on the sea, {where}", { where }),
    takeBack: (x, y, n) => tn("Take back your navigator at {x},{y} for {n} point", "Take back your navigator at {x},{y} for {n} points", n, { x, y }),
    takeButton: t("Take back navigator"),
    standing: (who, n) => tn("{who}: navigator on a sea of {n} tile", "{who}: navigator on a sea of {n} tiles", n, { who }),
    deployed: t("deployed a navigator on the sea"),
    tookBack: t("took back a navigator from the sea"),
    deployedThis: (who) => t("{who} deployed this navigator", { who }),
    tookBackHere: (who) => t("{who} took back a navigator from here", { who }),
    canClose: (tile) => t("{tile} can close your sea: turn it to fit the square next to your navigator and click there. Then take the navigator back: a complete sea scores more.", { tile }),
    ripe: (now, final) => t("Your navigator's sea is complete (yellow badge): take it back now (click its orange ring) for {now} points. Left on the map it scores only {final} at the end.", { now, final }),
    city: t("port city between the land and the sea"),
  },
};

/**
 * A move as the server sends it ({text, kind, fields, says}: a legal move, a log entry, a
 * hint) as one object: its fields (Place: design, x, y, rotation in quarter turns; Deploy:
 * region; Remove: x, y, region; Draw and SetAside: design, null where hidden), with `text`
 * (what to send back), `kind` (the action's class: "Place", "Deploy", "Remove", "Pass",
 * "Draw", "SetAside"; null for a text that is no action's) and `says`.
 * @param {Read} move
 */
function readMove(move) {
  return { ...(move.fields || {}), text: move.text, kind: move.kind || null, says: move.says };
}

/** How a mark of a move not made names its role (showHint). */
/** @type {Record<string, string>} */
const HINT_ROLES = { hint: t("Hint"), best: t("The bot's best move"), played: t("The move played") };

/** @implements {Board} */
class DiscoveryBoard {
  /** @param {BoardContext} ctx what the play page gives a board (static/types/board.d.ts) */
  constructor(ctx) {
    this.ctx = ctx;
    /** @type {Design[]} */
    const designs = ctx.components.designs;
    /** @type {Map<string, Design>} */
    this.designs = new Map(designs.map((d) => [d.id, d]));
    this.placing = new Placing(new Map(designs.map((d) => [d.id, sameAsTable(d)])));
    /** @type {StateMessage | null} */
    this.message = null;
    this.live = false;
    this.busy = false;
    /** @type {any} */
    this.picked = null; // the log entry shown on the map (a click on the log), as touched()
    /** @type {number | null} */
    this.seenPly = null; // the ply last drawn live: newer moves of the others are animated
    /** @type {HintMark[]} */
    this.hints = []; // the moves not made drawn on the map (showHint), kept over updates
    // the map and the panel's elements (buildMap, buildPanel) and the moves (update)
    /** @type {TileMap} */ this.map;
    /** @type {SVGSVGElement} */ this.svg;
    /** @type {Record<string, SVGGElement>} */ this.layers;
    /** @type {HTMLElement} */ this.prompt;
    /** @type {HTMLElement} */ this.handBox;
    /** @type {HTMLButtonElement} */ this.rotateLeft;
    /** @type {HTMLButtonElement} */ this.rotateRight;
    /** @type {HTMLElement} */ this.rotateBox;
    /** @type {HTMLElement} */ this.spotInfo;
    /** @type {HTMLElement} */ this.followerBox;
    /** @type {HTMLButtonElement} */ this.passButton;
    /** @type {HTMLElement} */ this.followerRow;
    /** @type {HTMLElement} */ this.counts;
    /** @type {Read[]} */ this.places;
    /** @type {Read[]} */ this.deploys;
    /** @type {Read[]} */ this.removes;
    /** @type {Read | null} */ this.passMove;
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

  /**
   * The log's draws open a turn: the tile drawn is the next player's to lay.
   * @param {any} entry
   */
  chanceOpensTurn(entry) {
    return entry.kind === "Draw";
  }

  buildMap() {
    this.ctx.map.classList.add("discovery-map");
    const legend = h("div.map-legend", { "aria-hidden": "true" },
      ...Object.entries(TERRAIN).map(([name, look]) => h("span", { dataset: { terrain: name } },
        SAFE ? terrainSwatch(name) : h("i", { style: `background:${look.fill}` }), WORDS[name].terrain)),
      h("span", h("i.city-swatch"), t("port city")));
    this.map = new TileMap({
      map: this.ctx.map,
      size: S,
      defs: this.defs(),
      layers: ["tiles", "marks", "spots", "ghost", "followers", "hints", "pick", "targets"],
      legend,
      squares: () => (this.message ? this.message.view.map.map((/** @type {Tile} */ t) => [t.x, t.y]) : null),
      ghost: (/** @type {Tile} */ p) => this.tileGroup(p.design, p.rotation, p.x, p.y, { cls: "tile ghost-tile" }),
      act: (/** @type {any} */ text) => this.act(text),
      turned: () => this.redrawPlacing(),
    });
    this.svg = this.map.svg;
    this.layers = this.map.layers;
  }

  /** The textures of the terrains and the follower's shape (the map's own defs are the kit's). */
  defs() {
    const m = TERRAIN.mountain.ink;
    const g = TERRAIN.grassland.ink;
    const w = TERRAIN.sea.ink;
    return `
      <pattern id="tex-mountain" width="30" height="26" patternUnits="userSpaceOnUse">
        <path d="M2 13 L8 5 L14 13 M17 24 L23 16 L29 24" fill="none" stroke="${m}" stroke-width="${TEX_WIDTH}" stroke-linejoin="round" stroke-linecap="round"/>
        <path d="M6.2 7.4 L8 5 L9.8 7.4" fill="none" stroke="#f3efe8" stroke-width="1.3" stroke-linejoin="round"/></pattern>
      <pattern id="tex-grassland" width="22" height="22" patternUnits="userSpaceOnUse">
        <path d="M3 9 l1.5 -4 M6 9 l0 -5 M9 9 l-1.5 -4 M14 20 l1.5 -4 M17 20 l0 -5 M20 20 l-1.5 -4" fill="none" stroke="${g}" stroke-width="${TEX_WIDTH - 0.3}" stroke-linecap="round"/></pattern>
      <pattern id="tex-sea" width="26" height="16" patternUnits="userSpaceOnUse">
        <path d="M1 6 q3 -3 6 0 t6 0 M14 14 q3 -3 6 0 t6 0" fill="none" stroke="${w}" stroke-width="${TEX_WIDTH - 0.3}" stroke-linecap="round"/></pattern>
      <path id="meeple" d="${MEEPLE}"/>`;
  }

  // ---------------------------------------------------------------- the side panel

  buildPanel() {
    const panel = this.ctx.panel;
    panel.classList.add("discovery-panel");
    this.prompt = h("p.prompt", { "aria-live": "polite", dataset: { testid: "prompt" } });
    this.handBox = h("div.hand", { role: "group", "aria-label": t("Tiles in hand") });
    this.rotateLeft = /** @type {HTMLButtonElement} */ (h("button", { type: "button", title: t("Turn the tile anticlockwise (Shift+R)"), "aria-label": t("Turn the tile anticlockwise"), on: { click: () => this.rotate(-1) } }, rotateIcon(true), " ", t("Turn")));
    this.rotateRight = /** @type {HTMLButtonElement} */ (h("button", { type: "button", title: t("Turn the tile clockwise (R)"), "aria-label": t("Turn the tile clockwise"), on: { click: () => this.rotate(1) } }, rotateIcon(false), " ", t("Turn")));
    this.rotateBox = h("div.rotate-row", this.rotateLeft, this.rotateRight);
    this.spotInfo = h("p.hint.spot-info");
    this.followerBox = h("div.follower-choices", { role: "group", "aria-label": t("Follower choices") });
    this.passButton = /** @type {HTMLButtonElement} */ (h("button.primary.pass", { type: "button", title: t("Pass: no follower this turn (P)"), dataset: { testid: "pass" }, on: { click: () => this.pass() } }, t("Pass"), " ", h("kbd", { text: "P" })));
    this.followerRow = h("div.follower-row", this.passButton);
    this.counts = h("div.counts");
    panel.replaceChildren(this.prompt, this.handBox, this.rotateBox, this.spotInfo, this.followerBox, this.followerRow, this.counts);
  }

  // ---------------------------------------------------------------- the interface

  /**
   * Show `message` (a state message); `live`: the seat may act (false in replays);
   * `since`: the ply of the seat's last decision (what the others did after is marked).
   * @param {StateMessage} message
   * @param {Partial<UpdateOptions>} [options]
   */
  update(message, { live = true, since = null } = {}) {
    const first = !this.message;
    this.message = message;
    this.live = live;
    this.busy = false;
    const view = message.view;
    const mine = this.live && message.status === "playing" && message.seat !== null &&
      message.to_move === message.seat;
    const moves = mine ? (message.moves || []).map(readMove) : [];
    this.places = moves.filter((m) => m.kind === "Place");
    // a Place move read (readMove) holds its tile, square and rotation: the kit's Placement
    this.placing.update(/** @type {import("/static/kit/tile-board.js").Placement[]} */ (/** @type {unknown} */ (this.places)), view.turns);
    this.deploys = moves.filter((m) => m.kind === "Deploy");
    this.removes = moves.filter((m) => m.kind === "Remove");
    this.passMove = moves.find((m) => m.kind === "Pass") || null;
    this.drawTiles(view);
    const marks = this.sinceMarks(message, since);
    const fresh = this.freshPlies(message, marks);
    this.drawMarks(view, marks, fresh);
    this.drawSpots();
    this.drawFollowers(view);
    this.arrive(marks.filter((m) => fresh.includes(m.ply)));
    this.drawHints();
    if (this.picked && live) this.picked = this.stillPicked(message);
    this.drawPick();
    this.drawTargets(view);
    this.drawPanel(view);
    this.ctx.map.classList.toggle("busy", false);
    this.ctx.map.dataset.phase = moves.length ? (this.places.length ? "place" : "follower") : "wait";
    if (first || this.map.autoFit) this.map.applyView();
  }

  /** The shell calls this when an action was refused: the board may be used again. */
  settle() {
    this.busy = false;
    this.ctx.map.classList.remove("busy");
  }


  /**
   * What the player list shows under a seat's name.
   * @param {StateMessage} message
   * @param {number} seat
   */
  seatExtras(message, seat) {
    const view = message.view;
    const box = h("div.seat-extras");
    const supply = view.supply[seat];
    const onMap = view.followers.filter((/** @type {{ seat: any; }} */ f) => f.seat === seat).length;
    const meeples = s("svg", { class: "supply-icons", viewBox: `0 0 ${20 * (supply + onMap)} 22`, width: 13 * (supply + onMap), height: 15, "aria-hidden": "true" });
    for (let i = 0; i < supply + onMap; i++) {
      meeples.append(s("use", {
        href: "#meeple", transform: `translate(${10 + 20 * i} 11) scale(0.6)`,
        fill: i < supply ? seatColour(seat) : "none", stroke: i < supply ? "#222" : "#888", "stroke-width": 1.6,
      }));
    }
    box.append(h("span.supply", { title: t("{supply} in supply, {onMap} on the map", { supply, onMap }), dataset: { testid: `supply-${seat}` } },
      meeples, h("span.sr-only", { text: tn("{n} follower in supply, {onMap} on the map", "{n} followers in supply, {onMap} on the map", supply, { onMap }) })));
    const hand = view.hands[seat];
    if (hand && hand.count) {
      const tiles = hand.tiles
        ? hand.tiles.map((/** @type {any} */ id) => miniTile(/** @type {Design} */ (this.designs.get(id)), 0, 24, t("tile {id}", { id })))
        : Array.from({ length: hand.count }, () => h("span.tile-back", { title: t("a tile (hidden)") }));
      box.append(h("span.seat-hand", { title: t("tiles in hand") }, tiles));
    }
    return box;
  }

  /**
   * @param {StateMessage} message
   */
  status(message) {
    const view = message.view;
    if (message.status === "finished") return t("Game over");
    const mover = message.to_move;
    if (mover === null || mover === undefined) return "";
    const name = this.ctx.seatName(mover);
    const mine = message.seat === mover && this.live;
    if (view.phase === "place") return mine ? t("Your turn: place your tile") : t("{name} is placing a tile", { name });
    if (view.phase === "follower") return mine ? t("Your turn: follower or pass") : t("{name} is choosing a follower move", { name });
    return t("{name} to move", { name });
  }

  /**
   * The first-game guide's tip for the seat to decide now (the play page asks only then):
   * what to click and why, from what this seat sees (its own tiles, the followers, the
   * placements that close a territory: the view's `closes`).
   * @param {StateMessage} message
   */
  guide(message) {
    const view = message.view;
    const moves = (message.moves || []).map(readMove);
    if (message.status !== "playing" || !moves.length) return null;
    if (view.phase === "place") return this.placeTip(message);
    if (view.phase === "follower") return this.followerTip(message, moves);
    return null;
  }

  /**
   * @param {StateMessage} message
   */
  placeTip(message) {
    const view = message.view;
    const seat = /** @type {number} */ (message.seat); // the tips are for the seat to move
    const hand = view.hands[seat] && view.hands[seat].tiles ? view.hands[seat].tiles : [];
    const close = this.closing(view);
    if (close) {
      const { follower: f, place } = close;
      const tile = hand.length > 1 ? t("Your tile {design}", { design: place.design }) : t("Your tile");
      return (WORDS[f.terrain] || WORDS.sea).canClose(tile);
    }
    if (hand.length > 1) {
      return t("Choose one of your {n} tiles, turn it (R) and click an orange square, where every edge matches the terrain it touches. Then you may put a follower on it.", { n: hand.length });
    }
    if (!view.supply[seat]) {
      return t("Place your tile: turn it (R) and click an orange square. All your followers are out: lay it where it grows or closes their territories, since closed ones score more.");
    }
    return t("Place your tile: turn it (R) and click an orange square, where every edge matches the terrain it touches. Then you may put a follower on it to claim its territory.");
  }

  /**
   * @param {StateMessage} message
   * @param {Read[]} moves
   */
  followerTip(message, moves) {
    const view = message.view;
    const seat = /** @type {number} */ (message.seat); // the tips are for the seat to move
    const deploys = moves.filter((m) => m.kind === "Deploy");
    const removes = moves.filter((m) => m.kind === "Remove")
      .map((m) => view.followers.find((/** @type {{ x: any; y: any; region: any; }} */ f) => f.x === m.x && f.y === m.y && f.region === m.region))
      .filter(Boolean);
    // a complete territory is worth more now than at the final scoring
    const ripe = removes.filter((/** @type {{ complete: any; value_now: number; value_final: number; }} */ f) => f.complete && f.value_now > f.value_final)
      .sort((/** @type {{ value_now: number; value_final: number; }} */ a, /** @type {{ value_now: number; value_final: number; }} */ b) => (b.value_now - b.value_final) - (a.value_now - a.value_final))[0];
    if (ripe) {
      return (WORDS[ripe.terrain] || WORDS.sea).ripe(ripe.value_now, ripe.value_final);
    }
    if (deploys.length) {
      const left = view.supply[seat];
      return t("Deploy a follower: click a + on your new tile ({left} in supply). Taken back later, it scores its territory: a grassland by its tiles, a mountain or sea by its port cities. Or pass.", { left });
    }
    if (removes.length) {
      return view.supply[seat]
        ? t("You cannot deploy: every territory of the new tile already has a follower. Take one of yours back (orange ring) to score its badge, or pass to let its territory grow.")
        : t("All your followers are on the map. Take one back (click its orange ring) to score its badge and use it again, or pass to let its territory grow.");
    }
    return t("No follower move is possible: every territory of the new tile already has a follower. Click Pass (or press P).");
  }

  /**
   * The first of the view's `closes` (the server's placements of this seat's tile that
   * complete a territory of 3 tiles or more of one of its followers) with that follower as
   * the view lists it: {follower, place}, or null.
   * @param {View} view
   */
  closing(view) {
    for (const place of view.closes || []) {
      const at = place.follower;
      const follower = view.followers.find((/** @type {{ x: any; y: any; region: any; }} */ f) => f.x === at.x && f.y === at.y && f.region === at.region);
      if (follower) return { follower, place };
    }
    return null;
  }

  /**
   * Log entries as readable text (same order), naming tiles and followers by what they
   * show; a click on the entry shows where (showMove).
   * @param {LogEntry[]} log
   * @param {StateMessage} message
   */
  describeLog(log, message) {
    return log.map((/** @type {any} */ entry) => this.describe(entry, message));
  }

  /**
   * @param {any} entry
   * @param {StateMessage} message
   */
  describe(entry, message) {
    const move = readMove(entry);
    switch (move.kind) {
      case "Place": {
        const tile = this.tileWords(move.design);
        return Math.abs(move.x) + Math.abs(move.y) === 1 ? t("laid {tile} by the start tile", { tile }) : t("laid {tile}", { tile });
      }
      case "Deploy": {
        const placed = placeBefore(message.log, entry.ply);
        const region = placed && this.region(placed.design, move.region);
        return region ? WORDS[region.terrain].deployed : t("deployed a follower on the new tile");
      }
      case "Remove": {
        const tile = tileAt(message.view, move.x, move.y);
        const region = tile && this.region(tile.design, move.region);
        return region ? WORDS[region.terrain].tookBack : t("took back a follower");
      }
      case "Pass": return t("no follower move");
      case "Draw": return move.design === null ? t("drew a tile") : t("drew tile {design}", { design: move.design });
      case "SetAside": return t("tile {design} set aside", { design: move.design });
      default: return say(entry.says || entry.text);
    }
  }

  /**
   * @param {string} designId
   * @param {number} index
   */
  region(designId, index) {
    const design = this.designs.get(designId);
    return design ? design.regions[index] : null;
  }

  /**
   * A tile by its terrains, the largest first: "a sea and grassland tile".
   * @param {any} designId
   */
  tileWords(designId) {
    const design = this.designs.get(designId);
    if (!design) return t("tile {id}", { id: designId });
    const edges = new Map();
    for (const region of design.regions) {
      edges.set(region.terrain, (edges.get(region.terrain) || 0) + regionEdges(region).length);
    }
    const terrains = [...edges.keys()].sort((a, b) => edges.get(b) - edges.get(a));
    return t("a {terrains} tile", { terrains: LIST.format(terrains.map((name) => WORDS[name].terrain)) });
  }

  // ---------------------------------------------------------------- following the moves

  /**
   * Show on the map where log entry `entry` acted (null: clear); false when it did not.
   * @param {any} entry
   * @param {StateMessage} message
   */
  showMove(entry, message) {
    this.picked = entry ? this.touched(entry, message) : null;
    this.drawPick();
    if (this.picked) this.reveal(this.picked);
    return Boolean(this.picked);
  }

  /**
   * Where a log entry acted on the map, or null (a pass, a draw): {ply, seat, text, kind, x,
   * y, region, design, rotation}; kind "tile" (laid), "follower" (deployed: on the tile
   * placed just before) or "taken" (taken back from there).
   * @param {any} entry
   * @param {StateMessage} message
   */
  touched(entry, message) {
    const base = { ply: entry.ply, seat: entry.seat, text: entry.text };
    const move = readMove(entry);
    if (move.kind === "Place") return { ...base, kind: "tile", x: move.x, y: move.y, design: move.design, rotation: move.rotation };
    if (move.kind === "Deploy") {
      const placed = placeBefore(message.log, entry.ply);
      return placed && { ...base, kind: "follower", x: placed.x, y: placed.y, region: move.region, design: placed.design, rotation: placed.rotation };
    }
    if (move.kind !== "Remove") return null;
    const tile = tileAt(message.view, move.x, move.y);
    return { ...base, kind: "taken", x: move.x, y: move.y, region: move.region, design: tile && tile.design, rotation: tile && tile.rotation };
  }

  /**
   * The moves marked on the map: live, the others' moves after `since` (or, without it,
   * the newest); in a replay, the newest move.
   * @param {StateMessage} message
   * @param {number | null | undefined} since
   */
  sinceMarks(message, since) {
    const log = message.log || [];
    const marks = [];
    for (let k = log.length - 1; k >= 0; k--) {
      const entry = log[k];
      if (this.live && since !== null && since !== undefined && entry.ply <= since) break;
      if (entry.seat === null || entry.seat === undefined || (this.live && entry.seat === message.seat)) continue;
      const mark = this.touched(entry, message);
      if (!mark) continue;
      marks.unshift(mark);
      if (!this.live || since === null || since === undefined) break;
    }
    return marks;
  }

  /**
   * The plies of the marks to animate, oldest first: the others' moves (a bot's, an
   * automaton's or a person's) that first show now, once, not again at a redraw; at the
   * first drawing, the newest alone. The last of them is another seat's newest move.
   * @param {StateMessage} message
   * @param {any[]} marks
   */
  freshPlies(message, marks) {
    const seen = this.seenPly;
    this.seenPly = this.live ? message.ply : null;
    if (!this.live || !marks.length) return [];
    if (seen === null) return [marks[marks.length - 1].ply];
    return marks.filter((/** @type {{ ply: number; }} */ m) => m.ply > seen).map((/** @type {{ ply: any; }} */ m) => m.ply);
  }

  /**
   * The pieces of the moves `marks` (those first shown now) arrive: a tile laid slides onto
   * its square, a follower deployed appears (as its tile lands, when both are new). The
   * animations last var(--follow-ms); none under prefers-reduced-motion (board.css).
   * @param {any[]} marks
   */
  arrive(marks) {
    for (const mark of marks) {
      const el = mark.kind === "tile"
        ? this.layers.tiles.querySelector(`.tile[data-x="${mark.x}"][data-y="${mark.y}"]`)
        : mark.kind === "follower"
          ? this.layers.followers.querySelector(`.follower[data-x="${mark.x}"][data-y="${mark.y}"][data-region="${mark.region}"]`)
          : null;
      if (!el) continue;
      el.classList.add("arriving");
      el.addEventListener("animationend", () => el.classList.remove("arriving"), { once: true });
    }
  }

  /**
   * A mark on what `mark` touched: the tile's square, or a ring where the follower stands
   * (or stood).
   * @param {any} mark
   * @param {string} cls
   * @param {any} label
   */
  markEl(mark, cls, label) {
    const colour = seatColour(mark.seat ?? 0);
    const attrs = {
      class: `${cls} ${mark.kind}-mark`, style: `--seat:${colour}`,
      "data-testid": cls, "data-ply": mark.ply, "data-seat": mark.seat, "data-x": mark.x, "data-y": mark.y,
    };
    const pick = cls === "log-pick"; // drawn around the since-mark, so both show
    const tag = SAFE && !pick && mark.seat !== null && mark.seat !== undefined;
    if (mark.kind === "tile") {
      const box = { x: mark.x * S + (pick ? -3 : 4), y: mark.y * S + (pick ? -3 : 4), width: pick ? S + 6 : S - 8, height: pick ? S + 6 : S - 8 };
      return s("g", attrs, svgTitle(label),
        s("rect", { class: "mark-halo", ...box }),
        s("rect", { class: "mark-line", ...box }),
        tag ? seatTag(mark.seat, box.x + 11, box.y + 11) : null);
    }
    const [cx, cy] = this.anchorOf(mark);
    const ring = s("g", { class: "grow" },
      s("circle", { class: "mark-halo", r: pick ? 31 : 25 }),
      s("circle", { class: "mark-line", r: pick ? 31 : 25 }));
    if (mark.kind === "taken" && cls === "since-mark") {
      ring.append(s("use", { href: "#meeple", class: "meeple-gone", stroke: colour }));
    }
    // a follower deployed shows its own number; one taken back leaves its number here
    if (tag && mark.kind === "taken") ring.append(seatTag(mark.seat, -20, -20));
    return s("g", { ...attrs, "data-region": mark.region, transform: `translate(${cx} ${cy})` }, svgTitle(label), ring);
  }

  /**
   * Where a follower of `mark` stands on its tile, in map units (the square's centre when the
   * tile is not known).
   * @param {any} mark
   */
  anchorOf(mark) {
    const tile = tileAt(this.shown.view, mark.x, mark.y);
    const design = this.designs.get(tile ? tile.design : mark.design);
    const rotation = tile ? tile.rotation : mark.rotation;
    const [u, v] = design ? tileGeometry(design, rotation || 0).anchors[mark.region] : [0.5, 0.5];
    return [(mark.x + u) * S, (mark.y + v) * S];
  }

  /**
   * What a mark says when hovered: "greedy laid this tile".
   * @param {any} mark
   */
  markLabel(mark) {
    const who = mark.seat === null || mark.seat === undefined ? "" : this.ctx.seatName(mark.seat);
    if (mark.kind === "tile") return t("{who} laid this tile", { who }).trim();
    const region = this.region(mark.design, mark.region);
    if (!region) return mark.kind === "follower" ? t("{who} deployed this follower", { who }).trim() : t("{who} took back a follower from here", { who }).trim();
    const words = WORDS[region.terrain];
    return (mark.kind === "follower" ? words.deployedThis(who) : words.tookBackHere(who)).trim();
  }

  /**
   * The pick again on a new live message; gone when its move was undone.
   * @param {StateMessage} message
   */
  stillPicked(message) {
    const log = message.log || [];
    const entry = log.find((/** @type {{ ply: any; }} */ e) => e.ply === this.picked.ply);
    if (entry) return entry.text === this.picked.text ? this.touched(entry, message) : null;
    return log.length && log[log.length - 1].ply < this.picked.ply ? null : this.picked;
  }

  drawPick() {
    const layer = this.layers.pick;
    layer.replaceChildren();
    if (this.picked && this.message) layer.append(this.markEl(this.picked, "log-pick", this.markLabel(this.picked)));
  }

  // ---------------------------------------------------------------- moves not made

  /**
   * Draw moves not made on the map (the hint; in an analysis's replay the move played and
   * the bot's best): `marks` [{move: {text, kind, fields, says}, role}], kept over updates
   * until showHint([]).
   * @param {any[]} marks
   */
  showHint(marks) {
    this.hints = marks;
    this.drawHints();
  }

  drawHints() {
    const layer = this.layers.hints;
    layer.replaceChildren();
    if (!this.message) return;
    for (const { move, role } of this.hints) layer.append(this.hintEl(readMove(move), role));
  }

  /**
   * A move not made, as a `[data-testid="hint-mark"]` with its `data-role`: a placement as
   * its tile on its square, turned as it would lie, in an outline; a follower deployed as a
   * faint follower of the seat to move in a ring, on its region of the tile just placed; one
   * taken back as a ring round it with an arrow up; anything else (a pass) as its words on
   * a label over the tile just placed.
   * @param {Read} move
   * @param {string} role
   */
  hintEl(move, role) {
    const view = this.shown.view;
    const label = `${HINT_ROLES[role] || role}: ${say(move.says || move.text)}`;
    const attrs = { class: `hint-mark ${role}`, "data-testid": "hint-mark", "data-role": role, "data-kind": move.kind };
    if (move.kind === "Place") {
      return s("g", { ...attrs, "data-x": move.x, "data-y": move.y, "data-rotation": move.rotation }, svgTitle(label),
        this.tileGroup(move.design, move.rotation, move.x, move.y, { cls: "tile hint-tile" }),
        s("rect", { class: "hint-halo", x: move.x * S + 3, y: move.y * S + 3, width: S - 6, height: S - 6, rx: 6 }),
        s("rect", { class: "hint-line", x: move.x * S + 3, y: move.y * S + 3, width: S - 6, height: S - 6, rx: 6 }));
    }
    const seat = this.shown.to_move ?? this.shown.seat ?? 0;
    const where = move.kind === "Remove" ? move : view.just_placed;
    if ((move.kind === "Deploy" || move.kind === "Remove") && where) {
      const [cx, cy] = this.anchorOf({ x: where.x, y: where.y, region: move.region });
      const ring = s("g", { class: "grow" },
        s("circle", { class: "hint-halo", r: 27 }),
        s("circle", { class: "hint-line", r: 27 }));
      if (move.kind === "Deploy") {
        ring.prepend(s("use", { href: "#meeple", class: "hint-meeple", fill: seatColour(seat) }));
      } else {
        ring.append(s("path", { class: "hint-halo", d: "M0 -30 V-46 M-7 -39 L0 -46 L7 -39" }),
          s("path", { class: "hint-line hint-arrow", d: "M0 -30 V-46 M-7 -39 L0 -46 L7 -39" }));
      }
      return s("g", { ...attrs, "data-x": where.x, "data-y": where.y, "data-region": move.region, transform: `translate(${cx} ${cy})` },
        svgTitle(label), ring);
    }
    // a pass (or any other move): its words over the tile just placed, or the start tile
    const at = view.just_placed || { x: 0, y: 0 };
    const words = move.kind === "Pass" ? t("pass") : say(move.says || move.text);
    const width = 16 + 8.5 * [...words].length;
    return s("g", { ...attrs, "data-x": at.x, "data-y": at.y, transform: `translate(${(at.x + 0.5) * S} ${(at.y + 0.5) * S})` },
      svgTitle(label),
      s("g", { class: "grow" },
        s("rect", { class: "hint-label", x: -width / 2, y: -14, width, height: 28, rx: 14 }),
        s("text", { class: "hint-words", y: 5.5, "text-anchor": "middle", text: words })));
  }

  /**
   * Pan the map to `mark`'s square when it is out of view.
   * @param {any} mark
   */
  reveal(mark) {
    const box = this.svg.viewBox.baseVal;
    if (!box || !box.width) return;
    const cx = (mark.x + 0.5) * S;
    const cy = (mark.y + 0.5) * S;
    const margin = Math.min(S / 2, box.width / 4, box.height / 4);
    if (cx > box.x + margin && cx < box.x + box.width - margin && cy > box.y + margin && cy < box.y + box.height - margin) return;
    this.map.autoFit = false;
    this.map.view.cx = cx;
    this.map.view.cy = cy;
    this.map.applyView();
  }

  // ---------------------------------------------------------------- selection and actions

  myHand() {
    const view = this.shown.view;
    const hand = view.hands[/** @type {number} */ (this.shown.seat)];
    return hand && hand.tiles ? hand.tiles : [];
  }

  /**
   * @param {string} design the design's id
   */
  select(design) {
    if (this.placing.select(design)) this.redrawPlacing();
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
    this.drawSpots();
    this.drawPanel(this.shown.view);
  }

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

  pass() {
    if (this.passMove) this.act(this.passMove.text);
  }

  /**
   * @param {KeyboardEvent} ev
   */
  onKey(ev) {
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const target = /** @type {HTMLElement | null} */ (ev.target);
    if (target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.tagName === "SELECT" || target.isContentEditable)) return;
    const key = ev.key.toLowerCase();
    if (key === "r" && this.places.length) {
      this.rotate(ev.shiftKey ? -1 : 1);
      ev.preventDefault();
    } else if (key === "p" && this.passMove) {
      this.pass();
      ev.preventDefault();
    } else if (this.map.onKey(key)) {
      // the map's keys: F fits, + and - zoom
    } else if ((key === "1" || key === "2") && this.places.length) {
      const hand = this.myHand();
      const design = hand[Number(key) - 1];
      if (design) this.select(design);
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
    const design = /** @type {Design} */ (this.designs.get(designId));
    // the body apart from the square it stands on, so that it can slide in (arrive)
    const body = s("g", { class: "tile-body" });
    const g = s("g", { class: cls, transform: `translate(${x * S} ${y * S})` }, body);
    if (!design) {
      body.append(s("rect", { width: S, height: S, fill: "#ccc" }));
      return g;
    }
    const geo = tileGeometry(design, rotation);
    if (title) g.prepend(svgTitle(title));
    for (const shape of geo.shapes) {
      const terrain = design.regions[shape.region].terrain;
      const colour = TERRAIN[terrain].fill;
      body.append(shapeEl(shape, { fill: colour, stroke: colour, "stroke-width": 0.8 }));
      body.append(shapeEl(shape, { fill: `url(#tex-${terrain})`, stroke: "none" }));
    }
    (design.cities || []).forEach(([land, sea], k) => {
      const [u, v] = /** @type {number[]} */ (geo.cities[k]);
      body.append(cityEl(u * S, v * S, (WORDS[design.regions[land].terrain] || WORDS.sea).city));
    });
    body.append(s("rect", { class: "tile-border", width: S, height: S }));
    return g;
  }

  /**
   * @param {View} view
   */
  drawTiles(view) {
    this.map.drawTiles(view.map, (/** @type {Tile} */ t) => {
      const start = t.x === 0 && t.y === 0 && t.design === this.ctx.components.start;
      return this.tileGroup(t.design, t.rotation, t.x, t.y, {
        title: tileTitle(t, start),
      });
    });
  }

  /**
   * The last tile placed (pink, unless marked as another's move) and the marks of `marks`;
   * the newest of `fresh` (the plies first shown now) flashes.
   * @param {View} view
   * @param {any[]} marks
   * @param {number[]} fresh
   */
  drawMarks(view, marks, fresh) {
    const layer = this.layers.marks;
    layer.replaceChildren();
    const last = view.just_placed || (view.map.length > 1 ? view.map[view.map.length - 1] : null);
    if (last && !marks.some((/** @type {{ kind: string; x: any; y: any; }} */ m) => m.kind === "tile" && m.x === last.x && m.y === last.y)) {
      layer.append(s("rect", { class: "last-placed-halo", x: last.x * S, y: last.y * S, width: S, height: S }));
      layer.append(s("rect", { class: "last-placed", x: last.x * S + 2, y: last.y * S + 2, width: S - 4, height: S - 4 },
        svgTitle(t("the last tile placed"))));
    }
    const newest = fresh[fresh.length - 1];
    for (const mark of marks) {
      const el = this.markEl(mark, "since-mark", this.markLabel(mark));
      if (mark.ply === newest) el.classList.add("fresh");
      layer.append(el);
    }
  }

  drawSpots() {
    this.map.drawSpots(this.placing, this.live);
  }

  /**
   * @param {View} view
   */
  drawFollowers(view) {
    const layer = this.layers.followers;
    layer.replaceChildren();
    const mapAt = new Map(view.map.map((/** @type {Tile} */ t) => [`${t.x},${t.y}`, t]));
    const removable = new Map(this.removes.map((r) => [`${r.x},${r.y}/${r.region}`, r]));
    for (const f of view.followers) {
      const tile = mapAt.get(`${f.x},${f.y}`);
      if (!tile) continue;
      const geo = tileGeometry(/** @type {Design} */ (this.designs.get(tile.design)), tile.rotation);
      const [u, v] = geo.anchors[f.region];
      const cx = (f.x + u) * S;
      const cy = (f.y + v) * S;
      const remove = removable.get(`${f.x},${f.y}/${f.region}`);
      const words = WORDS[f.terrain] || WORDS.sea;
      const state = f.complete ? t("complete") : tn("open ({n} open edge)", "open ({n} open edges)", f.open_edges);
      const who = `${this.ctx.seatName(f.seat)} (${seatColourName(f.seat)})`;
      const title = [
        t("{standing}, {state}.", { standing: words.standing(who, f.tiles), state }),
        t("Worth {now} if taken back now; {final} at the final scoring.", { now: f.value_now, final: f.value_final }),
        remove ? t("Click to take it back and score.") : "",
      ].filter(Boolean).join(" ");
      const g = s("g", {
        class: `follower${remove ? " removable" : ""}`, transform: `translate(${cx} ${cy})`,
        "data-seat": f.seat, "data-x": f.x, "data-y": f.y, "data-region": f.region,
        "data-value-now": f.value_now, "data-value-final": f.value_final,
      }, svgTitle(title));
      const inner = s("g", { class: "grow" });
      if (remove) {
        g.setAttribute("tabindex", "0");
        g.setAttribute("role", "button");
        g.setAttribute("aria-label", words.takeBack(f.x, f.y, f.value_now));
        g.dataset.action = remove.text;
        g.dataset.testid = "remove";
        inner.append(s("circle", { class: "remove-ring", r: 24 }));
        g.addEventListener("click", () => this.act(remove.text));
        g.addEventListener("keydown", (/** @type {KeyboardEvent} */ ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); this.act(remove.text); } });
      }
      inner.append(s("use", { href: "#meeple", class: "meeple-shadow", transform: "translate(1.5 2.5)" }));
      inner.append(s("use", { href: "#meeple", class: "meeple", fill: seatColour(f.seat) }));
      if (SAFE) {
        // the seat's number on the follower's body, as the player list numbers the seats
        inner.append(s("text", {
          class: "seat-number", y: 6.5, "text-anchor": "middle", fill: seatInk(f.seat),
          "data-testid": "seat-number", text: String(f.seat + 1),
        }));
      }
      const badge = s("g", { class: `value-badge${f.complete ? " complete" : ""}`, transform: "translate(16 -14)" },
        s("circle", { r: 11 }),
        s("text", { y: 5, "text-anchor": "middle", text: String(f.value_now) }));
      inner.append(badge);
      g.append(s("g", { class: "appear" }, inner)); // what appears when it arrives
      layer.append(g);
    }
  }

  /**
   * @param {View} view
   */
  drawTargets(view) {
    const layer = this.layers.targets;
    layer.replaceChildren();
    if (!this.deploys.length || !view.just_placed) return;
    const { x, y } = view.just_placed;
    const tile = view.map.find((/** @type {Tile} */ t) => t.x === x && t.y === y);
    if (!tile) return;
    const design = /** @type {Design} */ (this.designs.get(tile.design));
    const geo = tileGeometry(design, tile.rotation);
    // the deployments are the moves of the seat shown: it holds a seat
    const seat = /** @type {number} */ (this.shown.seat);
    const group = s("g", { transform: `translate(${x * S} ${y * S})` });
    for (const d of this.deploys) {
      const region = design.regions[d.region];
      const label = WORDS[region.terrain].deployOn(sides(region, tile.rotation));
      const area = s("g", { class: "deploy-region", "data-region": d.region }, svgTitle(label));
      for (const shape of geo.shapes) if (shape.region === d.region) area.append(shapeEl(shape, {}));
      area.addEventListener("click", () => this.act(d.text));
      const [u, v] = geo.anchors[d.region];
      const marker = s("g", {
        class: "deploy-target", transform: `translate(${u * S} ${v * S})`, tabindex: 0, role: "button",
        "aria-label": label, "data-action": d.text, "data-testid": "deploy", "data-region": d.region,
      }, svgTitle(label),
      s("g", { class: "grow" },
        s("circle", { r: 15, fill: seatColour(seat) }),
        s("path", { d: "M-7 0 H7 M0 -7 V7", stroke: seatInk(seat), "stroke-width": 3.2, "stroke-linecap": "round" })));
      marker.addEventListener("click", () => this.act(d.text));
      marker.addEventListener("keydown", (/** @type {KeyboardEvent} */ ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); this.act(d.text); } });
      area.addEventListener("pointerenter", () => marker.classList.add("hover"));
      area.addEventListener("pointerleave", () => marker.classList.remove("hover"));
      group.append(area, marker);
    }
    layer.append(group);
  }

  // ---------------------------------------------------------------- drawing the panel

  /**
   * A follower-step button; hovering it highlights its marker on the map.
   * @param {any} action
   * @param {string} kind
   * @param {any} label
   * @param {any} colour
   * @param {any} text
   * @param {string} detail
   */
  choiceButton(action, kind, label, colour, text, detail) {
    const marker = () => this.svg.querySelector(`[data-action="${action}"]`);
    return h(`button.choice.${kind}`, {
      type: "button", dataset: { action }, "aria-label": label,
      on: {
        click: () => this.act(action),
        pointerenter: () => { const m = marker(); if (m) m.classList.add("hover"); },
        pointerleave: () => { const m = marker(); if (m) m.classList.remove("hover"); },
        focus: () => { const m = marker(); if (m) m.classList.add("hover"); },
        blur: () => { const m = marker(); if (m) m.classList.remove("hover"); },
      },
    }, h("span.choice-dot", { style: `background:${colour}` }),
    h("span.choice-text", text, h("small", { text: detail })));
  }

  /**
   * @param {View} view
   */
  drawPanel(view) {
    const msg = /** @type {StateMessage} */ (this.message);
    const mine = this.live && msg.status === "playing" && msg.seat !== null && msg.to_move === msg.seat;
    const placing = mine && this.places.length > 0;
    const follower = mine && !placing && (this.deploys.length || this.removes.length || this.passMove);
    this.ctx.panel.dataset.state = placing ? "place" : follower ? "follower" : "wait";

    // the prompt
    if (!this.live) {
      this.prompt.textContent = t("Replay: the map as it was then.");
    } else if (msg.status === "finished") {
      this.prompt.textContent = t("The game is over: every follower left on the map has scored.");
    } else if (placing) {
      this.prompt.textContent = this.myHand().length > 1
        ? t("Choose a tile, turn it, and click a highlighted square to place it.")
        : t("Turn your tile and click a highlighted square to place it.");
    } else if (follower) {
      const deploy = this.deploys.length > 0;
      const remove = this.removes.length > 0;
      this.prompt.textContent = deploy && remove
        ? t("You may put a follower on the new tile (+) or take one back to score (ringed), or pass.")
        : deploy ? t("You may put a follower on the new tile (+), or pass.")
          : remove ? t("You may take one back to score (ringed), or pass.") : t("No follower move is possible: pass.");
    } else if (msg.to_move !== null && msg.to_move !== undefined) {
      const name = this.ctx.seatName(msg.to_move);
      this.prompt.textContent = view.phase === "place" ? t("{name} is placing a tile…", { name }) : t("{name} may move a follower…", { name });
    } else {
      this.prompt.textContent = "";
    }

    // the hand: mine when placing; otherwise the tile(s) of the seat to move
    const items = [];
    if (placing) {
      const hand = this.myHand();
      hand.forEach((/** @type {string} */ id, /** @type {number} */ k) => {
        const selected = id === this.placing.sel.design;
        const rotation = selected ? this.placing.sel.rotation : this.placing.rotations.get(id) || 0;
        const fits = this.places.some((p) => p.design === id);
        const button = h("button.hand-tile", {
          type: "button", "aria-pressed": selected ? "true" : "false", disabled: !fits,
          "aria-label": handTileLabel(id, hand.length > 1 ? k + 1 : null, selected),
          title: hand.length > 1 ? t("tile {id}: press {key} to choose it", { id, key: k + 1 }) : t("tile {id}", { id }),
          dataset: { design: id, testid: "hand-tile" }, on: { click: () => this.select(id) },
        }, miniTile(/** @type {Design} */ (this.designs.get(id)), rotation, 84), h("span.hand-label", { text: `${id}` }));
        items.push(button);
      });
    } else if (msg.status === "playing" && msg.to_move !== null && msg.to_move !== undefined) {
      const hand = view.hands[msg.to_move];
      if (hand && hand.tiles && hand.tiles.length) {
        items.push(...hand.tiles.map((/** @type {any} */ id) => h("div.hand-tile.passive", { title: t("{name}'s tile {id}", { name: this.ctx.seatName(/** @type {number} */ (msg.to_move)), id }) },
          miniTile(/** @type {Design} */ (this.designs.get(id)), 0, 64), h("span.hand-label", { text: id }))));
      }
    }
    this.handBox.replaceChildren(...items);
    this.handBox.hidden = items.length === 0;

    this.rotateBox.hidden = !placing;
    if (placing) {
      const sel = this.placing.sel;
      const distinct = this.placing.looks(sel.design);
      this.rotateLeft.disabled = this.rotateRight.disabled = distinct < 2;
      const here = this.places.filter((p) => p.design === sel.design && p.rotation === sel.rotation);
      const squares = new Set(this.places.filter((p) => p.design === sel.design).map((p) => `${p.x},${p.y}`));
      const hereSquares = new Set(here.map((p) => `${p.x},${p.y}`));
      const other = [...squares].filter((k) => !hereSquares.has(k)).length;
      this.spotInfo.textContent = [
        other ? tn("{n} square fits turned like this; {other} more with another turn (dotted).", "{n} squares fit turned like this; {other} more with another turn (dotted).", here.length, { other })
          : tn("{n} square fits turned like this.", "{n} squares fit turned like this.", here.length),
        t("Keys: R / Shift+R turn."),
      ].join(" ");
      this.spotInfo.hidden = false;
    } else {
      this.spotInfo.hidden = true;
    }

    // the follower step: accessible buttons next to the clickable map
    const choices = [];
    if (follower) {
      const tile = view.just_placed && view.map.find((/** @type {Tile} */ t) => t.x === view.just_placed.x && t.y === view.just_placed.y);
      const design = tile && this.designs.get(tile.design);
      for (const d of this.deploys) {
        const region = design ? design.regions[d.region] : null;
        const words = region ? WORDS[region.terrain] : null;
        const where = region ? sides(region, tile.rotation) : "";
        choices.push(this.choiceButton(d.text, "deploy",
          words ? words.deployOn(where) : t("Deploy a follower on region {region} of the new tile", { region: d.region }),
          region ? TERRAIN[region.terrain].fill : "#ccc", words ? words.deployButton : t("Deploy follower"),
          ` ${words ? words.onThe(where) : t("on region {region}", { region: d.region })}`));
      }
      for (const r of this.removes) {
        const f = view.followers.find((/** @type {{ x: any; y: any; region: any; }} */ x) => x.x === r.x && x.y === r.y && x.region === r.region);
        const words = f ? WORDS[f.terrain] || WORDS.sea : null;
        const button = this.choiceButton(r.text, "remove",
          words ? words.takeBack(r.x, r.y, f.value_now) : t("Take back your follower at {x},{y}", { x: r.x, y: r.y }),
          f ? TERRAIN[f.terrain].fill : "#ccc", words ? words.takeButton : t("Take back follower"), " " + t("at {x},{y}", { x: r.x, y: r.y }));
        button.append(h("b.gain", { text: `+${f ? f.value_now : "?"}` }));
        choices.push(button);
      }
    }
    this.followerBox.replaceChildren(...choices);
    this.followerBox.hidden = choices.length === 0;
    this.followerRow.hidden = !follower;
    this.passButton.disabled = !this.passMove;

    // counts
    const countItems = [
      h("div.count", h("span.count-label", { text: t("Stack") }),
        h("b", { text: String(view.stack), dataset: { testid: "stack" } }), " ", tn("tile left", "tiles left", view.stack)),
    ];
    if (view.set_aside.length) {
      countItems.push(h("div.count", h("span.count-label", { text: t("Set aside") }),
        h("span.mini-row", view.set_aside.map((/** @type {any} */ id) => miniTile(/** @type {Design} */ (this.designs.get(id)), 0, 26, t("tile {id} (set aside)", { id }))))));
    }
    if (view.discarded.length) {
      countItems.push(h("div.count", h("span.count-label", { text: t("Discarded") }),
        h("span.mini-row", view.discarded.map((/** @type {any} */ id) => miniTile(/** @type {Design} */ (this.designs.get(id)), 0, 26, t("tile {id} (no legal placement)", { id }))))));
    }
    this.counts.replaceChildren(...countItems);
  }
}

// ------------------------------------------------------------------ the log and the map

/**
 * @param {View} view
 * @param {any} x
 * @param {any} y
 */
function tileAt(view, x, y) {
  return view.map.find((/** @type {Tile} */ t) => t.x === x && t.y === y) || null;
}

/**
 * The placement a follower move at `ply` followed (the tile it deploys on), from the log
 * (ordered by ply, possibly with gaps).
 * @param {LogEntry[]} log
 * @param {number} ply
 */
function placeBefore(log, ply) {
  let k = Math.min(log.length, ply - 1) - 1; // log[k].ply === k + 1 when no ply is missing
  while (k >= 0 && log[k].ply >= ply) k--;
  for (; k >= 0; k--) {
    if (log[k].kind === "Place") return readMove(log[k]);
  }
  return null;
}

// ------------------------------------------------------------------ small drawings

/**
 * A tile's title on the map: "tile 12 at 1,-2, turned 90° (start tile)".
 * @param {Tile} tile
 * @param {boolean} start
 */
function tileTitle(tile, start) {
  const at = { id: tile.design, x: tile.x, y: tile.y, degrees: tile.rotation * 90 };
  if (start) return tile.rotation ? t("tile {id} at {x},{y}, turned {degrees}° (start tile)", at) : t("tile {id} at {x},{y} (start tile)", at);
  return tile.rotation ? t("tile {id} at {x},{y}, turned {degrees}°", at) : t("tile {id} at {x},{y}", at);
}

/**
 * A tile of the hand, for screen readers: "Tile 12 (key 1), selected".
 * @param {string} id
 * @param {number | null} key
 * @param {boolean} selected
 */
function handTileLabel(id, key, selected) {
  if (key === null) return selected ? t("Tile {id}, selected", { id }) : t("Tile {id}", { id });
  return selected ? t("Tile {id} (key {key}), selected", { id, key }) : t("Tile {id} (key {key})", { id, key });
}


/**
 * @param {import("./geometry.js").Shape} shape
 * @param {Record<string, string | number>} attrs
 */
function shapeEl(shape, attrs) {
  if (shape.disc) {
    const [cx, cy, r] = shape.disc;
    return s("circle", { cx: cx * S, cy: cy * S, r: r * S, ...attrs });
  }
  return s("polygon", { points: /** @type {number[][]} */ (shape.points).map(([u, v]) => `${u * S},${v * S}`).join(" "), ...attrs });
}

/**
 * @param {number} cx
 * @param {number} cy
 * @param {any} title
 */
function cityEl(cx, cy, title) {
  const w = 7;
  const d = `M${cx - w},${cy - w * 0.2} L${cx},${cy - w * 1.3} L${cx + w},${cy - w * 0.2} ` +
    `L${cx + w},${cy + w} L${cx - w},${cy + w} Z`;
  return s("path", { class: "city", d }, svgTitle(title));
}

/**
 * A standalone small SVG of one tile (hand, set-aside, discarded).
 * @param {Design} design
 * @param {number | undefined} rotation
 * @param {number} size
 * @param {string} [title]
 */
export function miniTile(design, rotation, size, title) {
  const svg = s("svg", { class: "mini-tile", width: size, height: size, viewBox: `0 0 ${S} ${S}`, role: "img", "aria-label": title || t("tile {id}", { id: design ? design.id : "?" }) });
  if (title) svg.append(svgTitle(title));
  if (!design) return svg;
  const geo = tileGeometry(design, rotation);
  for (const shape of geo.shapes) {
    const colour = TERRAIN[design.regions[shape.region].terrain].fill;
    svg.append(shapeEl(shape, { fill: colour, stroke: colour, "stroke-width": 0.8 }));
  }
  if (size >= 40 || SAFE) {
    for (const shape of geo.shapes) {
      svg.append(shapeEl(shape, { fill: `url(#tex-${design.regions[shape.region].terrain})`, stroke: "none" }));
    }
  }
  (design.cities || []).forEach((_, k) => {
    const [u, v] = /** @type {number[]} */ (geo.cities[k]);
    svg.append(cityEl(u * S, v * S, t("port city")));
  });
  svg.append(s("rect", { width: S, height: S, fill: "none", stroke: "#00000040", "stroke-width": 3 }));
  return svg;
}

/**
 * The seat's number on a disc of its colour (safe colours: the marks of the others' moves).
 * @param {number} seat
 * @param {number} x
 * @param {number} y
 */
function seatTag(seat, x, y) {
  return s("g", { class: "seat-tag", transform: `translate(${x} ${y})`, "data-testid": "seat-tag" },
    s("circle", { r: 9, fill: seatColour(seat) }),
    s("text", { y: 4.5, "text-anchor": "middle", fill: seatInk(seat), text: String(seat + 1) }));
}

/**
 * A legend swatch with the terrain's colour and pattern (the patterns are the map's defs).
 * @param {string} terrain
 */
function terrainSwatch(terrain) {
  return s("svg", { class: "terrain-swatch", viewBox: "2 2 24 18", width: 22, height: 16, "aria-hidden": "true" },
    s("rect", { x: 2, y: 2, width: 24, height: 18, fill: TERRAIN[terrain].fill }),
    s("rect", { x: 2, y: 2, width: 24, height: 18, fill: `url(#tex-${terrain})` }));
}

/**
 * @param {boolean} anticlockwise
 */
function rotateIcon(anticlockwise) {
  const svg = s("svg", { class: "icon-svg", viewBox: "0 0 24 24", width: 18, height: 18, "aria-hidden": "true" });
  const path = anticlockwise ? "M6 9 A8 8 0 1 1 5 14 M6 3 V9 H12" : "M18 9 A8 8 0 1 0 19 14 M18 3 V9 H12";
  svg.append(s("path", { d: path, fill: "none", stroke: "currentColor", "stroke-width": 2.2, "stroke-linecap": "round", "stroke-linejoin": "round" }));
  return svg;
}
