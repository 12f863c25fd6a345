// A game's leaderboard: the people with the best ratings, from GET /api/leaderboards/{game}.
import { accountArea, languageMenu, api, h } from "./common.js";

const main = document.getElementById("people");

async function show() {
  const game = decodeURIComponent(location.pathname.split("/").pop());
  let board;
  try {
    board = await api(`/api/leaderboards/${encodeURIComponent(game)}`);
  } catch (err) {
    main.replaceChildren(h("p.error", { role: "alert", text: err.message }));
    return;
  }
  document.title = `${board.name} leaderboard: Terranova`;
  main.replaceChildren(h("section.card", { "data-testid": "leaderboard" },
    h("h1", { text: `${board.name}: leaderboard` }),
    h("p.hint", { text: `People with at least ${board.min_games} rated games, by their rating (a newcomer starts at 1000).` }),
    board.people.length
      ? h("table.leaderboard", {},
          h("thead", {}, h("tr", {}, h("th", { text: "#" }), h("th", { text: "Player" }), h("th", { text: "Rating" }), h("th", { text: "Rated games" }))),
          h("tbody", {}, board.people.map((p, k) => h("tr", {},
            h("td", { text: String(k + 1) }),
            h("td", {}, h("a", { href: `/players/${encodeURIComponent(p.account_id)}`, text: p.name })),
            h("td", { text: String(p.rating) }),
            h("td", { text: String(p.games) })))))
      : h("p.hint", { text: "Nobody yet." })));
}

document.querySelector(".topbar").append(languageMenu(), accountArea());
show();
