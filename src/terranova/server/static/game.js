// @ts-check
// The play page, for any game: the WebSocket (reconnecting with backoff), the players and
// their scores, whose turn it is, the move log, errors as toasts, undo, the end (final
// scores, winners, a chart of the scores over the turns), the replay of a finished game and
// the record download. The game's own drawing and input come from its board module.
// This module starts the page and wires its three parts: play/connection.js (the
// WebSocket, reconnecting, sending), play/state.js (the page's state, one typed object
// changed through `update`) and play/render.js (everything drawn from a state message).
// The types: types/protocol.d.ts (the server's messages), types/board.d.ts (the board's
// interface: `Board`, `BoardContext`, `BoardModule`), types/site.d.ts (the page's state).
//
// A game's board module lives in the game's own package: the directory its GameInfo names
// as `web` holds board.js (and what it uses: its board.css, loaded by the module itself with
// common.js's loadStyle, other modules it imports), served at /static/games/<game id>/. The
// game's summary says where (`board`); a game without one (null), or whose module fails to
// load, gets boards/generic.js. Board modules import the shared code by absolute path
// (/static/common.js, /static/kit/…). A board module exports
//   createBoard(ctx) -> board
// with ctx = {
//   map,         // element for the board's main drawing (fills the board area)
//   panel,       // element in the sidebar for the board's own controls
//   components,  // GET /api/games/{id}/components
//   seat,        // this page's seat, or null for a spectator
//   send(text),  // play an action text at the shown ply
//   seatName(seat), toast(text),
// }
// and board = {
//   update(message, {live, since}), // show a state message; live=false: replays (no
//                             // input); since: the ply of this seat's last decision (null
//                             // for a spectator, or before the seat's first): the board
//                             // marks every move after it (log entries with a higher ply)
//                             // on the map, another seat's newest (a bot's, an
//                             // automaton's, a person's) with a short animation, once
//                             // (not again at a redraw), lasting var(--follow-ms) (the
//                             // table's bot speed), none under prefers-reduced-motion
//   settle(),                 // the last action was refused: accept input again
//   destroy(),
//   status?(message) -> string,             // the banner text
//   seatExtras?(message, seat) -> Node,     // shown under a seat in the player list
//   seatRole?(message, seat) -> string|null, // a tag replacing "bot" (e.g. "automaton")
//   scoreUnit?(message) -> string|null,      // the word after a seat's score ("pts" by
//                                            // default); null hides the scores, and with
//                                            // them the charts of the scores
//   scoreText?(message, seat, score) -> string, // a seat's score as shown in the player
//                                            // list and the final scores (default: the
//                                            // number; e.g. without a tie-break's fraction)
//   endSummary?(message) -> {title, body, winners?}|null, // the end told by the game:
//                                            // `title` in place of "X wins", `body` (a Node)
//                                            // in place of the final scores and their chart,
//                                            // `winners` the seats marked as winners
//                                            // (default: result.winners)
//   describeLog?(log, message) -> [string], // readable log texts, naming places as a
//                                            // player sees them (not by coordinates)
//   showMove?(entry, message) -> boolean,    // a click on that log entry: show on the map
//                                            // what it did (false: nothing to show);
//                                            // showMove(null) clears it
//   otherPlayers?(message) -> [{key, name, badge, colour, score, role?, winner?}],
//                                            // players holding no seat (an automaton the
//                                            // game plays outside the seats, such as a
//                                            // solo game's opponent), listed after the seats
//   chanceActor?(entry, message) -> {seat}|{key, name, colour}|null, // the automaton
//                                            // whose move a chance outcome of the log is (a
//                                            // seat, or a player holding none): the
//                                            // log groups it as that player's turn
//   chanceOpensTurn?(entry, message) -> boolean, // a chance outcome in the log that
//                                            // opens the next turn (a draw of the next
//                                            // player's tile): the log groups it there
//                                            // (default: with the turn before it)
//   showHint?(marks, message),               // draw on the map moves not made: the hint
//                                            // (role "hint"), or in an analysis's replay
//                                            // the move played and the bot's best side by
//                                            // side (roles "played" and "best"); marks:
//                                            // [{move: {text, kind, fields, says}, role}],
//                                            // kept over updates until showHint([]) clears
//   guide?(message) -> string|null,          // the first-game guide's tip for the seat to
//                                            // decide now: what to do and why, in a sentence
//                                            // or two (null: the page's general tip)
// }
import { chatPanel } from "./chat.js";
import {
  accountArea, api, currentSession, errorText, installTouchTips, languageMenu, mySeats, paletteSwitch, toast,
} from "./common.js";
import { number, t, tn } from "./i18n.js";
import { connect, listen, send, sendMessage, startHeartbeat, undo } from "./play/connection.js";
import {
  $, analysisMessage, askHint, installNotify, installReplayControls, listed, receive, refusal, resign, seatName,
  sendInvite, showFatal, startTurnReplay,
} from "./play/render.js";
import { state, update } from "./play/state.js";

/** @typedef {import("./types/protocol").GameSummary} GameSummary */
/** @typedef {import("./types/site").Board} Board */
/** @typedef {import("./types/site").BoardContext} BoardContext */
/** @typedef {import("./types/site").BoardModule} BoardModule */

const tableChat = chatPanel($("chat-card"), (message) => {
  if (!sendMessage(message)) toast(t("Not connected: the message was not sent"));
});

listen({
  receive,
  analysis: analysisMessage,
  chat: (msg) => tableChat.receive(msg),
  offline: () => tableChat.offline(),
  fatal: (message, code) => showFatal(refusal(message, code)),
});

// ------------------------------------------------------------------ start

/** The game's own board (`url`, from its summary), or the generic one (no url, or it failed).
 * @param {string | null} url
 * @param {unknown} components
 * @returns {Promise<Board>} */
async function loadBoard(url, components) {
  /** @type {BoardContext} */
  const ctx = {
    map: $("map"), panel: $("board-panel"), components, seat: state.seat,
    send, seatName, toast: (text) => toast(text),
  };
  if (url) {
    try {
      /** @type {BoardModule} */
      const module = await import(url);
      return module.createBoard(ctx);
    } catch (err) {
      console.error(err);
    }
  }
  /** @type {BoardModule} */
  const module = await import("./boards/generic.js");
  return module.createBoard(ctx);
}

async function start() {
  const gameId = state.gameId;
  if (!gameId) {
    showFatal(t("No game id in this address."));
    return;
  }
  installTouchTips();
  $("undo-button").addEventListener("click", undo);
  $("turn-replay-button").addEventListener("click", startTurnReplay);
  $("hint-button").addEventListener("click", askHint);
  $("resign-button").addEventListener("click", resign);
  $("invite-form").addEventListener("submit", sendInvite);
  $("invite-cancel").addEventListener("click", () => { $("invite-form").hidden = true; });
  installReplayControls();
  installNotify();
  $("rules-link").before(paletteSwitch());
  /** @type {HTMLElement} */ (document.querySelector(".topbar")).append(languageMenu(), accountArea());
  /** @type {GameSummary} */
  let summary;
  /** @type {unknown} */
  let components;
  try {
    [summary, components] = await Promise.all([
      api(`/api/games/${encodeURIComponent(gameId)}`),
      api(`/api/games/${encodeURIComponent(gameId)}/components`),
    ]);
    update({ summary });
  } catch (err) {
    showFatal(/** @type {{status?: number}} */ (err).status === 404 ? t("There is no game {game} on this server.", { game: gameId })
      : t("The game could not be loaded: {error}", { error: errorText(err) }));
    return;
  }
  if (state.seat !== null && !state.token) {
    // no token here: the seat is played by the account signed in, or the page watches
    const known = await currentSession().catch(() => null);
    if (!known || !known.account) update({ seat: null });
  }
  const title = $("game-title");
  title.textContent = state.seat !== null ? t("{game} · seat {seat}", { game: summary.name, seat: state.seat + 1 })
    : t("{game} · spectator", { game: summary.name });
  title.title = title.textContent; // the whole of it where the bar cuts it
  $("practice-tag").hidden = !summary.practice;
  // the others' moves arrive at the table's bot speed: the boards' animations last this long
  document.documentElement.style.setProperty("--follow-ms", `${Math.max(400, Math.min(1500, summary.bot_delay_ms || 0))}ms`);
  const rules = /** @type {HTMLAnchorElement} */ ($("rules-link"));
  rules.hidden = !summary.rules;
  if (summary.rules) rules.href = summary.rules;
  document.title = `${summary.name} · Terranova`;
  const board = await loadBoard(summary.board, components);
  update({ board });
  if (state.seat === null) {
    const held = mySeats().filter((x) => x.game_id === gameId);
    if (held.length) {
      toast(tn("You hold seat {seats} in this game: open it from the lobby to play.",
        "You hold seats {seats} in this game: open them from the lobby to play.", held.length,
        { seats: listed(held.map((x) => number(x.seat + 1))) }), "info", 6000);
    }
  }
  // a handle for the browser console and the end-to-end tests
  /** @type {Window & {terranova?: object}} */ (window).terranova = {
    send, undo, state: () => state.latest, shown: () => state.shown, board,
  };
  document.body.dataset.ready = "1";
  connect();
  startHeartbeat();
}

start();
