// @ts-check
// A game's leaderboard: the people with the best ratings, from GET /api/leaderboards/{game}.
import { accountArea, languageMenu, api, errorText, h } from "./common.js";
import { number, t, tn } from "./i18n.js";

/** GET /api/leaderboards/{game}.
 * @typedef {{name: string, min_games: number,
 *   people: {account_id: string, name: string, rating: number, games: number}[]}} Leaderboard */

const main = /** @type {HTMLElement} */ (document.getElementById("people"));

async function show() {
  const game = decodeURIComponent(location.pathname.split("/").pop() ?? "");
  /** @type {Leaderboard} */
  let board;
  try {
    board = await api(`/api/leaderboards/${encodeURIComponent(game)}`);
  } catch (err) {
    main.replaceChildren(h("p.error", { role: "alert", text: errorText(err) }));
    return;
  }
  document.title = t("{game} leaderboard: Terranova", { game: board.name });
  main.replaceChildren(h("section.card", { "data-testid": "leaderboard" },
    h("h1", { text: t("{game}: leaderboard", { game: board.name }) }),
    h("p.hint", { text: tn("People with at least {n} rated game, by their rating (a newcomer starts at {start}).",
      "People with at least {n} rated games, by their rating (a newcomer starts at {start}).", board.min_games, { start: "1000" }) }),
    board.people.length
      ? h("table.leaderboard", {},
          h("thead", {}, h("tr", {}, h("th", { text: "#" }), h("th", { text: t("Player") }), h("th", { text: t("Rating") }), h("th", { text: t("Rated games") }))),
          h("tbody", {}, board.people.map((p, k) => h("tr", {},
            h("td", { text: number(k + 1) }),
            h("td", {}, h("a", { href: `/players/${encodeURIComponent(p.account_id)}`, text: p.name })),
            h("td", { text: String(p.rating) }), // as chess ratings: no thousands separator
            h("td", { text: number(p.games) })))))
      : h("p.hint", { text: t("Nobody yet.") })));
}

/** @type {HTMLElement} */ (document.querySelector(".topbar")).append(languageMenu(), accountArea());
show();
