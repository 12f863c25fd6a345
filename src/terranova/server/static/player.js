// @ts-check
// A player's profile: games per game, ratings with their history, the newest finished
// games (each a link to its replay), from GET /api/players/{id}.
import { accountArea, languageMenu, api, errorText, h, s, svgTitle } from "./common.js";
import { date, number, t, tn } from "./i18n.js";

/** @typedef {import("./types/protocol").GameResult} GameResult */
/** @typedef {import("./types/protocol").SeatInfo} SeatInfo */
/** A finished game of a profile. @typedef {{game_id: string, name: string, rated: boolean, created: string,
 *   seats: SeatInfo[], result: GameResult | null}} RecentGame */
/** GET /api/players/{id}.
 * @typedef {{name: string, joined: string, games: {name: string, finished: number}[],
 *   ratings: {game: string, name: string, rating: number, games: number, history: {rating: number}[]}[],
 *   recent: RecentGame[]}} Profile */

const main = /** @type {HTMLElement} */ (document.getElementById("people"));
const NEWCOMER = 1000; // a newcomer's display rating (docs/ratings.md)
// ratings are written as chess players write theirs, without a thousands separator, in
// every language; counts and points go through number()

/** The rating after each rated game, as a small SVG line from a newcomer's 1000 (the
 * hollow first point).
 * @param {{rating: number}[]} points @param {{width?: number, height?: number}} [size] */
function historyChart(points, { width = 320, height = 90 } = {}) {
  if (points.length === 0) return null;
  const values = [NEWCOMER, ...points.map((p) => p.rating)];
  const low = Math.min(...values) - 10;
  const high = Math.max(...values) + 10;
  const pad = 6;
  const X = (/** @type {number} */ k) => pad + (k / (values.length - 1)) * (width - 2 * pad);
  const Y = (/** @type {number} */ v) => pad + (1 - (v - low) / (high - low)) * (height - 2 * pad);
  const line = values.map((v, k) => `${k ? "L" : "M"}${X(k).toFixed(1)},${Y(v).toFixed(1)}`).join(" ");
  const label = t("rating from {start} after each rated game: {ratings}", { start: String(NEWCOMER), ratings: values.slice(1).join(" · ") });
  return s("svg", { class: "rating-chart", viewBox: `0 0 ${width} ${height}`, width, height, role: "img", "aria-label": label },
    svgTitle(label),
    s("path", { d: line, fill: "none", stroke: "currentColor", "stroke-width": 2 }),
    ...values.map((v, k) => (k === 0
      ? s("circle", { class: "start", cx: X(k), cy: Y(v), r: 3, fill: "none", stroke: "currentColor" }, svgTitle(t("{rating} at the start", { rating: String(v) })))
      : s("circle", { cx: X(k), cy: Y(v), r: 3, fill: "currentColor" }, svgTitle(String(v))))));
}

/** @param {RecentGame} game @param {SeatInfo[]} seats */
function result(game, seats) {
  if (!game.result) return "";
  const points = game.result.points || game.result.scores;
  const end = game.result;
  const names = seats.map((seat, k) => `${seat.name} ${points[k] == null ? "" : number(points[k])}${end.winners.includes(k) ? " ★" : ""}`);
  return names.join(" · ");
}

async function show() {
  const id = decodeURIComponent(location.pathname.split("/").pop() ?? "");
  /** @type {Profile} */
  let p;
  try {
    p = await api(`/api/players/${encodeURIComponent(id)}`);
  } catch (err) {
    main.replaceChildren(h("p.error", { role: "alert", text: errorText(err) }));
    return;
  }
  document.title = t("{name}: Terranova", { name: p.name });
  const played = p.games;
  main.replaceChildren(
    h("section.card", { "data-testid": "profile" },
      h("h1", { text: p.name }),
      h("p.hint", { text: t("joined on {date}", { date: date(p.joined, { dateStyle: "long" }) }) }),
      played.length
        ? h("ul.plain", played.map((g) => h("li", { text: tn("{game}: {n} finished game", "{game}: {n} finished games", g.finished, { game: g.name }) })))
        : h("p.hint", { text: t("No finished game yet.") })),
    h("section.card", { "data-testid": "ratings" },
      h("h2", { text: t("Ratings") }),
      p.ratings.length
        ? p.ratings.map((r) => h("div.rating", { dataset: { game: r.game } },
            h("h3", {}, r.name, " ", h("a", { href: `/leaderboards/${encodeURIComponent(r.game)}`, text: t("leaderboard") })),
            h("p", {}, h("strong.rating-value", { text: String(r.rating) }), " ", tn("after {n} rated game", "after {n} rated games", r.games)),
            historyChart(r.history)))
        : h("p.hint", { text: t("No rated game yet: a game is rated when its creator marks it so and every person at the table has an account.") })),
    h("section.card", { "data-testid": "recent" },
      h("h2", { text: t("Recent games") }),
      p.recent.length
        ? h("ul.plain.recent", p.recent.map((g) => h("li", {},
            h("a", { href: `/play/${encodeURIComponent(g.game_id)}`, text: g.name }),
            g.rated ? h("span.tag", { text: t("rated") }) : null,
            ` ${date(g.created)} · ${result(g, g.seats)} `,
            h("a", { href: `/api/games/${encodeURIComponent(g.game_id)}/record`, download: "", text: t("record") }))))
        : h("p.hint", { text: t("No finished game yet.") })));
}

/** @type {HTMLElement} */ (document.querySelector(".topbar")).append(languageMenu(), accountArea());
show();
