// @ts-check
// The play page's connection to the server: the game's WebSocket (reconnecting with
// backoff, pinging, re-reading the state over HTTP when a move is overdue) and sending
// (an action, an undo, a chat message: over the WebSocket, or over HTTP while it is down).
// What comes in is handed to the page by the handlers game.js sets (`listen`).
import { api, errorText, toast } from "../common.js";
import { t } from "../i18n.js";
import { seatQuery, state, update } from "./state.js";

/** @typedef {import("../types/protocol").StateMessage} StateMessage */
/** @typedef {import("../types/protocol").AnalysisProgress} AnalysisProgress */
/** @typedef {import("../types/protocol").ErrorMessage} ErrorMessage */
/** @typedef {import("../types/site").ConnectionHandlers} ConnectionHandlers */

// How long past the moment a move is due the page waits for it before it reads the state
// again: a move the server made but never sent would otherwise leave the page waiting for
// ever, its pings answered (ms)
const BOT_PATIENCE = 10000;
const CLOCK_PATIENCE = 5000;
const OVERDUE_CHECK = 2000;
const MOST_OVERDUE_WAIT = 60000;

/** @type {ConnectionHandlers} */
let handlers = {
  receive: () => {}, analysis: () => {}, chat: () => false, offline: () => {}, fatal: () => {},
};

/** Where what the server sends goes. @param {ConnectionHandlers} given */
export function listen(given) {
  handlers = given;
}

/** The connection's state in the top bar (and the body's `data-conn`).
 * @param {"connecting" | "online" | "offline"} conn @param {string} text */
export function setConn(conn, text) {
  const el = /** @type {HTMLElement} */ (document.getElementById("conn"));
  el.dataset.state = conn;
  el.textContent = text;
  document.body.dataset.conn = conn;
}

/** The game's path in the API. */
function gamePath() {
  return `/api/games/${encodeURIComponent(state.gameId)}`;
}

/** Open the WebSocket (once `fatal`, never again). */
export function connect() {
  clearTimeout(state.retryTimer);
  clearInterval(state.retryClock);
  if (state.fatal) return;
  const base = seatQuery();
  const query = base ? `${base}&chat=1` : "?chat=1";
  const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/games/${encodeURIComponent(state.gameId)}${query}`;
  setConn("connecting", state.attempts ? t("reconnecting…") : t("connecting…"));
  /** @type {WebSocket} */
  let ws;
  try {
    ws = new WebSocket(url);
  } catch (err) {
    scheduleReconnect();
    return;
  }
  update({ socket: ws });
  let gotState = false;
  ws.addEventListener("open", () => {
    update({ connected: true, lastHeard: Date.now() });
    setConn("online", t("live"));
    // the server sends a fresh state on connect; ask over HTTP if it does not come soon
    setTimeout(() => { if (state.socket === ws && !gotState) refreshState(); }, 3000);
  });
  ws.addEventListener("message", (event) => {
    update({ lastHeard: Date.now() });
    /** @type {{type: string, [key: string]: unknown}} */
    let msg;
    try { msg = JSON.parse(event.data); } catch (err) { return; }
    if (msg.type === "state") {
      gotState = true;
      update({ attempts: 0, stateAt: Date.now(), overdueWait: 0 });
      handlers.receive(/** @type {StateMessage} */ (/** @type {unknown} */ (msg)));
    } else if (msg.type === "analysis") {
      handlers.analysis(/** @type {AnalysisProgress} */ (/** @type {unknown} */ (msg)));
    } else if (handlers.chat(msg)) {
      // the table's chat
    } else if (msg.type === "error") {
      const error = /** @type {ErrorMessage} */ (/** @type {unknown} */ (msg));
      if (!gotState && ["forbidden", "not_found", "refused"].includes(error.code ?? "")) {
        update({ fatal: true });
        handlers.fatal(error.message, /** @type {string} */ (error.code));
        return;
      }
      toast(error.message);
      if (state.board) state.board.settle();
    }
  });
  ws.addEventListener("close", (event) => {
    if (state.socket !== ws) return;
    update({ socket: null, connected: false });
    handlers.offline();
    if (event.code === 4403 || event.code === 4404 || event.code === 4409) {
      update({ fatal: true });
      setConn("offline", t("closed"));
      return;
    }
    scheduleReconnect();
  });
  ws.addEventListener("error", () => { /* close follows */ });
}

function scheduleReconnect() {
  if (state.fatal) return;
  update({ attempts: state.attempts + 1 });
  // 0.5 s, 1 s, 2 s … with ±20 % jitter, and never more than 10 s (the jitter included)
  const delay = Math.min(10000, 500 * 2 ** Math.min(state.attempts - 1, 5) * (0.8 + Math.random() * 0.4));
  update({ retryAt: Date.now() + delay });
  showRetry();
  clearInterval(state.retryClock);
  update({ retryClock: setInterval(showRetry, 250), retryTimer: setTimeout(connect, delay) });
}

/** "offline: retrying in N s", N the whole seconds left (at least 1), counting down. */
function showRetry() {
  const text = t("offline: retrying in {seconds} s", { seconds: Math.max(1, Math.ceil((state.retryAt - Date.now()) / 1000)) });
  if (/** @type {HTMLElement} */ (document.getElementById("conn")).textContent !== text) setConn("offline", text);
}

/** Ping every 20 s (and close a connection silent for 45 s), look for an overdue move
 * every 2 s, and reconnect at once when the browser is back online or the page in view. */
export function startHeartbeat() {
  update({
    heartbeat: setInterval(() => {
      const socket = state.socket;
      if (!socket || socket.readyState !== WebSocket.OPEN) return;
      if (Date.now() - state.lastHeard > 45000) {
        socket.close(); // silent for too long: a half-open connection
        return;
      }
      try { socket.send(JSON.stringify({ type: "ping" })); } catch (err) { /* closing */ }
    }, 20000),
  });
  setInterval(checkOverdue, OVERDUE_CHECK);
  const wake = () => {
    if (!state.socket && !state.fatal) {
      update({ attempts: 0 });
      connect();
    }
  };
  window.addEventListener("online", wake);
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") wake(); });
}

/** Read the state over HTTP; with `onlyNew`, show it only if the game has changed. Whether
 * it had.
 * @param {boolean} [onlyNew]
 * @returns {Promise<boolean>} */
export async function refreshState(onlyNew = false) {
  const query = seatQuery();
  try {
    /** @type {StateMessage} */
    const msg = await api(`${gamePath()}/state${query}`);
    const changed = !state.latest || moved(state.latest, msg);
    if (changed || !onlyNew) {
      update({ stateAt: Date.now() });
      handlers.receive(msg);
    }
    return changed;
  } catch (err) {
    const status = /** @type {{status?: number}} */ (err).status;
    if (status === 403 || status === 404) {
      update({ fatal: true });
      handlers.fatal(errorText(err), status === 403 ? "forbidden" : "not_found");
    }
    return false;
  }
}

/** Whether state message `b` shows the game changed since `a`.
 * @param {StateMessage} a @param {StateMessage} b */
function moved(a, b) {
  return a.ply !== b.ply || a.status !== b.status || a.to_move !== b.to_move
    || a.log.length !== b.log.length || JSON.stringify(a.rematch) !== JSON.stringify(b.rematch);
}

/** When the game should have moved on without this page (ms since the epoch), judging by
 * the newest state: a bot's or the automaton's turn, a response window's or a move's clock;
 * 0 if nothing is due.
 * @param {StateMessage | null} msg
 * @returns {number} */
function dueAt(msg) {
  if (!msg || msg.status !== "playing") return 0;
  const due = [];
  const mover = msg.to_move === null || msg.to_move === undefined ? null : msg.seats[msg.to_move];
  if (!msg.window && mover && (mover.kind === "bot" || mover.kind === "automaton")) {
    due.push(state.stateAt + (state.summary ? state.summary.bot_delay_ms : 0) + BOT_PATIENCE);
  }
  if (msg.window) due.push(msg.window.ends_at + CLOCK_PATIENCE);
  if (msg.move_ends_at) due.push(msg.move_ends_at + CLOCK_PATIENCE);
  return due.length ? Math.min(...due) + state.overdueWait : 0;
}

/** Read the state again when a move is overdue (each re-read that finds nothing new waits
 * twice as long for the next, up to a minute). */
async function checkOverdue() {
  const due = dueAt(state.latest);
  if (!due || Date.now() < due || state.rereading || state.fatal) return;
  update({ rereading: true });
  try {
    const changed = await refreshState(true);
    update({ overdueWait: changed ? 0 : Math.min(MOST_OVERDUE_WAIT, Math.max(OVERDUE_CHECK, state.overdueWait * 2)) });
    if (!changed) update({ stateAt: Date.now() });
  } finally {
    update({ rereading: false });
  }
}

/** Send a message on the WebSocket; whether it was open to take it.
 * @param {object} message */
export function sendMessage(message) {
  if (state.socket && state.socket.readyState === WebSocket.OPEN) {
    state.socket.send(JSON.stringify(message));
    return true;
  }
  return false;
}

/** Play an action: over the WebSocket, or over HTTP while it is down.
 * @param {string} action */
export async function send(action) {
  if (!state.latest) return;
  const ply = state.latest.ply;
  if (sendMessage({ type: "action", action, ply })) return;
  try {
    handlers.receive(await api(`${gamePath()}/actions`, {
      method: "POST", body: { seat: state.seat, token: state.token, action, ply },
    }));
  } catch (err) {
    toast(errorText(err));
    if (state.board) state.board.settle();
  }
}

/** Take back this seat's last move: over the WebSocket, or over HTTP while it is down. */
export async function undo() {
  if (sendMessage({ type: "undo" })) return;
  try {
    handlers.receive(await api(`${gamePath()}/undo`, { method: "POST", body: { seat: state.seat, token: state.token } }));
  } catch (err) {
    toast(errorText(err));
  }
}
