// @ts-check
// The lobby: pick a game, its seats (human or bot) and variants, create it, hand out the
// invitation links, and list the games this browser holds seats in ("my games").
import {
  absolute, accountArea, languageMenu, api, errorText, attachMySeats, copyText, currentSession, forgetGame, h, mySeats,
  paletteSwitch, rememberSeat, seatColour, seatLink, seatToken, setGuide, timeAgo, toast,
} from "./common.js";
import { chatPanel } from "./chat.js";
import { number, t, tn } from "./i18n.js";

/** @typedef {import("./types/protocol").SeatInfo} SeatInfo */
/** @typedef {import("./types/protocol").GameSummary} GameSummary */
/** A variant of the catalog. @typedef {{choices?: (string | number)[], default?: string | number,
 *   label?: string, note?: string, description?: string}} Variant */
/** A game of the catalog (GET /api/catalog). @typedef {{id: string, name: string,
 *   description?: string, rules?: string | null, bots?: string[], response_windows?: boolean,
 *   automaton_variant?: string | null, seats: {min: number, max: number, default: number},
 *   variants?: Record<string, Variant>}} CatalogGame */
/** A seat's choice in the form. @typedef {{kind: string, name: string, bot: string, spec: string}} SeatChoice */
/** A seat as POST /api/games takes it. @typedef {{kind: string, held?: boolean, name?: string, bot?: string}} SeatRequest */
/** An element of the lobby's page by its id (index.html has each one asked for): a form's
 * control, a link or a box, typed as the surface the lobby uses of them.
 * @typedef {HTMLElement & Pick<HTMLInputElement, "value" | "checked" | "disabled" | "placeholder">
 *   & Pick<HTMLAnchorElement, "href">} PageElement */

/** A table's seat as the API lists it (a summary's, an open table's, a profile's).
 * @typedef {SeatInfo & {token?: string, link?: string, held?: boolean}} TableSeat */
/** A game as the API lists it (the account's games, the open tables, a created game).
 * @typedef {{game_id: string, game: string, name?: string, status?: string, to_move?: number | null,
 *   seats: TableSeat[], result?: import("./types/protocol").GameResult | null, [key: string]: any}} TableGame */
/** An invitation to a seat. @typedef {{game_id: string, game: string, seat: number, [key: string]: any}} Invitation */

/** @param {string} id @returns {PageElement} */
const $ = (id) => /** @type {PageElement} */ (document.getElementById(id));
const OTHER_BOT = "__other__";

/** @type {{games: CatalogGame[], bots: string[]}} */
let catalog = { games: [], bots: [] };
/** Seat choices kept while the number of players changes: [{kind, name, bot, spec}]. */
/** @type {SeatChoice[]} */
let seatChoices = [];

function currentGame() {
  return catalog.games.find((g) => g.id === $("game-select").value) || catalog.games[0];
}

/** @param {string} name */
function humanize(name) {
  const text = name.replace(/_/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The bots that play the selected game (the catalog gives them per game). */
function gameBots() {
  const game = currentGame();
  return (game && game.bots) || catalog.bots;
}

function defaultBot() {
  const bots = gameBots();
  return bots.includes("greedy") ? "greedy" : bots[0] || "random";
}

/** The name field's hint: a person's seat is "Player 2" until named; a bot names itself. */
/** @param {string} kind @param {number} index */
function namePlaceholder(kind, index) {
  return kind === "human" ? t("Player {seat}", { seat: index + 1 }) : t("Name");
}

/** The seats' numbers as people count them ("1, 3"). */
/** @param {{seat: number}[]} seats */
function seatNumbers(seats) {
  return seats.map((s) => number(s.seat + 1)).join(", ");
}

/** @param {number} index @returns {SeatChoice} */
function defaultChoice(index) {
  const bot = defaultBot();
  return index === 0 ? { kind: "human", name: "", bot, spec: "" } : { kind: "bot", name: "", bot, spec: "" };
}

// ------------------------------------------------------------------ the form

function renderGameChoice() {
  const select = $("game-select");
  select.replaceChildren(...catalog.games.map((g) => h("option", { value: g.id, text: g.name })));
  select.addEventListener("change", renderGame);
  // a rules page's "Play" link names its game
  const asked = new URLSearchParams(location.search).get("game");
  if (asked && catalog.games.some((g) => g.id === asked)) select.value = asked;
  renderGame();
}

function renderGame() {
  const game = currentGame();
  if (!game) return;
  $("game-description").textContent = game.description || "";
  const rules = $("game-rules");
  rules.hidden = !game.rules;
  if (game.rules) {
    rules.href = game.rules;
    rules.textContent = t("How to play {game}: the rules", { game: game.name });
  }
  const board = $("game-leaderboard");
  board.hidden = false;
  board.href = `/leaderboards/${encodeURIComponent(game.id)}`;
  board.textContent = t("{game}: leaderboard", { game: game.name });
  const players = $("players-select");
  const previous = Number(players.value) || game.seats.default;
  const options = [];
  for (let n = game.seats.min; n <= game.seats.max; n++) {
    options.push(h("option", { value: String(n), text: tn("{n} player", "{n} players", n) }));
  }
  players.replaceChildren(...options);
  players.value = String(Math.min(game.seats.max, Math.max(game.seats.min, previous)));
  players.onchange = renderSeats;
  renderVariants(game);
  renderSeats();
  $("response-field").hidden = !hasResponseWindows(game);
}

/** @param {CatalogGame} game */
function hasResponseWindows(game) {
  return Boolean(game.response_windows);
}

/** How many seats, counted from the last, the game plays itself (its `automaton_variant`). */
function automatonSeats() {
  const variant = currentGame()?.automaton_variant;
  const field = variant ? $(`variant-${variant}`) : null;
  const count = field ? Math.floor(Number(field.value)) : 0;
  return Number.isFinite(count) && count > 0 ? count : 0;
}

function renderSeats() {
  const count = Number($("players-select").value);
  while (seatChoices.length < count) seatChoices.push(defaultChoice(seatChoices.length));
  const automata = automatonSeats();
  const rows = [];
  for (let i = 0; i < count; i++) rows.push(i >= count - automata ? automatonRow(i) : seatRow(i));
  $("seat-list").replaceChildren(...rows);
}

/** @param {number} index */
function automatonRow(index) {
  return h("li.seat-row.automaton", { dataset: { seat: index, automaton: "1" } },
    h("span.seat-dot", { style: `background:${seatColour(index)}`, "aria-hidden": "true" }),
    h("span.seat-label", { text: t("Seat {seat}", { seat: index + 1 }) }),
    h("span.automaton-label", { text: t("The automaton (variant {variant})", { variant: currentGame().automaton_variant }) }));
}

/** @param {number} index */
function seatRow(index) {
  const choice = seatChoices[index];
  const kind = /** @type {HTMLSelectElement} */ (h("select", {
    id: `seat-${index}-kind`, "aria-label": t("Seat {seat}: who plays", { seat: index + 1 }),
    dataset: { seat: index, role: "kind" },
  },
  h("option", { value: "human", text: t("Human") }),
  h("option", { value: "bot", text: t("Bot") }),
  h("option", { value: "open", text: t("Open seat") })));
  kind.value = choice.kind;
  const name = /** @type {HTMLInputElement} */ (h("input", {
    id: `seat-${index}-name`, type: "text", maxLength: 40, value: choice.name,
    placeholder: namePlaceholder(choice.kind, index),
    "aria-label": t("Seat {seat}: name", { seat: index + 1 }), autocomplete: "off",
  }));
  const bots = gameBots();
  // a bot chosen for the previous game that does not play this one gives way to the default
  if (choice.bot !== OTHER_BOT && !bots.includes(choice.bot)) choice.bot = defaultBot();
  const botOptions = bots.map((b) => h("option", { value: b, text: b }));
  botOptions.push(h("option", { value: OTHER_BOT, text: t("other…") }));
  const bot = /** @type {HTMLSelectElement} */ (h("select", { id: `seat-${index}-bot`, "aria-label": t("Seat {seat}: bot", { seat: index + 1 }) }, botOptions));
  bot.value = choice.bot;
  const spec = /** @type {HTMLInputElement} */ (h("input", {
    id: `seat-${index}-spec`, type: "text", maxLength: 200, value: choice.spec,
    placeholder: t("bot spec, e.g. {example}", { example: "greedy:epsilon=0.1" }),
    "aria-label": t("Seat {seat}: bot spec", { seat: index + 1 }),
    autocomplete: "off", spellcheck: false,
  }));
  const sync = () => {
    choice.kind = kind.value;
    choice.name = name.value;
    choice.bot = bot.value;
    choice.spec = spec.value;
    row.classList.toggle("is-bot", choice.kind === "bot");
    name.hidden = choice.kind === "open"; // whoever joins names it
    bot.hidden = choice.kind !== "bot";
    spec.hidden = choice.kind !== "bot" || choice.bot !== OTHER_BOT;
    name.placeholder = namePlaceholder(choice.kind, index);
  };
  for (const el of [kind, bot]) el.addEventListener("change", sync);
  for (const el of [name, spec]) el.addEventListener("input", sync);
  const row = h("li.seat-row", { dataset: { seat: index } },
    h("span.seat-dot", { style: `background:${seatColour(index)}`, "aria-hidden": "true" }),
    h("span.seat-label", { text: t("Seat {seat}", { seat: index + 1 }) }),
    kind, name, bot, spec);
  sync();
  return row;
}

/** @param {CatalogGame} game */
function renderVariants(game) {
  // the catalog lists only the variants the web may set (not a tile or deck file's path)
  const entries = Object.entries(game.variants || {});
  $("variants-fieldset").hidden = entries.length === 0;
  const fields = entries.map(([key, variant]) => {
    const id = `variant-${key}`;
    /** @type {HTMLInputElement | HTMLSelectElement} */
    let control;
    if (Array.isArray(variant.choices)) {
      control = /** @type {HTMLSelectElement} */ (h("select", { id, name: key, dataset: { variant: key } },
        variant.choices.map((c) => h("option", {
          value: String(c), text: c === variant.default ? t("{value} (default)", { value: String(c) }) : String(c),
        }))));
      control.value = String(variant.default);
    } else {
      control = /** @type {HTMLInputElement} */ (h("input", {
        id, name: key, type: typeof variant.default === "number" ? "number" : "text",
        value: variant.default ?? "", dataset: { variant: key },
      }));
    }
    if (key === game.automaton_variant) control.addEventListener("input", renderSeats);
    return h("div.field.variant", h("label", { for: id, text: variant.label || humanize(key) }), control,
      // what the option does for a player (its note; the description keeps the sources)
      variant.note || variant.description ? h("p.hint", { text: variant.note || variant.description }) : null);
  });
  $("variant-list").replaceChildren(...fields);
}

function readRequest() {
  const game = currentGame();
  const count = Number($("players-select").value);
  /** @type {Record<string, unknown>} */
  const params = { players: count };
  for (const control of $("variant-list").querySelectorAll("[data-variant]")) {
    const key = /** @type {string} */ (/** @type {HTMLElement} */ (control).dataset.variant);
    const variant = /** @type {Record<string, Variant>} */ (game.variants)[key];
    const sample = Array.isArray(variant.choices) && variant.choices.length ? variant.choices[0] : variant.default;
    /** @type {string | number} */
    let value = /** @type {HTMLInputElement} */ (control).value;
    if (typeof sample === "number") value = Number(value);
    params[key] = value;
  }
  /** @type {SeatRequest[]} */
  const seats = [];
  const automata = automatonSeats();
  let held = false;
  for (let i = 0; i < count; i++) {
    if (i >= count - automata) {
      seats.push({ kind: "automaton" }); // the game plays it (the server names it "Automaton")
      continue;
    }
    const choice = seatChoices[i];
    /** @type {SeatRequest} */
    const seat = { kind: choice.kind };
    // the first human seat is the creator's: signed in, their account holds it (the server
    // ignores this for a guest)
    if (choice.kind === "human" && !held) held = seat.held = true;
    if (choice.name.trim() && choice.kind !== "open") seat.name = choice.name.trim();
    if (choice.kind === "bot") {
      seat.bot = choice.bot === OTHER_BOT ? choice.spec.trim() : choice.bot;
      if (!seat.bot) throw new Error(t("Seat {seat}: write the bot spec", { seat: i + 1 }));
    }
    seats.push(seat);
  }
  /** @type {Record<string, unknown>} */
  const request = { game: game.id, params, seats, bot_delay_ms: Number($("bot-delay").value) };
  if ($("practice").checked) request.practice = true;
  if ($("hints").checked) request.hints = true;
  if ($("rated").checked) request.rated = true;
  if ($("move-seconds").value) request.move_seconds = Number($("move-seconds").value);
  if (!$("response-field").hidden) {
    const seconds = Number($("response-seconds").value);
    if (!(seconds >= 1 && seconds <= 600)) throw new Error(t("Response time: from {low} to {high} seconds", { low: 1, high: 600 }));
    request.response_seconds = seconds;
  }
  return request;
}

/** @param {SubmitEvent} event */
async function createGame(event) {
  event.preventDefault();
  let request;
  try {
    request = readRequest();
  } catch (err) {
    toast(errorText(err));
    return;
  }
  const button = $("create-button");
  button.disabled = true;
  button.textContent = t("Creating…");
  try {
    /** @type {TableGame & {spectator_link: string}} */
    const created = await api("/api/games", { method: "POST", body: request });
    for (const seat of created.seats) {
      if (seat.token) {
        rememberSeat({ game_id: created.game_id, game: /** @type {string} */ (request.game), seat: seat.seat, token: /** @type {string} */ (seat.token), name: seat.name });
        if ($("guide").checked) setGuide(created.game_id, seat.seat, true);
      }
    }
    showCreated(created);
    renderMyGames();
    renderOpenTables();
  } catch (err) {
    toast(t("The game could not be created: {error}", { error: errorText(err) }));
  } finally {
    button.disabled = false;
    button.textContent = t("Create game");
  }
}

/** @param {string} label @param {string | null} colour @param {string} url @param {string | null} playText
 * @param {string | null} playHref @param {string} testid */
function linkRow(label, colour, url, playText, playHref, testid) {
  const input = h("input.link", { type: "text", readOnly: true, value: url, "aria-label": t("{who}: link", { who: label }) });
  input.addEventListener("focus", () => /** @type {HTMLInputElement} */ (input).select());
  const copy = h("button.copy", { type: "button", text: t("Copy"), "aria-label": t("Copy the link of {who}", { who: label }) });
  copy.addEventListener("click", () => copyText(url, copy));
  return h("li.invite", { dataset: { testid } },
    h("div.invite-head",
      colour ? h("span.seat-dot", { style: `background:${colour}`, "aria-hidden": "true" }) : null,
      h("strong", { text: label })),
    h("div.invite-row", input, copy,
      h("a.button.primary", { href: playHref, text: playText, dataset: { testid: `${testid}-open` } })));
}

/** @param {TableGame} created */
function showCreated(created) {
  const items = [];
  for (const seat of created.seats) {
    if (!seat.token) continue;
    const link = seatLink(created.game_id, seat.seat, seat.token);
    items.push(linkRow(t("Seat {seat} · {name}", { seat: seat.seat + 1, name: seat.name }), seatColour(seat.seat),
      absolute(link), t("Play seat {seat}", { seat: seat.seat + 1 }), link, `seat-${seat.seat}`));
  }
  const bots = created.seats.filter((s) => s.kind === "bot");
  const machines = created.seats.filter((s) => s.kind === "automaton");
  const open = created.seats.filter((s) => s.kind === "open");
  const others = [];
  if (open.length) {
    others.push(tn("Open: seat {seats}, listed in the open tables until someone joins",
      "Open: seats {seats}, listed in the open tables until someone joins", open.length, { seats: seatNumbers(open) }));
  }
  if (bots.length) {
    // each bot's own message first: the extractor does not see a message inside another's call
    const listed = bots.map((b) => t("seat {seat} ({name})", { seat: b.seat + 1, name: b.name }));
    others.push(t("Bots: {bots}", { bots: listed.join(", ") }));
  }
  if (machines.length) {
    others.push(tn("The automaton: seat {seats}", "The automaton: seats {seats}", machines.length, { seats: seatNumbers(machines) }));
  }
  if (others.length) items.push(h("li.invite.bots", { text: others.join(" · ") }));
  items.push(linkRow(t("Spectators"), null, absolute(created.spectator_link), t("Watch"),
    created.spectator_link, "spectator"));
  $("invite-list").replaceChildren(...items);
  $("created").hidden = false;
  $("created").dataset.gameId = created.game_id;
  $("created").scrollIntoView({ behavior: "smooth", block: "nearest" });
}

// ------------------------------------------------------------------ my games

let myGamesRun = 0;

/** The account's games, as GET /api/account/games lists them (null: nobody signed in, or
 * they could not be read). */
async function accountGames() {
  const known = await currentSession().catch(() => null);
  if (!known || !known.account) return null;
  try {
    return await api("/api/account/games");
  } catch (err) {
    return null;
  }
}

/** A seat of a listed game: its colour and who plays it (a star for a winner), or that it
 * waits for someone to join. */
/** @param {TableSeat} seat @param {import("./types/protocol").GameResult | null} [result]
 * @param {...import("./types/site").Child} more */
function playerChip(seat, result = null, ...more) {
  const name = seat.kind === "open" ? t("open seat") : seat.name;
  return h("span.player-chip", h("span.seat-dot", { style: `background:${seatColour(seat.seat)}` }),
    name + (result && result.winners.includes(seat.seat) ? " ★" : ""), ...more);
}

/** A game of the account's, drawn from the list's own summary (nothing more is read). */
/** @param {TableGame} game @param {string} group */
function accountGameItem(game, group) {
  const names = game.seats.map((seat) => playerChip(seat, game.result));
  const playing = game.status === "playing";
  let status;
  if (group === "waiting") status = t("your turn");
  else if (!playing) status = game.status === "finished" ? t("finished") : t("closed");
  else if (game.to_move === null) status = t("playing");
  else if (game.seats[/** @type {number} */ (game.to_move)].kind === "open") status = t("waiting for a player");
  else status = t("{name} to move", { name: game.seats[/** @type {number} */ (game.to_move)].name });
  const buttons = game.mine
    .filter((/** @type {number} */ k) => !playing || game.seats[k].kind === "human") // a resigned seat is a bot's
    .map((/** @type {number} */ k) => h("a.button.small" + (playing ? ".primary" : ""), {
      href: seatLink(game.game_id, k, seatToken(game.game_id, k)),
      text: playing ? t("Play seat {seat}", { seat: k + 1 }) : t("Review (seat {seat})", { seat: k + 1 }),
      dataset: { testid: `my-game-${game.game_id}-${k}` },
    }));
  const li = h("li.my-game", { dataset: { gameId: game.game_id, held: "account" } },
    h("div.my-game-head", h("strong", { text: game.name }),
      h("span.status-pill", { text: status }),
      h("span.muted", { text: timeAgo(game.created) })),
    h("div.my-game-players", names),
    h("div.my-game-actions", buttons));
  li.classList.toggle("finished", !playing);
  li.classList.toggle("my-turn", group === "waiting");
  return li;
}

async function renderMyGames() {
  const run = ++myGamesRun; // a later run wins: an older one that ends last changes nothing
  const held = await accountGames();
  if (run !== myGamesRun) return;
  const accountItems = [];
  const byAccount = new Set();
  for (const group of ["waiting", "running", "finished"]) {
    for (const game of held ? held[group] : []) {
      accountItems.push(accountGameItem(game, group));
      byAccount.add(game.game_id);
    }
  }
  // this browser's guest seats, in the games the account does not list already
  const seats = mySeats().filter((s) => !byAccount.has(s.game_id));
  /** @type {Map<string, import("./types/protocol").KeptSeat[]>} */
  const games = new Map();
  for (const seat of seats) {
    if (!games.has(seat.game_id)) games.set(seat.game_id, []);
    /** @type {import("./types/protocol").KeptSeat[]} */ (games.get(seat.game_id)).push(seat);
  }
  $("my-games-empty").hidden = games.size + accountItems.length > 0;
  const list = $("my-games-list");
  const ids = [...games.keys()].slice(0, 20);
  const items = ids.map((id) => {
    const li = h("li.my-game", { dataset: { gameId: id } }, h("div.my-game-head", { text: t("Loading…") }));
    return li;
  });
  list.replaceChildren(...accountItems, ...items);
  await Promise.all(ids.map(async (id, k) => {
    const li = items[k];
    const held = /** @type {import("./types/protocol").KeptSeat[]} */ (games.get(id)).sort((a, b) => a.seat - b.seat);
    const forget = h("button.small.ghost", { type: "button", text: t("Forget"), "aria-label": t("Forget game {game}", { game: id }) });
    forget.addEventListener("click", () => { forgetGame(id); renderMyGames(); });
    /** @type {TableGame} */
    let summary;
    try {
      summary = await api(`/api/games/${encodeURIComponent(id)}`);
    } catch (err) {
      li.replaceChildren(h("div.my-game-head", h("strong", { text: t("Game {game}", { game: id }) }),
        h("span.muted", { text: " · " + (/** @type {{status?: number}} */ (err).status === 404 ? t("not on this server any more") : errorText(err)) })),
      h("div.my-game-actions", forget));
      return;
    }
    const names = summary.seats.map((seat) => playerChip(seat, summary.result,
      // the points as a player reads them (no tie-break fractions; none in a game without points)
      summary.result && summary.result.points
        ? h("b", { text: ` ${number(summary.result.points[seat.seat])}` }) : null));
    let status;
    let myTurn = false;
    if (summary.status === "finished") {
      status = t("finished");
    } else if (summary.to_move !== null && summary.to_move !== undefined) {
      myTurn = held.some((s) => s.seat === summary.to_move);
      const open = summary.seats[summary.to_move].kind === "open";
      status = myTurn ? t("your turn") : open ? t("waiting for a player")
        : t("{name} to move", { name: summary.seats[summary.to_move].name });
    } else {
      status = t("playing");
    }
    const buttons = held.map((seat) => h("a.button.small" + (summary.status === "playing" ? ".primary" : ""), {
      href: seatLink(id, seat.seat, seat.token),
      text: summary.status === "finished" ? t("Review (seat {seat})", { seat: seat.seat + 1 })
        : t("Play seat {seat}", { seat: seat.seat + 1 }),
    }));
    li.classList.toggle("finished", summary.status === "finished");
    li.classList.toggle("my-turn", myTurn);
    li.replaceChildren(
      h("div.my-game-head", h("strong", { text: summary.name }),
        h("span.status-pill", { text: status }),
        h("span.muted", { text: timeAgo(summary.created) })),
      h("div.my-game-players", names),
      h("div.my-game-actions", buttons, forget));
  }));
  if (run !== myGamesRun) return;
  // where it is your move comes first, and the tab says how many
  const all = [...accountItems, ...items];
  const waiting = all.filter((li) => li.classList.contains("my-turn"));
  list.replaceChildren(...waiting, ...all.filter((li) => !waiting.includes(li)));
  const title = t("Terranova: play tabletop games");
  document.title = waiting.length ? t("({count}) {title}", { count: waiting.length, title }) : title;
  list.dataset.myTurns = String(waiting.length);
}

/** My games, once this browser's guest seats are offered to the account signed in (if any):
 * the sign-in forms call attachMySeats too, right after signing in; here it catches the
 * seats taken as a guest since. */
async function showMyGames() {
  try {
    const answer = await attachMySeats();
    if (answer && answer.attached.length) {
      toast(tn("{n} seat of this browser now held by your account", "{n} seats of this browser now held by your account",
        answer.attached.length), "info");
    }
  } catch (err) {
    toast(t("Your seats could not be attached to your account: {error}", { error: errorText(err) }));
  }
  await renderMyGames();
}

// ------------------------------------------------------------------ open tables

/** The games being played with a seat anyone may join, each open seat with a Join button
 * (the name typed above the list is the one the others see). */
async function renderOpenTables() {
  /** @type {{games: TableGame[]}} */
  let listed;
  try {
    listed = await api("/api/games?open=1");
  } catch (err) {
    $("open-tables-empty").hidden = false;
    $("open-tables-empty").textContent = t("The open tables could not be loaded: {error}", { error: errorText(err) });
    return;
  }
  const held = new Set(mySeats().map((x) => x.game_id));
  const games = listed.games.filter((g) => !held.has(g.game_id));
  $("open-tables-empty").hidden = games.length > 0;
  $("open-tables-empty").textContent = t("No game is waiting for players. Leave a seat open when you create one.");
  $("open-tables-list").replaceChildren(...games.map((game) => {
    const chips = game.seats.map((seat) => playerChip(seat));
    const joins = game.seats.filter((seat) => seat.kind === "open").map((seat) => {
      const button = h("button.small.primary", {
        type: "button", text: t("Join seat {seat}", { seat: seat.seat + 1 }),
        dataset: { testid: `join-${game.game_id}-${seat.seat}` },
      });
      button.addEventListener("click", () => joinTable(game, seat.seat, button));
      return button;
    });
    return h("li.my-game.open-table", { dataset: { gameId: game.game_id } },
      h("div.my-game-head", h("strong", { text: game.name }),
        h("span.status-pill", { text: tn("{n} open", "{n} open", game.seats.filter((x) => x.kind === "open").length) }),
        h("span.muted", { text: timeAgo(game.created) })),
      h("div.my-game-players", chips),
      h("div.my-game-actions", joins));
  }));
}

/** @param {{game_id: string, game: string}} game @param {number} seat @param {HTMLElement} control
 * @param {string | null} [asName] */
async function joinTable(game, seat, control, asName = null) {
  const button = /** @type {HTMLButtonElement} */ (control);
  button.disabled = true;
  try {
    const name = asName || $("join-name").value.trim();
    const joined = await api(`/api/games/${encodeURIComponent(game.game_id)}/join`, {
      method: "POST", body: name ? { seat, name } : { seat },
    });
    rememberSeat({ game_id: joined.game_id, game: game.game, seat: joined.seat, token: joined.token, name });
    location.assign(joined.link);
  } catch (err) {
    toast(t("You could not join: {error}", { error: errorText(err) }));
    button.disabled = false;
    renderOpenTables();
    renderInvitations();
  }
}

// ------------------------------------------------------------------ invitations

/** The invitations waiting for the signed-in account's answer (shown only when signed in):
 * Join takes the seat as joining an open table does; Decline drops the invitation. */
async function renderInvitations() {
  const known = await currentSession().catch(() => null);
  const account = known && known.account;
  $("invitations").hidden = !account;
  if (!account) return;
  /** @type {{invitations: Invitation[]}} */
  let listed;
  try {
    listed = await api("/api/account/invitations");
  } catch (err) {
    $("invitations-empty").textContent = t("The invitations could not be loaded: {error}", { error: errorText(err) });
    return;
  }
  const items = listed.invitations;
  $("invitations-empty").hidden = items.length > 0;
  $("invitations-list").replaceChildren(...items.map((invitation) => {
    const info = catalog.games.find((g) => g.id === invitation.game);
    const name = info ? info.name : humanize(invitation.game);
    const join = h("button.small.primary", {
      type: "button", text: t("Join seat {seat}", { seat: invitation.seat + 1 }),
      dataset: { testid: `accept-${invitation.invitation_id}` },
    });
    join.addEventListener("click", () => joinTable(
      { game_id: invitation.game_id, game: invitation.game }, invitation.seat, join, account.name));
    const decline = h("button.small", {
      type: "button", text: t("Decline"), dataset: { testid: `decline-${invitation.invitation_id}` },
    });
    decline.addEventListener("click", () => declineInvitation(invitation, decline));
    return h("li.my-game.invitation", { dataset: { invitationId: invitation.invitation_id } },
      h("div.my-game-head", h("strong", { text: name }),
        h("span.muted", { text: timeAgo(invitation.created_at) })),
      h("p.invitation-text", { text: t("{name} invites you to seat {seat}.", { name: invitation.inviter, seat: invitation.seat + 1 }) }),
      h("div.my-game-actions", join, decline));
  }));
}

/** @param {Invitation} invitation @param {HTMLElement} control */
async function declineInvitation(invitation, control) {
  const button = /** @type {HTMLButtonElement} */ (control);
  button.disabled = true;
  try {
    await api(`/api/account/invitations/${encodeURIComponent(invitation.invitation_id)}/decline`, { method: "POST" });
  } catch (err) {
    toast(t("The invitation could not be declined: {error}", { error: errorText(err) }));
  }
  renderInvitations();
}

// ------------------------------------------------------------------ start

/** The Rated option: for a signed-in person only (ratings are kept with accounts). */
/** @param {import("./types/protocol").Session | null} known */
function showRated(known) {
  const signedIn = Boolean(known && known.account);
  $("rated").disabled = !signedIn;
  if (!signedIn) $("rated").checked = false;
  $("rated-hint").textContent = signedIn
    ? t("The game moves the ratings of the people at the table. You play the first person's seat from your account; leave the other people's seats open for them to join signed in. Bots play at their published ratings.")
    : t("Sign in to play rated games: a rated game moves the ratings of the people at the table.");
}

async function start() {
  /** @type {HTMLElement} */ (document.querySelector(".topbar")).append(paletteSwitch(), languageMenu(), accountArea());
  addEventListener("terranova:session", (ev) => showRated(/** @type {CustomEvent<import("./types/protocol").Session>} */ (ev).detail));
  currentSession().then(showRated, () => showRated(null));
  $("create-form").addEventListener("submit", createGame);
  $("another-button").addEventListener("click", () => {
    $("created").hidden = true;
    $("new-game").scrollIntoView({ behavior: "smooth" });
  });
  showMyGames();
  renderOpenTables();
  connectLobby();
  $("open-tables-refresh").addEventListener("click", renderOpenTables);
  setInterval(() => { if (!document.hidden) { renderOpenTables(); renderInvitations(); } }, 15000);
  try {
    catalog = await api("/api/catalog");
  } catch (err) {
    toast(t("The catalog could not be loaded: {error}", { error: errorText(err) }));
    return;
  }
  if (!catalog.games.length) {
    toast(t("This server offers no games."));
    return;
  }
  renderGameChoice();
  await renderInvitations();
  document.body.dataset.ready = "1";
}

// ------------------------------------------------------------------ chat and who is online

/** @type {WebSocket | null} */
let lobbySocket = null;
let lobbyWait = 1000;
const lobbyChat = chatPanel($("lobby-chat"), (message) => {
  if (lobbySocket && lobbySocket.readyState === WebSocket.OPEN) lobbySocket.send(JSON.stringify(message));
  else toast(t("Not connected: the message was not sent"));
}, { online: $("online-list") });

/** The lobby's socket: its chat and who is online; it connects again when it drops. */
function connectLobby() {
  const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/lobby`);
  lobbySocket = ws;
  ws.addEventListener("open", () => { lobbyWait = 1000; });
  ws.addEventListener("message", (event) => {
    let msg;
    try { msg = JSON.parse(event.data); } catch (err) { return; }
    if (!lobbyChat.receive(msg) && msg.type === "error") toast(msg.message);
  });
  ws.addEventListener("close", () => {
    if (lobbySocket !== ws) return;
    lobbyChat.offline();
    setTimeout(connectLobby, lobbyWait);
    lobbyWait = Math.min(30000, lobbyWait * 2);
  });
}

start();
