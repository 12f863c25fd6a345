// @ts-check
// The play page's state: one object, read by the connection (connection.js) and the
// rendering (render.js), changed only by `update` (a few named changes below say why they
// change). What the page shows is worked out from it at each state message.
import { seatToken } from "../common.js";

/** @typedef {import("../types/site").AppState} AppState */
/** @typedef {import("../types/protocol").StateMessage} StateMessage */

const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
const params = new URLSearchParams(location.search);
// a seat is played with its token (the link's, or the one this browser keeps), or, with
// none, by the account signed in that holds it (on any device); otherwise the page watches
const seat = params.has("seat") ? Number(params.get("seat")) : null;
const token = seat !== null ? params.get("token") || seatToken(gameId, seat) : null;

/** @type {AppState} */
const app = {
  gameId,
  seat,
  token,
  board: null,
  summary: null,
  latest: null,
  shown: null,
  replay: null,
  remembered: false,
  socket: null,
  connected: false,
  attempts: 0,
  retryTimer: undefined,
  retryAt: 0,
  retryClock: undefined,
  fatal: false,
  heartbeat: undefined,
  lastHeard: 0,
  stateAt: 0,
  overdueWait: 0,
  rereading: false,
};

/** The page's state, to read: its fields change only through `update`. */
export const state = /** @type {Readonly<AppState>} */ (app);

/** Change the page's state.
 * @param {Partial<AppState>} changes */
export function update(changes) {
  Object.assign(app, changes);
}

/** A state message has come (the newest wins, even at a lower ply, after an undo): it is
 * the latest. The message it replaces.
 * @param {StateMessage} msg
 * @returns {StateMessage | null} */
export function receiveLatest(msg) {
  const before = app.latest;
  app.latest = msg;
  return before;
}

/** The query that names the seat (and its token, if this page has one). */
export function seatQuery() {
  if (app.seat === null) return "";
  return app.token ? `?seat=${app.seat}&token=${encodeURIComponent(app.token)}` : `?seat=${app.seat}`;
}
