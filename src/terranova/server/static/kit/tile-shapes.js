// @ts-check
// Square tiles drawn from shapes in unit coordinates (x east, y south, 0..1, north up): the
// browser's side of src/terranova/kit/svg.py, giving the same points. A game decides a
// tile's shapes (wedge for a region owning a run of edges, band across the middle,
// cornerPatch for a corner; discs are {region, disc: [cx, cy, r]}), then places marks with
// sample, anchor (the point of a region farthest from its borders) and borderMarks (points
// on the border of two regions).

/** A point in unit coordinates. @typedef {[number, number] | number[]} Point */
/** A shape: a polygon of a region, or a disc. @typedef {{region: number, points?: Point[], disc?: [number, number, number]}} Shape */
/** Rows of regions (y), as `sample` gives them. @typedef {number[][]} Grid */

/** @type {Point} */
export const CENTRE = [0.5, 0.5];
/** @type {Point[]} */
export const CORNERS = [[0, 0], [1, 0], [1, 1], [0, 1]]; // NW NE SE SW: edge e runs corner e -> e+1
export const BAND = 0.17;
export const EDGE_LETTERS = "NESW";

/** Edges named by letters as index lists: "SW" -> [2, 3].
 * @param {string | null | undefined} letters @returns {number[]} */
export function edgeIndices(letters) {
  return [...(letters || "")].map((c) => EDGE_LETTERS.indexOf(c)).filter((e) => e >= 0);
}

/** A set of edges as runs of consecutive edges in clockwise order.
 * @param {Set<number>} edges @returns {number[][]} */
export function edgeRuns(edges) {
  if (edges.size === 4) return [[0, 1, 2, 3]];
  const out = [];
  for (const edge of [...edges].sort((a, b) => a - b)) {
    if (!edges.has((edge + 3) % 4)) {
      const run = [edge];
      while (edges.has((run[run.length - 1] + 1) % 4)) run.push((run[run.length - 1] + 1) % 4);
      out.push(run);
    }
  }
  return out;
}

/** The polygon of a run of consecutive edges (the whole square for all four).
 * @param {number[]} run @returns {Point[]} */
export function wedge(run) {
  if (run.length === 4) return CORNERS;
  const points = [CENTRE, CORNERS[run[0]]];
  for (const e of run) points.push(CORNERS[(e + 1) % 4]);
  return points;
}

/** A band across the tile (or part of it, from start to end along it).
 * @param {boolean} horizontal @param {number} start @param {number} end @returns {Point[]} */
export function band(horizontal, start, end) {
  const lo = 0.5 - BAND;
  const hi = 0.5 + BAND;
  return horizontal
    ? [[start, lo], [end, lo], [end, hi], [start, hi]]
    : [[lo, start], [hi, start], [hi, end], [lo, end]];
}

/** A triangle cutting off corner c (0 NE, 1 SE, 2 SW, 3 NW), `size` along each edge. */
/** @param {number} corner @param {number} [size] @returns {Point[]} */
export function cornerPatch(corner, size = 0.3) {
  const [x, y] = CORNERS[(corner + 1) % 4];
  const sx = x ? -1 : 1;
  const sy = y ? -1 : 1;
  return [[x, y], [x, y + sy * size], [x + sx * size, y]];
}

/** Whether the point (u, v) is inside the shape. @param {Shape} shape @param {number} u @param {number} v */
export function contains(shape, u, v) {
  if (shape.disc) {
    const [cx, cy, r] = shape.disc;
    return (u - cx) ** 2 + (v - cy) ** 2 <= r * r;
  }
  const pts = /** @type {Point[]} */ (shape.points);
  let inside = false;
  for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
    const [xi, yi] = pts[i];
    const [xj, yj] = pts[j];
    if ((yi > v) !== (yj > v) && u < ((xj - xi) * (v - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** The region drawn at (u, v): the last shape painted there (-1 if none). */
/** The region of the topmost shape at (u, v), -1 if none. @param {Shape[]} shapes @param {number} u @param {number} v */
export function regionAt(shapes, u, v) {
  for (let k = shapes.length - 1; k >= 0; k--) if (contains(shapes[k], u, v)) return shapes[k].region;
  return -1;
}

/** The region at the centre of each cell of a size x size grid (rows of y).
 * @param {Shape[]} shapes @param {number} size @returns {Grid} */
export function sample(shapes, size) {
  const grid = [];
  for (let j = 0; j < size; j++) {
    const row = [];
    for (let i = 0; i < size; i++) row.push(regionAt(shapes, (i + 0.5) / size, (j + 0.5) / size));
    grid.push(row);
  }
  return grid;
}

/** The point of `region` farthest from its borders and the tile's (chamfer distance). */
/** @param {Grid} grid @param {number} region @returns {Point} */
export function anchor(grid, region) {
  const size = grid.length;
  const big = size * 4;
  const dist = grid.map((row) => row.map((r) => (r === region ? big : 0)));
  const diag = Math.SQRT2;
  const at = (/** @type {number} */ i, /** @type {number} */ j) => (i >= 0 && i < size && j >= 0 && j < size ? dist[j][i] : 0);
  for (let j = 0; j < size; j++) {
    for (let i = 0; i < size; i++) {
      if (dist[j][i]) {
        dist[j][i] = Math.min(dist[j][i], at(i - 1, j) + 1, at(i, j - 1) + 1,
          at(i - 1, j - 1) + diag, at(i + 1, j - 1) + diag);
      }
    }
  }
  for (let j = size - 1; j >= 0; j--) {
    for (let i = size - 1; i >= 0; i--) {
      if (dist[j][i]) {
        dist[j][i] = Math.min(dist[j][i], at(i + 1, j) + 1, at(i, j + 1) + 1,
          at(i + 1, j + 1) + diag, at(i - 1, j + 1) + diag);
      }
    }
  }
  const cells = [];
  for (let j = 0; j < size; j++) for (let i = 0; i < size; i++) if (grid[j][i] === region) cells.push([i, j]);
  if (!cells.length) return CENTRE;
  const mi = cells.reduce((t, c) => t + c[0], 0) / cells.length;
  const mj = cells.reduce((t, c) => t + c[1], 0) / cells.length;
  /** @type {Point | null} */
  let best = null;
  /** @type {number[] | null} */
  let bestKey = null;
  for (const [i, j] of cells) {
    const key = [Math.round(dist[j][i] * 1e6) / 1e6, -((i - mi) ** 2 + (j - mj) ** 2)];
    if (!bestKey || key[0] > bestKey[0] || (key[0] === bestKey[0] && key[1] > bestKey[1])) {
      best = [i, j];
      bestKey = key;
    }
  }
  const found = /** @type {Point} */ (best);
  return [(found[0] + 0.5) / size, (found[1] + 0.5) / size];
}

/** A point on the border of regions a and b for each [a, b] pair (a port on a shore):
 * near the middle of that border, clear of the tile's edge, of the anchors and of the marks
 * placed before (the midpoint of the two anchors if the regions share no border). */
/** @param {Grid} grid @param {[number, number][]} pairs @param {Point[]} anchors @returns {Point[]} */
export function borderMarks(grid, pairs, anchors) {
  const size = grid.length;
  /** @type {Point[]} */
  const out = [];
  const distance = (/** @type {Point} */ p, /** @type {Point} */ q) => Math.hypot(p[0] - q[0], p[1] - q[1]);
  for (const [land, sea] of pairs) {
    /** @type {Point[]} */
    let shore = [];
    for (let j = 0; j < size; j++) {
      for (let i = 0; i < size; i++) {
        const here = grid[j][i];
        if (here !== land && here !== sea) continue;
        const other = here === land ? sea : land;
        if (i + 1 < size && grid[j][i + 1] === other) shore.push([(i + 1) / size, (j + 0.5) / size]);
        if (j + 1 < size && grid[j + 1][i] === other) shore.push([(i + 0.5) / size, (j + 1) / size]);
      }
    }
    const inland = shore.filter((p) => Math.min(p[0], p[1], 1 - p[0], 1 - p[1]) >= 0.1);
    if (inland.length) shore = inland;
    if (!shore.length) {
      const [ax, ay] = anchors[land];
      const [bx, by] = anchors[sea];
      out.push([(ax + bx) / 2, (ay + by) / 2]);
      continue;
    }
    const mx = shore.reduce((t, p) => t + p[0], 0) / shore.length;
    const my = shore.reduce((t, p) => t + p[1], 0) / shore.length;
    const avoid = [...anchors, ...out];
    /** @type {Point | null} */
    let best = null;
    /** @type {number[] | null} */
    let bestKey = null;
    for (const p of shore) {
      const clear = Math.min(Math.min(...avoid.map((q) => distance(p, q))), 0.3);
      const key = [Math.round(clear * 1000) / 1000, -distance(p, [mx, my])];
      if (!bestKey || key[0] > bestKey[0] || (key[0] === bestKey[0] && key[1] > bestKey[1])) {
        best = p;
        bestKey = key;
      }
    }
    out.push(/** @type {Point} */ (best));
  }
  return out;
}

/** sameAs[r]: the lowest rotation whose look (`looks(r)`, a string) equals rotation r's:
 * legal actions offer a design symmetric under rotation at that one only.
 * @param {(rotation: number) => string} looks @returns {number[]} */
export function sameAsTable(looks) {
  /** @type {Map<string, number>} */
  const seen = new Map();
  /** @type {number[]} */
  const out = [];
  for (let r = 0; r < 4; r++) {
    const sig = looks(r);
    if (!seen.has(sig)) seen.set(sig, r);
    out.push(/** @type {number} */ (seen.get(sig)));
  }
  return out;
}
