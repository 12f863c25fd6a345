// @ts-check
// How a tile of Small Islands is drawn from its design alone: the 8 labels of its face
// (edges N, E, S, W then corners NE, SE, SW, NW; land 0, sea 1) give a smooth coast.
//
// A field over the tile adds a bump for each of 9 points (the corners, the edges' middles
// and the centre, land when any edge is land), + for land and - for sea, each reaching half
// a tile: so the field on an edge depends only on that edge's three labels, which the tile
// across it shares, and the coasts of neighbours meet exactly. The coast is where the field
// is 0 (a sandy beach), the grass where it is over GRASS, the shallows where it is over
// SHALLOW: each traced as closed loops by marching squares (the loops run just outside the
// tile where land reaches its edge: the tile's group clips them). Symbols (resources,
// temples, house symbols: inland; ports: on the coast) are placed on the land, spread out;
// they have no place of their own in the data, only counts.
import { sameAsTable as sameAsOf } from "/static/kit/tile-shapes.js";

export const LAND = 0;
export const SEA = 1;
/** The 8 label points in unit coordinates (x east, y south): N E S W, then NE SE SW NW. */
export const LABEL_POINTS = [[0.5, 0], [1, 0.5], [0.5, 1], [0, 0.5], [1, 0], [1, 1], [0, 1], [0, 0]];
const REACH = 0.5;
const GRID = 28;
const SHALLOW = -0.42;
const GRASS = 0.34;

/**
 * A tile's design as components() gives it: its 8 labels (LAND or SEA) and how many of each
 * symbol it shows (`port`, `temple`, `flower`, `fruit`, `leaf`, `house`).
 * @typedef {{ id: string, labels: number[], symbols?: Record<string, number> }} Design
 * @typedef {{ kind: string, x: number, y: number }} Mark
 * @typedef {{ labels: number[], shallow: string, beach: string, grass: string, marks: Mark[], spare: number[][] }} Geometry
 */

/**
 * The labels turned `rotation` quarter turns clockwise (as terranova.kit.matching.turn).
 * @param {number[]} labels
 * @param {number} rotation
 * @returns {number[]}
 */
export function turnLabels(labels, rotation) {
  const r = ((rotation % 4) + 4) % 4;
  /** @type {number[]} */
  const out = new Array(8);
  for (let e = 0; e < 4; e++) out[(e + r) % 4] = labels[e];
  for (let c = 0; c < 4; c++) out[4 + ((c + r) % 4)] = labels[4 + c];
  return out;
}

/**
 * For each rotation, the lowest rotation that looks the same (the legal actions offer a
 * symmetric design at that one only).
 * @param {Design} design
 * @returns {number[]}
 */
export function sameAsTable(design) {
  return sameAsOf((/** @type {number} */ r) => turnLabels(design.labels, r).join(""));
}

/**
 * @param {number[]} labels
 * @returns {(u: number, v: number) => number}
 */
function field(labels) {
  const centreLand = labels.slice(0, 4).includes(LAND);
  const points = LABEL_POINTS.map(([x, y], k) => [x, y, labels[k] === LAND ? 1 : -1]);
  points.push([0.5, 0.5, centreLand ? 1 : -1]);
  return (u, v) => {
    let f = 0;
    for (const [x, y, sign] of points) {
      const d2 = ((u - x) ** 2 + (v - y) ** 2) / (REACH * REACH);
      if (d2 < 1) f += sign * (1 - d2) ** 2;
    }
    return f;
  };
}

/**
 * Closed loops where `f` crosses `level` over the unit square, as an SVG path (size units),
 * with a ring of "below" around the square so every loop closes.
 * @param {(u: number, v: number) => number} f
 * @param {number} level
 * @param {number} size
 * @returns {string}
 */
function contour(f, level, size) {
  const n = GRID + 3; // vertices: a padding ring, then 0..GRID, then a padding ring
  const pos = (/** @type {number} */ i) => (i === 0 ? -0.03 : i === n - 1 ? 1.03 : (i - 1) / GRID);
  /** @type {number[][]} */
  const val = [];
  for (let j = 0; j < n; j++) {
    /** @type {number[]} */
    const row = [];
    for (let i = 0; i < n; i++) {
      const pad = i === 0 || j === 0 || i === n - 1 || j === n - 1;
      row.push(pad ? -2 : f(pos(i), pos(j)) - level);
    }
    val.push(row);
  }
  // crossing point on the edge between vertex a=(i,j) and b=(i2,j2)
  /** @type {(i: number, j: number, i2: number, j2: number) => number[]} */
  const cross = (i, j, i2, j2) => {
    const a = val[j][i];
    const b = val[j2][i2];
    const t = a / (a - b);
    return [pos(i) + (pos(i2) - pos(i)) * t, pos(j) + (pos(j2) - pos(j)) * t];
  };
  /** @type {Map<string, string>} */
  const next = new Map(); // crossing key -> the next crossing along its loop
  /** @type {Map<string, number[]>} */
  const points = new Map();
  for (let j = 0; j < n - 1; j++) {
    for (let i = 0; i < n - 1; i++) {
      // the cell's corners clockwise (top-left, top-right, bottom-right, bottom-left) and
      // its edges clockwise, each from its first corner to the next
      const corners = [[i, j], [i + 1, j], [i + 1, j + 1], [i, j + 1]];
      const inside = corners.map(([ci, cj]) => val[cj][ci] > 0);
      const keys = [`h${i},${j}`, `v${i + 1},${j}`, `h${i},${j + 1}`, `v${i},${j}`];
      /** @type {{ key: string, out: boolean }[]} */
      const crossings = [];
      for (let e = 0; e < 4; e++) {
        const a = inside[e];
        const b = inside[(e + 1) % 4];
        if (a === b) continue;
        const [ai, aj] = corners[e];
        const [bi, bj] = corners[(e + 1) % 4];
        if (!points.has(keys[e])) points.set(keys[e], cross(ai, aj, bi, bj));
        crossings.push({ key: keys[e], out: a });
      }
      if (!crossings.length) continue;
      // a saddle joins its inside corners through the middle when the middle is inside
      const middle = corners.reduce((t, [ci, cj]) => t + val[cj][ci], 0) > 0;
      const m = crossings.length;
      crossings.forEach((c, k) => {
        if (!c.out) return;
        const step = m === 4 && !middle ? -1 : 1;
        for (let d = 1; d < m; d++) {
          const other = crossings[(k + step * d + m * 4) % m];
          if (!other.out) {
            next.set(c.key, other.key);
            break;
          }
        }
      });
    }
  }
  /** @type {string[]} */
  const parts = [];
  /** @type {Set<string>} */
  const done = new Set();
  for (const start of next.keys()) {
    if (done.has(start)) continue;
    /** @type {number[][]} */
    const loop = [];
    /** @type {string | undefined} */
    let k = start;
    while (k !== undefined && !done.has(k)) {
      done.add(k);
      loop.push(/** @type {number[]} */ (points.get(k)));
      k = next.get(k);
    }
    if (loop.length < 3) continue;
    parts.push(`M${loop.map(([x, y]) => `${r1(x * size)} ${r1(y * size)}`).join(" L")} Z`);
  }
  return parts.join(" ");
}

/** @param {number} x */
function r1(x) { return Math.round(x * 10) / 10; }

/** @type {Map<string, Geometry>} */
const cache = new Map();

/**
 * The drawing of `design` (a components() design: labels, symbols) turned `rotation`
 * quarter turns, at `size` units a tile: {shallow, beach, grass} SVG paths (empty strings
 * when there is none), `marks` [{kind, x, y}] in units (kinds: flower, fruit, leaf, temple,
 * house, port), `spare` [[x, y]] coast points for port tokens, and `labels` as turned.
 * @param {Design} design
 * @param {number} rotation
 * @param {number} size
 * @returns {Geometry}
 */
export function tileGeometry(design, rotation, size) {
  const key = `${design.id}/${rotation}/${size}`;
  let geo = cache.get(key);
  if (!geo) {
    geo = build(design, rotation, size);
    cache.set(key, geo);
  }
  return geo;
}

/**
 * @param {Design} design
 * @param {number} rotation
 * @param {number} size
 * @returns {Geometry}
 */
function build(design, rotation, size) {
  const labels = turnLabels(design.labels, rotation);
  const f = field(labels);
  const hasLand = labels.includes(LAND);
  /** @type {Geometry} */
  const geo = {
    labels,
    shallow: contour(f, SHALLOW, size),
    beach: hasLand ? contour(f, 0, size) : "",
    grass: hasLand ? contour(f, GRASS, size) : "",
    marks: [],
    spare: [],
  };
  if (!hasLand) return geo;
  /** @type {Record<string, number>} */
  const sym = design.symbols || {};
  // candidate points on a grid inside the tile, off its edges; inland ones know how far
  // the nearest sea inside the tile is
  const steps = 24;
  /** @type {number[][]} */
  const inland = [];
  /** @type {number[][]} */
  const coast = [];
  /** @type {number[][]} */
  const wet = [];
  for (let j = 0; j <= steps; j++) {
    for (let i = 0; i <= steps; i++) {
      const u = i / steps;
      const v = j / steps;
      const value = f(u, v);
      if (value < 0.05) wet.push([u, v]);
      const off = Math.min(u, v, 1 - u, 1 - v);
      if (value > 0.12 && off >= 0.13) inland.push([u, v, value]);
      if (Math.abs(value) < 0.1 && off >= 0.1) coast.push([u, v, value]);
    }
  }
  for (const p of inland) {
    p[3] = Math.min(0.3, ...wet.map(([u, v]) => Math.hypot(p[0] - u, p[1] - v)));
  }
  /** @type {number[][]} */
  const chosen = [];
  const far = (/** @type {number[]} */ p) => (chosen.length ? Math.min(...chosen.map((q) => Math.hypot(p[0] - q[0], p[1] - q[1]))) : 1);
  // ports first, on the coast, as far apart as may be (the printed ones, then two spare)
  const ports = sym.port || 0;
  /** @type {number[][]} */
  const coastPicks = [];
  for (let k = 0; k < ports + 2 && coast.length; k++) {
    let best = coast[0];
    let bestKey = -Infinity;
    for (const p of coast) {
      const d = coastPicks.length ? Math.min(...coastPicks.map((q) => Math.hypot(p[0] - q[0], p[1] - q[1]))) : 0;
      const centred = -Math.hypot(p[0] - 0.5, p[1] - 0.5) * 0.2;
      const keyValue = Math.min(d, 0.45) + centred - Math.abs(p[2]);
      if (keyValue > bestKey) { best = p; bestKey = keyValue; }
    }
    coastPicks.push(best);
  }
  coastPicks.forEach((p, k) => {
    if (k < ports) {
      geo.marks.push({ kind: "port", x: p[0] * size, y: p[1] * size });
      chosen.push(p);
    } else {
      geo.spare.push([p[0] * size, p[1] * size]);
    }
  });
  /** @type {string[]} */
  const kinds = [];
  for (const kind of ["temple", "flower", "fruit", "leaf", "house"]) {
    for (let k = 0; k < (sym[kind] || 0); k++) kinds.push(kind);
  }
  for (const kind of kinds) {
    /** @type {number[] | null} */
    let best = null;
    let bestKey = -Infinity;
    for (const p of inland) {
      const keyValue = Math.min(far(p), 0.3) * 3 + p[3] * 2 - Math.hypot(p[0] - 0.5, p[1] - 0.5) * 0.5;
      if (keyValue > bestKey) { best = p; bestKey = keyValue; }
    }
    if (!best) best = [0.5, 0.5, 0];
    chosen.push(best);
    geo.marks.push({ kind, x: best[0] * size, y: best[1] * size });
  }
  return geo;
}
