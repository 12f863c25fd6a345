// @ts-check
// The board of Discovery : le jeu de l'évolution, shared by its two games (the mode comes
// from message.view.mode): Explore's tree as one row per era, Bluff's pile (its top card
// only) with the eras announced, the reserve, every discard, your hand, the turn's choices
// (special actions, a card called by name, jokers, a teammate asked, announcements) and the
// response windows (Stop!, Interruption!) with their countdown. What the others did since
// this seat's last decision is outlined in their colour, the newest card flying in from
// where it came from; a log line clicked is shown too. Moves not made (the hint, an
// analysis's move played and best) are marked on what they would use (showHint).
// With the colour-blind option (paletteName() "safe", read once: the page reloads when it
// changes) the eras take Okabe and Ito's colours and every card names its era by number,
// and each seat shown by colour (a discard, a mark, a seat to pick) carries its number.
//
// The board offers only what message.legal holds; a legal text it has no control for is
// still offered as a plain button, so a game never blocks. Board interface: see
// /static/game.js.
//
// Both games declare this directory as their `web` package (GameInfo.web): the web app serves
// it at /static/games/evolution-explore/ and /static/games/evolution-bluff/. Its look is in
// board.css, next to it.
import { h, loadStyle, paletteName, s, seatColour, seatInk } from "/static/common.js";
import { language, say, translator } from "/static/i18n.js";
/** @import { Board, BoardContext, HintMark, LogEntry, StateMessage } from "/static/types/board" */
/**
 * A card of the deck (the game's components).
 * @typedef {{ id: string, era: number, number: number, family: string, name_fr: string,
 *   name_en: string, name_de?: string, prerequisites: string[] }} Card
 * An era of the deck (the game's components).
 * @typedef {{ number: number, name_fr: string, name_en: string, name_de?: string, colour?: string }} Era
 * A move read into the board's parts (readMove).
 * @typedef {{ text: string, kind: string, card?: string, seat?: number, from?: string,
 *   era?: number, open?: boolean, series?: any }} Act
 * The game's view (its view(seat)), read as the server sends it.
 * @typedef {Record<string, any>} View
 * What a move of the log left on the table (visibleMoves): where it lies and where it came from.
 * @typedef {{ ply: number, seat: number | null, key: string, where: string, card?: string,
 *   owner?: number | null, era?: number, open?: boolean, from?: string, fromSeat?: number | null }} Spot
 * An element a move not made would use, and the card's name where the element does not show it.
 * @typedef {{ el: Element | null, name?: string | null }} HintSpot
 * A family's look: its words, colours and icon.
 * @typedef {{ words: string, fill: string, ink: string, icon: string, stroke?: boolean }} Look
 * A searchable input of card names and its button (picker).
 * @typedef {{ input: HTMLInputElement, list: HTMLElement, button: HTMLButtonElement, acts: Act[] }} Picker
 */

const { t, tn } = translator("evolution");
// the cards' and eras' French names are the game's own: in French, no other name beside
// them; an English reader reads the English names beside them, a German reader the German
const FRENCH = language === "fr";
const OWN_NAME = language === "de" ? "name_de" : "name_en";
/** A card's or an era's name in the reader's language, shown beside the French one (the
 * English one where the deck gives none in German).
 * @param {{ name_en: string, name_de?: string }} named @returns {string}
 */
function ownName(named) {
  return named[OWN_NAME] || named.name_en;
}
const LIST = new Intl.ListFormat(language === "en" || language === "xx" ? "en-GB" : language, { type: "conjunction" });

await loadStyle(new URL("board.css", import.meta.url));

const JOKER = "joker";
const SAFE = paletteName() === "safe";
// the eras' colours in the colour-blind look (Okabe and Ito's, the hues of the deck's own:
// yellow, orange, vermilion, reddish purple, blue, bluish green) and the ink drawn on them
/** @type {Record<number, { colour: string, ink: string }>} */
const SAFE_ERAS = {
  1: { colour: "#f0e442", ink: "#000" },
  2: { colour: "#e69f00", ink: "#000" },
  3: { colour: "#d55e00", ink: "#000" },
  4: { colour: "#cc79a7", ink: "#000" },
  5: { colour: "#0072b2", ink: "#fff" },
  6: { colour: "#009e73", ink: "#000" },
};
/** @type {Record<string, Look>} */
const FAMILIES = {
  Outils: { words: t("Tools"), fill: "#e3d9d5", ink: "#6d4c41", icon: "M8 1.2C11.8 4.8 12.8 10 8 14.8 3.2 10 4.2 4.8 8 1.2Z" },
  Alimentation: { words: t("Food"), fill: "#e2f0d2", ink: "#558b2f", icon: "M2.2 13.8C2.2 6.4 6.8 2.2 13.8 2.2 13.8 9.4 9.6 13.8 2.2 13.8Z" },
  Société: {
    words: t("Society"), fill: "#ffe6c2", ink: "#d35400",
    icon: "M5 2.6a2.2 2.2 0 1 1 0 4.4 2.2 2.2 0 1 1 0-4.4ZM11 2.6a2.2 2.2 0 1 1 0 4.4 2.2 2.2 0 1 1 0-4.4Z" +
      "M1.2 13.8c0-3.2 1.7-5.2 3.8-5.2s3.8 2 3.8 5.2ZM7.2 13.8c0-3.2 1.7-5.2 3.8-5.2s3.8 2 3.8 5.2Z",
  },
  Science: { words: t("Science"), fill: "#cfe5fb", ink: "#1565c0", icon: "M8 .9l2 4.5 4.9.5-3.7 3.3 1.1 4.8L8 11.5l-4.3 2.5 1.1-4.8L1.1 5.9l4.9-.5Z" },
  Techniques: {
    words: t("Techniques"), fill: "#fdd9dc", ink: "#c62828",
    icon: "M8 .8c2.6 3.1 5.2 5.4 5.2 9.1a5.2 5.2 0 0 1-10.4 0c0-2.3 1.3-3.7 2.7-5 0 1.9.8 2.9 1.9 3.1C7 5.6 7.4 3.1 8 .8Z",
  },
  Culture: {
    words: t("Culture"), fill: "#ead3f0", ink: "#7b1fa2", stroke: true,
    icon: "M8 8.3c0-.9 1.4-.9 1.4.2 0 1.4-2.4 1.7-3-.2-.8-1.9 1-3.4 2.8-3.1 2.4.4 3.1 3.3 1.8 5.2-1.8 2.4-5.5 2-6.8-.6-1.4-3.1.8-6.6 4.3-6.7",
  },
  Mouvement: {
    words: t("Movement"), fill: "#c9ebe6", ink: "#00695c",
    icon: "M5 1.8c1.5 0 2.1 1.7 2.1 3.5S6.4 9.4 5 9.4 2.9 7.8 2.9 6s.6-4.2 2.1-4.2ZM11 6.2c1.5 0 2.1 1.7 2.1 3.5s-.7 4.1-2.1 4.1-2.1-1.6-2.1-3.4.6-4.2 2.1-4.2Z",
  },
};
/** @type {Look} */
const JOKER_LOOK = { words: t("Joker"), fill: "#2d2640", ink: "#f4c430", icon: FAMILIES.Science.icon };
const UNKNOWN_FAMILY = { words: "", fill: "#eeeeee", ink: "#555555", icon: "M3 3h10v10H3Z" };
const TEAM_NAMES = "ABCDEFGHI";
/** @type {Record<string, string>} */
const JOKER_HINT = {
  explore: t("The joker: click a glowing slot, or type the card's name under Joker."),
  bluff: t("The joker: type the card it stands for under Joker."),
};
const WINDOW_ANSWERS = ["stop", "accept", "interrupt"];
const REDUCED_MOTION = matchMedia("(prefers-reduced-motion: reduce)");
/** @type {Record<string, string>} */
const HINT_WORDS = { hint: t("★ hint"), best: t("★ best"), played: t("played") };
/** @type {Record<string, { label: string, kind: string, hint: string }>} */
const HAND_MODES = {
  give: { label: t("Give"), kind: "give", hint: t("Click the card to give.") },
  place: { label: t("Place"), kind: "place", hint: t("Click a glowing card to place it.") },
  discard: { label: t("Discard (ends the turn)"), kind: "discard", hint: t("Click the card to discard, then confirm: your turn ends.") },
  special: { label: t("Special: discard"), kind: "special-discard", hint: t("Special action: click the card to discard.") },
};

/**
 * The board the play page makes (static/types/board.d.ts).
 * @param {BoardContext} ctx
 * @returns {Board}
 */
export function createBoard(ctx) {
  return new EvolutionBoard(ctx);
}

// ------------------------------------------------------------------ moves as data

/** The kinds of move (the server's action classes) the board names, by the board's own
 * names; a card-bearing kind reads its field `card` ("?" when it is hidden, null). */
/** @type {Record<string, string>} */
const KINDS = {
  PlaceCalled: "place-called", JokerAs: "joker-as", JokerSpecial: "joker-special",
  Interrupt: "interrupt", Replay: "replay", SpecialDiscard: "special-discard", Steal: "steal",
  Exchange: "exchange", Ask: "ask", Give: "give", Call: "call", Discard: "discard",
  Deal: "deal", Draw: "draw", Take: "take", Flip: "flip", Announce: "announce",
};
/** @type {Record<string, string>} */
const FROM = { PlaceHand: "hand", PlaceReserve: "reserve", PlaceDiscard: "discard" };

/** A move as the server sends it ({text, kind, fields}: a legal move, a log entry, the
 * view's window or last Stop) read into the board's parts: {text, kind, card?, seat?,
 * from?, era?, open?, series?}. No text is read: only the data.
 * @param {any} move a legal move, a log entry, a hint's mark or the view's window or Stop @returns {Act}
 */
export function readMove(move) {
  const text = move.text !== undefined ? move.text : move.action;
  const data = move.move || move;
  const fields = data.fields || {};
  /** @type {{ text: string, card?: string, seat?: number }} */
  const out = { text };
  if ("card" in fields) out.card = fields.card === null ? "?" : fields.card;
  if ("seat" in fields && fields.seat !== null) out.seat = fields.seat;
  if (data.kind in FROM) return { ...out, kind: "place", from: FROM[data.kind] };
  if (data.kind === "Word") return { ...out, kind: fields.word || "other" };
  if (data.kind === "Announce") return { ...out, kind: "announce", open: fields.what === "open", era: fields.era };
  if (data.kind === "PlaceCalled") return { ...out, kind: "place-called", series: fields.series };
  return { ...out, kind: KINDS[data.kind] || "other" };
}

/** The table's pace of the others' moves (game.js sets --follow-ms from the bot speed). */
function followMs() {
  const value = parseFloat(getComputedStyle(document.documentElement).getPropertyValue("--follow-ms"));
  return Number.isFinite(value) ? value : 700;
}

/** A rank as the page's language writes it: 1st, 1er, 1.
 * @param {number} n */
function ordinal(n) {
  if (language === "fr") return n === 1 ? "1er" : `${n}e`;
  if (language === "de") return `${n}.`;
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : { 1: "st", 2: "nd", 3: "rd" }[n % 10] || "th";
  return `${n}${suffix}`;
}

// ------------------------------------------------------------------ the board

/** @implements {Board} */
class EvolutionBoard {
  /** @param {BoardContext} ctx */
  constructor(ctx) {
    this.ctx = ctx;
    /** @type {Map<string, Card>} */
    this.cards = new Map(ctx.components.cards.map((/** @type {Card} */ card) => [card.id, card]));
    /** @type {Map<number, Era>} */
    this.eras = new Map(ctx.components.eras.map((/** @type {Era} */ era) => [era.number, era]));
    /** @type {Map<string, string>} */
    this.byName = new Map();
    for (const card of ctx.components.cards) {
      for (const key of [card.id, card.name_fr, card.name_en, card.name_de]) if (key) this.byName.set(fold(key), card.id);
    }
    // set by the first update, before anything reads it
    /** @type {StateMessage<View>} */
    this.message = /** @type {any} */ (null);
    this.live = false;
    this.busy = false;
    /** @type {string | null} */
    this.handMode = null;
    /** @type {{ mode: string, ply: number } | null} */
    this.modeChoice = null; // {mode, ply}: the hand mode the player picked, at that ply
    this.jokerArmed = false;
    /** @type {Record<string, Picker>} */
    this.pickers = {};
    /** @type {{ key: string, deadline: number, seconds: number } | null} */
    this.clock = null; // {key, deadline, seconds}
    /** @type {ReturnType<typeof setInterval> | null} */
    this.ticker = null;
    /** @type {number | null} */
    this.since = null; // the ply of this seat's last decision (game.js)
    /** @type {{ ply: number } | null} */
    this.picked = null; // the log entry shown on the table: {ply}
    /** @type {number | null} */
    this.pulsed = null; // the ply of the others' move last animated (once, not at each redraw)
    /** @type {{ ply: number, x: number, y: number, scale: number, start: number } | null} */
    this.flight = null; // that move's card on its way: {ply, x, y, scale, start} (kept over redraws)
    /** @type {HintMark[]} */
    this.hints = []; // moves not made drawn on the board (showHint): [{move, role}]
    // set by each update (declared here for the types)
    /** @type {View} */ this.view;
    /** @type {string | null} */ this.discardPick;
    /** @type {string[]} */ this.legal;
    /** @type {Act[]} */ this.choices;
    /** @type {Set<string>} */ this.covered;
    ctx.map.classList.add("evo-map");
    ctx.panel.classList.add("evo-panel");
  }

  destroy() {
    clearInterval(/** @type {any} */ (this.ticker)); // null: nothing to clear
    this.ctx.map.classList.remove("evo-map");
    this.ctx.panel.classList.remove("evo-panel");
  }

  settle() {
    this.busy = false;
    this.ctx.map.classList.remove("busy");
    this.ctx.panel.classList.remove("busy");
  }

  /** @param {string} text */
  send(text) {
    if (this.busy || !this.legal.includes(text)) return;
    this.busy = true;
    this.ctx.map.classList.add("busy");
    this.ctx.panel.classList.add("busy");
    this.ctx.send(text);
  }

  /** @param {StateMessage<View>} message @param {{ live?: boolean, since?: number | null }} [options] */
  update(message, { live = true, since = null } = {}) {
    if (!this.message || this.message.ply !== message.ply) {
      this.jokerArmed = false;
      this.discardPick = null; // a card picked to discard, waiting for its confirmation
    }
    this.message = message;
    this.view = message.view;
    this.live = live;
    this.since = since;
    this.settle();
    const mine = live && message.status === "playing" && message.seat !== null && message.seat !== undefined;
    this.legal = mine ? message.legal || [] : [];
    this.choices = (mine ? message.moves || [] : []).map(readMove).map((act) => (this.knows(act) ? act : { text: act.text, kind: "other" }));
    this.covered = new Set();
    this.followClock(live ? message.window : null);
    this.pickHandMode();
    const typing = Object.values(this.pickers).find((p) => p.input === document.activeElement);
    this.renderMap();
    this.renderPanel();
    if (typing && typing.input.isConnected) typing.input.focus(); // a re-render must not steal the field
    this.tick();
  }

  /** Whether the board can name every card and seat an action mentions.
   * @param {Act} act */
  knows(act) {
    if (act.card !== undefined && act.card !== JOKER && act.card !== "?" && !this.cards.has(act.card)) return false;
    if (act.seat !== undefined && !(act.seat >= 0 && act.seat < this.view.players)) return false;
    if (act.era !== undefined && !this.eras.has(act.era)) return false;
    return true;
  }

  /** @param {string} kind */
  of(kind) { return this.choices.filter((act) => act.kind === kind); }
  /** @param {string} kind */
  first(kind) { return this.choices.find((act) => act.kind === kind) || null; }

  /** A button that plays `act`; marks it covered so the fallback list leaves it out.
   * @param {Act | null} act @param {import("/static/types/site").Child} label @param {{ cls?: string, title?: string, testid?: string }} [options] */
  actButton(act, label, { cls = "", title, testid } = {}) {
    if (!act) return null;
    this.covered.add(act.text);
    return h(`button.evo-act${cls}`, {
      type: "button", title: title || null, dataset: { action: act.text, testid: testid || "act" },
      on: { click: () => this.send(act.text) },
    }, label);
  }

  // ---------------------------------------------------------------- cards

  /** @param {string | undefined} id */
  card(id) { return this.cards.get(/** @type {string} */ (id)); }
  /** @param {string} id @returns {Look} */
  look(id) {
    if (id === JOKER) return JOKER_LOOK;
    const card = this.card(id);
    return (card && FAMILIES[card.family]) || UNKNOWN_FAMILY;
  }
  /** @param {number} era @returns {string} */
  eraColour(era) {
    if (SAFE && SAFE_ERAS[era]) return SAFE_ERAS[era].colour;
    return (this.eras.get(era) || {}).colour || "#9a9a9a";
  }
  /** @param {number} era */
  eraInk(era) { return SAFE && SAFE_ERAS[era] ? SAFE_ERAS[era].ink : "#fff"; }

  /** A seat's dot in its colour; in the colour-blind look it carries the seat's number.
   * @param {number} seat */
  seatDot(seat) {
    if (!SAFE) return h("span.seat-dot", { style: `background:${seatColour(seat)}` });
    return h("span.seat-dot.evo-seat-num", {
      style: `background:${seatColour(seat)};color:${seatInk(seat)}`, text: String(seat + 1),
      dataset: { testid: "seat-num", seat }, "aria-hidden": "true",
    });
  }

  /** A card's French name (the joker's: "Joker"); "?" for a card hidden from this seat.
   * @param {string} id @returns {string} */
  name(id) {
    if (id === JOKER) return t("Joker");
    if (id === "?") return t("a hidden card");
    const card = this.card(id);
    return card ? card.name_fr : id;
  }

  /** @param {string} id */
  tooltip(id) {
    if (id === JOKER) return t("Joker: stands for any card of an open era, or gives a special action");
    const card = this.card(id);
    if (!card) return id;
    const era = this.eras.get(card.era);
    const prereqs = card.prerequisites.map((p) => this.name(p)).join(", ") || t("none");
    const family = this.look(id).words;
    return [
      this.cardLabel(card),
      era ? t("Era {era} · {name} · no. {number}", { era: card.era, name: era.name_fr, number: card.number })
        : t("Era {era} · no. {number}", { era: card.era, number: card.number }),
      family && family !== card.family ? `${card.family} (${family})` : card.family,
      t("Prerequisites: {cards}", { cards: prereqs }),
    ].join("\n");
  }

  /** A card's French name, with the reader's (English, German) beside it (but in French).
   * @param {Card} card */
  cardLabel(card) {
    const own = ownName(card);
    return FRENCH || own === card.name_fr ? card.name_fr : `${card.name_fr} (${own})`;
  }

  /** Whether a card face has room for the reader's name (English, German) under the French one.
   * @param {Card | undefined} card @param {string} size */
  ownLine(card, size) {
    if (!card || size === "chip" || FRENCH) return false; // every card its name, even when the same
    return size !== "slot" || card.name_fr.length <= 8;
  }

  /** @param {string} id */
  familyIcon(id, size = 14) {
    const look = this.look(id);
    return s("svg", { class: "evo-icon", viewBox: "0 0 16 16", width: size, height: size, "aria-hidden": "true" },
      s("path", look.stroke
        ? { d: look.icon, fill: "none", stroke: look.ink, "stroke-width": 1.7, "stroke-linecap": "round" }
        : { d: look.icon, fill: look.ink }));
  }

  /**
   * A card face. size: "slot" (the tree), "chip" (reserve, discards), "hand", "pile".
   * With `action` (an action text) it is a button that plays it.
   * @param {string} id @param {{ size?: string, action?: string | null, joker?: boolean, extra?: string, onClick?: (() => void) | null, testid?: string | null, pressed?: boolean | null }} [options]
   */
  cardFace(id, { size = "hand", action = null, joker = false, extra = "", onClick = null, testid = null, pressed = null } = {}) {
    const card = this.card(id);
    const look = this.look(id);
    const era = card ? card.era : 0;
    const clickable = Boolean(action || onClick);
    const label = card ? this.cardLabel(card) : this.name(id);
    const el = h(`${clickable ? "button" : "div"}.evo-card.size-${size}${extra}`, {
      type: clickable ? "button" : null,
      title: this.tooltip(id) + (joker ? "\n" + t("Played as a joker") : ""),
      style: `--era:${id === JOKER ? "#f4c430" : this.eraColour(era)};--fill:${look.fill};--ink:${look.ink}`,
      dataset: { card: id, testid: testid || `card-${size}`, ...(action ? { action } : {}) },
      "aria-label": clickable ? null : label,
      "aria-pressed": pressed === null ? null : String(pressed),
      on: clickable ? { click: () => (action ? this.send(action) : /** @type {() => void} */ (onClick)()) } : null,
    },
    card ? h("span.evo-num", { text: `${era}·${card.number}` }) : null, // era·number, on every card alike
    this.familyIcon(id, size === "pile" ? 22 : size === "chip" ? 12 : 14),
    h(`b.evo-name${longWord(this.name(id))}`, { text: size === "chip" ? this.name(id) : breakable(this.name(id)) }),
    this.ownLine(card, size) ? h("small.evo-en", { text: ownName(/** @type {Card} */ (card)) }) : null,
    size === "pile" && card ? h("span.evo-family", { text: t("{family} · era {era}", { family: card.family, era: card.era }) }) : null,
    joker ? h("span.evo-joker-mark", { text: "★", title: t("a joker stands for this card") }) : null);
    if (action) this.covered.add(action);
    return el;
  }

  // ---------------------------------------------------------------- the hand's modes

  /** What clicking a card of the hand does now: place, discard, special discard, give.
   * The player's choice holds until the position changes. */
  pickHandMode() {
    const modes = this.handModes();
    const chosen = this.modeChoice;
    if (chosen && chosen.ply === this.message.ply && modes.includes(chosen.mode)) {
      this.handMode = chosen.mode;
    } else {
      // a special action is never the default: it is spent only when chosen
      this.handMode = ["give", "place", "discard"].find((m) => modes.includes(m)) || null;
    }
    const jokerUse = this.of("joker-as").length > 0;
    if (!jokerUse) this.jokerArmed = false;
  }

  handModes() {
    const modes = [];
    for (const [mode, info] of Object.entries(HAND_MODES)) {
      const found = this.choices.some((act) => act.kind === info.kind && (info.kind !== "place" || act.from === "hand"));
      if (found) modes.push(mode);
    }
    return modes;
  }

  /** @param {string} id */
  handAction(id) {
    const info = HAND_MODES[/** @type {string} */ (this.handMode)];
    if (!info) return null;
    return this.choices.find((act) => act.kind === info.kind && act.card === id && (info.kind !== "place" || act.from === "hand")) || null;
  }

  /** The placement of `id` from wherever it lies (each card lies in one place).
   * @param {string} id */
  placement(id) {
    return this.choices.find((act) => act.kind === "place" && act.card === id) || null;
  }

  // ---------------------------------------------------------------- the map

  renderMap() {
    const view = this.view;
    const map = this.ctx.map;
    map.dataset.mode = view.mode;
    map.dataset.step = view.step;
    const table = view.mode === "bluff" ? this.pileSection() : this.treeSection();
    map.replaceChildren(h("div.evo-board", { dataset: { mode: view.mode } },
      this.alertBox(),
      table,
      this.stockSection(),
      this.handSection()));
    this.markMoves();
    this.drawHints();
  }

  treeSection() {
    const view = this.view;
    const placed = new Map(view.tree.map((/** @type {{ card: string, joker?: boolean }} */ entry, /** @type {number} */ index) => [entry.card, { ...entry, index }]));
    const last = view.tree.length ? view.tree[view.tree.length - 1].card : null;
    const series = view.turn && view.turn.series ? view.turn.series.last : null;
    const jokerTargets = new Map(this.of("joker-as").map((act) => [act.card, act.text]));
    const rows = [...this.eras.values()].sort((a, b) => a.number - b.number).map((era) => {
      const info = (view.eras || []).find((/** @type {Record<string, any>} */ e) => e.era === era.number) || { placed: 0, size: 9 };
      const cards = [...this.cards.values()].filter((c) => c.era === era.number).sort((a, b) => a.number - b.number);
      const slots = cards.map((card) => {
        const entry = placed.get(card.id);
        if (entry) {
          const marks = `${card.id === last ? ".last" : ""}${card.id === series ? ".series" : ""}${entry.joker ? ".as-joker" : ""}`;
          return this.cardFace(card.id, { size: "slot", joker: entry.joker, extra: marks, testid: "tree-card" });
        }
        const place = this.placement(card.id);
        const joker = this.jokerArmed ? jokerTargets.get(card.id) : null;
        const action = place ? place.text : joker;
        if (action) this.covered.add(action);
        return h(`${action ? "button" : "div"}.evo-slot${action ? ".can-act" : ""}${joker && !place ? ".joker-target" : ""}`, {
          type: action ? "button" : null,
          title: action ? (joker && !place ? t("Play a joker as {card}", { card: this.cardLabel(card) }) : t("Place {card}", { card: this.cardLabel(card) }))
            : t("{era}·{number}: not placed yet", { era: era.number, number: card.number }),
          dataset: { card: card.id, testid: action ? "tree-slot-act" : "tree-slot", ...(action ? { action } : {}) },
          on: action ? { click: () => this.send(action) } : null,
        },
        h("span.evo-slot-num", { text: String(card.number) }),
        action ? h("span.evo-slot-name", { text: breakable(card.name_fr) }) : null);
      });
      const state = info.closed ? t("closed") : info.open ? t("open") : t("not open");
      return h(`div.evo-era-row${info.closed ? ".closed" : ""}${info.open ? ".open" : ""}`, {
        style: `--era:${this.eraColour(era.number)}`, dataset: { era: era.number, testid: "era-row" },
      },
      h("div.evo-era-label", { title: t("{era}: {state}", { era: FRENCH ? era.name_fr : `${era.name_fr} (${ownName(era)})`, state }) },
        h("b", h("span.evo-era-word", { text: t("Era") + " " }), String(era.number)),
        h("span.evo-era-name", { text: era.name_fr }),
        h("span.evo-era-count", { text: `${info.placed}/${info.size}${info.closed ? " ✓" : ""}` })),
      h("div.evo-slots", slots));
    });
    return h("section.evo-tree", { "aria-label": t("The tree"), dataset: { testid: "tree", placed: String(view.tree.length) } },
      h("div.evo-section-head", h("h3", { text: t("The tree") }),
        h("span.muted", { text: tn("{n} card placed", "{n} cards placed", view.tree.length) + " · " },
          h("span.evo-draw-pile", { text: t("draw pile {n}", { n: view.draw_pile }), dataset: { testid: "draw-pile" } }))),
      h("div.evo-tree-rows", rows));
  }

  pileSection() {
    const view = this.view;
    const pile = view.pile || { size: 0, top: null };
    const depth = Math.min(4, Math.max(0, pile.size - 1));
    const under = Array.from({ length: depth }, (_, k) => h("span.evo-pile-under", { style: `--k:${depth - k}` }));
    const top = pile.top
      ? this.cardFace(pile.top.card, { size: "pile", joker: pile.top.joker, testid: "pile-top" })
      : h("div.evo-pile-empty", { text: t("empty") });
    const eras = (view.eras || []).map((/** @type {Record<string, any>} */ e) => {
      const era = this.eras.get(e.era) || { colour: "#999", name_fr: "" };
      return h(`div.evo-era-chip${e.announced_open ? ".open" : ""}${e.announced_closed ? ".closed" : ""}`, {
        style: `--era:${this.eraColour(e.era)};--era-ink:${this.eraInk(e.era)}`,
        title: e.announced_closed ? t("{era}: announced closed", { era: era.name_fr }) : e.announced_open ? t("{era}: announced open", { era: era.name_fr }) : t("{era}: nothing announced", { era: era.name_fr }),
        dataset: { era: e.era, testid: "era-chip" },
      },
      h("b", { text: String(e.era) }),
      h("span", { text: e.announced_closed ? t("closed") : e.announced_open ? t("open") : "—" }));
    });
    return h("section.evo-pile-area", { "aria-label": t("The pile"), dataset: { testid: "pile", size: String(pile.size) } },
      h("div.evo-pile", under, top),
      h("div.evo-pile-side",
        h("p.evo-pile-size", h("b", { text: String(pile.size) }), " ", tn("card in the pile", "cards in the pile", pile.size)),
        h("p.hint", { text: t("Only the top card shows: remember what lies under it.") }),
        h("div.evo-section-head", h("h3", { text: t("Eras announced") })),
        h("div.evo-era-chips", eras),
        h("p.evo-pile-size.muted", h("span.evo-draw-pile", { text: t("Draw pile: {n}", { n: view.draw_pile }), dataset: { testid: "draw-pile" } }))));
  }

  stockSection() {
    const view = this.view;
    const reserve = view.reserve.map((/** @type {string} */ id) => {
      const act = this.placement(id);
      return this.cardFace(id, { size: "chip", action: act && act.from === "reserve" ? act.text : null, extra: act ? ".can-act" : "", testid: "reserve-card" });
    });
    const discards = view.discards.map((/** @type {string[]} */ cards, /** @type {number} */ seat) => {
      const chips = cards.map((id) => {
        const act = this.choices.find((a) => a.kind === "place" && a.from === "discard" && a.seat === seat && a.card === id);
        return this.cardFace(id, { size: "chip", action: act ? act.text : null, extra: act ? ".can-act" : "", testid: "discard-card" });
      });
      return h("div.evo-discard", { dataset: { seat, testid: `discard-${seat}` } },
        h("span.evo-who", { title: seat === this.message.seat ? t("Your discard: {n}", { n: cards.length }) : t("{name}'s discard: {n}", { name: this.ctx.seatName(seat), n: cards.length }) },
          this.seatDot(seat),
          h("span.evo-who-name", { text: seat === this.message.seat ? t("You") : this.ctx.seatName(seat) })),
        h("div.evo-chips", chips.length ? chips : h("span.evo-none", { text: t("empty") })));
    });
    return h("section.evo-stock",
      h("div.evo-reserve", { dataset: { testid: "reserve" } },
        h("div.evo-section-head", h("h3", { text: t("Reserve") }), h("span.muted", { text: t("face up, refilled at once") })),
        h("div.evo-chips", reserve.length ? reserve : h("span.evo-none", { text: t("empty") }))),
      h("div.evo-discards",
        h("div.evo-section-head", h("h3", { text: t("Discards") })),
        discards));
  }

  handSection() {
    const view = this.view;
    const me = this.message.seat;
    if (me === null || me === undefined) return null;
    const hand = view.hands[me];
    if (!hand || !hand.cards) return null;
    const modes = this.handModes();
    const jokerUse = this.of("joker-as").length > 0;
    const cards = hand.cards.map((/** @type {string} */ id) => {
      if (id === JOKER && jokerUse && (this.handMode === "place" || !this.handMode)) {
        return this.cardFace(id, {
          extra: `.can-act${this.jokerArmed ? ".armed" : ""}`, testid: "hand-joker", pressed: this.jokerArmed,
          onClick: () => this.armJoker(!this.jokerArmed),
        });
      }
      const act = this.handAction(id);
      if (act && this.handMode === "discard") {
        // a discard ends the turn: a click picks the card, a second step confirms it
        const picked = this.discardPick === act.text;
        return this.cardFace(id, {
          extra: `.can-act.mode-discard${picked ? ".to-discard" : ""}`, testid: "hand-card", pressed: picked,
          onClick: () => { this.discardPick = picked ? null : act.text; this.redraw(); },
        });
      }
      return this.cardFace(id, { action: act ? act.text : null, extra: act ? `.can-act.mode-${this.handMode}` : this.handMode ? ".idle" : "", testid: "hand-card" });
    });
    const pick = this.handMode === "discard" ? this.choices.find((act) => act.text === this.discardPick) : null;
    const confirm = pick ? h("div.evo-discard-confirm", { dataset: { testid: "discard-confirm-row" } },
      h("span", { text: t("Discard {card}? Your turn ends.", { card: this.name(/** @type {string} */ (pick.card)) }) }),
      this.actButton(pick, t("Discard {card}", { card: this.name(/** @type {string} */ (pick.card)) }), { cls: ".primary", testid: "discard-confirm" }),
      h("button.small", { type: "button", text: t("Cancel"), dataset: { testid: "discard-cancel" }, on: { click: () => { this.discardPick = null; this.redraw(); } } })) : null;
    const tabs = modes.length > 1 || (modes.length && !this.handMode) ? h("div.evo-modes", { role: "group", "aria-label": t("What a click on a card does") },
      modes.map((mode) => h("button.small", {
        type: "button", text: HAND_MODES[mode].label, "aria-pressed": String(mode === this.handMode),
        dataset: { handMode: mode, testid: `hand-mode-${mode}` },
        on: { click: () => this.chooseHandMode(mode) },
      }))) : null;
    const requested = view.turn && view.turn.requested ? view.turn.requested : null;
    return h("section.evo-hand", { "aria-label": t("Your hand"), dataset: { testid: "hand", mode: this.handMode || "" } },
      h("div.evo-section-head", h("h3", { text: t("Your hand ({n})", { n: hand.count }) }),
        this.handMode ? h("span.muted", { text: this.jokerArmed ? JOKER_HINT[view.mode] || JOKER_HINT.explore : HAND_MODES[this.handMode].hint }) : null),
      tabs,
      h("div.evo-hand-cards", cards.length ? cards : h("span.evo-none", { text: t("no cards") })),
      confirm,
      requested ? h("p.hint", { text: t("Your teammate gave you {card}: place it this turn, or it is discarded.", { card: this.name(requested) }) }) : null);
  }

  /** @param {string} mode */
  chooseHandMode(mode) {
    this.modeChoice = { mode, ply: this.message.ply };
    this.handMode = mode;
    this.discardPick = null;
    this.jokerArmed = false;
    this.redraw();
  }

  redraw() {
    this.renderMap();
    this.renderPanel();
    this.tick();
  }

  /** @param {boolean} on */
  armJoker(on) {
    this.jokerArmed = on;
    this.redraw();
    if (on && this.pickers.joker) this.pickers.joker.input.focus();
  }

  // ---------------------------------------------------------------- following the moves

  /** The moves whose card (or announcement) still shows where they put it, oldest first:
   * {ply, seat, where: "table" | "discard" | "era", card?, owner?, era?, open?}. */
  visibleMoves() {
    const log = this.message.log || [];
    const latest = new Map(); // what lies where -> the last move that put it there
    log.forEach((entry, k) => {
      const spot = this.spot(readMove(entry), entry, k, log);
      if (spot) latest.set(spot.key, spot);
    });
    return [...latest.values()].filter((spot) => this.shows(spot)).sort((a, b) => a.ply - b.ply);
  }

  /** Where a log entry put something the table shows; null for the rest (a card covered
   * on Bluff's pile is "?" in the log, so it is never found).
   * @param {Act} act @param {LogEntry} entry @param {number} k @param {LogEntry[]} log @returns {Spot | null}
   */
  spot(act, entry, k, log) {
    const base = { ply: entry.ply, seat: entry.seat };
    const known = act.card !== undefined && this.cards.has(act.card);
    // `from`: where the card came from ("hand", "reserve", "discard" of `fromSeat`, "deck")
    const hand = { from: "hand", fromSeat: entry.seat };
    switch (act.kind) {
      case "place": case "place-called": case "joker-as": {
        const from = act.kind === "place" && act.from !== "hand" ? { from: act.from, fromSeat: act.seat } : hand;
        return known ? { ...base, ...from, key: `table ${act.card}`, where: "table", card: act.card } : null;
      }
      case "discard": case "special-discard":
        return known ? { ...base, ...hand, key: `discard ${act.card}`, where: "discard", owner: entry.seat, card: act.card } : null;
      case "flip": {
        if (!known) return null;
        const seat = this.flipper(k, log);
        const deck = { seat, from: "deck" };
        if (this.onTable(act.card)) return { ...base, ...deck, key: `table ${act.card}`, where: "table", card: act.card };
        return { ...base, ...deck, key: `discard ${act.card}`, where: "discard", owner: seat, card: act.card };
      }
      case "announce":
        return this.view.mode === "bluff" ? { ...base, key: `era ${act.era}`, where: "era", era: act.era, open: act.open } : null;
      default:
        return null;
    }
  }

  /** A card turned over is the automaton's move: the log groups it as its turn.
   * @param {LogEntry} entry @param {StateMessage<View>} message */
  chanceActor(entry, message) {
    if (!(this.view.automata || []).length || readMove(entry).kind !== "flip") return null;
    // with an automaton at the table, flipper names one
    return { seat: /** @type {number} */ (this.flipper(message.log.indexOf(entry), message.log)) };
  }

  /** The automaton that turned over the card of log[k]: the log names none (a chance
   * outcome); with several, the one whose discard holds a card of that run of flips (a
   * turn ends on a card discarded).
   * @param {number} k @param {LogEntry[]} log @returns {number | null}
   */
  flipper(k, log) {
    const automata = this.view.automata || [];
    if (automata.length <= 1) return automata.length ? automata[0] : null;
    for (let j = k; j < log.length; j++) {
      const act = readMove(log[j]);
      if ((log[j].seat !== null && log[j].seat !== undefined) || act.kind !== "flip") break;
      const owner = automata.find((/** @type {number} */ seat) => (this.view.discards[seat] || []).includes(act.card));
      if (owner !== undefined) return owner;
    }
    return automata[0];
  }

  /** @param {string | undefined} card */
  onTable(card) {
    const view = this.view;
    if (view.mode === "bluff") return Boolean(view.pile && view.pile.top && view.pile.top.card === card);
    return view.tree.some((/** @type {{ card: string }} */ entry) => entry.card === card);
  }

  /** @param {Spot} spot */
  shows(spot) {
    if (spot.where === "table") return this.onTable(spot.card);
    if (spot.where === "discard") return (this.view.discards[/** @type {number} */ (spot.owner)] || []).includes(spot.card);
    const era = (this.view.eras || []).find((/** @type {Record<string, any>} */ e) => e.era === spot.era);
    return Boolean(era && (spot.open ? era.announced_open && !era.announced_closed : era.announced_closed));
  }

  /** The moves marked as new: the others' since this seat's last decision (without one,
   * the newest only); in a replay the last move.
   * @param {Spot[]} moves
   */
  sinceMoves(moves) {
    const log = this.message.log || [];
    if (!this.live) {
      const last = log[log.length - 1];
      return moves.filter((move) => last && move.ply === last.ply);
    }
    const others = moves.filter((move) => move.seat !== this.message.seat);
    if (this.since === null || this.since === undefined) return others.slice(-1);
    return others.filter((move) => move.ply > /** @type {number} */ (this.since));
  }

  /** Marks the new moves and the log entry picked on the freshly drawn table. */
  markMoves() {
    const moves = this.visibleMoves();
    const since = this.sinceMoves(moves);
    // another seat's newest move (a person's too) is animated once, not at each redraw
    const newest = this.live && since.length ? since[since.length - 1].ply : null;
    const fresh = newest !== null && newest !== this.pulsed ? newest : null;
    if (fresh !== null) this.pulsed = fresh;
    for (const move of since) {
      const el = this.mark(move, "since-mark", move.ply === fresh);
      if (el) this.fly(el, move, move.ply === fresh);
    }
    const picked = this.picked && moves.find((move) => move.ply === /** @type {{ ply: number }} */ (this.picked).ply);
    return picked ? this.mark(picked, "log-pick") : null;
  }

  /**
   * Another seat's newest card moves from where it came from (that seat's hand in the
   * player list, the reserve, a discard, the draw pile) to where it lies now, once, over
   * var(--follow-ms): the CSS animation `evo-fly` from the offset set here. A redraw while
   * it flies (the next state message) carries the flight on where it was, not again.
   * @param {HTMLElement} el @param {Spot} move @param {boolean} fresh
   */
  fly(el, move, fresh) {
    const flight = this.flight;
    if (fresh) {
      this.flight = null;
      if (REDUCED_MOTION.matches || !el.classList.contains("evo-card")) return;
      const source = this.sourceElement(move);
      if (!source) return;
      const from = source.getBoundingClientRect();
      const to = el.getBoundingClientRect();
      if (!to.width || !from.width) return;
      this.flight = {
        ply: move.ply,
        x: from.left + from.width / 2 - (to.left + to.width / 2),
        y: from.top + from.height / 2 - (to.top + to.height / 2),
        scale: Math.max(0.4, Math.min(1.2, from.height / to.height)), // small from a hand's backs
        start: performance.now(),
      };
    } else if (!flight || flight.ply !== move.ply || performance.now() - flight.start >= followMs()) {
      return;
    }
    const { x, y, scale, start } = /** @type {{ x: number, y: number, scale: number, start: number }} */ (this.flight);
    el.classList.add("flying");
    el.style.setProperty("--fly-x", `${Math.round(x)}px`);
    el.style.setProperty("--fly-y", `${Math.round(y)}px`);
    el.style.setProperty("--fly-scale", scale.toFixed(2));
    el.style.animationDelay = `${-Math.round(performance.now() - start)}ms`;
  }

  /** Where a move's card came from, on the page: the mover's hand (its backs in the player
   * list, else its discard's row on the board), the reserve, a discard, the draw pile.
   * @param {Spot} move
   */
  sourceElement(move) {
    const map = this.ctx.map;
    if (move.from === "deck") return map.querySelector("[data-testid='draw-pile']");
    if (move.from === "reserve") return map.querySelector("[data-testid='reserve'] .evo-chips");
    const seat = move.fromSeat;
    if (seat === null || seat === undefined) return null;
    if (move.from === "discard") return map.querySelector(`[data-testid='discard-${seat}'] .evo-chips`);
    const backs = document.querySelector(`[data-testid='hand-count-${seat}']`);
    return backs && backs.isConnected ? backs : map.querySelector(`[data-testid='discard-${seat}'] .evo-who`);
  }

  /** Outlines the card (or era chip) a move left, in the mover's colour; the child element
   * carries the test id, as the card keeps its own.
   * @param {Spot} move @param {string} kind
   */
  mark(move, kind, fresh = false) {
    const el = this.spotElement(move);
    if (!el) return null;
    const who = move.seat === null || move.seat === undefined ? t("The automaton") : this.ctx.seatName(move.seat);
    el.classList.add(kind === "since-mark" ? "since" : "picked");
    if (fresh) el.classList.add("fresh");
    el.style.setProperty("--mark", move.seat === null || move.seat === undefined ? "#555" : seatColour(move.seat));
    const says = kind === "since-mark" ? t("New: {who}'s move ({ply})", { who, ply: move.ply }) : t("{who}'s move ({ply})", { who, ply: move.ply });
    el.title = `${el.title ? `${el.title}\n` : ""}${says}`;
    // the colour-blind look names the seat of a mark in its colour by its number too
    const number = SAFE && kind === "since-mark" && move.seat !== null && move.seat !== undefined
      ? h("span.evo-mark-seat", { style: `background:${seatColour(move.seat)};color:${seatInk(move.seat)}`, text: String(move.seat + 1), dataset: { testid: "mark-seat" } })
      : null;
    if (number) el.classList.add("numbered");
    el.append(h(`span.${kind}`, { dataset: { testid: kind, ply: move.ply }, "aria-hidden": "true" }, number));
    return el;
  }

  /** @param {Spot} move @returns {HTMLElement | null} */
  spotElement(move) {
    const map = this.ctx.map;
    if (move.where === "era") return map.querySelector(`[data-testid='era-chip'][data-era='${move.era}']`);
    const id = CSS.escape(/** @type {string} */ (move.card));
    if (move.where === "discard") return map.querySelector(`[data-testid='discard-${move.owner}'] [data-card='${id}']`);
    return map.querySelector(`[data-testid='${this.view.mode === "bluff" ? "pile-top" : "tree-card"}'][data-card='${id}']`);
  }

  /** A click on a log line: marks what that move left on the table (kept through later
   * updates until cleared); false when nothing of it shows.
   * @param {LogEntry | null} entry
   */
  showMove(entry) {
    this.picked = entry ? { ply: entry.ply } : null;
    if (!this.message) return false;
    this.renderMap();
    this.tick();
    const el = this.ctx.map.querySelector(".picked");
    if (!el) {
      this.picked = null;
      return false;
    }
    el.scrollIntoView({ block: "nearest", inline: "nearest" });
    return true;
  }

  // ---------------------------------------------------------------- moves not made

  /** game.js: draw moves not made (the hint; in an analysis's replay the move played and
   * the bot's best), kept over redraws until showHint([]).
   * @param {HintMark[]} marks
   */
  showHint(marks) {
    this.hints = marks || [];
    if (this.message) this.drawHints();
  }

  /**
   * Each mark on what its move would use: the card in the hand, the reserve or a discard
   * and where it would go (its slot in the tree, the pile, the mover's discard), the joker,
   * the era chip, the seat robbed or asked, the window's button; a move with nothing of it
   * on the board (End the turn, Replay, a call in Bluff…) as a labelled chip by the table.
   */
  drawHints() {
    const map = this.ctx.map;
    for (const old of map.querySelectorAll("[data-testid='hint-mark']")) old.remove();
    for (const host of map.querySelectorAll(".evo-hinted")) host.classList.remove("evo-hinted");
    const loose = [];
    for (const { move, role } of this.hints) {
      const act = readMove(move);
      const spots = this.hintSpots(act).filter((spot) => spot.el);
      for (const { el, name } of /** @type {{ el: Element, name?: string | null }[]} */ (spots)) {
        el.classList.add("evo-hinted");
        el.append(h(`span.evo-hint-mark.role-${role}`, { dataset: { testid: "hint-mark", role, action: act.text }, "aria-hidden": "true" },
          h("span.evo-hint-tag", { text: HINT_WORDS[role] || role }),
          name ? h("span.evo-hint-name", { text: name }) : null));
      }
      if (!spots.length) loose.push({ act, move, role });
    }
    if (!loose.length) return;
    const table = map.querySelector("[data-testid='tree'], [data-testid='pile']");
    const tray = h("div.evo-hint-tray", { dataset: { testid: "hint-tray" } }, loose.map(({ act, move, role }) => h(`span.evo-hint-mark.evo-hint-chip.role-${role}`, {
      dataset: { testid: "hint-mark", role, action: act.text },
    },
    h("span.evo-hint-tag", { text: HINT_WORDS[role] || role }),
    h("span", { text: this.hintWords(act, move) }))));
    if (table) table.before(tray);
    else map.prepend(tray);
  }

  /** A move not made in words: the server's (`says`), else the log's phrase.
   * @param {Act} act @param {HintMark["move"]} move */
  hintWords(act, move) {
    if (move.says) return say(move.says);
    return this.knows(act) ? this.describe(act, this.mover()) : act.text;
  }

  /** The seat a move not made is for: the one to move (the hint's seat is). */
  mover() {
    const seat = this.message.to_move;
    return seat === null || seat === undefined ? this.message.seat : seat;
  }

  /** The elements a move not made would use, on the board as it is drawn: [{el, name?}]
   * (`name`: the card's, where the element does not show it). Only what this seat sees.
   * @param {Act} act @returns {HintSpot[]}
   */
  hintSpots(act) {
    const map = this.ctx.map;
    const find = (/** @type {string} */ selector) => map.querySelector(selector);
    const card = act.card !== undefined && act.card !== "?" ? CSS.escape(act.card) : null;
    const named = card && this.cards.has(/** @type {string} */ (act.card)) ? this.name(/** @type {string} */ (act.card)) : null;
    const bluff = this.view.mode === "bluff";
    const inHand = (/** @type {string | null} */ id) => (id ? find(`[data-testid='hand'] [data-card='${id}']`) : null);
    const table = () => {
      if (bluff) return { el: find(".evo-pile"), name: named };
      const slot = card ? find(`[data-testid='tree'] [data-card='${card}']`) : null;
      return { el: slot, name: slot && !slot.querySelector(".evo-slot-name") ? named : null };
    };
    const discardOf = (/** @type {number | null | undefined} */ seat) => find(`[data-testid='discard-${seat}'] .evo-who`);
    switch (act.kind) {
      case "place": {
        const from = act.from === "reserve" ? find(`[data-testid='reserve'] [data-card='${card}']`)
          : act.from === "discard" ? find(`[data-testid='discard-${act.seat}'] [data-card='${card}']`)
            : inHand(card);
        return [{ el: from }, table()];
      }
      case "place-called": return [{ el: inHand(card) }, table()];
      case "joker-as": return [{ el: inHand(JOKER) }, table()];
      case "joker-special": return [{ el: inHand(JOKER) }];
      case "interrupt": return [{ el: find("[data-testid='interrupt']") }, { el: inHand(JOKER) }];
      case "discard": case "special-discard": return [{ el: inHand(card) }, { el: discardOf(this.mover()) }];
      case "give": return [{ el: inHand(card) }];
      case "call": return bluff ? [] : [table()];
      case "steal": case "exchange": case "ask": return [{ el: discardOf(act.seat) }];
      case "announce":
        return [{ el: bluff ? find(`[data-testid='era-chip'][data-era='${act.era}']`) : find(`[data-testid='era-row'][data-era='${act.era}'] .evo-era-label`) }];
      case "stop": case "accept": case "verify": case "concede": case "pass": case "end": case "abandon":
        return [{ el: find(`[data-testid='${act.kind}']`) }];
      default:
        return [];
    }
  }

  // ---------------------------------------------------------------- response windows

  /** Keep the countdown of the open window (clamped: the two clocks may differ).
   * @param {StateMessage["window"]} window */
  followClock(window) {
    if (!window) {
      this.clock = null;
      clearInterval(/** @type {any} */ (this.ticker)); // null: nothing to clear
      this.ticker = null;
      return;
    }
    const key = String(window.ends_at);
    if (!this.clock || this.clock.key !== key) {
      const seconds = Number(window.seconds) || 10;
      this.clock = { key, seconds, deadline: Math.min(Number(window.ends_at) || Infinity, Date.now() + seconds * 1000) };
    }
    if (!this.ticker) this.ticker = setInterval(() => this.tick(), 100);
  }

  secondsLeft() {
    if (!this.clock) return null;
    return Math.max(0, (this.clock.deadline - Date.now()) / 1000);
  }

  tick() {
    const left = this.secondsLeft();
    if (left === null) return;
    const fraction = Math.max(0, Math.min(1, left / /** @type {{ seconds: number }} */ (this.clock).seconds));
    for (const root of [this.ctx.map, this.ctx.panel]) {
      for (const bar of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll(".evo-clock-fill"))) bar.style.transform = `scaleX(${fraction})`;
      for (const text of root.querySelectorAll(".evo-clock-secs")) text.textContent = t("{n} s", { n: Math.ceil(left) });
      const urgent = left <= Math.min(3, /** @type {{ seconds: number }} */ (this.clock).seconds / 3);
      for (const clock of root.querySelectorAll(".evo-clock")) clock.classList.toggle("urgent", urgent);
    }
  }

  clockBar() {
    if (!this.clock) return null;
    return h("div.evo-clock", { dataset: { testid: "window-countdown" }, role: "timer", "aria-label": t("time left to answer") },
      h("div.evo-clock-track", h("div.evo-clock-fill")),
      h("span.evo-clock-secs", { text: "" }));
  }

  /** The challenged action, as the rules' window names it: "Bob plays Chasse from the hand". */
  challenged() {
    const win = this.view.window;
    if (!win || win.action === undefined) return null;
    const action = this.describe(readMove(win), win.actor);
    if (win.actor === this.message.seat) return t("Your move: {action}", { action });
    return t("{who} {action}", { who: this.ctx.seatName(win.actor), action });
  }

  /** Stop / Accept / Interruption!, the answers to a Stop, or the clock while others answer. */
  alertBox() {
    const window = this.live ? this.message.window : null;
    const answers = WINDOW_ANSWERS.map((kind) => this.first(kind)).filter(Boolean);
    const bluff = this.view.mode === "bluff";
    const map = this.ctx.map;
    if (answers.length && (!window || window.waiting)) {
      map.dataset.window = "waiting";
      const stop = this.first("stop");
      const interrupt = this.first("interrupt");
      const accept = this.first("accept");
      return h("div.evo-alert.evo-window", { dataset: { testid: "window" }, role: "alert" },
        h("p.evo-alert-text", h("b", { text: bluff ? t("Stop?") : t("Interruption?") }), " ", this.challenged() || t("An action may be answered.")),
        h("div.evo-window-buttons",
          this.actButton(stop, t("Stop!"), { cls: ".evo-stop", testid: "stop", title: t("Say it was not allowed") }),
          this.actButton(interrupt, t("Interruption!"), { cls: ".evo-interrupt", testid: "interrupt", title: t("Play a joker and an extra turn at once") }),
          this.actButton(accept, bluff ? t("Accept") : t("Let it pass"), { cls: ".evo-accept", testid: "accept", title: t("Let the action pass") })),
        this.clockBar());
    }
    if (window && window.answered) {
      map.dataset.window = "answered";
      return h("div.evo-alert.evo-window.answered", { dataset: { testid: "window-answered" } },
        h("p.evo-alert-text", h("b", { text: t("Answered") }), " — ", t("you let it pass; waiting for the others.")),
        this.clockBar());
    }
    map.dataset.window = window ? "others" : "none";
    const verify = this.first("verify");
    const concede = this.first("concede");
    if (verify || concede) {
      const win = this.view.window || {};
      const stopper = win.stopped_by !== undefined ? this.ctx.seatName(win.stopped_by) : t("Someone");
      return h("div.evo-alert.evo-respond", { dataset: { testid: "respond" }, role: "alert" },
        h("p.evo-alert-text", h("b", { text: t("{name}: “Stop!”", { name: stopper }) }), " ", win.action ? t("against: {action}.", { action: this.describe(readMove(win), win.actor) }) : ""),
        h("p.hint", { text: t("Verify: if your action was allowed, the challenger draws a card and your turn goes on; if not, the challenger gives you a card, your action is undone (a card placed goes to your discard and you draw another) and your turn ends. Concede: you steal a card from the challenger, your action is undone and your turn ends.") }),
        h("div.evo-window-buttons",
          this.actButton(verify, t("Verify"), { cls: ".primary", testid: "verify" }),
          this.actButton(concede, t("Concede"), { testid: "concede" })));
    }
    if (window) {
      return h("div.evo-alert.evo-others", { dataset: { testid: "window-others" } },
        h("p.evo-alert-text", { text: bluff ? t("Others may say Stop…") : t("Waiting for a possible interruption…") }),
        this.clockBar());
    }
    return null;
  }

  // ---------------------------------------------------------------- the panel

  renderPanel() {
    const panel = this.ctx.panel;
    const view = this.view;
    const me = this.message.seat;
    const playing = this.message.status === "playing";
    panel.dataset.state = this.legal.length ? "act" : "wait";
    /** @type {(HTMLElement | null)[]} */
    const parts = [h("p.prompt", { text: this.prompt(), dataset: { testid: "prompt" } })];
    if (this.legal.length) {
      parts.push(
        this.calledGroup(),
        this.turnGroup(),
        this.specialsGroup(),
        this.jokerGroup(),
        this.seatGroup("steal", t("Steal a card from")),
        this.seatGroup("ask", t("Ask a teammate for a card")),
        this.announceGroup(),
      );
      // covered elsewhere: the hand, the tree, the reserve, the discards, the alert box
      for (const act of this.choices) {
        if (["place", "give", "discard", "special-discard"].includes(act.kind)) this.covered.add(act.text);
      }
      parts.push(this.otherGroup());
    }
    if (playing || view.last_call || view.last_stop) parts.push(this.newsGroup());
    if (me === null || me === undefined) parts.push(h("p.hint", { text: t("Spectators see every hand as a count only.") }));
    panel.replaceChildren(.../** @type {HTMLElement[]} */ (parts.filter(Boolean)));
  }

  prompt() {
    const msg = this.message;
    const view = this.view;
    if (msg.status === "finished") return t("The game is over.");
    if (!this.live) return t("Replay: the board as it was.");
    if (msg.seat === null || msg.seat === undefined) return t("You are watching this game.");
    if (!this.legal.length) {
      if (msg.window && msg.window.answered) return t("You let it pass: waiting for the others.");
      return msg.to_move === null ? "" : t("Waiting for {name}…", { name: this.ctx.seatName(msg.to_move) });
    }
    if (this.first("stop") || this.first("interrupt") || this.first("accept")) return t("Answer above the board, before the time runs out.");
    if (this.first("verify")) return t("You were stopped: verify or concede (above the board).");
    if (this.first("place-called") || this.first("abandon")) return t("Place {card}, the card you called, or give up.", { card: this.name(view.called) });
    if (this.first("give")) return t("Choose a card of your hand to give.");
    if (view.step === "steal") return t("Choose whom to take a card from.");
    const turn = view.turn || {};
    const bits = [turn.interruption ? t("Your interruption turn.") : t("Your turn.")];
    if (this.of("place").length) bits.push(t("Place a card: click one that glows."));
    else if (this.first("discard")) bits.push(t("No card to place? Discard one from your hand to end the turn."));
    return bits.join(" ");
  }

  /** @param {string | null} title @param {string} testid @param {...import("/static/types/site").Child} children */
  group(title, testid, ...children) {
    const body = children.flat().filter(Boolean);
    if (!body.length) return null;
    return h("div.evo-group", { dataset: { testid: `${testid}-group` } }, title ? h("h3", { text: title }) : null, h("div.evo-group-body", body));
  }

  calledGroup() {
    const called = this.of("place-called");
    const abandon = this.first("abandon");
    if (!called.length && !abandon) return null;
    const id = this.view.called || (called[0] && called[0].card);
    return this.group(t("The card you called"), "called",
      id ? this.cardFace(id, { size: "hand" }) : null,
      called.map((act) => this.actButton(act, act.series ? t("Place it, continuing the series") : t("Place it, starting a series"), { cls: ".primary", testid: "place-called" })),
      this.actButton(abandon, t("Give up the call (discard it)"), { testid: "abandon" }));
  }

  turnGroup() {
    const end = this.first("end");
    const pass = this.first("pass");
    const turn = this.view.turn || {};
    const series = turn.series && this.message.seat === turn.seat
      ? h("p.evo-series", tn("Series: {n} card, last {card}", "Series: {n} cards, last {card}", turn.series.length, { card: this.name(turn.series.last) }),
        turn.series.joker ? " " + t("(a joker: only prerequisite links continue it)") : "",
        this.view.mode === "explore" ? h("span.muted", { text: " · " + t("next card scores {n}", { n: turn.series.length + 1 }) }) : null)
      : null;
    // what to do first is highlighted: a card to place; End the turn once one is placed or
    // none can be
    const endFirst = Boolean(turn.placed) || !this.of("place").length;
    return this.group(null, "turn", series,
      row(
        this.actButton(end, t("End the turn"), { cls: endFirst ? ".primary" : "", testid: "end" }),
        this.actButton(pass, t("Pass"), { testid: "pass", title: t("Pass while no card has been placed") })));
  }

  specialsGroup() {
    const turn = this.view.turn || {};
    const replay = this.first("replay");
    const exchanges = this.of("exchange");
    const specialDiscard = this.first("special-discard");
    const calls = this.of("call");
    const any = replay || exchanges.length || specialDiscard || calls.length || (turn.specials && this.of("steal").length);
    if (!any) return null;
    const count = turn.specials ? t("Special actions ({n} to use)", { n: turn.specials }) : t("Special actions");
    return this.group(count, "specials",
      row(
        this.actButton(replay, t("↻ Replay: a new series"), { testid: "replay" }),
        specialDiscard ? h("button.evo-mode-link", {
          type: "button", text: t("Discard a card…"), "aria-pressed": String(this.handMode === "special"),
          dataset: { testid: "special-discard" },
          on: { click: () => this.chooseHandMode("special") },
        }) : null),
      exchanges.length ? h("div.evo-row", h("span.evo-row-label", { text: t("Exchange with") }),
        exchanges.map((act) => this.actButton(act, this.seatLabel(/** @type {number} */ (act.seat)), { testid: "exchange" }))) : null,
      calls.length ? this.picker("call", t("Call a card"), calls, t("Call"), t("A card whose next era is open: its holder gives it to you")) : null);
  }

  jokerGroup() {
    const as = this.of("joker-as");
    const special = this.first("joker-special");
    if (!as.length && !special) return null;
    return this.group(t("Joker"), "jokers",
      as.length ? this.picker("joker", t("Play a joker as"), as, t("Play"), t("A card of an open era, not placed, in no discard nor the reserve")) : null,
      row(this.actButton(special, t("★ Joker: a special action"), { testid: "joker-special" })));
  }

  /** @param {string} kind @param {string} title */
  seatGroup(kind, title) {
    const acts = this.of(kind);
    if (!acts.length) return null;
    return this.group(title, kind, h("div.evo-row", acts.map((act) => this.actButton(act, this.seatLabel(/** @type {number} */ (act.seat)), { testid: kind }))));
  }

  /** @param {number} seat */
  seatLabel(seat) {
    const count = this.view.hands[seat] ? this.view.hands[seat].count : 0;
    return [this.seatDot(seat), tn("{name} ({n} card)", "{name} ({n} cards)", count, { name: this.ctx.seatName(seat) })];
  }

  announceGroup() {
    const acts = this.of("announce");
    if (!acts.length) return null;
    return this.group(t("Announce"), "announce", h("div.evo-row",
      acts.map((act) => {
        const era = /** @type {Era} */ (this.eras.get(/** @type {number} */ (act.era)));
        const label = act.open ? t("Era {era} is open", { era: act.era }) : t("Era {era} is closed", { era: act.era });
        return this.actButton(act, [h("span.evo-era-dot", { style: `background:${this.eraColour(/** @type {number} */ (act.era))}` }), label], {
          cls: ".evo-announce", testid: "announce",
          title: act.open ? t("{era}: announce it open (earns a special action)", { era: era.name_fr }) : t("{era}: announce it closed (earns a special action)", { era: era.name_fr }),
        });
      })));
  }

  otherGroup() {
    const left = this.choices.filter((act) => !this.covered.has(act.text));
    if (!left.length) return null;
    return this.group(t("Other actions"), "other", h("div.evo-row", left.map((act) => h("button.evo-act", {
      type: "button", text: act.text, dataset: { action: act.text, testid: "other-action" },
      on: { click: () => this.send(act.text) },
    }))));
  }

  /**
   * A searchable input (a datalist of card names) for `acts` (actions naming a card), and
   * a button playing the one typed. Kept across updates so typing survives a new state.
   * @param {string} key @param {string} title @param {Act[]} acts @param {string} verb @param {string | null} [hint]
   */
  picker(key, title, acts, verb, hint) {
    let picker = this.pickers[key];
    if (!picker) {
      const id = `evo-pick-${key}`;
      const input = /** @type {HTMLInputElement} */ (h("input", { id, type: "text", autocomplete: "off", spellcheck: false, list: `${id}-list`, placeholder: t("type a card's name"), dataset: { testid: `${key}-input` } }));
      const list = h("datalist", { id: `${id}-list` });
      const button = /** @type {HTMLButtonElement} */ (h("button.evo-act", { type: "button", text: verb, dataset: { testid: `${key}-button` } }));
      picker = { input, list, button, acts: [] };
      const play = () => {
        const chosen = this.pickFrom(picker.acts, input.value);
        if (!chosen) {
          this.ctx.toast(input.value.trim() ? t("“{typed}” is not one of the cards offered", { typed: input.value.trim() }) : t("Type a card's name first"));
          return;
        }
        input.value = "";
        this.send(chosen.text);
      };
      button.addEventListener("click", play);
      input.addEventListener("keydown", (ev) => { if (ev.key === "Enter") play(); });
      input.addEventListener("input", () => { button.disabled = !this.pickFrom(picker.acts, input.value); });
      this.pickers[key] = picker;
    }
    picker.acts = acts;
    for (const act of acts) this.covered.add(act.text);
    picker.list.replaceChildren(...acts.map((act) => {
      const card = this.card(act.card);
      return h("option", { value: card ? card.name_fr : act.card, label: card ? t("{name} · era {era}", { name: FRENCH ? card.name_fr : ownName(card), era: card.era }) : "" });
    }));
    picker.button.disabled = !this.pickFrom(acts, picker.input.value);
    return h("div.evo-picker", { dataset: { testid: `${key}-picker` } },
      h("label", { for: picker.input.id, text: title }),
      h("div.evo-row", picker.input, picker.button, picker.list),
      hint ? h("p.hint", { text: hint }) : null);
  }

  /** @param {Act[]} acts @param {string} typed */
  pickFrom(acts, typed) {
    const id = this.byName.get(fold(typed));
    return id ? acts.find((act) => act.card === id) || null : null;
  }

  newsGroup() {
    const view = this.view;
    const lines = [];
    if (view.last_stop) lines.push(h("p.evo-news", { dataset: { testid: "last-stop" } }, h("b", { text: t("Last Stop:") }), " ", this.stopText(view.last_stop)));
    if (view.last_call) lines.push(h("p.evo-news", { dataset: { testid: "last-call" } }, h("b", { text: t("Last call:") }), " ", this.callText(view.last_call)));
    const out = [];
    if (view.draw_pile !== undefined) out.push(t("draw pile {n}", { n: view.draw_pile }));
    if (view.jokers) out.push(t("jokers {n} ({out} played out)", { n: view.jokers, out: view.jokers_out }));
    if (out.length) lines.push(h("p.evo-news.muted", { text: out.join(" · ") }));
    return lines.length ? h("div.evo-group.evo-news-group", lines) : null;
  }

  /** The last Stop and what came of it (rules 2.5: the three cases; in the wrong, what
   * the action did is undone and the turn ends).
   * @param {any} stop the view's last Stop
   */
  stopText(stop) {
    const actor = this.ctx.seatName(stop.actor);
    const challenger = this.ctx.seatName(stop.stopped_by);
    const act = readMove(stop);
    const what = t("{challenger} stopped {actor} ({action})", { challenger, actor, action: this.describe(act, stop.actor) });
    if (stop.case === 1) {
      return t("{what}: verified, it was allowed; {challenger} was wrong and draws a card (steals one if the draw pile is empty).", { what, challenger });
    }
    const undone = t("{undone}; {actor}'s turn ends.", { undone: this.undoneText(act, actor), actor });
    if (stop.case === 2) return t("{what}: {actor} conceded and steals a card from {challenger}; {undone}", { what, actor, challenger, undone });
    if (stop.case === 3) return t("{what}: verified, it was not allowed; {challenger} gives {actor} a card; {undone}", { what, actor, challenger, undone });
    return t("{what}.", { what });
  }

  /** What becomes of an action found wrong by a Stop (cases 2 and 3).
   * @param {Act} act @param {string} actor the actor's name */
  undoneText(act, actor) {
    switch (act.kind) {
      case "place": case "place-called":
        return t("the card leaves the pile for {actor}'s discard and {actor} draws another", { actor });
      case "joker-as": return t("the joker leaves the pile and the game, and {actor} draws a card", { actor });
      case "call": return t("the call takes nothing");
      case "announce": return t("the announcement earns nothing");
      case "abandon": return t("the called card stays in the discard");
      default: return t("the action is undone");
    }
  }

  /** @param {any} call the view's call */
  callText(call) {
    const who = this.ctx.seatName(call.seat);
    const card = call.card === "?" ? t("a card (covered since)") : this.name(call.card);
    if (call.failed) return t("{who} called {card}: failed ({why}).", { who, card, why: call.failed });
    if (call.given_by !== null && call.given_by !== undefined) return t("{who} called {card}, given by {giver}.", { who, card, giver: this.ctx.seatName(call.given_by) });
    return t("{who} called {card}.", { who, card });
  }

  // ---------------------------------------------------------------- the first-game guide

  /**
   * The first-game guide's tip for this seat's decision now (game.js asks only then): what
   * to click and why, in the words of the rules pages, from what the seat sees (in Bluff it
   * never says whether another player's card was a bluff); null: the page's general tip.
   * @param {StateMessage<View>} message
   */
  guide(message) {
    const view = message.view;
    const me = message.seat;
    if (!view || me === null || me === undefined || message.status !== "playing") return null;
    const acts = (message.moves || []).map(readMove);
    const has = (/** @type {string} */ kind) => acts.some((act) => act.kind === kind);
    const bluff = view.mode === "bluff";
    if (has("stop") || has("interrupt") || has("accept")) return this.guideWindow(view, has);
    if (has("verify") || has("concede")) {
      const win = view.window || {};
      const who = win.stopped_by !== undefined && win.stopped_by !== null ? this.ctx.seatName(win.stopped_by) : t("The challenger");
      return t("{who} said Stop! to your action. Verify if you are sure it kept the rules: {who} draws a card and your turn goes on. If it was a bluff, Concede: you steal a card from them instead of being given one.", { who });
    }
    if (has("place-called") || has("abandon")) return this.guideCalled(view, acts, bluff);
    if (has("give")) return this.guideGive(message, view);
    if (view.step === "steal" && has("steal")) {
      return bluff
        ? t("The draw pile is empty: instead of drawing, take a card blindly. Click a player under Steal a card from; never take someone's last card: an empty hand wins.")
        : t("The draw pile is empty, so your turn starts with a theft: click a player under Steal a card from to take a card blindly from their hand.");
    }
    if (view.step !== "turn") return null;
    return bluff ? this.guideBluffTurn(view, acts, has) : this.guideExploreTurn(view, acts, has);
  }

  /** Sentences joined while the tip stays short (the first always).
   * @param {...(string | null)} sentences */
  fit(...sentences) {
    let tip = "";
    for (const sentence of /** @type {string[]} */ (sentences.filter(Boolean))) {
      if (!tip) tip = sentence;
      else if (tip.length + 1 + sentence.length <= 220) tip += ` ${sentence}`;
    }
    return tip || null;
  }

  /** A response window waiting for this seat: Stop! / Accept (Bluff), Interruption! /
   * Let it pass. Only what the action claims, never whether it holds.
   * @param {View} view @param {(kind: string) => boolean} has
   */
  guideWindow(view, has) {
    const win = view.window || {};
    const actor = win.actor !== undefined && win.actor !== null ? this.ctx.seatName(win.actor) : t("Another player");
    const joker = has("interrupt") ? t("Interruption! spends your joker on a whole extra turn now.") : null;
    if (view.mode !== "bluff") {
      return this.fit(t("{actor} just placed a card. Interruption! spends your joker on a whole extra turn right now; Let it pass keeps the joker for later.", { actor }),
        t("When the time runs out, the card passes."));
    }
    const act = win.move ? readMove(win) : /** @type {Act} */ ({ kind: "other" });
    let stop;
    switch (act.kind) {
      case "announce":
        stop = act.open ? t("Stop! if you think era {era} is not really open (no card of it on the pile).", { era: act.era })
          : t("Stop! if you think era {era} is not really closed (not all nine on the pile).", { era: act.era });
        break;
      case "call":
        stop = t("Stop! if you think {card} cannot be called: its next era not open, or it lies on the pile, in a discard or the reserve.", { card: act.card === "?" ? t("that card") : this.name(/** @type {string} */ (act.card)) });
        break;
      case "place": case "place-called": case "joker-as": {
        const turn = view.turn || {};
        const first = turn.seat === win.actor && turn.series && turn.series.length === 1;
        stop = first
          ? t("Stop! if you remember a prerequisite of this card is not on the pile (it starts a series: no link is needed).")
          : t("Stop! if you remember it breaks a rule: a prerequisite not on the pile, or no link to the card before it in the series.");
        break;
      }
      default:
        stop = t("Stop! if you remember it breaks a rule.");
    }
    return this.fit(stop, t("A wrong Stop! makes you draw a card: when unsure, Accept."), joker);
  }

  /** The card called (step "called"): place it, or (Bluff) give it up.
   * @param {View} view @param {Act[]} acts @param {boolean} bluff */
  guideCalled(view, acts, bluff) {
    const card = this.name(view.called || (acts.find((a) => a.card) || {}).card);
    const series = acts.find((a) => a.kind === "place-called" && a.series);
    if (bluff) {
      return t("Place {card}, the card you called (in the panel), continuing your series if it is linked; or Give up the call: it goes to your discard and your turn ends.", { card });
    }
    if (series) {
      const current = (view.turn || {}).series;
      const next = current ? current.length + 1 : 2;
      return t("Your call worked: place {card} now. Continuing your series (it is linked) scores {next}; starting a new series scores 1.", { card, next });
    }
    return t("Your call worked: place {card} now with Place it, starting a series. It scores 1, and the series can go on from it.", { card });
  }

  /** A card to give: back after an exchange, to a teammate who asked, or (Bluff) to the
   * player your right Stop! caught.
   * @param {StateMessage<View>} message @param {View} view
   */
  guideGive(message, view) {
    const me = message.seat;
    const log = message.log || [];
    const last = log.length ? readMove(log[log.length - 1]) : { kind: "other" };
    const turn = view.turn || {};
    const stop = view.last_stop;
    if (last.kind === "verify" && stop && stop.stopped_by === me && stop.case === 3) {
      const actor = this.ctx.seatName(stop.actor);
      return t("Your Stop! was right: click a card of your hand to give {actor}. Give one that is hard to place; it also brings you a card closer to an empty hand.", { actor });
    }
    if (turn.seat === me) {
      return t("Exchange: you took a card blindly; now click a card of your hand to give back in return. Give one you cannot place soon.");
    }
    const mate = turn.seat !== undefined && turn.seat !== null ? this.ctx.seatName(turn.seat) : t("Your teammate");
    return t("{mate}, your teammate, asked you for a card: click one of your hand to give. Give one they can place this turn, or it is discarded.", { mate });
  }

  /** @param {View} view @param {Act[]} acts @param {(kind: string) => boolean} has */
  guideExploreTurn(view, acts, has) {
    const turn = view.turn || {};
    const places = acts.filter((a) => a.kind === "place");
    const series = turn.series && !turn.starts_series ? turn.series : null;
    const extra = (/** @type {string} */ tip) => (turn.interruption ? t("Your extra turn (Interruption!): {tip}", { tip }) : tip);
    if (turn.requested && places.some((a) => a.card === turn.requested)) {
      return t("Your teammate gave you {card}: place it this turn (it glows), or it is discarded when your turn ends.", { card: this.name(turn.requested) });
    }
    if (!view.tree.length && places.length) {
      return t("Start the tree: click a glowing card. Only Bipédie, Australopithecus, Cueillette and Bande need nothing. A series scores 1 for its first card, 2 for the next linked one, and so on.");
    }
    if (series && places.length) {
      const last = series.last === "?" ? t("the last card") : this.name(series.last);
      return this.fit(t("Continue your series: every glowing card is linked to {last} (same family, or a prerequisite) and scores {n}.", { last, n: series.length + 1 }),
        turn.specials ? t("Then use your special action before ending the turn.") : t("Or End the turn to draw back up to five cards."));
    }
    const specials = turn.specials && (has("replay") || has("special-discard") || has("call") || has("exchange") || has("steal") || has("joker-special"));
    if (specials) {
      return tn("You earned a special action (3 points each, already scored): use it before you end the turn or it is lost. Replay starts a new series, scoring from 1 again.",
        "You earned {n} special actions (3 points each, already scored): use it before you end the turn or it is lost. Replay starts a new series, scoring from 1 again.", turn.specials);
    }
    if (places.length) {
      return this.fit(extra(t("Start a series: click a glowing card (your hand, the reserve or another player's discard). It scores 1, the next linked card 2, then 3…")),
        has("joker-as") ? t("Or click your joker, then a glowing slot.") : null,
        has("ask") ? t("You may first ask a teammate for a card.") : null);
    }
    if (has("pass") && !view.tree.length) {
      return t("None of the cards you may take needs nothing, so the tree cannot start with you: click Pass. Once someone starts it, more cards can be placed.");
    }
    if (has("discard")) {
      return t("No card can be placed now: click a card of your hand to discard it. That ends your turn, and you draw back up to five cards.");
    }
    if (has("end")) return t("No glowing card continues your series: click End the turn. You draw back up to five cards.");
    if (has("pass")) return t("Nothing to place: click Pass.");
    return null;
  }

  /** @param {View} view @param {Act[]} acts @param {(kind: string) => boolean} has */
  guideBluffTurn(view, acts, has) {
    const turn = view.turn || {};
    const pile = view.pile || { size: 0, top: null };
    const places = acts.filter((a) => a.kind === "place");
    const extra = (/** @type {string} */ tip) => (turn.interruption ? t("Your extra turn (Interruption!): {tip}", { tip }) : tip);
    if (turn.requested && places.some((a) => a.card === turn.requested)) {
      return t("Your teammate gave you {card}: place it this turn, or it is discarded when your turn ends.", { card: this.name(turn.requested) });
    }
    if (!pile.size && places.length) {
      return t("Start the pile: place a card that needs nothing (Bipédie, Australopithecus, Cueillette or Bande). Every card glows since you may bluff, but a Stop! on a bluff costs you cards.");
    }
    const top = pile.top && pile.top.card !== JOKER ? this.card(pile.top.card) : null;
    if (top && top.era > 1) {
      // the top card shows its era is open: an announcement nobody made yet holds
      const era = (view.eras || []).find((/** @type {Record<string, any>} */ e) => e.era === top.era) || {};
      const open = acts.find((a) => a.kind === "announce" && a.open && a.era === top.era);
      if (open && !era.announced_open) {
        return t("{card} lies on the pile, so era {era} is open, and nobody has announced it: click Era {era} is open in the panel to earn a special action.", { card: top.name_fr, era: top.era });
      }
    }
    if (turn.specials && (has("replay") || has("special-discard") || has("call") || has("exchange") || has("steal") || has("joker-special"))) {
      return t("You earned a special action: use it before ending your turn or it is lost. Discard a card… sheds a card from your hand; Replay starts a new series.");
    }
    const series = turn.series && !turn.starts_series ? turn.series : null;
    if (series && places.length) {
      const last = top && pile.top.card === series.last ? top.name_fr : t("the top card");
      return t("Continue with a card linked to {last} (same family, or one needs the other) whose prerequisites are on the pile, or End the turn: you placed a card, so you draw nothing.", { last });
    }
    if (places.length) {
      return this.fit(extra(t("Place a card to start a series: it is valid if all its prerequisites are on the pile (remember what lies under the top).")),
        t("Every card glows, since you may bluff."),
        turn.placed ? null : t("Ending the turn without placing draws a card."),
        has("ask") ? t("You may first ask a teammate for a card.") : null);
    }
    if (has("end")) return turn.placed ? t("Click End the turn: you placed a card, so you draw nothing.") : t("Click End the turn: you placed no card, so you draw one.");
    if (has("pass")) return t("Nothing to place: click Pass.");
    return null;
  }

  // ---------------------------------------------------------------- for game.js

  /** @param {StateMessage<View>} message */
  status(message) {
    const view = message.view;
    if (message.status === "finished") return t("Game over");
    const window = message.window;
    const left = this.message === message ? this.secondsLeft() : null;
    const clock = left === null ? "" : " " + t("{n} s", { n: Math.ceil(left) });
    const bluff = view.mode === "bluff";
    const legal = message.legal || [];
    const question = bluff ? t("Stop?") : t("Interruption?");
    if (window && window.waiting) return `${question}${clock}`;
    if (window && window.answered) return t("You let it pass · waiting for the others") + (clock ? ` ·${clock}` : "");
    const answers = (message.moves || []).some((m) => WINDOW_ANSWERS.includes(readMove(m).kind));
    if (!window && answers) return question;
    const mover = message.to_move;
    if (mover === null || mover === undefined) return "";
    const mine = message.seat === mover && legal.length > 0;
    const name = this.ctx.seatName(mover);
    if (window) return (bluff ? t("Others may say Stop") : t("Waiting for a possible interruption")) + (clock ? ` ·${clock}` : "");
    if (view.step === "respond") return mine ? t("Stopped! Verify or concede") : t("{name} was stopped and answers", { name });
    if (view.step === "give") return mine ? t("Give a card") : t("{name} chooses a card to give", { name });
    if (view.step === "called") return mine ? t("Place the card you called") : t("{name} places the card called", { name });
    if (view.step === "steal") return mine ? t("Choose whom to take a card from") : t("{name} chooses whom to rob", { name });
    if (mine) {
      const turn = view.turn || {};
      const specials = turn.specials ? " · " + tn("{n} special action", "{n} special actions", turn.specials) : "";
      return (turn.interruption ? t("Your interruption turn") : t("Your turn")) + specials;
    }
    return (view.automata || []).includes(mover) ? t("{name} (automaton) to move", { name }) : t("{name} to move", { name });
  }

  /** Bluff has no points (a seat's score is only 1 for the winner): no scores, no score
   * chart; the end summary says who emptied their hand first.
   * @param {StateMessage<View>} message
   */
  scoreUnit(message) {
    return message.view.mode === "bluff" ? null : t("pts");
  }

  /**
   * Bluff's end (`view.finish`): who won, the order in which hands emptied, the cards left
   * in each other hand. Explore keeps the page's own end (final scores and chart).
   * @param {StateMessage<View>} message
   */
  endSummary(message) {
    const view = message.view;
    const finish = view.finish;
    if (view.mode !== "bluff" || !finish) return null;
    const names = (/** @type {number[]} */ seats) => LIST.format(seats.map((k) => this.ctx.seatName(k)));
    const won = finish.won;
    let title;
    let why;
    if (!won.length) {
      title = t("No winner");
      why = finish.limit
        ? t("The game reached its limit of {n} turns.", { n: finish.limit })
        : t("With the draw pile empty, no card stayed on the pile for ten rounds.");
    } else if (won.length === 1) {
      title = t("{names} wins", { names: names(won) });
      why = t("{names} emptied their hand first, once the draw pile was empty.", { names: names(won) });
    } else {
      title = t("{names} win", { names: names(won) });
      why = t("{names} were the first team to empty all their hands, once the draw pile was empty.", { names: names(won) });
    }
    const emptied = finish.emptied;
    const rest = finish.hands.map((/** @type {unknown} */ _, /** @type {number} */ k) => k).filter((/** @type {number} */ k) => !emptied.includes(k))
      .sort((/** @type {number} */ a, /** @type {number} */ b) => finish.hands[a].length - finish.hands[b].length || a - b);
    const rows = [...emptied, ...rest].map((k) => {
      const cards = finish.hands[k];
      const place = emptied.indexOf(k);
      const what = place >= 0
        ? h("span.evo-finish-what", { text: t("emptied their hand {rank}", { rank: ordinal(place + 1) }) })
        : h("span.evo-finish-what", { text: tn("{n} card left", "{n} cards left", cards.length) });
      return h(`li.evo-finish-row${won.includes(k) ? ".winner" : ""}`, {
        dataset: { seat: k, testid: `finish-${k}`, emptied: place >= 0 ? String(place + 1) : "", left: String(cards.length) },
      },
      h("div.evo-finish-head",
        this.seatDot(k),
        h("b.evo-finish-name", { text: this.ctx.seatName(k) }),
        won.includes(k) ? h("span.tag.winner", { text: t("★ winner") }) : null,
        what),
      cards.length ? h("div.evo-chips", cards.map((/** @type {string} */ id) => this.cardFace(id, { size: "chip", testid: "finish-card" }))) : null);
    });
    const body = h("div.evo-finish", { dataset: { testid: "end-summary-evolution" } },
      h("p.evo-finish-why", { text: why }),
      h("p.hint", { text: t("The hands in the order they emptied, then the cards left in the others.") }),
      h("ol.evo-finish-list", rows));
    return { title, body, winners: won };
  }

  /** The automaton's seats are tagged as such, not as the bot that stands in for them.
   * @param {StateMessage<View>} message @param {number} seat */
  seatRole(message, seat) {
    return (message.view.automata || []).includes(seat) ? t("automaton") : null;
  }

  /** What the player list shows under a seat: cards in hand, discard, team, known cards.
   * @param {StateMessage<View>} message @param {number} seat */
  seatExtras(message, seat) {
    const view = message.view;
    const hand = view.hands[seat] || { count: 0 };
    const discard = (view.discards[seat] || []).length;
    const box = h("div.seat-extras.evo-extras", { dataset: { testid: `extras-${seat}` } });
    const backs = Math.min(hand.count, 9);
    box.append(h("span.evo-backs", { title: tn("{n} card in hand", "{n} cards in hand", hand.count), dataset: { testid: `hand-count-${seat}` } },
      Array.from({ length: backs }, () => h("i.evo-back")),
      h("b", { text: String(hand.count) })));
    box.append(h("span.evo-extra", { title: t("cards in the discard"), text: t("discard {n}", { n: discard }) }));
    const team = (view.teams || [])[seat];
    if (team !== null && team !== undefined) box.append(h("span.tag.evo-team", { text: t("team {name}", { name: TEAM_NAMES[team] || team + 1 }) }));
    if (hand.known && hand.known.length) {
      box.append(h("span.evo-known", { title: t("cards you know this player holds") },
        t("holds {cards}", { cards: hand.known.map((/** @type {string} */ id) => this.name(id)).join(", ") })));
    }
    return box;
  }

  /** Log entries as readable text (same order).
   * @param {LogEntry[]} log */
  describeLog(log) {
    return log.map((entry) => this.describe(readMove(entry), entry.seat));
  }

  /** An action as a phrase after its player's name ("plays Chasse from the hand").
   * @param {Act} act @param {number | null | undefined} actor @returns {string} */
  describe(act, actor) {
    // Bluff: a card since covered on the pile is named "?" (what lies there is to be
    // remembered); draws, deals, thefts and gifts into other hands are "?" too
    const covered = act.card === "?";
    const card = act.card === undefined ? "" : covered ? t("a card") : this.name(act.card);
    const since = (/** @type {string} */ phrase) => (covered ? phrase + " " + t("(covered since)") : phrase);
    const seat = act.seat !== undefined ? this.ctx.seatName(act.seat) : "";
    switch (act.kind) {
      case "place":
        if (act.from === "hand") return since(t("plays {card} from the hand", { card }));
        if (act.from === "reserve") return since(t("takes {card} from the reserve", { card }));
        return since(act.seat === actor ? t("takes {card} from their own discard", { card }) : t("takes {card} from {name}'s discard", { card, name: seat }));
      case "place-called":
        if (covered) return since(act.series ? t("places the card called, continuing the series") : t("places the card called"));
        return act.series ? t("places {card}, the card called, continuing the series", { card }) : t("places {card}, the card called", { card });
      case "joker-as": return since(t("plays a joker as {card}", { card }));
      case "joker-special": return t("plays a joker for a special action");
      case "interrupt": return t("Interruption! (plays a joker)");
      case "replay": return t("special action: starts a new series");
      case "special-discard": return since(t("special action: discards {card}", { card }));
      case "steal": return t("steals a card from {name}", { name: seat });
      case "exchange": return t("exchanges a card with {name}", { name: seat });
      case "ask": return t("asks {name} for a card", { name: seat });
      case "give": return covered ? t("gives a card") : t("gives {card}", { card });
      case "call": return since(t("calls {card}", { card }));
      case "discard": return since(t("discards {card}", { card }));
      case "announce": {
        const era = /** @type {Era} */ (this.eras.get(/** @type {number} */ (act.era)));
        const name = era ? era.name_fr : "?";
        return act.open ? t("announces era {era} ({name}) open", { era: act.era, name }) : t("announces era {era} ({name}) closed", { era: act.era, name });
      }
      case "stop": return t("Stop!");
      case "accept": return t("lets it pass");
      case "verify": return t("verifies");
      case "concede": return t("concedes");
      case "abandon": return t("gives up the call");
      case "pass": return t("passes");
      case "end": return t("ends the turn");
      case "deal": return act.card === "?" ? t("a card dealt face down") : t("dealt: {card}", { card });
      case "draw": return act.card === "?" ? t("a card drawn face down") : t("drawn: {card}", { card });
      case "take": return act.card === "?" ? t("the steal takes a card") : t("the steal takes {card}", { card });
      case "flip": return since(t("the automaton turns over {card}", { card }));
      default: return act.text;
    }
  }
}

/** A row of controls, or nothing when none of them is offered.
 * @param {...import("/static/types/site").Child} controls */
function row(...controls) {
  const present = controls.flat().filter(Boolean);
  return present.length ? h("div.evo-row", present) : null;
}

/** A class that shrinks a name whose longest word would not fit a narrow card.
 * @param {string} name */
function longWord(name) {
  const longest = Math.max(...name.split(/[\s-]+/).map((w) => w.length));
  return longest > 11 ? ".longest" : longest > 8 ? ".long" : "";
}

const VOWELS = "aeiouyàâäéèêëîïôöùûü";
const CLUSTERS = /^(ch|gn|ph|th|[bcdfgkptv][lr])$/;

/** A name with soft hyphens in its long words, between syllables (French rules, roughly:
 * before the last consonant between two vowels, or before an unbreakable pair such as
 * "ch" or "tr"), so a narrow card breaks "Sédentari-sation" and not "Sédentarisatio-n".
 * @param {string} name
 */
function breakable(name) {
  return name.split(" ").map((word) => {
    if (word.length < 9) return word;
    const isVowel = (/** @type {string} */ ch) => VOWELS.includes(ch.toLowerCase());
    const cuts = [];
    for (let i = 1; i < word.length - 1; i++) {
      if (!isVowel(word[i - 1]) || isVowel(word[i])) continue;
      let j = i;
      while (j < word.length && !isVowel(word[j]) && /\p{L}/u.test(word[j])) j++;
      if (j >= word.length || !isVowel(word[j])) continue;
      const run = word.slice(i, j).toLowerCase();
      const cut = run.length === 1 ? i : CLUSTERS.test(run.slice(-2)) ? j - 2 : j - 1;
      if (cut >= 3 && word.length - cut >= 3) cuts.push(cut);
    }
    let out = word;
    for (const cut of cuts.reverse()) out = `${out.slice(0, cut)}\u00ad${out.slice(cut)}`;
    return out;
  }).join(" ");
}

/** Lower case without accents, for matching typed card names.
 * @param {string} text */
function fold(text) {
  return String(text || "").normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/[^a-z0-9]+/g, " ").trim();
}

