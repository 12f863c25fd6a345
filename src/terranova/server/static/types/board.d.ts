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

/** Words the server sends as data (terranova.core.i18n.Said), said by i18n.js's `say`: a
 * plain string, a message of a catalogue, a list, or a name given in each language. */
export type Words =
  | string
  | {
      id: string;
      params?: Record<string, unknown>;
      domain?: string;
      plural?: string;
      n?: number;
    }
  | { list: Words[] }
  | { names: Record<string, string> };

/** An action's fields as data (terranova.core.action_text.action_data): each field its
 * text form declares with its JSON value, an int, a string or a bool, or a list or an
 * object for a field whose text packs several values; null for a field hidden from the
 * seat (`draw ?`). */
export type Fields = Record<string, any>;

/** A legal move of the seat (the state message's `moves`). */
export interface Move {
  /** What to send to play it (`ctx.send(move.text)`). */
  text: string;
  /** The action's class's name (`Place`). */
  kind: string;
  fields: Fields;
  /** The move in words, as the seat reads it. */
  says: Words;
}

/** An action of the log, as this seat saw it (the state message's `log`). */
export interface LogEntry {
  /** The ply this action reached (1 for the first). */
  ply: number;
  /** The seat that decided, or null for a chance outcome. */
  seat: number | null;
  /** Its text as this seat saw it (masked, `draw ?`, when it is hidden). */
  text: string;
  /** Its kind, null when the text hides it. */
  kind: string | null;
  fields: Fields;
  says: Words;
}

/** A move drawn on the map without being made (a hint, an analysis's played and best). */
export interface HintMark {
  move: { text: string; kind: string | null; fields: Fields; says?: Words };
  role: "hint" | "played" | "best";
}

export interface SeatInfo {
  seat: number;
  kind: "human" | "bot" | "automaton" | "open";
  name: string;
  bot?: string | null;
}

export interface Result {
  /** The final returns (tie-breaks as fractions). */
  scores: number[];
  winners: number[];
  /** Why the game ended, where the game says. */
  reason?: Words | null;
  /** The whole points a player reads; null in a game without points. */
  points?: number[] | null;
}

/** The state message (docs/web.md, `state`), as the page hands it to the board. `View` is
 * the game's view (its `view(seat)`): each board declares its own. */
export interface StateMessage<View = Record<string, any>> {
  type: "state";
  game_id: string;
  game: string;
  ply: number;
  status: "playing" | "finished" | "abandoned";
  /** The seat this message is for (null: a spectator). */
  seat: number | null;
  /** The seat to move (null once the game is over). */
  to_move: number | null;
  seats: SeatInfo[];
  view: View;
  scores: number[];
  /** The legal actions' texts (empty but for the seat to move, or one that may answer). */
  legal: string[];
  /** The same actions as data, in the same order. */
  moves: Move[];
  window: { seconds: number; ends_at: number; waiting: boolean; answered: boolean } | null;
  log: LogEntry[];
  scores_by_turn: { turn: number; seat: number; ply: number; scores: number[]; others: Record<string, number> }[];
  result: Result | null;
  can_undo: boolean;
  practice: boolean;
  rematch: { game_id: string; seats: number[] } | null;
  can_hint: boolean;
  move_ends_at: number | null;
}

/** What the page gives a board when it makes it. */
export interface BoardContext {
  /** The element of the board's main drawing (fills the board area). */
  map: HTMLElement;
  /** The element in the sidebar for the board's own controls. */
  panel: HTMLElement;
  /** The game's components (GET /api/games/{id}/components): the game's own record. */
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
  endSummary?(message: StateMessage<any>): { title: string; body: Node; winners?: number[] } | null;
  /** Readable log texts, naming places as a player sees them. */
  describeLog?(log: LogEntry[], message: StateMessage<any>): string[];
  /** A click on a log entry: show on the map what it did (false: nothing to show);
   * showMove(null, message) clears it. */
  showMove?(entry: LogEntry | null, message: StateMessage<any> | null): boolean;
  /** Players holding no seat, listed after the seats. */
  otherPlayers?(message: StateMessage<any>): OtherPlayer[];
  /** The automaton whose move a chance outcome of the log is. */
  chanceActor?(
    entry: LogEntry,
    message: StateMessage<any>,
  ): { seat: number } | { key: string; name: string; colour: string } | null;
  /** A chance outcome of the log that opens the next turn. */
  chanceOpensTurn?(entry: LogEntry, message: StateMessage<any>): boolean;
  /** Draw on the map moves not made, kept over updates until showHint([]) clears them. */
  showHint?(marks: HintMark[], message: StateMessage<any>): void;
  /** The first-game guide's tip for the seat to decide now (null: the page's own). */
  guide?(message: StateMessage<any>): string | null;
}

/** A board module's export. */
export type CreateBoard = (ctx: BoardContext) => Board;

export interface BoardModule {
  createBoard: CreateBoard;
}
