// @ts-check
// How a tile of this game is drawn from its design alone, as render.py's tile_svg draws it,
// on the tile kit's shapes (/static/kit/tile-shapes.js), in unit coordinates (x east, y
// south, 0..1): water under everything; each land piece takes the triangles of its edges
// (a run of edges is one polygon), a piece owning no edge is an islet, a disc in the middle;
// each white sea lane runs from the middle of each of its edges to the centre, and a lane
// of one edge (a bay) stops short of it. Units stand at their piece's anchor (the point
// farthest from its borders); routes run from edge middles through the centre.
import { anchor, edgeIndices, edgeRuns, sameAsTable as sameAsOf, sample, wedge } from "/static/kit/tile-shapes.js";

const GRID = 24;
export const MIDS = [[0.5, 0], [1, 0.5], [0.5, 1], [0, 0.5]]; // N E S W
/** @type {[number, number, number]} */
export const ISLET = [0.5, 0.5, 0.2];

/**
 * A tile's design as components() gives it: the edges of each land piece and of each
 * white sea lane as letters ("NE"), with its id and what it has (an event, a bonus).
 * @typedef {{ id: string, land: string[], lanes: string[], event?: string | null, bonus?: string | null }} Design
 * @typedef {ReturnType<typeof build>} Geometry
 */

/** @type {Map<string, Geometry>} */
const cache = new Map();

/**
 * The edges of each land piece and each lane of `design` turned `rotation` quarter turns.
 * @param {Design} design
 * @param {number} rotation
 * @returns {{ land: number[][], lanes: number[][] }}
 */
export function turnedEdges(design, rotation) {
  const turn = (/** @type {string} */ letters) => edgeIndices(letters).map((e) => (e + rotation) % 4);
  return { land: design.land.map(turn), lanes: design.lanes.map(turn) };
}

/**
 * {shapes: [{region: piece, points} | {region: piece, disc}], anchors: [[u, v] per piece],
 *  lanes: [[[u1, v1], [u2, v2]] per segment], pieceOf: [piece on edge N E S W, -1 water],
 *  laneOf: [lane on edge N E S W, -1 none], laneEdges: [[edges] per lane]}.
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
  const { land, lanes } = turnedEdges(design, rotation);
  /** @type {{ region: number, points?: number[][], disc?: [number, number, number] }[]} */
  const shapes = [];
  const pieceOf = [-1, -1, -1, -1];
  land.forEach((edges, piece) => {
    edges.forEach((e) => { pieceOf[e] = piece; });
    if (!edges.length) {
      shapes.push({ region: piece, disc: ISLET });
      return;
    }
    for (const run of edgeRuns(new Set(edges))) shapes.push({ region: piece, points: wedge(run) });
  });
  const laneOf = [-1, -1, -1, -1];
  /** @type {number[][][]} */
  const segments = [];
  lanes.forEach((edges, index) => {
    for (const e of edges) {
      laneOf[e] = index;
      const [ex, ey] = MIDS[e];
      const end = edges.length > 1 ? [0.5, 0.5] : [0.5 + (ex - 0.5) * 0.4, 0.5 + (ey - 0.5) * 0.4];
      segments.push([[ex, ey], end]);
    }
  });
  const grid = sample(shapes, GRID);
  const anchors = land.map((_, piece) => anchor(grid, piece));
  return { shapes, anchors, lanes: segments, pieceOf, laneOf, laneEdges: lanes };
}

/**
 * A string equal for two rotations exactly when the turned tiles look alike (as
 * Design.signature in components.py: the land pieces' and the lanes' edges).
 * @param {Design} design
 * @param {number} rotation
 * @returns {string}
 */
export function signature(design, rotation) {
  const { land, lanes } = turnedEdges(design, rotation);
  const norm = (/** @type {number[][]} */ groups) => groups.map((g) => [...g].sort().join("")).sort();
  return JSON.stringify([norm(land), norm(lanes)]);
}

/**
 * sameAs[r]: the lowest rotation that looks like rotation r (legal actions use that one).
 * @param {Design} design
 * @returns {number[]}
 */
export function sameAsTable(design) {
  return sameAsOf((/** @type {number} */ r) => signature(design, r));
}
