// The server's messages as the browser code reads them (docs/web.md: the WebSocket's
// messages and the HTTP API's answers). Declarations only: the site's modules and the
// boards use them from JSDoc, `@typedef {import("./types/protocol").StateMessage} ...`,
// and `tsc --noEmit` checks the code against them (docs/web-ui.md, "Typed browser code").

/** Words the server sends as data (terranova.core.i18n.Said), said by i18n.js's `say`. */
export type Said = SaidMessage | SaidList | SaidNames | string | number | null | undefined;

/** A message of a catalog: its id (the English text) and its parameters, with `plural`
 * and `n` for a message with both forms, and `domain` for a game's catalog. */
export interface SaidMessage {
  id: string;
  params?: Record<string, unknown> | null;
  domain?: string;
  plural?: string;
  n?: number;
  list?: undefined;
  names?: undefined;
}

/** A list of words, said as the language lists ("a, b and c"). */
export interface SaidList {
  list: Said[];
  names?: undefined;
}

/** A name given in each language (`{"en": ..., "fr": ...}`). */
export interface SaidNames {
  names: Record<string, string>;
  list?: undefined;
}

export type SeatKind = "person" | "bot" | "automaton" | "open" | string;

/** A seat of the table, as the state message and the game's summary list them. */
export interface SeatInfo {
  seat: number;
  kind: SeatKind;
  name: string;
  bot?: string | null;
}

/** An action's fields as data (terranova.core.action_text.action_data): each field its
 * text form declares with its JSON value, an int, a string or a bool, or a list or an
 * object for a field whose text packs several values; null for a field hidden from the
 * seat (`draw ?`). A board reads the fields of its own game's actions, so they are `any`. */
export type Fields = Record<string, any>;

/** A move as data and words: the text to send back (`ctx.send(move.text)`), the action's
 * kind (its class's name, `Place`; null when the text hides it) and fields, and what it
 * says in plain words. */
export interface MoveData {
  text: string;
  kind: string | null;
  fields: Fields;
  says: Said;
}

/** One entry of the log: the ply it reached, the seat that decided (null for a chance
 * outcome), its text and its data. */
export interface LogEntry {
  ply: number;
  seat: number | null;
  text: string;
  kind: string | null;
  fields: Fields;
  says?: Said;
}

/** The scores after a finished turn, for the chart. */
export interface TurnScores {
  turn: number;
  seat: number | null;
  ply: number;
  scores: number[];
  others?: Record<string, number>;
}

/** The end of a game. */
export interface GameResult {
  scores: number[];
  winners: number[];
  points: number[] | null;
  reason?: Said;
}

/** An open response window. */
export interface ResponseWindow {
  seconds: number;
  ends_at: number;
  waiting: boolean;
  answered: boolean;
}

/** A rematch asked for: its game and each seat's seat in it. */
export interface RematchOffer {
  game_id: string;
  seats: number[];
}

/** One scoring event of the game's score sheet (core/scoring.py), in the view. */
export interface ScoringLine {
  ply: number;
  seats: number[];
  points: number;
  kind: string;
  kind_says?: Said;
  what: string;
}

export type GameStatus = "playing" | "finished" | "abandoned";

/** A game's view for one seat: the game's own, read by its board; the page reads only
 * the score sheet. */
export interface GameView {
  scoring?: ScoringLine[];
  [key: string]: unknown;
}

/** The `state` message (WebSocket), also GET /api/games/{id}/state's answer. `View` is the
 * game's view (its `view(seat)`): the page reads only its score sheet, each board declares
 * its own. */
export interface StateMessage<View = GameView> {
  type?: "state";
  game_id: string;
  game: string;
  ply: number;
  status: GameStatus;
  seat: number | null;
  to_move: number | null;
  seats: SeatInfo[];
  view: View;
  scores: number[];
  legal: string[];
  moves: MoveData[];
  log: LogEntry[];
  scores_by_turn: TurnScores[];
  result: GameResult | null;
  can_undo: boolean;
  practice: boolean;
  window: ResponseWindow | null;
  rematch: RematchOffer | null;
  can_hint: boolean;
  move_ends_at?: number | null;
}

/** An `error` message of the WebSocket. */
export interface ErrorMessage {
  type: "error";
  message: string;
  code?: string | null;
  text?: SaidMessage | null;
}

/** An `analysis` message of the WebSocket (the analysis being made), or GET …/analysis's
 * answer while it runs. */
export interface AnalysisProgress {
  type?: "analysis";
  status?: "running" | "done";
  done: number;
  total: number;
  failed?: string;
  waiting?: boolean;
}

/** A chat message of the WebSocket (chat.js reads them). */
export interface ChatLine {
  type: "chat";
  id?: number;
  seat: number | null;
  name: string;
  text: string;
  at?: string;
  [key: string]: unknown;
}

/** Any message the game's WebSocket sends. */
export type ServerMessage = StateMessage | ErrorMessage | AnalysisProgress | { type: string; [key: string]: unknown };

/** GET /api/games/{id}: the game's summary. */
export interface GameSummary {
  game_id: string;
  game: string;
  name: string;
  rules_version?: string | number;
  params: Record<string, unknown>;
  seats: SeatInfo[];
  status: GameStatus;
  ply: number;
  to_move: number | null;
  result: GameResult | null;
  bot_delay_ms: number;
  response_seconds?: number;
  practice: boolean;
  hints: boolean;
  move_seconds?: number | null;
  created: string;
  board: string | null;
  rules?: string | null;
}

/** A move the search bot weighed, in a hint. */
export interface WeighedMove {
  action: string;
  says: Said;
  kind: string | null;
  fields: Record<string, unknown>;
  visits: number;
  value: number;
  margin: number | null;
}

/** GET /api/games/{id}/hint. */
export interface Hint {
  ply: number;
  best: WeighedMove;
  alternatives: WeighedMove[];
  iterations: number;
  budget: number;
  complete: boolean;
  source: "search" | "greedy";
  bot: string;
  lead: number | null;
}

/** A decision the analysis judged. */
export interface JudgedDecision {
  ply: number;
  seat: number;
  played: string;
  says: Said;
  best: string;
  best_says: Said;
  loss: number;
  margin_loss: number;
  kind: string | null;
  fields: Record<string, unknown>;
  best_kind: string | null;
  best_fields: Record<string, unknown>;
}

/** GET /api/games/{id}/analysis, once made. */
export interface Analysis {
  status: "done";
  bot: string;
  iterations: number;
  decisions: JudgedDecision[];
  mistakes: JudgedDecision[];
  seats: { seat: number; decisions: number; mean_loss: number; mistakes: number }[];
}

/** Who is signed in (GET /api/account). */
export interface Session {
  account: {
    account_id: string;
    name: string;
    email?: string;
    language?: string | null;
    turn_emails?: boolean;
    [key: string]: unknown;
  } | null;
  csrf: string | null;
  mail: boolean;
  [key: string]: unknown;
}

/** A seat this browser keeps (common.js's mySeats). */
export interface KeptSeat {
  game_id: string;
  game?: string;
  seat: number;
  token: string;
  name?: string;
  created?: string;
  offered?: string;
}

/** GET /api/messages/<lang>: the catalogs of the page's language. */
export interface Catalogs {
  lang: string;
  languages: Record<string, string>;
  domains: Record<string, Record<string, string | Record<string, string>>>;
}
