// The play page, for any game: the WebSocket (reconnecting with backoff), the players and
// their scores, whose turn it is, the move log, errors as toasts, undo, the end (final
// scores, winners, a chart of the scores over the turns), the replay of a finished game and
// the record download. The game's own drawing and input come from its board module.
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
import { scoreChart } from "./chart.js";
import {
  accountArea, languageMenu, api, currentSession, forgetSeat, guideWanted, h, installTouchTips, mySeats,
  paletteSwitch, rememberSeat, seatColour, seatInk, seatLink, seatToken, setGuide, toast,
} from "./common.js";
import { language, number, say, t, tn, withNodes } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const LOCALE = language === "xx" ? "en" : language;

/** Names as one list, as the page's language writes it ("Ana and Bo"). */
function listed(names) {
  return new Intl.ListFormat(LOCALE, { type: "conjunction" }).format(names.map(String));
}

/** A number with `digits` decimals, as the page's language writes it. */
function decimal(value, digits) {
  return new Intl.NumberFormat(LOCALE, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
}

const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
const params = new URLSearchParams(location.search);
// a seat is played with its token (the link's, or the one this browser keeps), or, with
// none, by the account signed in that holds it (on any device); otherwise the page watches
let seat = params.has("seat") ? Number(params.get("seat")) : null;
const token = seat !== null ? params.get("token") || seatToken(gameId, seat) : null;

/** The query that names the seat (and its token, if this page has one). */
function seatQuery() {
  if (seat === null) return "";
  return token ? `?seat=${seat}&token=${encodeURIComponent(token)}` : `?seat=${seat}`;
}

let board = null;
let summary = null;
let latest = null; // the newest live state message
let shown = null; // the message on screen (latest, or a replay position)
let replay = null; // {steps: [ply], index, cache: Map, timer}
let socket = null;
let connected = false;
let attempts = 0;
let retryTimer = null;
let retryAt = 0; // when the next reconnect attempt starts (ms)
let retryClock = null; // counts the banner's "retrying in N s" down
let fatal = false;
let heartbeat = null;
let lastHeard = 0;
let remembered = false;
let stateAt = 0; // when the newest state message came (ms)
let overdueWait = 0; // added to the wait after a re-read that found nothing new (ms)
let rereading = false;
const tableChat = chatPanel($("chat-card"), (message) => {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  else toast(t("Not connected: the message was not sent"));
});

// How long past the moment a move is due the page waits for it before it reads the state
// again: a move the server made but never sent would otherwise leave the page waiting for
// ever, its pings answered (ms)
const BOT_PATIENCE = 10000;
const CLOCK_PATIENCE = 5000;
const OVERDUE_CHECK = 2000;
const MOST_OVERDUE_WAIT = 60000;

// ------------------------------------------------------------------ the connection

function setConn(state, text) {
  const el = $("conn");
  el.dataset.state = state;
  el.textContent = text;
  document.body.dataset.conn = state;
}

function connect() {
  clearTimeout(retryTimer);
  clearInterval(retryClock);
  if (fatal) return;
  const base = seatQuery();
  const query = base ? `${base}&chat=1` : "?chat=1";
  const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/games/${encodeURIComponent(gameId)}${query}`;
  setConn("connecting", attempts ? t("reconnecting…") : t("connecting…"));
  let ws;
  try {
    ws = new WebSocket(url);
  } catch (err) {
    scheduleReconnect();
    return;
  }
  socket = ws;
  let gotState = false;
  ws.addEventListener("open", () => {
    connected = true;
    lastHeard = Date.now();
    setConn("online", t("live"));
    // the server sends a fresh state on connect; ask over HTTP if it does not come soon
    setTimeout(() => { if (socket === ws && !gotState) refreshState(); }, 3000);
  });
  ws.addEventListener("message", (event) => {
    lastHeard = Date.now();
    let msg;
    try { msg = JSON.parse(event.data); } catch (err) { return; }
    if (msg.type === "state") {
      gotState = true;
      attempts = 0;
      stateAt = Date.now();
      overdueWait = 0;
      receive(msg);
    } else if (msg.type === "analysis") {
      analysisMessage(msg);
    } else if (tableChat.receive(msg)) {
      // the table's chat
    } else if (msg.type === "error") {
      if (!gotState && ["forbidden", "not_found", "refused"].includes(msg.code)) {
        fatal = true;
        showFatal(refusal(msg.message, msg.code));
        return;
      }
      toast(msg.message);
      if (board) board.settle();
    }
  });
  ws.addEventListener("close", (event) => {
    if (socket !== ws) return;
    socket = null;
    connected = false;
    tableChat.offline();
    if (event.code === 4403 || event.code === 4404 || event.code === 4409) {
      fatal = true;
      setConn("offline", t("closed"));
      return;
    }
    scheduleReconnect();
  });
  ws.addEventListener("error", () => { /* close follows */ });
}

function scheduleReconnect() {
  if (fatal) return;
  attempts += 1;
  // 0.5 s, 1 s, 2 s … with ±20 % jitter, and never more than 10 s (the jitter included)
  const delay = Math.min(10000, 500 * 2 ** Math.min(attempts - 1, 5) * (0.8 + Math.random() * 0.4));
  retryAt = Date.now() + delay;
  showRetry();
  clearInterval(retryClock);
  retryClock = setInterval(showRetry, 250);
  retryTimer = setTimeout(connect, delay);
}

/** "offline: retrying in N s", N the whole seconds left (at least 1), counting down. */
function showRetry() {
  const text = t("offline: retrying in {seconds} s", { seconds: Math.max(1, Math.ceil((retryAt - Date.now()) / 1000)) });
  if ($("conn").textContent !== text) setConn("offline", text);
}

function startHeartbeat() {
  heartbeat = setInterval(() => {
    if (!socket || socket.readyState !== WebSocket.OPEN) return;
    if (Date.now() - lastHeard > 45000) {
      socket.close(); // silent for too long: a half-open connection
      return;
    }
    try { socket.send(JSON.stringify({ type: "ping" })); } catch (err) { /* closing */ }
  }, 20000);
  setInterval(checkOverdue, OVERDUE_CHECK);
  const wake = () => {
    if (!socket && !fatal) {
      attempts = 0;
      connect();
    }
  };
  window.addEventListener("online", wake);
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") wake(); });
}

/** Read the state over HTTP; with `onlyNew`, show it only if the game has changed. Whether
 * it had. */
async function refreshState(onlyNew = false) {
  const query = seatQuery();
  try {
    const msg = await api(`/api/games/${encodeURIComponent(gameId)}/state${query}`);
    const changed = !latest || moved(latest, msg);
    if (changed || !onlyNew) {
      stateAt = Date.now();
      receive(msg);
    }
    return changed;
  } catch (err) {
    if (err.status === 403 || err.status === 404) {
      fatal = true;
      showFatal(refusal(err.message, err.status === 403 ? "forbidden" : "not_found"));
    }
    return false;
  }
}

/** Whether state message `b` shows the game changed since `a`. */
function moved(a, b) {
  return a.ply !== b.ply || a.status !== b.status || a.to_move !== b.to_move
    || a.log.length !== b.log.length || JSON.stringify(a.rematch) !== JSON.stringify(b.rematch);
}

/** When the game should have moved on without this page (ms since the epoch), judging by
 * the newest state: a bot's or the automaton's turn, a response window's or a move's clock;
 * 0 if nothing is due. */
function dueAt(msg) {
  if (!msg || msg.status !== "playing") return 0;
  const due = [];
  const mover = msg.to_move === null || msg.to_move === undefined ? null : msg.seats[msg.to_move];
  if (!msg.window && mover && (mover.kind === "bot" || mover.kind === "automaton")) {
    due.push(stateAt + (summary ? summary.bot_delay_ms : 0) + BOT_PATIENCE);
  }
  if (msg.window) due.push(msg.window.ends_at + CLOCK_PATIENCE);
  if (msg.move_ends_at) due.push(msg.move_ends_at + CLOCK_PATIENCE);
  return due.length ? Math.min(...due) + overdueWait : 0;
}

/** Read the state again when a move is overdue (each re-read that finds nothing new waits
 * twice as long for the next, up to a minute). */
async function checkOverdue() {
  const due = dueAt(latest);
  if (!due || Date.now() < due || rereading || fatal) return;
  rereading = true;
  try {
    const changed = await refreshState(true);
    overdueWait = changed ? 0 : Math.min(MOST_OVERDUE_WAIT, Math.max(OVERDUE_CHECK, overdueWait * 2));
    if (!changed) stateAt = Date.now();
  } finally {
    rereading = false;
  }
}

/** Play an action: over the WebSocket, or over HTTP while it is down. */
async function send(action) {
  if (!latest) return;
  const ply = latest.ply;
  if (socket && socket.readyState === WebSocket.OPEN) {
    socket.send(JSON.stringify({ type: "action", action, ply }));
    return;
  }
  try {
    receive(await api(`/api/games/${encodeURIComponent(gameId)}/actions`, {
      method: "POST", body: { seat, token, action, ply },
    }));
  } catch (err) {
    toast(err.message);
    if (board) board.settle();
  }
}

async function undo() {
  if (socket && socket.readyState === WebSocket.OPEN) {
    socket.send(JSON.stringify({ type: "undo" }));
    return;
  }
  try {
    receive(await api(`/api/games/${encodeURIComponent(gameId)}/undo`, { method: "POST", body: { seat, token } }));
  } catch (err) {
    toast(err.message);
  }
}

// ------------------------------------------------------------------ showing a state

function seatName(k) {
  const seats = (shown || latest || summary || {}).seats || [];
  const entry = seats.find((x) => x.seat === k);
  return entry ? entry.name : t("Seat {seat}", { seat: k + 1 });
}

function receive(msg) {
  const before = latest;
  latest = msg; // the newest message wins, even at a lower ply (after an undo)
  announceScoring(before, msg);
  if (!remembered && seat !== null && token && msg.seat === seat) {
    remembered = true;
    rememberSeat({ game_id: gameId, game: msg.game, seat, token, name: seatName(seat) });
  }
  if (!replay) show(msg, true);
  else renderEnd(msg);
}

/** A seat's score as the board writes it (the number itself by default). */
function scoreText(msg, k, score) {
  return board && board.scoreText ? board.scoreText(msg, k, score) : String(score ?? 0);
}

function currentScores(msg) {
  if (Array.isArray(msg.scores)) return msg.scores;
  if (msg.result) return msg.result.scores;
  return msg.seats.map(() => 0);
}

function show(msg, live) {
  shown = msg;
  if (board) board.update(msg, { live, since: lastOwnMove(msg) });
  document.body.dataset.ply = String(msg.ply);
  document.body.dataset.status = msg.status;
  document.body.dataset.toMove = msg.to_move === null || msg.to_move === undefined ? "" : String(msg.to_move);
  const wasMine = document.body.dataset.myTurn === "1";
  document.body.dataset.myTurn = isMine(msg, live) ? "1" : "0";
  renderBanner(msg, live);
  followWindowClock(msg, live);
  followMoveClock(msg, live);
  renderPlayers(msg);
  renderLog(msg);
  renderLiveChart(msg);
  renderEnd(latest);
  $("undo-button").hidden = !(live && msg.can_undo);
  renderTurnReplay(msg, live);
  renderHintButton(msg, live);
  renderGuide(msg, live);
  $("resign-button").hidden = !(live && msg.status === "playing" && msg.seat !== null);
  if (live && !wasMine && isMine(msg, live)) notifyTurn(msg);
}

// ------------------------------------------------------------------ the first-game guide

const GUIDE_DECISIONS = 10; // the guide walks a player through this many decisions

/** The first-game guide (asked for in the lobby): at each of the seat's first decisions
 * the board's tip, what to do now and why; while the others play, how to follow them. */
function renderGuide(msg, live) {
  const box = $("guide");
  if (!live || seat === null || msg.seat !== seat || msg.status !== "playing" || !guideWanted(gameId, seat)) {
    box.hidden = true;
    return;
  }
  const made = msg.log.filter((e) => e.seat === seat).length;
  let tip;
  if (made >= GUIDE_DECISIONS) {
    tip = t("That is the end of the guide: you have the game in hand. The Rules link at the top has the whole game, and Hint asks our search bot what it would play.");
  } else if (isMine(msg, live)) {
    tip = (board && board.guide && board.guide(msg)) ||
      t("Your move: the highlighted places and buttons are what the rules allow now.");
  } else {
    tip = t("The others are playing. Their moves are marked on the map as they come; click a line of the log to see a move again.");
  }
  const key = `${made}|${tip}`;
  if (!box.hidden && box.dataset.key === key) return; // unchanged: not read out again
  box.dataset.key = key;
  const close = h("button.small", { type: "button", text: made >= GUIDE_DECISIONS ? t("Close") : t("Hide the guide"), dataset: { testid: "guide-close" } });
  close.addEventListener("click", () => {
    setGuide(gameId, seat, false);
    box.hidden = true;
  });
  box.replaceChildren(
    h("h2", { text: t("First game") }),
    h("p.guide-tip", { text: tip, dataset: { testid: "guide-tip" } }),
    h("p.guide-step.muted", { text: made < GUIDE_DECISIONS ? t("Tip for your decision {decision} of {decisions}", { decision: made + 1, decisions: GUIDE_DECISIONS }) : "" }),
    close,
  );
  box.hidden = false;
}

/** Leave the game: a bot plays the seat to the end; this page goes on as a spectator's. */
async function resign() {
  if (!confirm(t("Resign? A bot plays your seat to the end, and this link no longer plays it."))) return;
  try {
    await api(`/api/games/${encodeURIComponent(gameId)}/resign`, { method: "POST", body: { seat, token } });
    forgetSeat(gameId, seat);
    location.assign(`/play/${encodeURIComponent(gameId)}`);
  } catch (err) {
    toast(err.message);
  }
}

// ------------------------------------------------------------------ notifications

const NOTIFY_KEY = "terranova.notify";

/** "Notify me": for a seat, a browser notification when it becomes its move while the
 * page is hidden (asked permission once; the choice is kept in this browser). */
function installNotify() {
  const box = $("notify");
  const offered = seat !== null && window.isSecureContext && typeof Notification !== "undefined"
    && Notification.permission !== "denied";
  $("notify-label").hidden = !offered;
  let kept = null;
  try { kept = localStorage.getItem(NOTIFY_KEY); } catch (err) { /* storage blocked */ }
  box.checked = offered && kept === "1" && Notification.permission === "granted";
  box.addEventListener("change", async () => {
    if (box.checked && Notification.permission !== "granted") {
      box.checked = (await Notification.requestPermission()) === "granted";
      if (!box.checked) toast(t("Notifications are blocked for this site in your browser."));
    }
    try { localStorage.setItem(NOTIFY_KEY, box.checked ? "1" : "0"); } catch (err) { /* ignore */ }
  });
}

function notifyTurn(msg) {
  if (!$("notify").checked || !document.hidden) return;
  const name = summary ? summary.name : "Terranova";
  try {
    const note = new Notification(t("Your move · {game}", { game: name }), {
      body: t("{seat}, it is your move.", { seat: seatName(msg.seat) }), tag: `terranova-${gameId}`,
    });
    note.onclick = () => { window.focus(); note.close(); };
  } catch (err) { /* a browser that shows notifications only from a service worker */ }
}

// ------------------------------------------------------------------ hints

/** The Hint button: shown to a seat that may ask (against bots, or at a table that allows
 * hints), usable on its own move; a hint shown is hidden once the position changes. */
function renderHintButton(msg, live) {
  const button = $("hint-button");
  const mine = live && msg.status === "playing" && msg.seat !== null && msg.to_move === msg.seat && !msg.window;
  button.hidden = !(live && msg.can_hint);
  button.disabled = !mine || button.dataset.busy === "1";
  const box = $("hint-box");
  if (box.dataset.ply !== String(msg.ply) || !live) {
    if (!box.hidden) drawMarks([], msg);
    box.hidden = true;
  }
}

/** Draw moves not made on the board (its showHint): the hint, or an analysed decision's
 * move played and best move. */
function drawMarks(marks, msg) {
  if (board && board.showHint) board.showHint(marks, msg);
  document.body.dataset.hintMarks = marks.map((m) => m.role).join(" ");
}

/** "That is about 3 points better than the next move it weighed.", from a hint's `lead`. */
function leadText(given) {
  if (given.lead === null || given.lead === undefined) return null;
  const points = Math.abs(given.lead);
  const better = given.lead > 0;
  if (points < 0.05) return t("That is about as good as the next move it weighed.");
  if (points < 0.95) {
    return better ? t("That is less than a point better than the next move it weighed.")
      : t("That is less than a point worse than the next move it weighed.");
  }
  const n = Math.round(points);
  return better
    ? tn("That is about {n} point better than the next move it weighed.", "That is about {n} points better than the next move it weighed.", n)
    : tn("That is about {n} point worse than the next move it weighed.", "That is about {n} points worse than the next move it weighed.", n);
}

function estimateText(weighed) {
  if (weighed.margin === null) return t("the only legal move");
  const sign = weighed.margin > 0 ? "+" : "";
  return t("{margin} points over the best other player ({percent}%), tried {visits}×", {
    margin: `${sign}${decimal(weighed.margin, 1)}`, percent: Math.round(weighed.value * 100), visits: weighed.visits,
  });
}

/** What a hint that is not a whole search says of itself: a greedy suggestion (no search
 * could answer), or a search cut short by its time (the machine was busy). */
function hintNote(given) {
  if (given.source === "greedy") {
    return h("p.muted.hint-note", { dataset: { testid: "hint-note" },
      text: t("The search bot could not answer in time: this is a plain greedy suggestion.") });
  }
  if (given.complete === false) {
    return h("p.muted.hint-note", { dataset: { testid: "hint-note" },
      text: t("Cut short: searched {done} of {budget} simulations.", { done: given.iterations, budget: given.budget }) });
  }
  return null;
}

async function askHint() {
  const button = $("hint-button");
  button.dataset.busy = "1";
  button.disabled = true;
  button.textContent = t("Thinking…");
  try {
    const query = seatQuery();
    const given = await api(`/api/games/${encodeURIComponent(gameId)}/hint${query}`);
    const box = $("hint-box");
    box.dataset.ply = String(given.ply);
    const asMove = (w) => ({ text: w.action, kind: w.kind, fields: w.fields, says: w.says });
    const others = given.alternatives.map((w) => {
      const item = h("li", { dataset: { action: w.action } },
        h("button.link.hint-move", { type: "button", text: say(w.says), title: t("Show it on the board") }),
        h("span.muted", { text: ` · ${estimateText(w)}` }));
      item.querySelector("button").addEventListener("click", () => {
        if (latest && latest.ply === given.ply) drawMarks([{ move: asMove(w), role: "hint" }], latest);
      });
      return item;
    });
    const lead = leadText(given);
    box.replaceChildren(...[
      h("p", ...withNodes(given.source === "greedy" ? t("Our greedy bot would play {move}") : t("Our search bot would play {move}"), {
        move: h("strong.hint-move", { text: say(given.best.says), dataset: { testid: "hint-best", action: given.best.action } }),
      }), h("span.muted", { text: ` · ${estimateText(given.best)}` })),
      lead ? h("p.hint-lead", { text: lead, dataset: { testid: "hint-lead" } }) : null,
      board && board.showHint ? h("p.muted", { text: t("It is drawn on the board; click another move below to see it there.") }) : null,
      others.length ? h("p.muted", { text: t("It also weighed, over {n} simulations:", { n: given.iterations }) }) : null,
      others.length ? h("ol.hint-others", ...others) : null,
      hintNote(given),
    ].filter(Boolean));
    box.hidden = !latest || latest.ply !== given.ply;
    if (!box.hidden) drawMarks([{ move: asMove(given.best), role: "hint" }], latest);
  } catch (err) {
    toast(err.message);
  } finally {
    button.dataset.busy = "";
    button.textContent = t("Hint");
    if (latest) renderHintButton(latest, !replay);
  }
}

/** Whether this page's seat has something to decide: its turn, or a response window that
 * waits for its answer (every seat of a window may answer, whoever is `to_move`). */
function isMine(msg, live) {
  if (!live || msg.seat === null || msg.status !== "playing") return false;
  return msg.to_move === msg.seat || Boolean(msg.window && msg.window.waiting);
}

let bannerClock = null;

let moveClock = null;

/** At a table with a time per move: what is left of the move of the person to move. */
function followMoveClock(msg, live) {
  clearInterval(moveClock);
  moveClock = null;
  const box = $("move-clock");
  const ends = live && msg.status === "playing" ? msg.move_ends_at : null;
  box.hidden = ends === null || ends === undefined;
  if (box.hidden) return;
  const tick = () => {
    const left = Math.max(0, Math.ceil((ends - Date.now()) / 1000));
    const time = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
    box.textContent = msg.to_move === msg.seat ? t("Your move: {time} left", { time })
      : t("{seat}'s move: {time} left", { seat: seatName(msg.to_move), time });
    box.classList.toggle("short", left <= 10);
  };
  tick();
  moveClock = setInterval(() => { if (shown === msg && !replay) tick(); }, 500);
}

/** While a response window is open, redraw the banner so its countdown runs. */
function followWindowClock(msg, live) {
  clearInterval(bannerClock);
  bannerClock = null;
  if (!live || !msg.window || msg.status !== "playing") return;
  bannerClock = setInterval(() => {
    if (shown === msg && !replay) renderBanner(msg, true);
  }, 250);
}

/** Whether the board hides the scores (a game without points): no scores, no charts. */
function scoresHidden(msg) {
  return Boolean(board && board.scoreUnit && board.scoreUnit(msg) === null);
}

/** The board's own end of the game ({title, body, winners?}), or null for the page's. */
function endSummary(msg) {
  return board && board.endSummary && msg.status === "finished" ? board.endSummary(msg) : null;
}

/** The seats shown as winners: the board's say (a game may end with no winner, which the
 * protocol reports as every seat tied), else the result's. */
function shownWinners(msg) {
  const custom = endSummary(msg);
  if (custom && Array.isArray(custom.winners)) return custom.winners;
  return msg.result ? msg.result.winners : [];
}

function renderBanner(msg, live) {
  const banner = $("turn-banner");
  const mine = isMine(msg, live);
  let text;
  if (!live && replay) {
    text = t("Replay: move {move} of {moves}", { move: replay.index, moves: replay.steps.length - 1 });
  } else if (msg.status === "abandoned") {
    text = t("This game was closed as abandoned: nobody had moved for a long time");
  } else if (msg.status === "playing" && msg.to_move !== null && msg.seats[msg.to_move].kind === "open") {
    text = t("Waiting for someone to join seat {seat}", { seat: msg.to_move + 1 });
  } else if (board && board.status) {
    text = board.status(msg);
  } else if (msg.status === "finished") {
    text = t("Game over");
  } else {
    text = mine ? t("Your turn") : t("{seat} to move", { seat: seatName(msg.to_move) });
  }
  if (msg.status === "finished" && live && msg.result) {
    const custom = endSummary(msg);
    const winners = msg.result.winners.map(seatName);
    if (custom && custom.title) text = t("Game over: {result}", { result: custom.title });
    else if (winners.length > 1) text = t("Game over: {winners} share the win", { winners: listed(winners) });
    else text = t("Game over: {winner} wins", { winner: winners[0] });
  }
  if (msg.seat === null && live && msg.status === "playing") text = t("Watching · {status}", { status: text });
  banner.textContent = text;
  banner.classList.toggle("mine", mine);
  banner.classList.toggle("over", msg.status !== "playing");
  banner.classList.toggle("replaying", !live);
  if (mine) banner.style.setProperty("--seat", seatColour(msg.seat));
  const game = summary ? summary.name : "Terranova";
  document.title = mine ? t("● Your turn · {game} · Terranova", { game }) : `${game} · Terranova`;
}

/** The Invite control of an open seat (for a person at the table): it asks for the name of
 * the account to invite, which sees the invitation in its lobby (docs/web.md, "Invitations"). */
function inviteButton(k) {
  const button = h("button.small.invite-seat", {
    type: "button", text: t("Invite"), dataset: { testid: `invite-${k}` },
    "aria-label": t("Invite someone to seat {seat}", { seat: k + 1 }),
  });
  button.addEventListener("click", () => openInvite(k));
  return button;
}

function openInvite(k) {
  const form = $("invite-form");
  form.hidden = false;
  form.dataset.seat = String(k);
  $("invite-title").textContent = t("Invite someone to seat {seat}", { seat: k + 1 });
  $("invite-name").value = "";
  $("invite-name").focus();
}

async function sendInvite(event) {
  event.preventDefault();
  const form = $("invite-form");
  const name = $("invite-name").value.trim();
  if (!name) { toast(t("Type the name of the account to invite.")); return; }
  const button = $("invite-send");
  button.disabled = true;
  try {
    const sent = await api(`/api/games/${encodeURIComponent(gameId)}/invitations`, {
      method: "POST", body: { seat: Number(form.dataset.seat), name, by_seat: seat, token },
    });
    form.hidden = true;
    toast(sent.mailed ? t("{name} is invited: they see it in their lobby and by e-mail.", { name: sent.invitee })
      : t("{name} is invited: they see it in their lobby.", { name: sent.invitee }), "ok");
  } catch (err) {
    toast(t("The invitation was not sent: {error}", { error: err.message }));
  } finally {
    button.disabled = false;
  }
}

function renderPlayers(msg) {
  const scores = currentScores(msg);
  const winners = shownWinners(msg);
  const unit = board && board.scoreUnit ? board.scoreUnit(msg) : t("pts");
  const items = msg.seats.map((info) => {
    const k = info.seat;
    const toMove = msg.status === "playing" && msg.to_move === k;
    const tags = [];
    if (k === msg.seat) tags.push(h("span.tag.you", { text: t("you") }));
    const role = board && board.seatRole ? board.seatRole(msg, k) : null;
    if (role) tags.push(h("span.tag.role", { text: role }));
    else if (info.kind === "automaton") tags.push(h("span.tag.role", { text: t("automaton") }));
    else if (info.kind === "bot") {
      tags.push(h("span.tag.bot", { text: info.bot && info.bot !== info.name ? t("bot: {bot}", { bot: info.bot }) : t("bot") }));
    } else if (info.kind === "open") {
      tags.push(h("span.tag.role", { text: t("open: waiting for a player"), dataset: { testid: `open-${k}` } }));
      if (seat !== null && msg.status === "playing") tags.push(inviteButton(k));
    }
    if (winners.includes(k)) tags.push(h("span.tag.winner", { text: t("★ winner") }));
    return h("li.player", {
      dataset: { seat: k, testid: `player-${k}` },
      class: `player${toMove ? " to-move" : ""}${winners.includes(k) ? " winner" : ""}`,
      style: `--seat:${seatColour(k)}`,
      "aria-current": toMove ? "true" : null,
    },
    h("span.player-badge", { style: `background:${seatColour(k)};color:${seatInk(k)}`, text: String(k + 1), "aria-hidden": "true" }),
    h("div.player-main",
      h("div.player-name", h("span", { text: info.name }), tags),
      board && board.seatExtras ? board.seatExtras(msg, k) : null),
    unit === null ? null : h("div.player-score", { "aria-label": t("{name}: {score} {unit}", { name: info.name, score: scoreText(msg, k, scores[k]), unit }) },
      h("b", { text: scoreText(msg, k, scores[k]), dataset: { testid: `score-${k}` } }),
      h("small", { text: unit })),
    toMove ? h("span.sr-only", { text: " " + t("(to move)") }) : null);
  });
  $("players").replaceChildren(...items, ...otherPlayers(msg, unit));
}

/** The players the board adds who hold no seat (a solo game's automaton): listed after the
 * seats with their score, in their colour, a letter on their badge. */
function otherPlayers(msg, unit) {
  const others = board && board.otherPlayers ? board.otherPlayers(msg) || [] : [];
  return others.map((p) => h("li.player.other-player", {
    dataset: { testid: `player-${p.key}`, player: p.key },
    class: `player other-player${p.winner ? " winner" : ""}`,
    style: `--seat:${p.colour}`,
  },
  h("span.player-badge", { style: `background:${p.colour};color:#fff`, text: p.badge, "aria-hidden": "true" }),
  h("div.player-main", h("div.player-name", h("span", { text: p.name }),
    p.role ? h("span.tag.role", { text: p.role }) : null,
    p.winner ? h("span.tag.winner", { text: t("★ winner") }) : null)),
  unit === null ? null : h("div.player-score", { "aria-label": t("{name}: {score} {unit}", { name: p.name, score: p.score, unit }) },
    h("b", { text: String(p.score), dataset: { testid: `score-${p.key}` } }),
    h("small", { text: unit }))));
}

/** The ply of this page's seat's last decision in the log, or null (a spectator, or no
 * decision yet): the board marks what the others did since. */
function lastOwnMove(msg) {
  if (msg.seat === null || msg.seat === undefined) return null;
  for (let k = msg.log.length - 1; k >= 0; k--) {
    if (msg.log[k].seat === msg.seat) return msg.log[k].ply;
  }
  return null;
}

let logAtBottom = true;
let shownEntry = null; // the log entry shown on the map ({ply, text}), or null

/** A click on a log entry: the board shows that move on the map; again: hides it. */
function pickLogEntry(entry, item) {
  const list = $("log");
  for (const other of list.querySelectorAll(".log-entry.picked")) other.classList.remove("picked");
  if (shownEntry && shownEntry.ply === entry.ply) {
    shownEntry = null;
    board.showMove(null, shown);
    return;
  }
  if (board.showMove(entry, shown)) {
    shownEntry = { ply: entry.ply, text: entry.text };
    item.classList.add("picked");
  } else {
    shownEntry = null;
    toast(t("That move left nothing on the map to show."), "info", 2500);
  }
}

/** The picked entry, while the log still holds it (an undo takes it away). */
function pickedEntry(msg) {
  if (shownEntry && !msg.log.some((e) => e.ply === shownEntry.ply && e.text === shownEntry.text)) {
    shownEntry = null;
    if (board && board.showMove) board.showMove(null, msg);
  }
  return shownEntry;
}

/** The log in turns, newest last as the log reads: a turn is a maximal run of one seat's
 * decisions (as `scores_by_turn` counts them), with the chance outcomes that follow them
 * until the next seat decides, but those the board's `chanceOpensTurn` says open the next
 * turn (a tile drawn for the seat to play it) go with the next turn; those before any
 * decision are the set-up (turn 0, no seat).
 * Each turn is an `li.log-turn` headed by the seat's name, its entries `li.log-entry` in
 * an `ol.log-turn-entries`; only the newest 400 entries are shown. */
function renderLog(msg) {
  const list = $("log");
  if (!list.dataset.watched) {
    list.dataset.watched = "1";
    list.addEventListener("scroll", () => {
      logAtBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 24;
    });
  }
  const first = Math.max(0, msg.log.length - 400);
  const entries = msg.log.slice(first);
  const texts = board && board.describeLog ? board.describeLog(entries, msg) : entries.map((e) => say(e.says || e.text));
  const picking = pickedEntry(msg);
  const scored = new Map();
  if (!scoresHidden(msg)) {
    for (const line of scoreSheet(msg)) {
      if (!scored.has(line.ply)) scored.set(line.ply, []);
      scored.get(line.ply).push(line);
    }
  }
  const isChance = (entry) => entry.seat === null || entry.seat === undefined;
  const opens = (entry) => Boolean(board && board.chanceOpensTurn && board.chanceOpensTurn(entry, msg));
  const bySeat = (seat) => ({ id: `seat-${seat}`, seat, name: seatName(seat), colour: seatColour(seat) });
  // who a log entry's turn is: its seat; a chance outcome the board gives to an automaton
  // (chanceActor: a seat, or a player holding none) is that automaton's move
  const actorOf = (entry) => {
    if (!isChance(entry)) return bySeat(entry.seat);
    const other = board && board.chanceActor ? board.chanceActor(entry, msg) : null;
    if (!other) return null;
    if (other.seat !== null && other.seat !== undefined) return bySeat(other.seat);
    return { id: `other-${other.key}`, seat: null, key: other.key, name: other.name, colour: other.colour };
  };
  const turns = [];
  let held = []; // chance outcomes that open the next turn (a tile drawn for its player)
  const open = (actor) => {
    const last = turns[turns.length - 1];
    turns.push({ turn: actor === null ? 0 : (last ? last.turn : 0) + 1, actor, items: [] });
  };
  const put = (k) => { if (k >= first) turns[turns.length - 1].items.push(k - first); };
  for (const [k, entry] of msg.log.entries()) {
    const last = turns[turns.length - 1];
    const actor = actorOf(entry);
    if (actor === null) {
      if (held.length || opens(entry)) held.push(k);
      else {
        if (!last) open(null);
        put(k);
      }
      continue;
    }
    if (!last || !last.actor || actor.id !== last.actor.id || held.length) open(actor);
    for (const j of held) put(j);
    held = [];
    put(k);
  }
  if (held.length) { // the turn they open has not begun: the seat to move's, if any
    if (msg.to_move !== null && msg.to_move !== undefined) open(bySeat(msg.to_move));
    else if (!turns.length) open(null);
    for (const j of held) put(j);
  }
  const pickable = Boolean(board && board.showMove);
  const entryItem = (k) => {
    const entry = entries[k];
    const chance = isChance(entry);
    const lines = (scored.get(entry.ply) || []).map((line) => h("span.log-score", {
      style: `--seat:${seatColour(line.seats[0])}`, dataset: { testid: "log-score" },
    }, line.seats.length === 1 && line.seats[0] === entry.seat
      ? t("{points}: {what}", { points: pointsText(line.points), what: line.what }) : scoringText(line)));
    const picked = pickable && picking && picking.ply === entry.ply;
    const item = h(`li.log-entry${chance ? ".chance" : ""}${pickable ? ".pickable" : ""}${picked ? ".picked" : ""}`, {
      dataset: { ply: entry.ply }, title: pickable ? t("Show this move on the map") : entry.text,
      tabindex: pickable ? "0" : null, role: pickable ? "button" : null,
    },
    h("span.log-ply", { text: String(entry.ply) }),
    chance ? h("span.log-who.muted", { text: "·" })
      : h("span.log-who", h("span.seat-dot", { style: `background:${seatColour(entry.seat)}` }), seatName(entry.seat)),
    h("span.log-text", { text: texts[k] }, ...lines));
    if (pickable) {
      item.addEventListener("click", () => pickLogEntry(entry, item));
      item.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          pickLogEntry(entry, item);
        }
      });
    }
    return item;
  };
  list.replaceChildren(...turns.filter((turn) => turn.items.length).map((turn) => {
    const { actor } = turn;
    const name = actor ? actor.name : t("Set-up");
    return h(`li.log-turn${actor ? "" : ".set-up"}`, {
      dataset: { turn: turn.turn, seat: actor && actor.seat !== null ? actor.seat : "", testid: "log-turn", ...(actor && actor.key ? { player: actor.key } : {}) },
      style: actor ? `--seat:${actor.colour}` : null,
      "aria-label": actor ? t("Turn {turn}: {name}", { turn: turn.turn, name }) : name,
    },
    h("div.log-turn-head",
      actor ? h("span.seat-dot", { style: `background:${actor.colour}` }) : null,
      h("span.log-turn-name", { text: name }),
      actor ? h("span.log-turn-number", { text: t("turn {turn}", { turn: turn.turn }) }) : null),
    h("ol.log-turn-entries", ...turn.items.map(entryItem)));
  }));
  if (logAtBottom) list.scrollTop = list.scrollHeight;
}

/** The players holding no seat (the board's otherPlayers), as the chart draws them. */
function chartOthers(msg) {
  const others = board && board.otherPlayers ? board.otherPlayers(msg) : [];
  return others.map((o) => ({ key: o.key, name: o.name, colour: o.colour }));
}

function renderLiveChart(msg) {
  const card = $("chart-card");
  card.hidden = (msg.status === "finished" && !replay) || scoresHidden(msg);
  if (!card.open && !card.dataset.drawOnOpen) {
    card.dataset.drawOnOpen = "1";
    card.addEventListener("toggle", () => { if (card.open && shown) renderLiveChart(shown); });
  }
  if (!card.open) return;
  $("live-chart").replaceChildren(scoreChart(msg.scores_by_turn, msg.seats.map((x) => x.name), {
    final: msg.result ? msg.result.scores : null, others: chartOthers(msg),
  }));
}

function renderEnd(msg) {
  const card = $("end-card");
  if (!msg || msg.status !== "finished" || !msg.result) {
    card.hidden = true;
    return;
  }
  card.hidden = false;
  const names = msg.seats.map((x) => x.name);
  const { scores } = msg.result;
  const winners = shownWinners(msg);
  const who = winners.map((k) => names[k]);
  const custom = endSummary(msg);
  $("winners").replaceChildren(...[
    winners.length ? h("span.trophy", { text: "★", "aria-hidden": "true" }) : null,
    custom && custom.title ? custom.title : winners.length > 1 ? t("{winners} share the win", { winners: listed(who) })
      : t("{winner} wins", { winner: who[0] }),
    msg.seat !== null && winners.includes(msg.seat) ? h("span.tag.you", { text: t("that's you!") }) : null,
  ].filter(Boolean));
  const summaryBox = $("end-summary");
  const plain = !custom && !scoresHidden(msg);
  $("final-scores").hidden = !plain;
  $("end-chart").hidden = !plain;
  summaryBox.hidden = !custom;
  summaryBox.replaceChildren(...(custom && custom.body ? [custom.body] : []));
  const order = msg.seats.map((x) => x.seat).sort((a, b) => scores[b] - scores[a] || a - b);
  $("final-scores").replaceChildren(...order.map((k, rank) => h(`li.final${winners.includes(k) ? ".winner" : ""}`, {
    dataset: { seat: k, testid: `final-${k}` },
  },
  h("span.rank", { text: `${number(rank + 1)}.` }),
  h("span.seat-dot", { style: `background:${seatColour(k)}` }),
  h("span.final-name", { text: names[k] }),
  h("b.final-score", { text: scoreText(msg, k, scores[k]), dataset: { finalScore: scores[k], seat: k } }))));
  if (card.dataset.chartPly !== String(msg.ply)) {
    card.dataset.chartPly = String(msg.ply);
    $("end-chart").replaceChildren(scoreChart(msg.scores_by_turn, names, { final: scores, width: 380, height: 220, others: chartOthers(msg) }));
  }
  renderScoreSheet(msg);
  $("record-link").href = `/api/games/${encodeURIComponent(gameId)}/record`;
  $("record-link").setAttribute("download", `terranova-${msg.game}-${gameId}.json`);
  renderRematch(msg);
}

// ------------------------------------------------------------------ the score sheet

/** The game's score sheet (core/scoring.py): every scoring event so far, from the view. */
function scoreSheet(msg) {
  const lines = msg && msg.view && msg.view.scoring;
  return Array.isArray(lines) ? lines : [];
}

function lineWho(line) {
  return listed(line.seats.map(seatName));
}

function pointsText(points) {
  return `${points > 0 ? "+" : "−"}${number(Math.abs(points))}`;
}

/** "Ana +3: the longest road": a scoring line, its `what` as the server says it. */
function scoringText(line) {
  return t("{who} {points}: {what}", { who: lineWho(line), points: pointsText(line.points), what: line.what });
}

let scoreLineTimer = 0;

/** Each scoring event as it happens, on one compact line at the top edge of the page (over
 * the top bar, never over the board or the panel): who scored, how much, for what, for a
 * few seconds or until its × is clicked. Not on the first message of a page, nor after an
 * undo (the sheet shrinks), nor in a replay. */
function announceScoring(before, msg) {
  if (!before || replay || scoresHidden(msg) || before.game_id !== msg.game_id) return;
  const old = scoreSheet(before);
  const now = scoreSheet(msg);
  if (now.length <= old.length || msg.ply <= before.ply) return;
  const fresh = now.slice(old.length).slice(-3);
  const box = $("score-line");
  const close = h("button.score-line-close", { type: "button", text: "×", "aria-label": t("Dismiss"), title: t("Dismiss") });
  close.addEventListener("click", () => { box.hidden = true; });
  const text = fresh.map(scoringText).join(" · ");
  box.replaceChildren(h("span.score-line-text", { text, title: text }), close);
  box.hidden = false;
  clearTimeout(scoreLineTimer);
  scoreLineTimer = setTimeout(() => { box.hidden = true; }, 3500);
}

/** Where the points came from, at the end: each kind of scoring by seat, and every event
 * in order, each shown on the replay at a click. */
function renderScoreSheet(msg) {
  const box = $("score-sheet");
  const lines = scoreSheet(msg);
  if (!lines.length || scoresHidden(msg)) {
    box.hidden = true;
    return;
  }
  if (box.dataset.ply === String(msg.ply) && !box.hidden) return;
  box.dataset.ply = String(msg.ply);
  const seats = msg.seats.map((x) => x.seat);
  const kinds = [...new Set(lines.map((line) => line.kind))];
  const cell = (kind, k) => lines.filter((l) => l.kind === kind && l.seats.includes(k)).reduce((a, l) => a + l.points, 0);
  const total = (k) => lines.filter((l) => l.seats.includes(k)).reduce((a, l) => a + l.points, 0);
  const head = h("tr", h("th", { scope: "col", text: "" }), ...seats.map((k) => h("th", { scope: "col" },
    h("span.seat-dot", { style: `background:${seatColour(k)}` }), seatName(k))));
  const kindSays = (kind) => say(lines.find((l) => l.kind === kind).kind_says ?? kind);
  const rows = kinds.map((kind) => h("tr", { dataset: { kind } }, h("th", { scope: "row", text: kindSays(kind) }),
    ...seats.map((k) => h("td", { text: number(cell(kind, k)), dataset: { seat: k } }))));
  const sums = h("tr.sheet-total", h("th", { scope: "row", text: t("total") }),
    ...seats.map((k) => h("td", { text: number(total(k)), dataset: { seat: k, testid: `sheet-total-${k}` } })));
  const steps = replaySteps(msg);
  const events = lines.map((line, k) => {
    const show = h("button.small", { type: "button", text: t("Show"), dataset: { testid: `sheet-show-${k}` } });
    const at = steps.find((step) => step >= line.ply) ?? msg.ply;
    show.addEventListener("click", () => enterReplay(at, scoringText(line)));
    const text = t("{who} {points} ({kind}): {what}", { who: lineWho(line), points: pointsText(line.points), kind: line.kind_says ?? line.kind, what: line.what });
    return h("li", { dataset: { ply: line.ply } },
      h("span.seat-dot", { style: `background:${seatColour(line.seats[0])}` }),
      h("span", { text: `${text} ` }), show);
  });
  box.replaceChildren(
    h("h3", { text: t("Where the points came from") }),
    h("table.sheet", h("thead", head), h("tbody", ...rows, sums)),
    h("details.sheet-events", h("summary", { text: t("Every scoring, in order ({n})", { n: lines.length }) }), h("ol", ...events)),
  );
  box.hidden = false;
}

/** The rematch: a button for a player while nobody has asked for it; once someone has,
 * every player gets a link to their seat in it (the same token, the seat one on) and a
 * spectator a link to watch it. */
function renderRematch(msg) {
  const offer = msg.rematch;
  const playing = msg.seat !== null && msg.seat !== undefined;
  $("rematch-button").hidden = Boolean(offer) || !playing;
  const link = $("rematch-link");
  const note = $("rematch-note");
  link.hidden = !offer;
  note.hidden = !offer;
  if (!offer) return;
  if (playing) {
    const next = offer.seats[msg.seat];
    link.href = seatLink(offer.game_id, next, token);
    link.textContent = t("Play the rematch");
    note.textContent = t("A rematch is ready: you play seat {seat} in it.", { seat: next + 1 });
  } else {
    link.href = `/play/${encodeURIComponent(offer.game_id)}`;
    link.textContent = t("Watch the rematch");
    note.textContent = t("The players have a rematch.");
  }
}

async function askRematch() {
  const button = $("rematch-button");
  button.disabled = true;
  try {
    const made = await api(`/api/games/${encodeURIComponent(gameId)}/rematch`, {
      method: "POST", body: { seat, token },
    });
    location.assign(made.link);
  } catch (err) {
    toast(err.message);
    button.disabled = false;
  }
}

/** A refused seat link, said in the page's numbers: seats count from 1, as in the top bar
 * and the lobby (the server's message uses the API's index, from 0). */
function refusal(message, code) {
  if (code !== "forbidden" || seat === null || !summary) return message;
  if (!Number.isInteger(seat) || seat < 0) return t("This link names no seat of this game.");
  const named = { seat: seat + 1 };
  if (seat >= summary.seats.length) return t("This game has no seat {seat}.", named);
  if (summary.seats[seat].kind === "bot") return t("Seat {seat} is played by a bot.", named);
  if (summary.seats[seat].kind === "automaton") return t("Seat {seat} is played by the automaton.", named);
  if (summary.seats[seat].kind === "open") return t("Seat {seat} is open: join it from the lobby's open tables.", named);
  if (!token) return message; // opened by the account: the server says why not
  return t("This link's token is not valid for seat {seat}.", named);
}

/** Nothing to play here (a refused link, no such game): the message in the banner, no
 * board and no buttons to act, and what to do instead (watch, the seats this browser
 * holds, the lobby). */
function showFatal(message) {
  setConn("offline", t("closed"));
  $("turn-banner").textContent = message;
  $("turn-banner").classList.add("error");
  if (board) {
    board.destroy();
    board = null;
  }
  document.body.classList.add("fatal");
  const ways = [];
  if (summary && seat !== null) {
    ways.push(h("a.button.primary", {
      href: `/play/${encodeURIComponent(gameId)}`, text: t("Watch this game"), dataset: { testid: "watch-link" },
    }));
  }
  const held = mySeats().filter((x) => x.game_id === gameId);
  ways.push(...held.map((x) => h("a.button", { href: seatLink(gameId, x.seat, x.token), text: t("Play seat {seat}", { seat: x.seat + 1 }) })));
  ways.push(h("a.button", { href: "/", text: t("Back to the lobby") }));
  const hint = summary && seat !== null
    ? t("Ask the person who created the game for your seat's link, or watch it as a spectator.")
    : null;
  $("map").replaceChildren(h("div.card.fatal-notice", { dataset: { testid: "fatal-notice" } },
    hint ? h("p", { text: hint }) : null,
    h("div.actions", ...ways)));
}

// ------------------------------------------------------------------ the last turn again

let turnReplay = null; // {steps: [log entry], index, ply, timer}

/** The others' moves since this seat's last decision (chance outcomes, an automaton's
 * moves among them, included; before its first decision, those since the first decision
 * of the game): what "Replay the last turn" steps through. Nothing for a spectator. */
function lastTurnSteps(msg) {
  if (msg.seat === null || msg.seat === undefined) return [];
  const first = msg.log.find((e) => e.seat !== null && e.seat !== undefined);
  const since = lastOwnMove(msg) ?? (first ? first.ply - 1 : msg.ply);
  return msg.log.filter((e) => e.ply > since && e.seat !== msg.seat);
}

/** The button, for a seat of a game being played when the others moved since its last
 * decision; a new position stops a replay going on. */
function renderTurnReplay(msg, live) {
  if (turnReplay && (turnReplay.ply !== msg.ply || !live)) stopTurnReplay();
  const button = $("turn-replay-button");
  button.hidden = !(live && msg.status === "playing" && lastTurnSteps(msg).length);
  button.textContent = turnReplay ? t("■ Stop the replay") : t("⟲ Replay the last turn");
}

/** Step through the others' moves since this seat's last one, at the table's bot speed
 * (0.6 to 2.5 s a move): each marked on the map as a click on its log line marks it
 * (the board's showMove) and in the log, and told under the button. Input is not held:
 * a move of the player's, or any new position, stops it. */
function startTurnReplay() {
  if (turnReplay) {
    stopTurnReplay();
    renderTurnReplay(latest, true);
    return;
  }
  if (!latest || replay) return;
  const steps = lastTurnSteps(latest);
  if (!steps.length) return;
  turnReplay = { steps, index: 0, ply: latest.ply, timer: null };
  document.body.dataset.turnReplayed = "";
  renderTurnReplay(latest, true);
  turnReplayStep();
}

function turnReplayStep() {
  if (!turnReplay) return;
  const { steps, index } = turnReplay;
  if (index >= steps.length) {
    stopTurnReplay();
    renderTurnReplay(latest, true);
    return;
  }
  const entry = steps[index];
  for (const el of $("log").querySelectorAll(".log-entry.replay-step")) el.classList.remove("replay-step");
  const line = $("log").querySelector(`.log-entry[data-ply="${entry.ply}"]`);
  if (line) {
    line.classList.add("replay-step");
    const list = $("log").getBoundingClientRect(); // scrolls the log only, never the page
    const at = line.getBoundingClientRect();
    if (at.top < list.top || at.bottom > list.bottom) $("log").scrollTop += at.top - list.top - list.height / 2;
  }
  if (board && board.showMove) board.showMove(entry, shown);
  const text = board && board.describeLog ? board.describeLog([entry], latest)[0] : entry.text;
  const step = { step: index + 1, steps: steps.length, move: text };
  const note = $("turn-replay-note");
  note.textContent = entry.seat === null || entry.seat === undefined ? t("{step} of {steps} · {move}", step)
    : t("{step} of {steps} · {seat}: {move}", { ...step, seat: seatName(entry.seat) });
  note.hidden = false;
  document.body.dataset.turnReplay = String(entry.ply);
  document.body.dataset.turnReplayed = `${document.body.dataset.turnReplayed || ""} ${entry.ply}`.trim();
  turnReplay.index += 1;
  const pace = Math.max(600, Math.min(2500, (summary && summary.bot_delay_ms) || 0));
  turnReplay.timer = setTimeout(turnReplayStep, pace);
}

function stopTurnReplay() {
  if (!turnReplay) return;
  clearTimeout(turnReplay.timer);
  turnReplay = null;
  delete document.body.dataset.turnReplay;
  $("turn-replay-note").hidden = true;
  for (const el of $("log").querySelectorAll(".log-entry.replay-step")) el.classList.remove("replay-step");
  if (board && board.showMove) board.showMove(shownEntry, shown);
}

// ------------------------------------------------------------------ replay

function replaySteps(msg) {
  // the position before each decision (chance outcomes that follow a move included), then the end
  const decisions = msg.log.filter((e) => e.seat !== null && e.seat !== undefined).map((e) => e.ply);
  const steps = decisions.map((p) => p - 1);
  steps.push(msg.ply);
  return [...new Set(steps)].sort((a, b) => a - b);
}

async function enterReplay(atPly = 0, note = "") {
  if (!latest || latest.status !== "finished") return;
  if (replay) {
    clearInterval(replay.timer);
    replay.timer = null;
    $("replay-play").classList.remove("playing");
  } else {
    replay = { steps: replaySteps(latest), index: 0, cache: new Map(), timer: null, token: 0 };
    const slider = $("replay-slider");
    slider.max = String(replay.steps.length - 1);
    $("replay-bar").hidden = false;
    document.body.classList.add("replaying");
  }
  const index = replay.steps.indexOf(atPly);
  if (index < 0 && atPly !== 0) toast(t("No decision at move {move} to show: the replay starts at the beginning.", { move: atPly }));
  await replayTo(index < 0 ? 0 : index, note);
}

// ------------------------------------------------------------------ analysis

function lossText(judged) {
  return t("value −{loss} on a scale of 0 to 1, about {points} points", { loss: decimal(judged.loss, 2), points: decimal(judged.margin_loss, 1) });
}

let analysisAsked = false;
let judgedAt = new Map(); // an analysis's judged decisions by the replay's ply

/** In the replay of an analysed game: the decision about to be made from this position,
 * its move played and the bot's best drawn side by side on the board and told in words. */
function showJudged(ply, msg) {
  const judged = judgedAt.get(ply);
  const box = $("analysis-step");
  if (!judged) {
    box.hidden = true;
    drawMarks([], msg);
    return;
  }
  const played = { text: judged.played, kind: judged.kind, fields: judged.fields, says: judged.says };
  const best = { text: judged.best, kind: judged.best_kind, fields: judged.best_fields, says: judged.best_says };
  const agreed = judged.best === judged.played;
  drawMarks(agreed ? [{ move: played, role: "played" }] : [{ move: played, role: "played" }, { move: best, role: "best" }], msg);
  box.replaceChildren(
    h("span.mark-key.played", { text: t("played") }), " " + t("{seat}: {move}", { seat: seatName(judged.seat), move: judged.says }),
    agreed ? h("span.muted", { text: " · " + t("the bot agreed") })
      : h("span", " · ", h("span.mark-key.best", { text: t("best") }), " " + t("{move} (lost {loss})", { move: judged.best_says, loss: lossText(judged) })),
  );
  box.hidden = false;
}
let analysisTimer = null;

/** "Analyse the game": the analysis is made in the background (or was made already); its
 * progress shows as a bar, "decision 41 of 180", told by the game's WebSocket at each
 * decision and asked again every few seconds (it may be made by another server process). */
async function analyse() {
  const button = $("analysis-button");
  button.disabled = true;
  button.textContent = t("Analysing…");
  analysisAsked = true;
  await fetchAnalysis();
}

async function fetchAnalysis() {
  clearTimeout(analysisTimer);
  if (!analysisAsked) return;
  try {
    const found = await api(`/api/games/${encodeURIComponent(gameId)}/analysis`);
    if (!analysisAsked) return;
    if (found.status === "running") {
      showAnalysisProgress(found);
      analysisTimer = setTimeout(fetchAnalysis, 3000);
      return;
    }
    analysisAsked = false;
    const bar = $("analysis-progress");
    if (bar) bar.remove();
    showAnalysis(found);
  } catch (err) {
    if (err.status === 0 || err.status === 502 || err.status === 503) {
      // the server is restarting (or out of reach a while): the analysis goes on there,
      // stored as it goes; ask again
      showAnalysisProgress({ waiting: true });
      analysisTimer = setTimeout(fetchAnalysis, 3000);
      return;
    }
    analysisStopped(err.message);
  }
}

function analysisStopped(message) {
  analysisAsked = false;
  clearTimeout(analysisTimer);
  const bar = $("analysis-progress");
  if (bar) bar.remove();
  toast(message);
  const button = $("analysis-button");
  button.disabled = false;
  button.textContent = t("Analyse the game");
}

/** A `{"type": "analysis"}` message of the WebSocket, or the progress GET answered. */
function analysisMessage(msg) {
  if (!analysisAsked) return;
  if (msg.failed) analysisStopped(t("The analysis stopped ({reason}); ask again to resume it.", { reason: msg.failed }));
  else if (msg.status === "done") fetchAnalysis();
  else showAnalysisProgress(msg);
}

function showAnalysisProgress(progress) {
  let bar = $("analysis-progress");
  if (!bar) {
    bar = h("div.analysis-progress#analysis-progress", { dataset: { testid: "analysis-progress" }, role: "status" },
      h("progress", { max: 1, value: 0 }), h("span.muted"));
    $("analysis").before(bar);
  }
  const [meter, label] = bar.children;
  if (progress.waiting) {
    label.textContent = " " + t("The server cannot be reached: asking again in a few seconds…");
    return;
  }
  meter.max = Math.max(1, progress.total);
  meter.value = progress.done;
  label.textContent = " " + t("Analysing: decision {done} of {total}", { done: progress.done, total: progress.total });
}

/** The game analysed by our search bot: each player's mean loss and the biggest mistakes,
 * each shown on the replay at a click. */
function showAnalysis(found) {
  const button = $("analysis-button");
  const box = $("analysis");
  const seats = found.seats.map((x) => {
    const decisions = tn("{n} decision", "{n} decisions", x.decisions);
    const mistakes = tn("{n} mistake", "{n} mistakes", x.mistakes);
    return h("li", { dataset: { seat: x.seat } },
      h("span.seat-dot", { style: `background:${seatColour(x.seat)}` }),
      t("{seat}: {decisions}, a mean loss of {loss} in value, {mistakes}", { seat: seatName(x.seat), decisions, loss: decimal(x.mean_loss, 2), mistakes }));
  });
  const mistakes = found.mistakes.map((m, k) => {
    const show = h("button.small", { type: "button", text: t("Show"), dataset: { testid: `mistake-${k}` } });
    const named = { seat: seatName(m.seat), best: m.best_says };
    show.addEventListener("click", () => enterReplay(m.ply, t("{seat} played {move}; the bot preferred {best}", { ...named, move: m.says })));
    return h("li.mistake", { dataset: { ply: m.ply, seat: m.seat } },
      ...withNodes(t("{seat} played {move}; the bot preferred {best} (lost {loss})"), {
        move: h("strong", { text: say(m.says) }),
      }, { ...named, loss: lossText(m) }), " ", show);
  });
  box.replaceChildren(...[
    h("h3", { text: t("Analysis") }),
    h("p.muted", { text: t("Each decision searched by {bot}.", { bot: found.bot }) }),
    h("ul.analysis-seats", ...seats),
    mistakes.length ? h("p", { text: t("Biggest mistakes:") }) : h("p", { text: t("No mistakes found.") }),
    mistakes.length ? h("ol.mistakes", ...mistakes) : null,
  ].filter(Boolean));
  box.hidden = false;
  button.hidden = true;
  judgedAt = new Map(found.decisions.map((d) => [d.ply, d]));
  if (replay) showJudged(replay.steps[replay.index], shown);
  else box.append(h("p.muted", { text: t("The replay shows, at each decision, the move played and the bot's best on the board.") }));
}

function exitReplay() {
  if (!replay) return;
  clearInterval(replay.timer);
  $("replay-play").classList.remove("playing");
  replay = null;
  $("replay-bar").hidden = true;
  $("analysis-step").hidden = true;
  drawMarks([], latest);
  document.body.classList.remove("replaying");
  show(latest, true);
}

async function fetchReplay(ply) {
  if (!replay.cache.has(ply)) {
    // as this page's seat saw the game then (its own hidden pieces shown), or a spectator
    const as = seat === null ? "" : `?seat=${seat}`;
    replay.cache.set(ply, api(`/api/games/${encodeURIComponent(gameId)}/replay/${ply}${as}`));
  }
  try {
    return await replay.cache.get(ply);
  } catch (err) {
    replay.cache.delete(ply);
    throw err;
  }
}

async function replayTo(index, note = "") {
  if (!replay) return;
  index = Math.max(0, Math.min(replay.steps.length - 1, index));
  replay.index = index;
  const ask = ++replay.token;
  $("replay-slider").value = String(index);
  const ply = replay.steps[index];
  const decision = latest.log.find((e) => e.ply === ply + 1 && e.seat !== null && e.seat !== undefined);
  const previous = index > 0 ? latest.log.find((e) => e.ply === replay.steps[index - 1] + 1) : null;
  let msg;
  try {
    msg = await fetchReplay(ply);
  } catch (err) {
    toast(t("The replay could not be loaded: {error}", { error: err.message }));
    return;
  }
  if (!replay || ask !== replay.token) return;
  show(msg, false);
  const parts = [t("Move {move} of {moves}", { move: index, moves: replay.steps.length - 1 })];
  if (previous && previous.seat !== null) {
    const said = board && board.describeLog ? board.describeLog([previous], latest)[0] : say(previous.says || previous.text);
    parts.push(t("after {seat}: {move}", { seat: seatName(previous.seat), move: said }));
  } else {
    parts.push(t("after the start"));
  }
  if (!decision && index === replay.steps.length - 1) parts.push(t("final scoring"));
  if (note) parts.push(note);
  $("replay-label").textContent = parts.join(" · ");
  showJudged(ply, msg);
  // prefetch the next position
  if (index + 1 < replay.steps.length) fetchReplay(replay.steps[index + 1]).catch(() => {});
}

function toggleReplayPlay() {
  if (!replay) return;
  const button = $("replay-play");
  if (replay.timer) {
    clearInterval(replay.timer);
    replay.timer = null;
    button.classList.remove("playing");
    button.setAttribute("aria-label", t("Play the replay"));
    return;
  }
  if (replay.index >= replay.steps.length - 1) replayTo(0);
  button.classList.add("playing");
  button.setAttribute("aria-label", t("Pause the replay"));
  replay.timer = setInterval(() => {
    if (!replay) return;
    if (replay.index >= replay.steps.length - 1) {
      toggleReplayPlay();
      return;
    }
    replayTo(replay.index + 1);
  }, 700);
}

function installReplayControls() {
  $("replay-button").addEventListener("click", () => enterReplay(0));
  $("rematch-button").addEventListener("click", askRematch);
  $("analysis-button").addEventListener("click", analyse);
  $("replay-exit").addEventListener("click", exitReplay);
  $("replay-first").addEventListener("click", () => replayTo(0));
  $("replay-prev").addEventListener("click", () => replayTo(replay.index - 1));
  $("replay-next").addEventListener("click", () => replayTo(replay.index + 1));
  $("replay-last").addEventListener("click", () => replayTo(replay.steps.length - 1));
  $("replay-play").addEventListener("click", toggleReplayPlay);
  $("replay-slider").addEventListener("input", (ev) => replayTo(Number(ev.target.value)));
  document.addEventListener("keydown", (ev) => {
    if (!replay || ev.target.tagName === "INPUT") return;
    if (ev.key === "ArrowLeft") replayTo(replay.index - 1);
    else if (ev.key === "ArrowRight") replayTo(replay.index + 1);
    else if (ev.key === "Escape") exitReplay();
    else if (ev.key === " " && ev.target.tagName !== "BUTTON") {
      ev.preventDefault();
      toggleReplayPlay();
    }
  });
}

// ------------------------------------------------------------------ start

/** The game's own board (`url`, from its summary), or the generic one (no url, or it failed). */
async function loadBoard(url, components) {
  const ctx = {
    map: $("map"), panel: $("board-panel"), components, seat,
    send, seatName, toast: (text) => toast(text),
  };
  if (url) {
    try {
      const module = await import(url);
      return module.createBoard(ctx);
    } catch (err) {
      console.error(err);
    }
  }
  const module = await import("./boards/generic.js");
  return module.createBoard(ctx);
}

async function start() {
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
  document.querySelector(".topbar").append(languageMenu(), accountArea());
  let components;
  try {
    [summary, components] = await Promise.all([
      api(`/api/games/${encodeURIComponent(gameId)}`),
      api(`/api/games/${encodeURIComponent(gameId)}/components`),
    ]);
  } catch (err) {
    showFatal(err.status === 404 ? t("There is no game {game} on this server.", { game: gameId })
      : t("The game could not be loaded: {error}", { error: err.message }));
    return;
  }
  if (seat !== null && !token) {
    // no token here: the seat is played by the account signed in, or the page watches
    const known = await currentSession().catch(() => null);
    if (!known || !known.account) seat = null;
  }
  $("game-title").textContent = seat !== null ? t("{game} · seat {seat}", { game: summary.name, seat: seat + 1 })
    : t("{game} · spectator", { game: summary.name });
  $("game-title").title = $("game-title").textContent; // the whole of it where the bar cuts it
  $("practice-tag").hidden = !summary.practice;
  // the others' moves arrive at the table's bot speed: the boards' animations last this long
  document.documentElement.style.setProperty("--follow-ms", `${Math.max(400, Math.min(1500, summary.bot_delay_ms || 0))}ms`);
  $("rules-link").hidden = !summary.rules;
  if (summary.rules) $("rules-link").href = summary.rules;
  document.title = `${summary.name} · Terranova`;
  board = await loadBoard(summary.board, components);
  if (seat === null) {
    const held = mySeats().filter((x) => x.game_id === gameId);
    if (held.length) {
      toast(tn("You hold seat {seats} in this game: open it from the lobby to play.",
        "You hold seats {seats} in this game: open them from the lobby to play.", held.length,
        { seats: listed(held.map((x) => number(x.seat + 1))) }), "info", 6000);
    }
  }
  // a handle for the browser console and the end-to-end tests
  window.terranova = { send, undo, state: () => latest, shown: () => shown, board };
  document.body.dataset.ready = "1";
  connect();
  startHeartbeat();
}

start();
