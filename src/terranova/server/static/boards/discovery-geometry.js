// How a tile of The Discovery is drawn from its design alone: the same construction as
// src/terranova/games/discovery/render.py (tile_geometry), in unit coordinates
// (x east, y south, 0..1). Each edge gives a triangle from that edge to the centre and a
// region takes the triangles of its edges; a region owning two opposite edges also gets a
// band across the middle, as do two single-edge regions on opposite sides that touch (split
// between them); regions owning no edge are discs in the middle. Anchors are where a
// follower stands (the point farthest from the region's borders); city points lie on the
// shore between their land and sea.

const CENTRE = [0.5, 0.5];
const CORNERS = [[0, 0], [1, 0], [1, 1], [0, 1]]; // NW NE SE SW: edge e runs corner e -> e+1
const BAND = 0.17;
const GRID = 24;
const EDGE_LETTERS = "NESW";

/** Region edges of a components() design as index lists: "SW" -> [2, 3]. */
export function regionEdges(region) {
  return [...(region.edges || "")].map((c) => EDGE_LETTERS.indexOf(c)).filter((e) => e >= 0);
}

function pairKey(a, b) { return a < b ? `${a}-${b}` : `${b}-${a}`; }

function runs(edges) {
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

function band(horizontal, start, end) {
  const lo = 0.5 - BAND;
  const hi = 0.5 + BAND;
  return horizontal
    ? [[start, lo], [end, lo], [end, hi], [start, hi]]
    : [[lo, start], [hi, start], [hi, end], [lo, end]];
}

function contains(shape, u, v) {
  if (shape.disc) {
    const [cx, cy, r] = shape.disc;
    return (u - cx) ** 2 + (v - cy) ** 2 <= r * r;
  }
  const pts = shape.points;
  let inside = false;
  for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
    const [xi, yi] = pts[i];
    const [xj, yj] = pts[j];
    if ((yi > v) !== (yj > v) && u < ((xj - xi) * (v - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function regionAt(shapes, u, v) {
  for (let k = shapes.length - 1; k >= 0; k--) if (contains(shapes[k], u, v)) return shapes[k].region;
  return -1;
}

const cache = new Map();

/**
 * The drawing of `design` (a components() design) turned `rotation` quarter turns clockwise:
 * {owner: region of each side N E S W, shapes: [{region, points} | {region, disc}],
 *  anchors: [[u, v] per region], cities: [[u, v] per design.cities entry]}.
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

function build(design, rotation) {
  const n = design.regions.length;
  const edges = design.regions.map((r) => new Set(regionEdges(r).map((e) => (e + rotation) % 4)));
  const owner = [0, 0, 0, 0];
  edges.forEach((owned, index) => owned.forEach((e) => { owner[e] = index; }));
  const touching = new Set((design.touches || []).map(([a, b]) => pairKey(a, b)));

  const shapes = [];
  edges.forEach((owned, index) => {
    for (const run of runs(owned)) {
      if (run.length === 4) {
        shapes.push({ region: index, points: CORNERS });
      } else {
        const points = [CENTRE, CORNERS[run[0]]];
        for (const e of run) points.push(CORNERS[(e + 1) % 4]);
        shapes.push({ region: index, points });
      }
    }
  });
  const sideBySide = (a, b) => {
    for (let e = 0; e < 4; e++) {
      const p = owner[e];
      const q = owner[(e + 1) % 4];
      if ((p === a && q === b) || (p === b && q === a)) return true;
    }
    return false;
  };
  let bands = 0;
  for (const [first, second, horizontal] of [[3, 1, true], [0, 2, false]]) {
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
  const centre = [];
  for (let i = 0; i < n; i++) if (edges[i].size === 0) centre.push(i);
  const outer = centre.filter((i) => {
    for (let j = 0; j < n; j++) if (edges[j].size && touching.has(pairKey(i, j))) return true;
    return false;
  });
  const radius = bands ? 0.14 : 0.21;
  const discs = new Map(); // insertion order matters, as in Python's dict
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
    const children = new Map();
    for (const index of pending) {
      const parent = [...discs.keys()].find((j) => touching.has(pairKey(index, j)));
      if (parent !== undefined) {
        if (!children.has(parent)) children.set(parent, []);
        children.get(parent).push(index);
      }
    }
    if (!children.size) {
      placeDiscs(pending, 0.5, 0.5, radius);
      break;
    }
    for (const [parent, group] of children) {
      const [cx, cy, r] = discs.get(parent);
      placeDiscs(group, cx, cy, 0.42 * r);
    }
    pending = pending.filter((i) => !discs.has(i));
  }
  [...discs.entries()]
    .sort((a, b) => b[1][2] - a[1][2])
    .forEach(([index, disc]) => shapes.push({ region: index, disc }));

  const grid = [];
  for (let j = 0; j < GRID; j++) {
    const row = [];
    for (let i = 0; i < GRID; i++) row.push(regionAt(shapes, (i + 0.5) / GRID, (j + 0.5) / GRID));
    grid.push(row);
  }
  const anchors = [];
  for (let r = 0; r < n; r++) anchors.push(anchor(grid, r));
  const cities = cityPoints(grid, design.cities || [], anchors);
  return { owner, shapes, anchors, cities };
}

function anchor(grid, region) {
  const size = grid.length;
  const big = size * 4;
  const dist = grid.map((row) => row.map((r) => (r === region ? big : 0)));
  const diag = Math.SQRT2;
  const at = (i, j) => (i >= 0 && i < size && j >= 0 && j < size ? dist[j][i] : 0);
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
  let best = null;
  let bestKey = null;
  for (const [i, j] of cells) {
    const key = [Math.round(dist[j][i] * 1e6) / 1e6, -((i - mi) ** 2 + (j - mj) ** 2)];
    if (!bestKey || key[0] > bestKey[0] || (key[0] === bestKey[0] && key[1] > bestKey[1])) {
      best = [i, j];
      bestKey = key;
    }
  }
  return [(best[0] + 0.5) / size, (best[1] + 0.5) / size];
}

function cityPoints(grid, cities, anchors) {
  const size = grid.length;
  const out = [];
  const distance = (p, q) => Math.hypot(p[0] - q[0], p[1] - q[1]);
  for (const [land, sea] of cities) {
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
    let best = null;
    let bestKey = null;
    for (const p of shore) {
      const clear = Math.min(Math.min(...avoid.map((q) => distance(p, q))), 0.3);
      const key = [Math.round(clear * 1000) / 1000, -distance(p, [mx, my])];
      if (!bestKey || key[0] > bestKey[0] || (key[0] === bestKey[0] && key[1] > bestKey[1])) {
        best = p;
        bestKey = key;
      }
    }
    out.push(best);
  }
  return out;
}

/** A string equal for two (design, rotation) pairs exactly when the tiles look alike
 * (as Design.signature in tiles.py). */
export function signature(design, rotation) {
  const keys = design.regions.map((r) => `${r.terrain}:${regionEdges(r).map((e) => (e + rotation) % 4).sort().join("")}`);
  const touches = (design.touches || []).map(([a, b]) => [keys[a], keys[b]].sort().join("|")).sort();
  const cities = (design.cities || []).map(([a, b]) => `${keys[a]}>${keys[b]}`).sort();
  return JSON.stringify([[...keys].sort(), touches, cities]);
}

/** sameAs[r]: the lowest rotation that looks like rotation r (legal actions use that one). */
export function sameAsTable(design) {
  const seen = new Map();
  const out = [];
  for (let r = 0; r < 4; r++) {
    const sig = signature(design, r);
    if (!seen.has(sig)) seen.set(sig, r);
    out.push(seen.get(sig));
  }
  return out;
}
