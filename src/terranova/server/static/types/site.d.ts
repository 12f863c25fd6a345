// The site's own types, beside the server's messages (protocol.d.ts): what the DOM
// helpers of common.js take. Declarations only (docs/web-ui.md, "Typed browser code").

/** What `h` takes as children: nodes, texts, numbers, nested lists; null, undefined and
 * false are left out. */
export type Child = Node | string | number | boolean | null | undefined | Child[];

import type { AnalysisProgress, GameSummary, StateMessage } from "./protocol";
import type { Board } from "./board";

/** The board as the play page calls it, what the page gives it and a board module's
 * export: declared once, with the boards, in types/board.d.ts. */
export type {
  Board, BoardContext, BoardModule, EndSummary, HintMark, HintMark as MoveMark, OtherPlayer, UpdateOptions,
} from "./board";

/** The replay of a finished game: the positions it steps through (the ply before each
 * decision, then the end), where it is, the positions read, the autoplay's timer and the
 * number of the newest position asked for (an older answer is dropped). */
export interface Replay {
  steps: number[];
  index: number;
  cache: Map<number, Promise<StateMessage>>;
  timer: ReturnType<typeof setInterval> | null;
  token: number;
}

type Timer = ReturnType<typeof setTimeout>;

/** The play page's state (play/state.js): read anywhere, changed only by its `update`. */
export interface AppState {
  /** the game's id, from the address */
  gameId: string;
  /** this page's seat (null: a spectator) and its token (null: played by the account) */
  seat: number | null;
  token: string | null;
  /** the game's board, its summary */
  board: Board | null;
  summary: GameSummary | null;
  /** the newest live state message, and the message on screen (latest, or a replay's) */
  latest: StateMessage | null;
  shown: StateMessage | null;
  /** the replay of a finished game, while it is shown */
  replay: Replay | null;
  /** whether this browser has kept the seat's token (once, at the first state) */
  remembered: boolean;
  /** the WebSocket, and whether it is open */
  socket: WebSocket | null;
  connected: boolean;
  /** reconnecting: attempts since the last state, the timer, when it fires (ms), the
   * banner's countdown; fatal: nothing to reconnect to (a refused link, no such game) */
  attempts: number;
  retryTimer: Timer | undefined;
  retryAt: number;
  retryClock: ReturnType<typeof setInterval> | undefined;
  fatal: boolean;
  /** the pings' timer, and when the server was last heard (ms) */
  heartbeat: ReturnType<typeof setInterval> | undefined;
  lastHeard: number;
  /** when the newest state message came (ms), the wait added after a re-read that found
   * nothing new (ms), and whether a re-read is under way */
  stateAt: number;
  overdueWait: number;
  rereading: boolean;
}

/** What the connection hands to the page (game.js wires them to the rendering). */
export interface ConnectionHandlers {
  /** a state message (over the WebSocket or HTTP) */
  receive(message: StateMessage): void;
  /** an `analysis` message */
  analysis(message: AnalysisProgress): void;
  /** a chat message: whether the chat took it */
  chat(message: { type: string; [key: string]: unknown }): boolean;
  /** the socket closed */
  offline(): void;
  /** nothing to play here: the server's message and its code */
  fatal(message: string, code: string): void;
}
