// @ts-check
// The play page's rendering, for any game: the players and their scores, whose turn it is,
// the move log, undo, the hint, the first-game guide, the end (final scores, winners, a
// chart of the scores over the turns, the score sheet, the analysis, the rematch), the
// replay of a finished game and of the last turn. It reads the page's state (state.js) and
// changes it through `update`; the game's own drawing is its board's (game.js says what a
// board does).
import { scoreChart } from "../chart.js";
import {
  api, errorText, forgetSeat, guideWanted, h, mySeats, rememberSeat, seatColour, seatInk, seatLink, setGuide, toast,
} from "../common.js";
import { language, number, say, t, tn, withNodes } from "../i18n.js";
import { setConn } from "./connection.js";
import { receiveLatest, seatQuery, state, update } from "./state.js";

/** @typedef {import("../types/protocol").StateMessage} StateMessage */
/** @typedef {import("../types/protocol").LogEntry} LogEntry */
/** @typedef {import("../types/protocol").ScoringLine} ScoringLine */
/** @typedef {import("../types/protocol").Hint} Hint */
/** @typedef {import("../types/protocol").WeighedMove} WeighedMove */
/** @typedef {import("../types/protocol").Analysis} Analysis */
/** @typedef {import("../types/protocol").AnalysisProgress} AnalysisProgress */
/** @typedef {import("../types/protocol").JudgedDecision} JudgedDecision */
/** @typedef {import("../types/site").MoveMark} MoveMark */
/** @typedef {import("../types/site").EndSummary} EndSummary */

/** The page's element of that id (play.html has every one this module asks for).
 * @template {HTMLElement} [E=HTMLElement]
 * @param {string} id
 * @returns {E} */
export const $ = (id) => /** @type {E} */ (document.getElementById(id));
/** The value, known here not to be null or undefined (what the page's flow makes sure of).
 * @template T @param {T} value @returns {NonNullable<T>} */
const known = (value) => /** @type {NonNullable<T>} */ (value);

const LOCALE = language === "xx" ? "en" : language;

/** Names as one list, as the page's language writes it ("Ana and Bo").
 * @param {(string | number)[]} names */
export function listed(names) {
  return new Intl.ListFormat(LOCALE, { type: "conjunction" }).format(names.map(String));
}

/** A number with `digits` decimals, as the page's language writes it.
 * @param {number} value @param {number} digits */
function decimal(value, digits) {
  return new Intl.NumberFormat(LOCALE, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
}

// ------------------------------------------------------------------ showing a state

/** @param {number | null} k @returns {string} */
export function seatName(k) {
  const seats = (state.shown || state.latest || state.summary || {}).seats || [];
  const entry = seats.find((x) => x.seat === k);
  return entry ? entry.name : t("Seat {seat}", { seat: /** @type {number} */ (k) + 1 });
}

/** @param {StateMessage} msg */
export function receive(msg) {
  const before = receiveLatest(msg); // the newest message wins, even at a lower ply (after an undo)
  announceScoring(before, msg);
  if (!state.remembered && state.seat !== null && state.token && msg.seat === state.seat) {
    update({ remembered: true });
    rememberSeat({ game_id: state.gameId, game: msg.game, seat: state.seat, token: state.token, name: seatName(state.seat) });
  }
  if (!state.replay) show(msg, true);
  else renderEnd(msg);
}

/** A seat's score as the board writes it (the number itself by default). */
/** @param {StateMessage} msg @param {number} k @param {number | undefined} score @returns {string} */
function scoreText(msg, k, score) {
  return state.board && state.board.scoreText ? state.board.scoreText(msg, k, /** @type {number} */ (score)) : String(score ?? 0);
}

/** @param {StateMessage} msg @returns {number[]} */
function currentScores(msg) {
  if (Array.isArray(msg.scores)) return msg.scores;
  if (msg.result) return msg.result.scores;
  return msg.seats.map(() => 0);
}

/** @param {StateMessage} msg @param {boolean} live */
function show(msg, live) {
  update({ shown: msg });
  if (state.board) state.board.update(msg, { live, since: lastOwnMove(msg) });
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
  renderEnd(state.latest);
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
/** @param {StateMessage} msg @param {boolean} live */
function renderGuide(msg, live) {
  const box = $("guide");
  if (!live || state.seat === null || msg.seat !== state.seat || msg.status !== "playing" || !guideWanted(state.gameId, state.seat)) {
    box.hidden = true;
    return;
  }
  const made = msg.log.filter((e) => e.seat === state.seat).length;
  let tip;
  if (made >= GUIDE_DECISIONS) {
    tip = t("That is the end of the guide: you have the game in hand. The Rules link at the top has the whole game, and Hint asks our search bot what it would play.");
  } else if (isMine(msg, live)) {
    tip = (state.board && state.board.guide && state.board.guide(msg)) ||
      t("Your move: the highlighted places and buttons are what the rules allow now.");
  } else {
    tip = t("The others are playing. Their moves are marked on the map as they come; click a line of the log to see a move again.");
  }
  const key = `${made}|${tip}`;
  if (!box.hidden && box.dataset.key === key) return; // unchanged: not read out again
  box.dataset.key = key;
  const close = h("button.small", { type: "button", text: made >= GUIDE_DECISIONS ? t("Close") : t("Hide the guide"), dataset: { testid: "guide-close" } });
  close.addEventListener("click", () => {
    setGuide(state.gameId, state.seat, false);
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
export async function resign() {
  if (!confirm(t("Resign? A bot plays your seat to the end, and this link no longer plays it."))) return;
  try {
    await api(`/api/games/${encodeURIComponent(state.gameId)}/resign`, { method: "POST", body: { seat: state.seat, token: state.token } });
    forgetSeat(state.gameId, state.seat);
    location.assign(`/play/${encodeURIComponent(state.gameId)}`);
  } catch (err) {
    toast(errorText(err));
  }
}

// ------------------------------------------------------------------ notifications

const NOTIFY_KEY = "terranova.notify";

/** "Notify me": for a seat, a browser notification when it becomes its move while the
 * page is hidden (asked permission once; the choice is kept in this browser). */
export function installNotify() {
  const box = /** @type {HTMLInputElement} */ ($("notify"));
  const offered = state.seat !== null && window.isSecureContext && typeof Notification !== "undefined"
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

/** @param {StateMessage} msg */
function notifyTurn(msg) {
  if (!/** @type {HTMLInputElement} */ ($("notify")).checked || !document.hidden) return;
  const name = state.summary ? state.summary.name : "Terranova";
  try {
    const note = new Notification(t("Your move · {game}", { game: name }), {
      body: t("{seat}, it is your move.", { seat: seatName(msg.seat) }), tag: `terranova-${state.gameId}`,
    });
    note.onclick = () => { window.focus(); note.close(); };
  } catch (err) { /* a browser that shows notifications only from a service worker */ }
}

// ------------------------------------------------------------------ hints

/** The Hint button: shown to a seat that may ask (against bots, or at a table that allows
 * hints), usable on its own move; a hint shown is hidden once the position changes. */
/** @param {StateMessage} msg @param {boolean} live */
function renderHintButton(msg, live) {
  const button = /** @type {HTMLButtonElement} */ ($("hint-button"));
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
/** @param {MoveMark[]} marks @param {StateMessage | null} msg */
function drawMarks(marks, msg) {
  if (state.board && state.board.showHint) state.board.showHint(marks, msg);
  document.body.dataset.hintMarks = marks.map((m) => m.role).join(" ");
}

/** "That is about 3 points better than the next move it weighed.", from a hint's `lead`. */
/** @param {Hint} given @returns {string | null} */
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

/** @param {WeighedMove} weighed @returns {string} */
function estimateText(weighed) {
  if (weighed.margin === null) return t("the only legal move");
  const sign = weighed.margin > 0 ? "+" : "";
  return t("{margin} points over the best other player ({percent}%), tried {visits}×", {
    margin: `${sign}${decimal(weighed.margin, 1)}`, percent: Math.round(weighed.value * 100), visits: weighed.visits,
  });
}

/** What a hint that is not a whole search says of itself: a greedy suggestion (no search
 * could answer), or a search cut short by its time (the machine was busy). */
/** @param {Hint} given */
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

export async function askHint() {
  const button = /** @type {HTMLButtonElement} */ ($("hint-button"));
  button.dataset.busy = "1";
  button.disabled = true;
  button.textContent = t("Thinking…");
  try {
    const query = seatQuery();
    const given = await api(`/api/games/${encodeURIComponent(state.gameId)}/hint${query}`);
    const box = $("hint-box");
    box.dataset.ply = String(given.ply);
    const asMove = (/** @type {WeighedMove} */ w) => ({ text: w.action, kind: w.kind, fields: w.fields, says: w.says });
    const others = given.alternatives.map((/** @type {WeighedMove} */ w) => {
      const item = h("li", { dataset: { action: w.action } },
        h("button.link.hint-move", { type: "button", text: say(w.says), title: t("Show it on the board") }),
        h("span.muted", { text: ` · ${estimateText(w)}` }));
      known(item.querySelector("button")).addEventListener("click", () => {
        if (state.latest && state.latest.ply === given.ply) drawMarks([{ move: asMove(w), role: "hint" }], state.latest);
      });
      return item;
    });
    const lead = leadText(given);
    box.replaceChildren(.../** @type {Node[]} */ ([
      h("p", ...withNodes(given.source === "greedy" ? t("Our greedy bot would play {move}") : t("Our search bot would play {move}"), {
        move: h("strong.hint-move", { text: say(given.best.says), dataset: { testid: "hint-best", action: given.best.action } }),
      }), h("span.muted", { text: ` · ${estimateText(given.best)}` })),
      lead ? h("p.hint-lead", { text: lead, dataset: { testid: "hint-lead" } }) : null,
      state.board && state.board.showHint ? h("p.muted", { text: t("It is drawn on the board; click another move below to see it there.") }) : null,
      others.length ? h("p.muted", { text: t("It also weighed, over {n} simulations:", { n: given.iterations }) }) : null,
      others.length ? h("ol.hint-others", ...others) : null,
      hintNote(given),
    ].filter(Boolean)));
    box.hidden = !state.latest || state.latest.ply !== given.ply;
    if (!box.hidden) drawMarks([{ move: asMove(given.best), role: "hint" }], state.latest);
  } catch (err) {
    toast(errorText(err));
  } finally {
    button.dataset.busy = "";
    button.textContent = t("Hint");
    if (state.latest) renderHintButton(state.latest, !state.replay);
  }
}

/** Whether this page's seat has something to decide: its turn, or a response window that
 * waits for its answer (every seat of a window may answer, whoever is `to_move`). */
/** @param {StateMessage} msg @param {boolean} live @returns {boolean} */
function isMine(msg, live) {
  if (!live || msg.seat === null || msg.status !== "playing") return false;
  return msg.to_move === msg.seat || Boolean(msg.window && msg.window.waiting);
}

/** @type {ReturnType<typeof setInterval> | undefined} */
let bannerClock;

/** @type {ReturnType<typeof setInterval> | undefined} */
let moveClock;

/** At a table with a time per move: what is left of the move of the person to move. */
/** @param {StateMessage} msg @param {boolean} live */
function followMoveClock(msg, live) {
  clearInterval(moveClock);
  moveClock = undefined;
  const box = $("move-clock");
  const ends = live && msg.status === "playing" ? msg.move_ends_at : null;
  box.hidden = ends === null || ends === undefined;
  if (box.hidden) return;
  const tick = () => {
    const left = Math.max(0, Math.ceil((known(ends) - Date.now()) / 1000));
    const time = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
    box.textContent = msg.to_move === msg.seat ? t("Your move: {time} left", { time })
      : t("{seat}'s move: {time} left", { seat: seatName(msg.to_move), time });
    box.classList.toggle("short", left <= 10);
  };
  tick();
  moveClock = setInterval(() => { if (state.shown === msg && !state.replay) tick(); }, 500);
}

/** While a response window is open, redraw the banner so its countdown runs. */
/** @param {StateMessage} msg @param {boolean} live */
function followWindowClock(msg, live) {
  clearInterval(bannerClock);
  bannerClock = undefined;
  if (!live || !msg.window || msg.status !== "playing") return;
  bannerClock = setInterval(() => {
    if (state.shown === msg && !state.replay) renderBanner(msg, true);
  }, 250);
}

/** Whether the board hides the scores (a game without points): no scores, no charts. */
/** @param {StateMessage} msg */
function scoresHidden(msg) {
  return Boolean(state.board && state.board.scoreUnit && state.board.scoreUnit(msg) === null);
}

/** The board's own end of the game ({title, body, winners?}), or null for the page's. */
/** @param {StateMessage} msg @returns {EndSummary | null} */
function endSummary(msg) {
  return state.board && state.board.endSummary && msg.status === "finished" ? state.board.endSummary(msg) : null;
}

/** The seats shown as winners: the board's say (a game may end with no winner, which the
 * protocol reports as every seat tied), else the result's. */
/** @param {StateMessage} msg @returns {number[]} */
function shownWinners(msg) {
  const custom = endSummary(msg);
  if (custom && Array.isArray(custom.winners)) return custom.winners;
  return msg.result ? msg.result.winners : [];
}

/** @param {StateMessage} msg @param {boolean} live */
function renderBanner(msg, live) {
  const banner = $("turn-banner");
  const mine = isMine(msg, live);
  let text;
  if (!live && state.replay) {
    text = t("Replay: move {move} of {moves}", { move: state.replay.index, moves: state.replay.steps.length - 1 });
  } else if (msg.status === "abandoned") {
    text = t("This game was closed as abandoned: nobody had moved for a long time");
  } else if (msg.status === "playing" && msg.to_move !== null && msg.seats[msg.to_move].kind === "open") {
    text = t("Waiting for someone to join seat {seat}", { seat: msg.to_move + 1 });
  } else if (state.board && state.board.status) {
    text = state.board.status(msg);
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
  if (mine) banner.style.setProperty("--seat", seatColour(known(msg.seat)));
  const game = state.summary ? state.summary.name : "Terranova";
  document.title = mine ? t("● Your turn · {game} · Terranova", { game }) : `${game} · Terranova`;
}

/** The Invite control of an open seat (for a person at the table): it asks for the name of
 * the account to invite, which sees the invitation in its lobby (docs/web.md, "Invitations"). */
/** @param {number} k */
function inviteButton(k) {
  const button = h("button.small.invite-seat", {
    type: "button", text: t("Invite"), dataset: { testid: `invite-${k}` },
    "aria-label": t("Invite someone to seat {seat}", { seat: k + 1 }),
  });
  button.addEventListener("click", () => openInvite(k));
  return button;
}

/** @param {number} k */
function openInvite(k) {
  const form = $("invite-form");
  form.hidden = false;
  form.dataset.seat = String(k);
  $("invite-title").textContent = t("Invite someone to seat {seat}", { seat: k + 1 });
  const input = /** @type {HTMLInputElement} */ ($("invite-name"));
  input.value = "";
  input.focus();
}

/** @param {SubmitEvent} event */
export async function sendInvite(event) {
  event.preventDefault();
  const form = $("invite-form");
  const name = /** @type {HTMLInputElement} */ ($("invite-name")).value.trim();
  if (!name) { toast(t("Type the name of the account to invite.")); return; }
  const button = /** @type {HTMLButtonElement} */ ($("invite-send"));
  button.disabled = true;
  try {
    const sent = await api(`/api/games/${encodeURIComponent(state.gameId)}/invitations`, {
      method: "POST", body: { seat: Number(form.dataset.seat), name, by_seat: state.seat, token: state.token },
    });
    form.hidden = true;
    toast(sent.mailed ? t("{name} is invited: they see it in their lobby and by e-mail.", { name: sent.invitee })
      : t("{name} is invited: they see it in their lobby.", { name: sent.invitee }), "ok");
  } catch (err) {
    toast(t("The invitation was not sent: {error}", { error: errorText(err) }));
  } finally {
    button.disabled = false;
  }
}

/** @param {StateMessage} msg */
function renderPlayers(msg) {
  const scores = currentScores(msg);
  const winners = shownWinners(msg);
  const unit = state.board && state.board.scoreUnit ? state.board.scoreUnit(msg) : t("pts");
  const items = msg.seats.map((info) => {
    const k = info.seat;
    const toMove = msg.status === "playing" && msg.to_move === k;
    const tags = [];
    if (k === msg.seat) tags.push(h("span.tag.you", { text: t("you") }));
    const role = state.board && state.board.seatRole ? state.board.seatRole(msg, k) : null;
    if (role) tags.push(h("span.tag.role", { text: role }));
    else if (info.kind === "automaton") tags.push(h("span.tag.role", { text: t("automaton") }));
    else if (info.kind === "bot") {
      tags.push(h("span.tag.bot", { text: info.bot && info.bot !== info.name ? t("bot: {bot}", { bot: info.bot }) : t("bot") }));
    } else if (info.kind === "open") {
      tags.push(h("span.tag.role", { text: t("open: waiting for a player"), dataset: { testid: `open-${k}` } }));
      if (state.seat !== null && msg.status === "playing") tags.push(inviteButton(k));
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
      state.board && state.board.seatExtras ? state.board.seatExtras(msg, k) : null),
    unit === null ? null : h("div.player-score", { "aria-label": t("{name}: {score} {unit}", { name: info.name, score: scoreText(msg, k, scores[k]), unit }) },
      h("b", { text: scoreText(msg, k, scores[k]), dataset: { testid: `score-${k}` } }),
      h("small", { text: unit })),
    toMove ? h("span.sr-only", { text: " " + t("(to move)") }) : null);
  });
  $("players").replaceChildren(...items, ...otherPlayers(msg, unit));
}

/** The players the board adds who hold no seat (a solo game's automaton): listed after the
 * seats with their score, in their colour, a letter on their badge. */
/** @param {StateMessage} msg @param {string | null} unit */
function otherPlayers(msg, unit) {
  const others = state.board && state.board.otherPlayers ? state.board.otherPlayers(msg) || [] : [];
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
/** @param {StateMessage} msg @returns {number | null} */
function lastOwnMove(msg) {
  if (msg.seat === null || msg.seat === undefined) return null;
  for (let k = msg.log.length - 1; k >= 0; k--) {
    if (msg.log[k].seat === msg.seat) return msg.log[k].ply;
  }
  return null;
}

let logAtBottom = true;
/** @type {{ply: number, text: string} | null} */
let shownEntry = null; // the log entry shown on the map ({ply, text}), or null

/** A click on a log entry: the board shows that move on the map; again: hides it. */
/** @param {LogEntry} entry @param {HTMLElement} item */
function pickLogEntry(entry, item) {
  const list = $("log");
  for (const other of list.querySelectorAll(".log-entry.picked")) other.classList.remove("picked");
  const board = known(state.board);
  const showMove = known(board.showMove).bind(board); // a board's method: called on it
  if (shownEntry && shownEntry.ply === entry.ply) {
    shownEntry = null;
    showMove(null, state.shown);
    return;
  }
  if (showMove(entry, state.shown)) {
    shownEntry = { ply: entry.ply, text: entry.text };
    item.classList.add("picked");
  } else {
    shownEntry = null;
    toast(t("That move left nothing on the map to show."), "info", 2500);
  }
}

/** The picked entry, while the log still holds it (an undo takes it away). */
/** @param {StateMessage} msg */
function pickedEntry(msg) {
  const picked = shownEntry;
  if (picked && !msg.log.some((e) => e.ply === picked.ply && e.text === picked.text)) {
    shownEntry = null;
    if (state.board && state.board.showMove) state.board.showMove(null, msg);
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
/** @param {StateMessage} msg */
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
  const texts = state.board && state.board.describeLog ? state.board.describeLog(entries, msg) : entries.map((e) => say(e.says || e.text));
  const picking = pickedEntry(msg);
  const scored = new Map();
  if (!scoresHidden(msg)) {
    for (const line of scoreSheet(msg)) {
      if (!scored.has(line.ply)) scored.set(line.ply, []);
      scored.get(line.ply).push(line);
    }
  }
  const isChance = (/** @type {LogEntry} */ entry) => entry.seat === null || entry.seat === undefined;
  const opens = (/** @type {LogEntry} */ entry) => Boolean(state.board && state.board.chanceOpensTurn && state.board.chanceOpensTurn(entry, msg));
  const bySeat = (/** @type {number} */ seat) => ({ id: `seat-${seat}`, seat, name: seatName(seat), colour: seatColour(seat) });
  // who a log entry's turn is: its seat; a chance outcome the board gives to an automaton
  // (chanceActor: a seat, or a player holding none) is that automaton's move
  /** @typedef {{id: string, seat: number | null, key?: string, name: string, colour: string}} Actor */
  /** @type {(entry: LogEntry) => Actor | null} */
  const actorOf = (entry) => {
    if (!isChance(entry)) return bySeat(known(entry.seat));
    const other = state.board && state.board.chanceActor ? state.board.chanceActor(entry, msg) : null;
    if (!other) return null;
    if (other.seat !== null && other.seat !== undefined) return bySeat(other.seat);
    return { id: `other-${other.key}`, seat: null, key: other.key, name: other.name, colour: other.colour };
  };
  /** @type {{turn: number, actor: Actor | null, items: number[]}[]} */
  const turns = [];
  let held = []; // chance outcomes that open the next turn (a tile drawn for its player)
  const open = (/** @type {Actor | null} */ actor) => {
    const last = turns[turns.length - 1];
    turns.push({ turn: actor === null ? 0 : (last ? last.turn : 0) + 1, actor, items: [] });
  };
  const put = (/** @type {number} */ k) => { if (k >= first) turns[turns.length - 1].items.push(k - first); };
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
  const pickable = Boolean(state.board && state.board.showMove);
  const entryItem = (/** @type {number} */ k) => {
    const entry = entries[k];
    const chance = isChance(entry);
    const lines = (scored.get(entry.ply) || []).map((/** @type {ScoringLine} */ line) => h("span.log-score", {
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
      : h("span.log-who", h("span.seat-dot", { style: `background:${seatColour(known(entry.seat))}` }), seatName(entry.seat)),
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
/** @param {StateMessage} msg */
function chartOthers(msg) {
  const others = state.board && state.board.otherPlayers ? state.board.otherPlayers(msg) : [];
  return (others || []).map((o) => ({ key: o.key, name: o.name, colour: o.colour }));
}

/** @param {StateMessage} msg */
function renderLiveChart(msg) {
  const card = /** @type {HTMLDetailsElement} */ ($("chart-card"));
  card.hidden = (msg.status === "finished" && !state.replay) || scoresHidden(msg);
  if (!card.open && !card.dataset.drawOnOpen) {
    card.dataset.drawOnOpen = "1";
    card.addEventListener("toggle", () => { if (card.open && state.shown) renderLiveChart(state.shown); });
  }
  if (!card.open) return;
  $("live-chart").replaceChildren(scoreChart(msg.scores_by_turn, msg.seats.map((x) => x.name), {
    final: msg.result ? msg.result.scores : null, others: chartOthers(msg),
  }));
}

/** @param {StateMessage | null} msg */
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
  $("winners").replaceChildren(.../** @type {(Node | string)[]} */ ([
    winners.length ? h("span.trophy", { text: "★", "aria-hidden": "true" }) : null,
    custom && custom.title ? custom.title : winners.length > 1 ? t("{winners} share the win", { winners: listed(who) })
      : t("{winner} wins", { winner: who[0] }),
    msg.seat !== null && winners.includes(msg.seat) ? h("span.tag.you", { text: t("that's you!") }) : null,
  ].filter(Boolean)));
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
  /** @type {HTMLAnchorElement} */ ($("record-link")).href = `/api/games/${encodeURIComponent(state.gameId)}/record`;
  $("record-link").setAttribute("download", `terranova-${msg.game}-${state.gameId}.json`);
  renderRematch(msg);
}

// ------------------------------------------------------------------ the score sheet

/** The game's score sheet (core/scoring.py): every scoring event so far, from the view. */
/** @param {StateMessage | null} msg @returns {ScoringLine[]} */
function scoreSheet(msg) {
  const lines = msg && msg.view && msg.view.scoring;
  return Array.isArray(lines) ? lines : [];
}

/** @param {ScoringLine} line */
function lineWho(line) {
  return listed(line.seats.map(seatName));
}

/** @param {number} points */
function pointsText(points) {
  return `${points > 0 ? "+" : "−"}${number(Math.abs(points))}`;
}

/** "Ana +3: the longest road": a scoring line, its `what` as the server says it. */
/** @param {ScoringLine} line */
function scoringText(line) {
  return t("{who} {points}: {what}", { who: lineWho(line), points: pointsText(line.points), what: line.what });
}

/** @type {ReturnType<typeof setTimeout> | undefined} */
let scoreLineTimer;

/** Each scoring event as it happens, on one compact line at the top edge of the page (over
 * the top bar, never over the board or the panel): who scored, how much, for what, for a
 * few seconds or until its × is clicked. Not on the first message of a page, nor after an
 * undo (the sheet shrinks), nor in a replay. */
/** @param {StateMessage | null} before @param {StateMessage} msg */
function announceScoring(before, msg) {
  if (!before || state.replay || scoresHidden(msg) || before.game_id !== msg.game_id) return;
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
/** @param {StateMessage} msg */
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
  const cell = (/** @type {string} */ kind, /** @type {number} */ k) => lines.filter((l) => l.kind === kind && l.seats.includes(k)).reduce((a, l) => a + l.points, 0);
  const total = (/** @type {number} */ k) => lines.filter((l) => l.seats.includes(k)).reduce((a, l) => a + l.points, 0);
  const head = h("tr", h("th", { scope: "col", text: "" }), ...seats.map((k) => h("th", { scope: "col" },
    h("span.seat-dot", { style: `background:${seatColour(k)}` }), seatName(k))));
  const kindSays = (/** @type {string} */ kind) => say(known(lines.find((l) => l.kind === kind)).kind_says ?? kind);
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
/** @param {StateMessage} msg */
function renderRematch(msg) {
  const offer = msg.rematch;
  const playing = msg.seat !== null && msg.seat !== undefined;
  $("rematch-button").hidden = Boolean(offer) || !playing;
  const link = /** @type {HTMLAnchorElement} */ ($("rematch-link"));
  const note = $("rematch-note");
  link.hidden = !offer;
  note.hidden = !offer;
  if (!offer) return;
  if (playing) {
    const next = offer.seats[known(msg.seat)];
    link.href = seatLink(offer.game_id, next, state.token);
    link.textContent = t("Play the rematch");
    note.textContent = t("A rematch is ready: you play seat {seat} in it.", { seat: next + 1 });
  } else {
    link.href = `/play/${encodeURIComponent(offer.game_id)}`;
    link.textContent = t("Watch the rematch");
    note.textContent = t("The players have a rematch.");
  }
}

async function askRematch() {
  const button = /** @type {HTMLButtonElement} */ ($("rematch-button"));
  button.disabled = true;
  try {
    const made = await api(`/api/games/${encodeURIComponent(state.gameId)}/rematch`, {
      method: "POST", body: { seat: state.seat, token: state.token },
    });
    location.assign(made.link);
  } catch (err) {
    toast(errorText(err));
    button.disabled = false;
  }
}

/** A refused seat link, said in the page's numbers: seats count from 1, as in the top bar
 * and the lobby (the server's message uses the API's index, from 0). */
/** @param {string} message @param {string} code @returns {string} */
export function refusal(message, code) {
  if (code !== "forbidden" || state.seat === null || !state.summary) return message;
  if (!Number.isInteger(state.seat) || state.seat < 0) return t("This link names no seat of this game.");
  const named = { seat: state.seat + 1 };
  if (state.seat >= state.summary.seats.length) return t("This game has no seat {seat}.", named);
  if (state.summary.seats[state.seat].kind === "bot") return t("Seat {seat} is played by a bot.", named);
  if (state.summary.seats[state.seat].kind === "automaton") return t("Seat {seat} is played by the automaton.", named);
  if (state.summary.seats[state.seat].kind === "open") return t("Seat {seat} is open: join it from the lobby's open tables.", named);
  if (!state.token) return message; // opened by the account: the server says why not
  return t("This link's token is not valid for seat {seat}.", named);
}

/** Nothing to play here (a refused link, no such game): the message in the banner, no
 * board and no buttons to act, and what to do instead (watch, the seats this browser
 * holds, the lobby). */
/** @param {string} message */
export function showFatal(message) {
  setConn("offline", t("closed"));
  $("turn-banner").textContent = message;
  $("turn-banner").classList.add("error");
  if (state.board) {
    state.board.destroy();
    update({ board: null });
  }
  document.body.classList.add("fatal");
  const ways = [];
  if (state.summary && state.seat !== null) {
    ways.push(h("a.button.primary", {
      href: `/play/${encodeURIComponent(state.gameId)}`, text: t("Watch this game"), dataset: { testid: "watch-link" },
    }));
  }
  const held = mySeats().filter((x) => x.game_id === state.gameId);
  ways.push(...held.map((x) => h("a.button", { href: seatLink(state.gameId, x.seat, x.token), text: t("Play seat {seat}", { seat: x.seat + 1 }) })));
  ways.push(h("a.button", { href: "/", text: t("Back to the lobby") }));
  const hint = state.summary && state.seat !== null
    ? t("Ask the person who created the game for your seat's link, or watch it as a spectator.")
    : null;
  $("map").replaceChildren(h("div.card.fatal-notice", { dataset: { testid: "fatal-notice" } },
    hint ? h("p", { text: hint }) : null,
    h("div.actions", ...ways)));
}

// ------------------------------------------------------------------ the last turn again

/** @type {{steps: LogEntry[], index: number, ply: number, timer: ReturnType<typeof setTimeout> | null} | null} */
let turnReplay = null; // {steps: [log entry], index, ply, timer}

/** The others' moves since this seat's last decision (chance outcomes, an automaton's
 * moves among them, included; before its first decision, those since the first decision
 * of the game): what "Replay the last turn" steps through. Nothing for a spectator. */
/** @param {StateMessage} msg @returns {LogEntry[]} */
function lastTurnSteps(msg) {
  if (msg.seat === null || msg.seat === undefined) return [];
  const first = msg.log.find((e) => e.seat !== null && e.seat !== undefined);
  const since = lastOwnMove(msg) ?? (first ? first.ply - 1 : msg.ply);
  return msg.log.filter((e) => e.ply > since && e.seat !== msg.seat);
}

/** The button, for a seat of a game being played when the others moved since its last
 * decision; a new position stops a replay going on. */
/** @param {StateMessage | null} msg @param {boolean} live */
function renderTurnReplay(msg, live) {
  if (turnReplay && (turnReplay.ply !== known(msg).ply || !live)) stopTurnReplay();
  const button = $("turn-replay-button");
  button.hidden = !(live && known(msg).status === "playing" && lastTurnSteps(known(msg)).length);
  button.textContent = turnReplay ? t("■ Stop the replay") : t("⟲ Replay the last turn");
}

/** Step through the others' moves since this seat's last one, at the table's bot speed
 * (0.6 to 2.5 s a move): each marked on the map as a click on its log line marks it
 * (the board's showMove) and in the log, and told under the button. Input is not held:
 * a move of the player's, or any new position, stops it. */
export function startTurnReplay() {
  if (turnReplay) {
    stopTurnReplay();
    renderTurnReplay(state.latest, true);
    return;
  }
  if (!state.latest || state.replay) return;
  const steps = lastTurnSteps(state.latest);
  if (!steps.length) return;
  turnReplay = { steps, index: 0, ply: state.latest.ply, timer: null };
  document.body.dataset.turnReplayed = "";
  renderTurnReplay(state.latest, true);
  turnReplayStep();
}

function turnReplayStep() {
  if (!turnReplay) return;
  const { steps, index } = turnReplay;
  if (index >= steps.length) {
    stopTurnReplay();
    renderTurnReplay(state.latest, true);
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
  if (state.board && state.board.showMove) state.board.showMove(entry, state.shown);
  const text = state.board && state.board.describeLog ? state.board.describeLog([entry], known(state.latest))[0] : entry.text;
  const step = { step: index + 1, steps: steps.length, move: text };
  const note = $("turn-replay-note");
  note.textContent = entry.seat === null || entry.seat === undefined ? t("{step} of {steps} · {move}", step)
    : t("{step} of {steps} · {seat}: {move}", { ...step, seat: seatName(entry.seat) });
  note.hidden = false;
  document.body.dataset.turnReplay = String(entry.ply);
  document.body.dataset.turnReplayed = `${document.body.dataset.turnReplayed || ""} ${entry.ply}`.trim();
  turnReplay.index += 1;
  const pace = Math.max(600, Math.min(2500, (state.summary && state.summary.bot_delay_ms) || 0));
  turnReplay.timer = setTimeout(turnReplayStep, pace);
}

function stopTurnReplay() {
  if (!turnReplay) return;
  clearTimeout(turnReplay.timer ?? undefined);
  turnReplay = null;
  delete document.body.dataset.turnReplay;
  $("turn-replay-note").hidden = true;
  for (const el of $("log").querySelectorAll(".log-entry.replay-step")) el.classList.remove("replay-step");
  if (state.board && state.board.showMove) state.board.showMove(/** @type {LogEntry | null} */ (shownEntry), state.shown);
}

// ------------------------------------------------------------------ replay

/** @param {StateMessage} msg @returns {number[]} */
function replaySteps(msg) {
  // the position before each decision (chance outcomes that follow a move included), then the end
  const decisions = msg.log.filter((e) => e.seat !== null && e.seat !== undefined).map((e) => e.ply);
  const steps = decisions.map((p) => p - 1);
  steps.push(msg.ply);
  return [...new Set(steps)].sort((a, b) => a - b);
}

/** @param {number} [atPly] @param {string} [note] */
async function enterReplay(atPly = 0, note = "") {
  if (!state.latest || state.latest.status !== "finished") return;
  if (state.replay) {
    clearInterval(state.replay.timer ?? undefined);
    state.replay.timer = null;
    $("replay-play").classList.remove("playing");
  } else {
    /** @type {import("../types/site").Replay} */
    const replay = { steps: replaySteps(state.latest), index: 0, cache: new Map(), timer: null, token: 0 };
    update({ replay });
    const slider = /** @type {HTMLInputElement} */ ($("replay-slider"));
    slider.max = String(replay.steps.length - 1);
    $("replay-bar").hidden = false;
    document.body.classList.add("replaying");
  }
  const index = known(state.replay).steps.indexOf(atPly);
  if (index < 0 && atPly !== 0) toast(t("No decision at move {move} to show: the replay starts at the beginning.", { move: atPly }));
  await replayTo(index < 0 ? 0 : index, note);
}

// ------------------------------------------------------------------ analysis

/** @param {JudgedDecision} judged */
function lossText(judged) {
  return t("value −{loss} on a scale of 0 to 1, about {points} points", { loss: decimal(judged.loss, 2), points: decimal(judged.margin_loss, 1) });
}

let analysisAsked = false;
/** @type {Map<number, JudgedDecision>} */
let judgedAt = new Map(); // an analysis's judged decisions by the replay's ply

/** In the replay of an analysed game: the decision about to be made from this position,
 * its move played and the bot's best drawn side by side on the board and told in words. */
/** @param {number} ply @param {StateMessage | null} msg */
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
/** @type {ReturnType<typeof setTimeout> | undefined} */
let analysisTimer;

/** "Analyse the game": the analysis is made in the background (or was made already); its
 * progress shows as a bar, "decision 41 of 180", told by the game's WebSocket at each
 * decision and asked again every few seconds (it may be made by another server process). */
async function analyse() {
  const button = /** @type {HTMLButtonElement} */ ($("analysis-button"));
  button.disabled = true;
  button.textContent = t("Analysing…");
  analysisAsked = true;
  await fetchAnalysis();
}

async function fetchAnalysis() {
  clearTimeout(analysisTimer);
  if (!analysisAsked) return;
  try {
    const found = await api(`/api/games/${encodeURIComponent(state.gameId)}/analysis`);
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
    const status = /** @type {{status?: number}} */ (err).status;
    if (status === 0 || status === 502 || status === 503) {
      // the server is restarting (or out of reach a while): the analysis goes on there,
      // stored as it goes; ask again
      showAnalysisProgress({ waiting: true });
      analysisTimer = setTimeout(fetchAnalysis, 3000);
      return;
    }
    analysisStopped(errorText(err));
  }
}

/** @param {string} message */
function analysisStopped(message) {
  analysisAsked = false;
  clearTimeout(analysisTimer);
  const bar = $("analysis-progress");
  if (bar) bar.remove();
  toast(message);
  const button = /** @type {HTMLButtonElement} */ ($("analysis-button"));
  button.disabled = false;
  button.textContent = t("Analyse the game");
}

/** A `{"type": "analysis"}` message of the WebSocket, or the progress GET answered. */
/** @param {AnalysisProgress} msg */
export function analysisMessage(msg) {
  if (!analysisAsked) return;
  if (msg.failed) analysisStopped(t("The analysis stopped ({reason}); ask again to resume it.", { reason: msg.failed }));
  else if (msg.status === "done") fetchAnalysis();
  else showAnalysisProgress(msg);
}

/** @param {Partial<AnalysisProgress>} progress */
function showAnalysisProgress(progress) {
  let bar = $("analysis-progress");
  if (!bar) {
    bar = h("div.analysis-progress#analysis-progress", { dataset: { testid: "analysis-progress" }, role: "status" },
      h("progress", { max: 1, value: 0 }), h("span.muted"));
    $("analysis").before(bar);
  }
  const [meter, label] = /** @type {[HTMLProgressElement, HTMLElement]} */ (/** @type {unknown} */ ([...bar.children]));
  if (progress.waiting) {
    label.textContent = " " + t("The server cannot be reached: asking again in a few seconds…");
    return;
  }
  meter.max = Math.max(1, known(progress.total));
  meter.value = known(progress.done);
  label.textContent = " " + t("Analysing: decision {done} of {total}", { done: progress.done, total: progress.total });
}

/** The game analysed by our search bot: each player's mean loss and the biggest mistakes,
 * each shown on the replay at a click. */
/** @param {Analysis} found */
function showAnalysis(found) {
  const button = /** @type {HTMLButtonElement} */ ($("analysis-button"));
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
  box.replaceChildren(.../** @type {Node[]} */ ([
    h("h3", { text: t("Analysis") }),
    h("p.muted", { text: t("Each decision searched by {bot}.", { bot: found.bot }) }),
    h("ul.analysis-seats", ...seats),
    mistakes.length ? h("p", { text: t("Biggest mistakes:") }) : h("p", { text: t("No mistakes found.") }),
    mistakes.length ? h("ol.mistakes", ...mistakes) : null,
  ].filter(Boolean)));
  box.hidden = false;
  button.hidden = true;
  judgedAt = new Map(found.decisions.map((d) => [d.ply, d]));
  if (state.replay) showJudged(state.replay.steps[state.replay.index], state.shown);
  else box.append(h("p.muted", { text: t("The replay shows, at each decision, the move played and the bot's best on the board.") }));
}

function exitReplay() {
  if (!state.replay) return;
  clearInterval(state.replay.timer ?? undefined);
  $("replay-play").classList.remove("playing");
  update({ replay: null });
  $("replay-bar").hidden = true;
  $("analysis-step").hidden = true;
  drawMarks([], state.latest);
  document.body.classList.remove("replaying");
  show(known(state.latest), true);
}

/** @param {number} ply @returns {Promise<StateMessage>} */
async function fetchReplay(ply) {
  const replay = known(state.replay);
  if (!replay.cache.has(ply)) {
    // as this page's seat saw the game then (its own hidden pieces shown), or a spectator
    const as = state.seat === null ? "" : `?seat=${state.seat}`;
    replay.cache.set(ply, api(`/api/games/${encodeURIComponent(state.gameId)}/replay/${ply}${as}`));
  }
  try {
    return await known(replay.cache.get(ply));
  } catch (err) {
    replay.cache.delete(ply);
    throw err;
  }
}

/** @param {number} index @param {string} [note] */
async function replayTo(index, note = "") {
  if (!state.replay) return;
  index = Math.max(0, Math.min(state.replay.steps.length - 1, index));
  state.replay.index = index;
  const ask = ++state.replay.token;
  /** @type {HTMLInputElement} */ ($("replay-slider")).value = String(index);
  const ply = state.replay.steps[index];
  const latest = known(state.latest);
  const decision = latest.log.find((e) => e.ply === ply + 1 && e.seat !== null && e.seat !== undefined);
  const previous = index > 0 ? latest.log.find((e) => e.ply === known(state.replay).steps[index - 1] + 1) : null;
  let msg;
  try {
    msg = await fetchReplay(ply);
  } catch (err) {
    toast(t("The replay could not be loaded: {error}", { error: errorText(err) }));
    return;
  }
  if (!state.replay || ask !== state.replay.token) return;
  show(msg, false);
  const parts = [t("Move {move} of {moves}", { move: index, moves: state.replay.steps.length - 1 })];
  if (previous && previous.seat !== null) {
    const said = state.board && state.board.describeLog ? state.board.describeLog([previous], latest)[0] : say(previous.says || previous.text);
    parts.push(t("after {seat}: {move}", { seat: seatName(previous.seat), move: said }));
  } else {
    parts.push(t("after the start"));
  }
  if (!decision && index === state.replay.steps.length - 1) parts.push(t("final scoring"));
  if (note) parts.push(note);
  $("replay-label").textContent = parts.join(" · ");
  showJudged(ply, msg);
  // prefetch the next position
  if (index + 1 < state.replay.steps.length) fetchReplay(state.replay.steps[index + 1]).catch(() => {});
}

function toggleReplayPlay() {
  if (!state.replay) return;
  const button = $("replay-play");
  if (state.replay.timer) {
    clearInterval(state.replay.timer);
    state.replay.timer = null;
    button.classList.remove("playing");
    button.setAttribute("aria-label", t("Play the replay"));
    return;
  }
  if (state.replay.index >= state.replay.steps.length - 1) replayTo(0);
  button.classList.add("playing");
  button.setAttribute("aria-label", t("Pause the replay"));
  state.replay.timer = setInterval(() => {
    if (!state.replay) return;
    if (state.replay.index >= state.replay.steps.length - 1) {
      toggleReplayPlay();
      return;
    }
    replayTo(state.replay.index + 1);
  }, 700);
}

export function installReplayControls() {
  $("replay-button").addEventListener("click", () => enterReplay(0));
  $("rematch-button").addEventListener("click", askRematch);
  $("analysis-button").addEventListener("click", analyse);
  $("replay-exit").addEventListener("click", exitReplay);
  $("replay-first").addEventListener("click", () => replayTo(0));
  $("replay-prev").addEventListener("click", () => replayTo(known(state.replay).index - 1));
  $("replay-next").addEventListener("click", () => replayTo(known(state.replay).index + 1));
  $("replay-last").addEventListener("click", () => replayTo(known(state.replay).steps.length - 1));
  $("replay-play").addEventListener("click", toggleReplayPlay);
  $("replay-slider").addEventListener("input", (ev) => replayTo(Number(/** @type {HTMLInputElement} */ (ev.target).value)));
  document.addEventListener("keydown", (ev) => {
    const target = /** @type {HTMLElement} */ (ev.target);
    if (!state.replay || target.tagName === "INPUT") return;
    if (ev.key === "ArrowLeft") replayTo(state.replay.index - 1);
    else if (ev.key === "ArrowRight") replayTo(state.replay.index + 1);
    else if (ev.key === "Escape") exitReplay();
    else if (ev.key === " " && target.tagName !== "BUTTON") {
      ev.preventDefault();
      toggleReplayPlay();
    }
  });
}
