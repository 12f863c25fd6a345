// @ts-check
// A line chart of every seat's score over the turns, as SVG (from a state message's
// scores_by_turn: [{turn, seat, ply, scores, others}]), and of the players holding no seat
// (others: their scores by key).
import { s, seatColour, svgTitle } from "./common.js";
import { number, t, tn } from "./i18n.js";

/** One line's score as the chart's summaries say it. @param {string} name @param {number} score */
function scored(name, score) {
  return t("{name}: {score}", { name, score });
}

/** @param {number} max @param {number} ticks @returns {number} */
function niceStep(max, ticks) {
  const raw = Math.max(1, max) / ticks;
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 5, 10]) if (m * power >= raw) return m * power;
  return 10 * power;
}

/**
 * scoresByTurn: the message's list; names: seat names; opts: {width, height, final, others}
 * (final: the result's scores, drawn as the last point if they differ; others: the players
 * holding no seat, [{key, name, colour}], drawn from each turn's `others[key]`, dashed).
 * @param {import("./types/protocol").TurnScores[]} scoresByTurn
 * @param {string[]} names
 * @param {{width?: number, height?: number, final?: number[] | null,
 *   others?: {key: string, name: string, colour: string}[]}} [options]
 * @returns {SVGElement}
 */
export function scoreChart(scoresByTurn, names, { width = 360, height = 210, final = null, others = [] } = {}) {
  const seats = names.length;
  /** @type {{turn: number, scores: number[], others?: Record<string, number>, final?: boolean}[]} */
  const points = [{ turn: 0, scores: new Array(seats).fill(0), others: {} }, ...scoresByTurn];
  if (final) {
    const last = points[points.length - 1];
    if (final.some((v, k) => v !== last.scores[k])) points.push({ turn: last.turn + 1, scores: final, others: last.others, final: true });
  }
  // a player holding no seat: its score at each point, the last known where a turn lacks it
  const otherSeries = others.map((o) => {
    let known = 0;
    return { ...o, values: points.map((p) => (known = p.others && o.key in p.others ? p.others[o.key] : known)) };
  });
  const maxTurn = Math.max(1, points[points.length - 1].turn);
  const maxScore = Math.max(1, ...points.flatMap((p) => p.scores), ...otherSeries.flatMap((o) => o.values));
  const step = niceStep(maxScore, 4);
  const top = Math.ceil(maxScore / step) * step;
  const pad = { l: 34, r: 12, t: 12, b: 30 };
  const pw = width - pad.l - pad.r;
  const ph = height - pad.t - pad.b;
  const X = (/** @type {number} */ turn) => pad.l + (turn / maxTurn) * pw;
  const Y = (/** @type {number} */ v) => pad.t + ph - (v / top) * ph;
  const summary = [
    ...names.map((n, k) => scored(n, points[points.length - 1].scores[k])),
    ...otherSeries.map((o) => scored(o.name, o.values[o.values.length - 1])),
  ].join(", ");
  const svg = s("svg", {
    class: "score-chart", viewBox: `0 0 ${width} ${height}`, width: "100%", role: "img",
    "aria-label": tn("Scores over {n} turn. {summary}", "Scores over {n} turns. {summary}", maxTurn, { summary }),
    preserveAspectRatio: "xMidYMid meet",
  });
  svg.append(svgTitle(t("Scores over the turns. {summary}", { summary })));
  for (let v = 0; v <= top; v += step) {
    svg.append(s("line", { class: "grid", x1: pad.l, x2: pad.l + pw, y1: Y(v), y2: Y(v) }));
    svg.append(s("text", { class: "axis", x: pad.l - 6, y: Y(v) + 4, "text-anchor": "end", text: number(v) }));
  }
  const xStep = niceStep(maxTurn, 5);
  for (let turn = 0; turn <= maxTurn; turn += xStep) {
    svg.append(s("text", { class: "axis", x: X(turn), y: pad.t + ph + 16, "text-anchor": "middle", text: number(turn) }));
  }
  svg.append(s("text", { class: "axis-title", x: pad.l + pw, y: height - 2, "text-anchor": "end", text: t("turn") }));
  svg.append(s("line", { class: "axis-line", x1: pad.l, x2: pad.l + pw, y1: Y(0), y2: Y(0) }));
  for (let seat = 0; seat < seats; seat++) {
    const d = points.map((p, k) => `${k ? "L" : "M"}${X(p.turn).toFixed(1)},${Y(p.scores[seat]).toFixed(1)}`).join(" ");
    const last = points[points.length - 1];
    svg.append(s("path", { class: "series", d, stroke: seatColour(seat), "data-seat": seat },
      svgTitle(scored(names[seat], last.scores[seat]))));
    svg.append(s("circle", { cx: X(last.turn), cy: Y(last.scores[seat]), r: 3.5, fill: seatColour(seat), stroke: "#fff", "stroke-width": 1.2 }));
  }
  for (const o of otherSeries) {
    const d = points.map((p, k) => `${k ? "L" : "M"}${X(p.turn).toFixed(1)},${Y(o.values[k]).toFixed(1)}`).join(" ");
    const end = o.values[o.values.length - 1];
    svg.append(s("path", { class: "series other", d, stroke: o.colour, "stroke-dasharray": "5 3", "data-other": o.key },
      svgTitle(scored(o.name, end))));
    svg.append(s("circle", { cx: X(points[points.length - 1].turn), cy: Y(end), r: 3.5, fill: o.colour, stroke: "#fff", "stroke-width": 1.2 }));
  }
  return svg;
}
