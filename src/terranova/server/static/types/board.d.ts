// The interface between the play page (game.js) and a game's board module, as the page
// uses it: the page loads the module named by the game's summary (`board`: the board.js of
// the directory its GameInfo names as `web`, served at /static/games/<game id>/), calls its
// `createBoard(ctx)` once, then the board's methods. A game without a board, or whose
// module fails to load, gets boards/generic.js, which implements the same interface.
//
// A board module says it implements it with JSDoc:
//   // @ts-check
//   /** @import { Board, BoardContext } from "/static/types/board" */
//   /** @param {BoardContext} ctx @returns {Board} */
//   export function createBoard(ctx) { ... }
// The words a board says come from /static/i18n.js (`say`, `t`, `translator`), not from
// the page's context; a board reads the moves and the log as data (`kind`, `fields`),
// never by parsing their texts (tests/server/test_board_moves.py).

// The messages themselves (the state message, its moves and log, the words) are the
// server's, declared once in protocol.d.ts and re-exported here under the names the boards
// use; the page (types/site.d.ts) takes Board, BoardContext and BoardModule from here.
import type {
  Fields, GameResult, LogEntry, MoveData, Said, SeatInfo, StateMessage as ServerState,
} from "./protocol";

export type { Fields, LogEntry, SeatInfo };

/** The state message as the page hands it to the board: the server's, whose `view` is the
 * game's own (its `view(seat)`), which each board declares (by default, any record). */
export type StateMessage<View = Record<string, any>> = ServerState<View>;

/** Words the server sends as data (terranova.core.i18n.Said), said by i18n.js's `say`. */
export type Words = Said;

/** A legal move of the seat (the state message's `moves`). */
export type Move = MoveData;

/** The end of a game (the state message's `result`). */
export type Result = GameResult;

/** A move drawn on the map without being made (a hint, an analysis's played and best). */
export interface HintMark {
  move: MoveData;
  role: "hint" | "played" | "best";
}

/** What the page gives a board when it makes it. */
export interface BoardContext {
  /** The element of the board's main drawing (fills the board area). */
  map: HTMLElement;
  /** The element in the sidebar for the board's own controls. */
  panel: HTMLElement;
  /** The game's components (GET /api/games/{id}/components): the game's own record, read
   * by its board only (`any`: each board declares its own). */
  components: any;
  /** This page's seat, or null for a spectator. */
  seat: number | null;
  /** Play an action's text at the shown ply. */
  send(text: string): void | Promise<void>;
  /** A seat's name as the page shows it. */
  seatName(seat: number): string;
  /** Tell the player something, briefly. */
  toast(text: string): void;
}

export interface UpdateOptions {
  /** false: a replay (no input). */
  live: boolean;
  /** The ply of this seat's last decision (null for a spectator, or before the seat's
   * first): the board marks every move after it on the map, another seat's newest with a
   * short animation, once, lasting var(--follow-ms), none under prefers-reduced-motion. */
  since: number | null;
}

/** A player holding no seat (an automaton the game plays outside the seats). */
export interface OtherPlayer {
  key: string;
  name: string;
  badge: string;
  colour: string;
  score: number;
  role?: string | null;
  winner?: boolean;
}

/** The end of the game as the board tells it. */
export interface EndSummary {
  title: string;
  body: Node;
  winners?: number[];
}

/** What `createBoard` returns: the page calls these. */
export interface Board {
  /** Show a state message. */
  update(message: StateMessage<any>, options: UpdateOptions): void;
  /** The last action was refused: accept input again. */
  settle(): void;
  destroy(): void;
  /** The banner's text. */
  status?(message: StateMessage<any>): string;
  /** Shown under a seat in the player list. */
  seatExtras?(message: StateMessage<any>, seat: number): Node | null;
  /** A tag replacing "bot" (e.g. "automaton"). */
  seatRole?(message: StateMessage<any>, seat: number): string | null;
  /** The word after a seat's score ("pts" by default); null hides the scores and their charts. */
  scoreUnit?(message: StateMessage<any>): string | null;
  /** A seat's score as the player list and the final scores show it. */
  scoreText?(message: StateMessage<any>, seat: number, score: number): string;
  /** The end told by the game: `title` in place of "X wins", `body` in place of the final
   * scores and their chart, `winners` the seats marked as winners. */
  endSummary?(message: StateMessage<any>): EndSummary | null;
  /** Readable log texts, naming places as a player sees them. */
  describeLog?(log: LogEntry[], message: StateMessage<any>): string[];
  /** A click on a log entry: show on the map what it did (false: nothing to show);
   * showMove(null, message) clears it. */
  showMove?(entry: LogEntry | null, message: StateMessage<any> | null): boolean;
  /** Players holding no seat, listed after the seats. */
  otherPlayers?(message: StateMessage<any>): OtherPlayer[] | null;
  /** The automaton whose move a chance outcome of the log is. */
  chanceActor?(
    entry: LogEntry,
    message: StateMessage<any>,
  ): { seat: number } | { seat?: null; key: string; name: string; colour: string } | null;
  /** A chance outcome of the log that opens the next turn. */
  chanceOpensTurn?(entry: LogEntry, message: StateMessage<any>): boolean;
  /** Draw on the map moves not made, kept over updates until showHint([]) clears them. */
  showHint?(marks: HintMark[], message: StateMessage<any> | null): void;
  /** The first-game guide's tip for the seat to decide now (null: the page's own). */
  guide?(message: StateMessage<any>): string | null;
}

/** A board module's export. */
export type CreateBoard = (ctx: BoardContext) => Board | Promise<Board>;

/** A board module, as the page imports it. */
export interface BoardModule {
  createBoard: CreateBoard;
}
