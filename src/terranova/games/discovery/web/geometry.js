// @ts-check
// How a tile of The Discovery is drawn from its design alone: the same construction as
// src/terranova/games/discovery/render.py (tile_geometry), on the tile kit's shapes
// (/static/kit/tile-shapes.js), in unit coordinates (x east, y south, 0..1). Each edge gives a
// triangle from that edge to the centre and a region takes the triangles of its edges; a
// region owning two opposite edges also gets a band across the middle, as do two single-edge
// regions on opposite sides that touch (split between them); regions owning no edge are
// discs in the middle. Anchors are where a follower stands (the point farthest from the
// region's borders); city points lie on the shore between their land and sea.
import {
  anchor, band, borderMarks, edgeIndices, edgeRuns, sameAsTable as sameAsOf, sample, wedge,
} from "/static/kit/tile-shapes.js";

const GRID = 24;

/**
 * A tile's design as components() gives it: its regions (each a terrain and the edges it
 * owns, "SW"), the pairs of regions that touch, and its cities (a land and a sea region).
 * @typedef {{ id: string, regions: Region[], touches?: [number, number][], cities?: [number, number][] }} Design
 * @typedef {{ terrain: string, edges: string }} Region
 * @typedef {{ region: number, points?: number[][], disc?: [number, number, number] }} Shape
 * @typedef {ReturnType<typeof build>} Geometry
 */

/**
 * Region edges of a components() design as index lists: "SW" -> [2, 3].
 * @param {Region} region
 * @returns {number[]}
 */
export function regionEdges(region) {
  return edgeIndices(region.edges);
}

/**
 * @param {number} a
 * @param {number} b
 */
function pairKey(a, b) { return a < b ? `${a}-${b}` : `${b}-${a}`; }

/** @type {Map<string, Geometry>} */
const cache = new Map();

/**
 * The drawing of `design` (a components() design) turned `rotation` quarter turns clockwise:
 * {owner: region of each side N E S W, shapes: [{region, points} | {region, disc}],
 *  anchors: [[u, v] per region], cities: [[u, v] per design.cities entry]}.
 * @param {Design} design
 * @returns {Geometry}
 */
export function tileGeometry(design, rotation = 0) {
  const key = `${design.id}/${rotation % 4}`;
  let geometry = cache.get(key);
  if (!geometry) {
    geometry = build(design, rotation % 4);
    cache.set(key, geometry);
  }
  return geometry;
}

/**
 * @param {Design} design
 * @param {number} rotation
 */
function build(design, rotation) {
  const n = design.regions.length;
  const edges = design.regions.map((r) => new Set(regionEdges(r).map((e) => (e + rotation) % 4)));
  const owner = [0, 0, 0, 0];
  edges.forEach((owned, index) => owned.forEach((e) => { owner[e] = index; }));
  const touching = new Set((design.touches || []).map(([a, b]) => pairKey(a, b)));

  /** @type {Shape[]} */
  const shapes = [];
  edges.forEach((owned, index) => {
    for (const run of edgeRuns(owned)) shapes.push({ region: index, points: wedge(run) });
  });
  const sideBySide = (/** @type {number} */ a, /** @type {number} */ b) => {
    for (let e = 0; e < 4; e++) {
      const p = owner[e];
      const q = owner[(e + 1) % 4];
      if ((p === a && q === b) || (p === b && q === a)) return true;
    }
    return false;
  };
  let bands = 0;
  /** @type {[number, number, boolean][]} */
  const across = [[3, 1, true], [0, 2, false]];
  for (const [first, second, horizontal] of across) {
    const a = owner[first];
    const b = owner[second];
    if (a === b && edges[a].size < 4) {
      shapes.push({ region: a, points: band(horizontal, 0, 1) });
      bands += 1;
    } else if (a !== b && touching.has(pairKey(a, b)) && !sideBySide(a, b)) {
      shapes.push({ region: a, points: band(horizontal, 0, 0.5) });
      shapes.push({ region: b, points: band(horizontal, 0.5, 1) });
      bands += 1;
    }
  }

  // regions owning no edge: discs in the middle; one touching only such discs sits inside
  /** @type {number[]} */
  const centre = [];
  for (let i = 0; i < n; i++) if (edges[i].size === 0) centre.push(i);
  const outer = centre.filter((i) => {
    for (let j = 0; j < n; j++) if (edges[j].size && touching.has(pairKey(i, j))) return true;
    return false;
  });
  const radius = bands ? 0.14 : 0.21;
  /** @type {Map<number, [number, number, number]>} */
  const discs = new Map(); // insertion order matters, as in Python's dict
  /** @type {(group: number[], cx: number, cy: number, r: number) => void} */
  const placeDiscs = (group, cx, cy, r) => {
    const rr = discs.size === 0 ? Math.min(r, 0.42 / group.length) : r / group.length;
    group.forEach((index, k) => {
      discs.set(index, [cx + (k - (group.length - 1) / 2) * 2.1 * rr, cy, rr]);
    });
  };
  if (outer.length) {
    const nested = centre.some((i) => !outer.includes(i));
    placeDiscs(outer, 0.5, 0.5, nested ? Math.min(radius * 1.5, 0.32) : radius);
  }
  let pending = centre.filter((i) => !discs.has(i));
  while (pending.length) {
    /** @type {Map<number, number[]>} */
    const children = new Map();
    for (const index of pending) {
      const parent = [...discs.keys()].find((j) => touching.has(pairKey(index, j)));
      if (parent !== undefined) {
        const group = children.get(parent);
        if (group) group.push(index);
        else children.set(parent, [index]);
      }
    }
    if (!children.size) {
      placeDiscs(pending, 0.5, 0.5, radius);
      break;
    }
    for (const [parent, group] of children) {
      const [cx, cy, r] = /** @type {number[]} */ (discs.get(parent));
      placeDiscs(group, cx, cy, 0.42 * r);
    }
    pending = pending.filter((i) => !discs.has(i));
  }
  [...discs.entries()]
    .sort((a, b) => b[1][2] - a[1][2])
    .forEach(([index, disc]) => shapes.push({ region: index, disc }));

  const grid = sample(shapes, GRID);
  /** @type {number[][]} */
  const anchors = [];
  for (let r = 0; r < n; r++) anchors.push(anchor(grid, r));
  const cities = borderMarks(grid, design.cities || [], anchors);
  return { owner, shapes, anchors, cities };
}

/**
 * A string equal for two (design, rotation) pairs exactly when the tiles look alike
 * (as Design.signature in tiles.py).
 * @param {Design} design
 * @param {number} rotation
 * @returns {string}
 */
export function signature(design, rotation) {
  const keys = design.regions.map((r) => `${r.terrain}:${regionEdges(r).map((e) => (e + rotation) % 4).sort().join("")}`);
  const touches = (design.touches || []).map(([a, b]) => [keys[a], keys[b]].sort().join("|")).sort();
  const cities = (design.cities || []).map(([a, b]) => `${keys[a]}>${keys[b]}`).sort();
  return JSON.stringify([[...keys].sort(), touches, cities]);
}

/**
 * sameAs[r]: the lowest rotation that looks like rotation r (legal actions use that one).
 * @param {Design} design
 * @returns {number[]}
 */
export function sameAsTable(design) {
  return sameAsOf((/** @type {number} */ r) => signature(design, r));
}
