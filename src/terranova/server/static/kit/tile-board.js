// @ts-check
// The board layer every tile game's board uses: the map as one SVG (drag to pan, wheel or
// two fingers to zoom, buttons +, - and fit), the squares where the selected tile may go
// (from the `place D X,Y ANGLE` actions of the state message: orange where it fits turned as
// shown, dotted where it fits only turned otherwise), a preview of the tile on the square
// under the pointer, and the choice of tile and rotation (only rotations that look
// different: the legal actions offer each look once).
//
// A game's board makes a TileMap on its map element and a Placing for its tiles, and draws
// its own tiles, pieces and panel (a board module in the game's own package, GameInfo.web).
import { h, s, svgTitle } from "../common.js";
import { number, t } from "/static/i18n.js";

const MIN_SCALE = 0.08; // screen pixels per SVG unit at size 100 (8 px a tile)
const MAX_SCALE = 2.6; // 260 px a tile
const FIT_MAX_SCALE = 1.2;

/** A tile on a square: its design's id and its rotation (quarter turns clockwise).
 * @typedef {{ design: string, x: number, y: number, rotation: number }} TilePlace */
/** A legal placement: a tile on a square and the action's text that makes it.
 * @typedef {TilePlace & { text: string }} Placement */
/** Who the pointer drags: the map (from where), or two fingers pinching (how far apart).
 * @typedef {{ x: number, y: number, cx: number, cy: number, moved: boolean, id: number, pinch?: undefined }} Drag
 * @typedef {{ pinch: number, scale: number, moved: boolean }} Pinch */
/**
 * What a game's board gives its TileMap.
 * @typedef {{
 *   map: HTMLElement, size: number, defs?: string, layers: string[], legend?: Node | null,
 *   squares: () => number[][] | null, ghost: (place: TilePlace) => SVGElement,
 *   act: (text: string) => void, turned: () => void,
 * }} TileMapOptions
 */

/** Which tile is selected and how it is turned, kept per design from turn to turn. */
export class Placing {
  /** sameAs: Map design id -> [lowest rotation looking like rotation r, for r = 0..3].
   * @param {Map<string, number[]>} sameAs */
  constructor(sameAs) {
    this.sameAs = sameAs;
    /** @type {Placement[]} */
    this.places = [];
    /** @type {{ design: string | null, rotation: number }} */
    this.sel = { design: null, rotation: 0 };
    /** @type {Map<string | null, number>} */
    this.rotations = new Map(); // design id -> rotation chosen for it
    /** @type {number | string} */
    this.selTurn = -1;
  }

  /** @param {string | null} design @param {number} rotation @returns {number} */
  canonical(design, rotation) { return /** @type {number[]} */ (this.sameAs.get(/** @type {string} */ (design)))[((rotation % 4) + 4) % 4]; }

  /** How many different looks a design has (1, 2 or 4).
   * @param {string | null} design */
  looks(design) { return new Set(this.sameAs.get(/** @type {string} */ (design))).size; }

  /** New legal placements; `turn` tells a new turn (rotations then move to squares that fit).
   * @param {Placement[]} places @param {number | string} turn */
  update(places, turn) {
    this.places = places;
    if (!places.length) return;
    const designs = [...new Set(places.map((p) => p.design))];
    const newTurn = this.selTurn !== turn;
    if (!/** @type {(string | null)[]} */ (designs).includes(this.sel.design)) this.sel.design = designs[0];
    if (newTurn) {
      this.selTurn = turn;
      for (const d of designs) this.pickRotation(d);
    }
    this.sel.rotation = this.rotations.get(this.sel.design) || 0;
  }

  /** Keep the design's rotation if it has spots there, otherwise the next one that has.
   * @param {string} design */
  pickRotation(design) {
    const start = this.rotations.get(design) || 0;
    for (let k = 0; k < 4; k++) {
      const r = this.canonical(design, start + k);
      if (this.places.some((p) => p.design === design && p.rotation === r)) {
        this.rotations.set(design, r);
        return;
      }
    }
    this.rotations.set(design, this.canonical(design, start));
  }

  /** Select a design that has legal placements; returns whether it did.
   * @param {string} design */
  select(design) {
    if (!this.places.some((p) => p.design === design)) return false;
    this.sel.design = design;
    this.sel.rotation = this.rotations.get(design) || 0;
    return true;
  }

  /** Turn the selected tile to its next different look (step 1 clockwise, -1 back).
   * @param {number} step */
  rotate(step) {
    const design = this.sel.design;
    let r = this.sel.rotation;
    for (let k = 0; k < 4; k++) {
      r = (r + step + 4) % 4;
      if (this.canonical(design, r) === r && r !== this.sel.rotation) break;
    }
    this.turnTo(this.canonical(design, r));
  }

  /** @param {number} rotation */
  turnTo(rotation) {
    this.sel.rotation = rotation;
    this.rotations.set(this.sel.design, rotation);
  }
}

export class TileMap {
  /**
   * options: {
   *   map: the element to draw in; size: SVG units per square; defs: the game's <defs> markup;
   *   layers: layer names, bottom to top (must include "spots" and "ghost"); legend: element;
   *   squares(): the [x, y] squares to fit in view, or null before there is anything to show;
   *   ghost(place): an SVG element previewing a placement;
   *   act(text): play an action; turned(): the selected rotation changed (redraw the panel).
   * }
   * @param {TileMapOptions} options
   */
  constructor(options) {
    this.options = options;
    this.S = options.size;
    this.view = { cx: 0.5 * this.S, cy: 0.5 * this.S, scale: 0.9 };
    this.autoFit = true;
    /** @type {number[][]} */
    this.spotSquares = [];
    const map = options.map;
    this.svg = /** @type {SVGSVGElement} */ (s("svg", {
      class: "map-svg", role: "application", "aria-label": t("The map: drag to pan, wheel to zoom"),
      "data-testid": "map",
    }));
    this.svg.append(this.defs());
    this.svg.append(s("rect", { class: "table", x: -1e5, y: -1e5, width: 2e5, height: 2e5, fill: "url(#table-grid)" }));
    /** @type {Record<string, SVGGElement>} */
    this.layers = {};
    for (const name of options.layers) {
      this.layers[name] = /** @type {SVGGElement} */ (s("g", { class: `layer-${name}` }));
      this.svg.append(this.layers[name]);
    }
    const zoom = h("div.map-tools", { role: "toolbar", "aria-label": t("Map view") },
      h("button.icon", { type: "button", title: t("Zoom in (+)"), "aria-label": t("Zoom in"), text: "+", on: { click: () => this.zoomBy(1.3) } }),
      h("button.icon", { type: "button", title: t("Zoom out (−)"), "aria-label": t("Zoom out"), text: "−", on: { click: () => this.zoomBy(1 / 1.3) } }),
      h("button.icon", { type: "button", title: t("Fit the map (F)"), "aria-label": t("Fit the map to the view"), on: { click: () => this.fit(true) } },
        fitIcon()));
    map.replaceChildren(this.svg, zoom, ...(options.legend ? [options.legend] : []));
    this.installPanZoom();
    this.resizer = new ResizeObserver(() => this.applyView());
    this.resizer.observe(map);
  }

  destroy() {
    this.resizer.disconnect();
  }

  /**
   * Show the laid tiles `tiles` ({x, y, design, rotation}, as a state message's map lists
   * them): a tile's element is made by `draw(tile)` (an SVG group already in place) only
   * when its square is new or its design or rotation changed; tiles no longer listed go.
   * @template {TilePlace} T
   * @param {T[]} tiles
   * @param {(tile: T) => SVGElement} draw
   */
  drawTiles(tiles, draw) {
    if (!this.tileEls) this.tileEls = new Map();
    const seen = new Set();
    for (const t of tiles) {
      const k = `${t.x},${t.y}`;
      seen.add(k);
      const old = this.tileEls.get(k);
      if (old && old.design === t.design && old.rotation === t.rotation) continue;
      if (old) old.el.remove();
      const el = draw(t);
      // the dataset keeps the numbers as strings
      el.dataset.x = /** @type {string} */ (/** @type {unknown} */ (t.x));
      el.dataset.y = /** @type {string} */ (/** @type {unknown} */ (t.y));
      el.dataset.design = t.design;
      this.layers.tiles.append(el);
      this.tileEls.set(k, { design: t.design, rotation: t.rotation, el });
    }
    for (const [k, entry] of this.tileEls) {
      if (!seen.has(k)) {
        entry.el.remove();
        this.tileEls.delete(k);
      }
    }
    this.svg.dataset.tiles = String(tiles.length);
  }

  defs() {
    const S = this.S;
    const defs = s("defs");
    defs.innerHTML = `${this.options.defs || ""}
      <pattern id="table-grid" width="${S}" height="${S}" patternUnits="userSpaceOnUse">
        <rect width="${S}" height="${S}" fill="#e8e1cf"/>
        <path d="M0 0 H${S} M0 0 V${S}" stroke="#d9d0b8" stroke-width="1.2"/></pattern>
      <filter id="lift" x="-20%" y="-20%" width="140%" height="140%">
        <feDropShadow dx="0" dy="3" stdDeviation="4" flood-color="#000" flood-opacity="0.35"/></filter>`;
    return defs;
  }

  // ---------------------------------------------------------------- pan and zoom

  installPanZoom() {
    const svg = this.svg;
    /** @type {Map<number, { x: number, y: number }>} */
    const pointers = new Map();
    /** @type {Drag | Pinch | null} */
    let drag = null;
    let suppressClick = false;
    svg.addEventListener("pointerdown", (ev) => {
      if (ev.button !== 0 && ev.pointerType === "mouse") return;
      pointers.set(ev.pointerId, { x: ev.clientX, y: ev.clientY });
      suppressClick = false;
      if (pointers.size === 1) {
        drag = { x: ev.clientX, y: ev.clientY, cx: this.view.cx, cy: this.view.cy, moved: false, id: ev.pointerId };
      } else if (pointers.size === 2) {
        const [a, b] = [...pointers.values()];
        drag = { pinch: Math.hypot(a.x - b.x, a.y - b.y), scale: this.view.scale, moved: true };
      }
    });
    svg.addEventListener("pointermove", (ev) => {
      if (!pointers.has(ev.pointerId) || !drag) return;
      pointers.set(ev.pointerId, { x: ev.clientX, y: ev.clientY });
      if (drag.pinch) {
        const [a, b] = [...pointers.values()];
        const rect = svg.getBoundingClientRect();
        const mid = { x: (a.x + b.x) / 2 - rect.left, y: (a.y + b.y) / 2 - rect.top };
        this.zoomAt(drag.scale * (Math.hypot(a.x - b.x, a.y - b.y) / drag.pinch) / this.view.scale, mid);
        return;
      }
      // not pinching: a drag of the map
      const dx = ev.clientX - /** @type {Drag} */ (drag).x;
      const dy = ev.clientY - /** @type {Drag} */ (drag).y;
      if (!drag.moved && Math.hypot(dx, dy) < 5) return;
      if (!drag.moved) {
        drag.moved = true;
        svg.classList.add("dragging");
        try { svg.setPointerCapture(ev.pointerId); } catch (err) { /* gone */ }
      }
      this.autoFit = false;
      this.view.cx = /** @type {Drag} */ (drag).cx - dx / this.view.scale;
      this.view.cy = /** @type {Drag} */ (drag).cy - dy / this.view.scale;
      this.applyView();
    });
    const end = (/** @type {PointerEvent} */ ev) => {
      pointers.delete(ev.pointerId);
      if (drag && drag.moved) suppressClick = true;
      if (pointers.size === 0) {
        drag = null;
        svg.classList.remove("dragging");
      }
    };
    svg.addEventListener("pointerup", end);
    svg.addEventListener("pointercancel", end);
    svg.addEventListener("click", (ev) => {
      if (suppressClick) {
        ev.stopPropagation();
        ev.preventDefault();
        suppressClick = false;
      }
    }, true);
    svg.addEventListener("wheel", (ev) => {
      ev.preventDefault();
      const rect = svg.getBoundingClientRect();
      const factor = Math.exp(-Math.max(-60, Math.min(60, ev.deltaY * (ev.deltaMode === 1 ? 16 : 1))) * 0.004);
      this.zoomAt(factor, { x: ev.clientX - rect.left, y: ev.clientY - rect.top });
    }, { passive: false });
  }

  /** @param {number} factor @param {{ x: number, y: number }} at */
  zoomAt(factor, at) {
    const rect = this.svg.getBoundingClientRect();
    const scale = Math.max(MIN_SCALE, Math.min(MAX_SCALE, this.view.scale * factor));
    const wx = this.view.cx + (at.x - rect.width / 2) / this.view.scale;
    const wy = this.view.cy + (at.y - rect.height / 2) / this.view.scale;
    this.view.cx = wx - (at.x - rect.width / 2) / scale;
    this.view.cy = wy - (at.y - rect.height / 2) / scale;
    this.view.scale = scale;
    this.autoFit = false;
    this.applyView();
  }

  /** @param {number} factor */
  zoomBy(factor) {
    const rect = this.svg.getBoundingClientRect();
    this.zoomAt(factor, { x: rect.width / 2, y: rect.height / 2 });
  }

  applyView() {
    const rect = this.svg.getBoundingClientRect();
    const w = Math.max(1, rect.width);
    const hgt = Math.max(1, rect.height);
    const squares = this.autoFit ? this.options.squares() : null;
    if (squares) this.computeFit(w, hgt, squares);
    const { cx, cy, scale } = this.view;
    const vw = w / scale;
    const vh = hgt / scale;
    this.svg.setAttribute("viewBox", `${cx - vw / 2} ${cy - vh / 2} ${vw} ${vh}`);
    // pieces and markers keep a readable size when the map is zoomed out
    this.svg.style.setProperty("--fs", String(Math.min(2.5, Math.max(1, 0.62 / scale))));
  }

  /** Fit the given squares and the legal spots shown.
   * @param {number} w @param {number} hgt @param {number[][]} squares */
  computeFit(w, hgt, squares) {
    const S = this.S;
    const all = [...squares, ...this.spotSquares];
    let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const [x, y] of all) {
      x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y);
    }
    if (!Number.isFinite(x0)) { x0 = 0; y0 = 0; x1 = 0; y1 = 0; }
    const margin = 0.6;
    const bw = (x1 - x0 + 1 + 2 * margin) * S;
    const bh = (y1 - y0 + 1 + 2 * margin) * S;
    const scale = Math.max(MIN_SCALE, Math.min(w / bw, hgt / bh, FIT_MAX_SCALE));
    this.view = { cx: ((x0 + x1 + 1) / 2) * S, cy: ((y0 + y1 + 1) / 2) * S, scale };
  }

  fit(userAsked = false) {
    if (userAsked) this.autoFit = true;
    this.applyView();
  }

  /** The keys of the map: F fits, + and - zoom. Returns whether the key was one of them.
   * @param {string} key */
  onKey(key) {
    if (key === "f") this.fit(true);
    else if (key === "+" || key === "=") this.zoomBy(1.3);
    else if (key === "-" || key === "_") this.zoomBy(1 / 1.3);
    else return false;
    return true;
  }

  // ---------------------------------------------------------------- legal spots and preview

  /** Highlight where the selected tile of `placing` may go (nothing when `live` is false).
   * @param {Placing} placing @param {boolean} live */
  drawSpots(placing, live) {
    const S = this.S;
    const layer = this.layers.spots;
    const ghost = this.layers.ghost;
    layer.replaceChildren();
    ghost.replaceChildren();
    this.spotSquares = [];
    if (!placing.places.length || !live) return;
    const design = placing.sel.design;
    const rotation = placing.sel.rotation;
    /** @type {Map<string, Placement>} */
    const here = new Map();
    /** @type {Map<string, Placement[]>} */
    const elsewhere = new Map();
    for (const p of placing.places) {
      if (p.design !== design) continue;
      const key = `${p.x},${p.y}`;
      this.spotSquares.push([p.x, p.y]);
      if (p.rotation === rotation) here.set(key, p);
      else {
        if (!elsewhere.has(key)) elsewhere.set(key, []);
        /** @type {Placement[]} */ (elsewhere.get(key)).push(p);
      }
    }
    for (const [key, list] of elsewhere) {
      if (here.has(key)) continue;
      const { x, y } = list[0];
      const angles = list.map((p) => `${number(p.rotation * 90)}°`).join(", ");
      const rect = s("rect", {
        class: "spot other", x: x * S + 6, y: y * S + 6, width: S - 12, height: S - 12, rx: 10,
        tabindex: 0, role: "button", "data-x": x, "data-y": y,
        "aria-label": t("The tile fits at {x},{y} turned {angles}: turn it", { x: String(x), y: String(y), angles }),
      }, svgTitle(t("fits here turned {angles}: click to turn the tile", { angles })));
      const turn = () => {
        // the next fitting rotation clockwise from the current one
        const options = list.map((p) => p.rotation);
        let r = rotation;
        for (let k = 0; k < 4; k++) {
          r = (r + 1) % 4;
          if (options.includes(r)) break;
        }
        placing.turnTo(r);
        this.options.turned();
        this.showGhost(here.get(key) || { design: /** @type {string} */ (design), x, y, rotation: r });
      };
      rect.addEventListener("click", turn);
      rect.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); turn(); } });
      layer.append(rect);
    }
    for (const [, p] of here) {
      const at = { design: p.design, x: String(p.x), y: String(p.y) };
      const label = p.rotation ? t("Place tile {design} at {x},{y} turned {angle}°", { ...at, angle: number(p.rotation * 90) })
        : t("Place tile {design} at {x},{y}", at);
      const rect = s("rect", {
        class: "spot legal", x: p.x * S + 4, y: p.y * S + 4, width: S - 8, height: S - 8, rx: 8,
        tabindex: 0, role: "button", "aria-label": label, "data-x": p.x, "data-y": p.y,
        "data-action": p.text, "data-testid": "spot",
      }, svgTitle(label));
      rect.addEventListener("pointerenter", () => this.showGhost(p));
      rect.addEventListener("focus", () => this.showGhost(p));
      rect.addEventListener("pointerleave", () => ghost.replaceChildren());
      rect.addEventListener("blur", () => ghost.replaceChildren());
      rect.addEventListener("click", () => this.options.act(p.text));
      rect.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); this.options.act(p.text); } });
      layer.append(rect);
    }
  }

  /** Show the tile of a placement on its square, lifted (the rotation preview).
   * @param {TilePlace} p */
  showGhost(p) {
    const ghost = this.layers.ghost;
    ghost.replaceChildren();
    ghost.append(this.options.ghost(p));
  }

  clearGhost() {
    this.layers.ghost.replaceChildren();
  }
}

function fitIcon() {
  const svg = s("svg", { class: "icon-svg", viewBox: "0 0 24 24", width: 18, height: 18, "aria-hidden": "true" });
  svg.append(s("path", { d: "M4 9 V4 H9 M15 4 H20 V9 M20 15 V20 H15 M9 20 H4 V15", fill: "none", stroke: "currentColor", "stroke-width": 2.2, "stroke-linecap": "round", "stroke-linejoin": "round" }));
  return svg;
}
