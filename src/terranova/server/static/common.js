// @ts-check
// Shared helpers of the lobby and the play page: the HTTP API, the seats this browser
// holds, seat colours, small DOM helpers and toasts. Plain ES module, no dependencies.

/** @typedef {import("./types/protocol").Session} Session */
/** @typedef {import("./types/protocol").KeptSeat} KeptSeat */
/** @typedef {import("./types/site").Child} Child */
/** `h`'s properties: `text`, `dataset`, `on` (listeners), an element's own properties and
 * attributes. @typedef {Record<string, any>} Props */

import { date, language, languages, t, tn } from "./i18n.js";

const PALETTES = {
  standard: {
    colours: ["#d62828", "#1f4fd1", "#f2c200", "#1e9e3e", "#262626", "#8e44ad", "#e67e22",
      "#16a5a5", "#c2185b"],
    ink: ["#fff", "#fff", "#000", "#fff", "#fff", "#fff", "#000", "#000", "#fff"],
    // TRANSLATORS: the seats' colours, as a player's name is followed by it: "Ana (red)"
    names: [t("red"), t("blue"), t("yellow"), t("green"), t("black"), t("purple"), t("orange"), t("teal"),
      t("pink")],
  },
  // Okabe and Ito's colours, told apart with every common colour blindness
  safe: {
    colours: ["#d55e00", "#0072b2", "#f0e442", "#009e73", "#000000", "#cc79a7", "#e69f00",
      "#56b4e9", "#999999"],
    ink: ["#fff", "#fff", "#000", "#fff", "#fff", "#000", "#000", "#000", "#000"],
    names: [t("vermilion"), t("blue"), t("yellow"), t("green"), t("black"), t("pink"), t("orange"),
      t("sky blue"), t("grey")],
  },
};
const PALETTE_KEY = "terranova.palette";

/** The colours this browser chose: "standard", or "safe" (colour-blind-safe colours; the
 * boards also draw their terrain in safe colours and patterns, and seat numbers on pieces). */
export function paletteName() {
  try {
    return localStorage.getItem(PALETTE_KEY) === "safe" ? "safe" : "standard";
  } catch (err) {
    return "standard";
  }
}

/** Choose the colours; the page is drawn again by reloading it. @param {string} name */
export function choosePalette(name) {
  try { localStorage.setItem(PALETTE_KEY, name === "safe" ? "safe" : "standard"); } catch (err) { /* off */ }
}

const ACTIVE = PALETTES[paletteName()];
// the stylesheets' hook: `:root[data-palette="safe"] ...`
if (typeof document !== "undefined") document.documentElement.dataset.palette = paletteName();

export const SEAT_COLOURS = ACTIVE.colours;
export const SEAT_INK = ACTIVE.ink;
export const SEAT_COLOUR_NAMES = ACTIVE.names;

/** @param {number} seat @returns {string} */
export function seatColour(seat) { return SEAT_COLOURS[seat % SEAT_COLOURS.length]; }
/** @param {number} seat @returns {string} */
export function seatInk(seat) { return SEAT_INK[seat % SEAT_INK.length]; }
/** @param {number} seat @returns {string} */
export function seatColourName(seat) { return SEAT_COLOUR_NAMES[seat % SEAT_COLOUR_NAMES.length]; }

/** A checkbox that switches the colour-blind-safe colours on and off (reloads the page). */
export function paletteSwitch() {
  const box = /** @type {HTMLInputElement} */ (h("input", { type: "checkbox", id: "palette", dataset: { testid: "palette" } }));
  box.checked = paletteName() === "safe";
  box.addEventListener("change", () => {
    choosePalette(box.checked ? "safe" : "standard");
    location.reload();
  });
  return h("label.topbar-link.palette", { for: "palette", title: t("Colours and patterns told apart with colour blindness") },
    box, h("span.palette-icon", { text: " ◐", "aria-hidden": "true" }),
    h("span.palette-short", { text: " " + t("Colour-blind"), "aria-hidden": "true" }),
    h("span.palette-text", { text: " " + t("Colour-blind colours") }));
}

const GUIDE_KEY = "terranova.guide";

/** Whether this browser asked for the first-game guide at a seat of a game.
 * @param {string} gameId @param {number | null} seat @returns {boolean} */
export function guideWanted(gameId, seat) {
  try {
    return JSON.parse(localStorage.getItem(GUIDE_KEY) || "[]").includes(`${gameId}/${seat}`);
  } catch (err) {
    return false;
  }
}

/** Ask for the first-game guide at a seat of a game (on), or stop it (off).
 * @param {string} gameId @param {number | null} seat @param {boolean} on */
export function setGuide(gameId, seat, on) {
  try {
    const keys = JSON.parse(localStorage.getItem(GUIDE_KEY) || "[]").filter((/** @type {string} */ k) => k !== `${gameId}/${seat}`);
    if (on) keys.unshift(`${gameId}/${seat}`);
    localStorage.setItem(GUIDE_KEY, JSON.stringify(keys.slice(0, 50)));
  } catch (err) { /* storage full or off: no guide */ }
}

/**
 * An error answered by the API: `status` is the HTTP status, `message` its detail (said by
 * the server in the page's language: the fetch carries the language cookie and the
 * browser's Accept-Language), `code` its stable code (docs/web.md, "Errors") and `text` its
 * message id and parameters ({id, params}; null when the server could not be reached).
 */
export class ApiError extends Error {
  /** @param {number} status @param {string} message @param {string | null} [code]
   * @param {import("./types/protocol").SaidMessage | null} [text] */
  constructor(status, message, code = null, text = null) {
    super(message);
    this.status = status;
    this.code = code;
    this.text = text;
  }
}

/** @type {Session | null} */
let session = null;

/**
 * Who is signed in in this browser, as GET /api/account says: {account, csrf, mail}
 * (account null: nobody). Read once, then kept; `refresh` reads it again.
 * @param {boolean} [refresh]
 * @returns {Promise<Session>}
 */
export async function currentSession(refresh = false) {
  if (!session || refresh) session = /** @type {Session} */ (await api("/api/account"));
  return session;
}

/** Keep what an answer that signs in or out says of the session ({account, csrf, mail});
 * the page hears of it by the window's "terranova:session" event. @param {Session} answer */
export function setSession(answer) {
  session = answer;
  if (typeof window !== "undefined") {
    window.dispatchEvent(new CustomEvent("terranova:session", { detail: answer }));
  }
}

/**
 * Everything this browser does once someone signed in here: by the sign-in form, a sign-up
 * that signs in at once, a confirmed address's link or a password reset's. `answer` is the
 * API's {account, csrf, mail}.
 * @param {Session} answer
 */
export async function afterSignIn(answer) {
  setSession(answer);
  await attachMySeats().catch(() => null); // the guest seats this browser holds join the account
}

/** Sign out in this browser; the session then says nobody. */
export async function signOut() {
  const known = await currentSession().catch(() => null);
  await api("/api/session", { method: "DELETE" });
  setSession({ account: null, csrf: null, mail: Boolean(known && known.mail) });
}

/** A path of this site to come back to after signing in (`next` of the query), else "/". */
export function nextPath(query = location.search) {
  const next = new URLSearchParams(query).get("next") || "";
  if (!next.startsWith("/")) return "/";
  // resolved as the browser will (it drops tabs and line breaks: "/\t/evil.example" is
  // another site), and kept only if it stays on this one
  let url;
  try { url = new URL(next, location.origin); } catch (err) { return "/"; }
  return url.origin === location.origin ? url.pathname + url.search + url.hash : "/";
}

const LANGUAGE_COOKIE = "terranova_lang";

/** Keep `lang` as this browser's language (the server renders the pages in it).
 * @param {string} lang */
export function chooseLanguage(lang) {
  document.cookie = `${LANGUAGE_COOKIE}=${encodeURIComponent(lang)}; path=/; max-age=31536000; SameSite=Lax`;
}

/** The top bar's choice of language: each by its own name; a choice reloads the page in
 * it, and is kept for a signed-in person's account too. */
export function languageMenu() {
  const select = /** @type {HTMLSelectElement} */ (h("select.language-menu", { "aria-label": t("Language"), title: t("Language"), dataset: { testid: "language" } }));
  for (const [code, name] of Object.entries(languages)) {
    select.append(h("option", { value: code, text: name, lang: code }));
  }
  select.value = language in languages ? language : "en";
  select.addEventListener("change", async () => {
    chooseLanguage(select.value);
    dispatchEvent(new CustomEvent("terranova:language", { detail: select.value }));
    const known = await currentSession().catch(() => null);
    if (known && known.account) {
      await api("/api/account/language", { method: "POST", body: { language: select.value } }).catch(() => null);
    }
    location.reload();
  });
  return h("label.topbar-link.language", {}, select);
}

/** The top bar's account area: "Sign in" and "Sign up" for a guest, the name and a menu
 * (Account, Sign out) for someone signed in. It follows the session as it changes. */
export function accountArea() {
  const area = h("div.account-area", { dataset: { testid: "account-area" } });
  const here = `?next=${encodeURIComponent(location.pathname + location.search)}`;
  const draw = (/** @type {Session | null} */ known) => {
    const account = known && known.account;
    area.dataset.signedIn = account ? "1" : "0";
    if (!account) {
      area.replaceChildren(
        h("a.topbar-link", { href: `/account/sign-in${here}`, dataset: { testid: "sign-in-link" }, text: t("Sign in") }),
        h("a.topbar-link", { href: `/account/sign-up${here}`, dataset: { testid: "sign-up-link" }, text: t("Sign up") }));
      return;
    }
    const menu = h("details.account-menu");
    const out = /** @type {HTMLButtonElement} */ (h("button.small", { type: "button", dataset: { testid: "sign-out" }, text: t("Sign out") }));
    out.addEventListener("click", async () => {
      out.disabled = true;
      try {
        await signOut();
      } catch (err) {
        out.disabled = false;
        toast(t("Could not sign out: {error}", { error: errorText(err) }));
      }
    });
    menu.append(
      h("summary.topbar-link", { dataset: { testid: "account-name" }, title: t("Signed in as {name}", { name: account.name }) },
        h("span.account-name", { text: account.name })),
      h("div.account-menu-items",
        h("a", { href: "/account", dataset: { testid: "account-link" }, text: t("Account") }),
        h("a", { href: `/players/${encodeURIComponent(account.account_id)}`, dataset: { testid: "profile-link" }, text: t("Profile and ratings") }),
        out));
    area.replaceChildren(menu);
  };
  addEventListener("terranova:session", (ev) => draw(/** @type {CustomEvent<Session>} */ (ev).detail));
  // a click elsewhere closes the menu
  document.addEventListener("click", (ev) => {
    const menu = /** @type {HTMLDetailsElement | null} */ (area.querySelector("details[open]"));
    if (menu && !menu.contains(/** @type {Node | null} */ (ev.target))) menu.open = false;
  });
  currentSession().then(draw, () => draw(null));
  return area;
}

/**
 * Call the JSON API; resolves to the parsed answer or rejects with an ApiError. A request
 * that changes something sends the session's X-CSRF-Token (docs/web.md, "Sessions and CSRF").
 * The answer is the server's JSON, typed by the caller (types/protocol.d.ts).
 * @param {string} path
 * @param {{method?: string, body?: unknown}} [options]
 * @returns {Promise<any>}
 */
export async function api(path, { method = "GET", body } = {}) {
  /** @type {RequestInit & {headers: Record<string, string>}} */
  const init = { method, headers: { Accept: "application/json" } };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  if (method !== "GET" && method !== "HEAD") {
    const known = await currentSession().catch(() => null);
    if (known && known.csrf) init.headers["X-CSRF-Token"] = known.csrf;
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (err) {
    throw new ApiError(0, t("the server cannot be reached"));
  }
  let data = null;
  try { data = await response.json(); } catch (err) { data = null; }
  if (!response.ok) {
    const detail = data && data.detail
      ? data.detail
      : t("the server answered {status} {reason}", { status: response.status, reason: response.statusText });
    throw new ApiError(response.status, detail, (data && data.code) || null, (data && data.message) || null);
  }
  return data;
}

// ------------------------------------------------------------------ seats kept by this browser

const STORE_KEY = "terranova.seats";

/** Every seat this browser holds: [{game_id, game, seat, token, name, created}], newest first.
 * @returns {KeptSeat[]} */
export function mySeats() {
  try {
    const list = JSON.parse(localStorage.getItem(STORE_KEY) || "[]");
    return Array.isArray(list) ? list.filter((/** @type {KeptSeat} */ s) => s && s.game_id && s.token) : [];
  } catch (err) {
    return [];
  }
}

/** Remember (or refresh) a seat; the newest first, at most 50 kept. @param {KeptSeat} entry */
export function rememberSeat(entry) {
  const list = mySeats().filter((s) => !(s.game_id === entry.game_id && s.seat === entry.seat));
  list.unshift({ created: new Date().toISOString(), ...entry });
  try { localStorage.setItem(STORE_KEY, JSON.stringify(list.slice(0, 50))); } catch (err) { /* full */ }
}

/** Forget one seat this browser held (its person resigned it).
 * @param {string} gameId @param {number | null} seat */
export function forgetSeat(gameId, seat) {
  const list = mySeats().filter((s) => !(s.game_id === gameId && s.seat === seat));
  try { localStorage.setItem(STORE_KEY, JSON.stringify(list)); } catch (err) { /* ignore */ }
}

/** Forget every seat this browser held in a game. @param {string} gameId */
export function forgetGame(gameId) {
  const list = mySeats().filter((s) => s.game_id !== gameId);
  try { localStorage.setItem(STORE_KEY, JSON.stringify(list)); } catch (err) { /* ignore */ }
}

/** A seat's page: with its token, or without one for a seat the account signed in holds.
 * @param {string} gameId @param {number} seat @param {string | null} [token] @returns {string} */
export function seatLink(gameId, seat, token) {
  const base = `/play/${encodeURIComponent(gameId)}?seat=${seat}`;
  return token ? `${base}&token=${encodeURIComponent(token)}` : base;
}

/** The token this browser keeps for a seat (null: none).
 * @param {string} gameId @param {number} seat @returns {string | null} */
export function seatToken(gameId, seat) {
  const kept = mySeats().find((s) => s.game_id === gameId && s.seat === seat);
  return kept ? kept.token : null;
}

/**
 * Offer the seats this browser holds by their tokens to the account signed in, so that it
 * holds them on any device (POST /api/account/seats; docs/web.md, "Seats and accounts").
 * Each seat is offered once per account. Resolves to the answer ({attached, refused}), or
 * null when nobody is signed in or there is nothing to offer. Call it once someone signs in
 * or up.
 */
export async function attachMySeats() {
  const known = await currentSession().catch(() => null);
  const account = known && known.account ? known.account.account_id : null;
  if (!account) return null;
  const fits = (/** @type {KeptSeat} */ s) => Number.isInteger(s.seat) && String(s.game_id).length <= 32 && String(s.token).length <= 200;
  const offered = mySeats().filter((s) => s.offered !== account && fits(s)).slice(0, 50);
  if (!offered.length) return null;
  const answer = await api("/api/account/seats", {
    method: "POST",
    body: { seats: offered.map((s) => ({ game_id: String(s.game_id), seat: s.seat, token: String(s.token) })) },
  });
  const done = new Set(offered.map((s) => `${s.game_id}/${s.seat}`));
  const list = mySeats().map((s) => (done.has(`${s.game_id}/${s.seat}`) ? { ...s, offered: account } : s));
  try { localStorage.setItem(STORE_KEY, JSON.stringify(list)); } catch (err) { /* full */ }
  return answer;
}

/** @param {string} path @returns {string} */
export function absolute(path) { return new URL(path, location.origin).href; }

// ------------------------------------------------------------------ DOM helpers

/** h("div.card#id", {attrs, on: {click}}, ...children): a small element builder.
 * @param {string} spec
 * @param {Props | Child | null} [props]
 * @param {...Child} children
 * @returns {HTMLElement} */
export function h(spec, props, ...children) {
  const [, tag = "div", rest = ""] = /** @type {RegExpExecArray} */ (/^([a-z0-9-]*)(.*)$/i.exec(spec));
  const el = document.createElement(tag || "div");
  for (const part of rest.match(/[.#][^.#]+/g) || []) {
    if (part[0] === ".") el.classList.add(part.slice(1));
    else el.id = part.slice(1);
  }
  if (props && (typeof props !== "object" || props instanceof Node || Array.isArray(props))) {
    children.unshift(/** @type {Child} */ (props));
    props = null;
  }
  for (const [key, value] of Object.entries(/** @type {Props} */ (props || {}))) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "on") {
      for (const [name, fn] of Object.entries(value)) el.addEventListener(name, fn);
    } else if (key === "text") {
      el.textContent = value;
    } else if (key === "dataset") {
      Object.assign(el.dataset, value);
    } else if (key in el && !key.startsWith("aria") && key !== "list" && key !== "for") {
      /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (el))[key] = value;
    } else {
      el.setAttribute(key, value === true ? "" : value);
    }
  }
  append(el, children);
  return el;
}

/** @param {Element} el @param {Child[]} children */
function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

export const SVG_NS = "http://www.w3.org/2000/svg";

/** s("circle", {cx, cy, r}): an SVG element.
 * @param {string} tag
 * @param {Props} [attrs]
 * @param {...(Node | string | null | undefined | false | (Node | string | null | undefined | false)[])} children
 * @returns {SVGElement} */
export function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "text") el.textContent = value;
    else if (key === "on") for (const [n, fn] of Object.entries(value)) el.addEventListener(n, fn);
    else el.setAttribute(key, value);
  }
  for (const child of children.flat()) if (child) el.append(child);
  return el;
}

/** @param {string} text @returns {SVGElement} */
export function svgTitle(text) { return s("title", { text }); }

const TOUCH_TIP_MS = 500; // how long a finger rests on something before its tooltip shows
const TOUCH_SLOP = 10; // how far (px) it may move meanwhile

/** What a tooltip would say over `target`: the nearest `title` attribute, or SVG `<title>`
 * child, of it or of what holds it; null if none.
 * @param {EventTarget | null} target @returns {string | null} */
function tooltipOf(target) {
  for (let el = /** @type {Element | null} */ (target); el && el.nodeType === 1 && el !== document.body; el = /** @type {Element | null} */ (el.parentNode)) {
    const attribute = el.getAttribute("title");
    if (attribute) return attribute;
    const child = [...el.children].find((c) => c.localName === "title");
    if (child && child.textContent) return child.textContent;
  }
  return null;
}

/** Tooltips that work on touch screens, where a title never shows: a finger resting half a
 * second on a tile, a card, a start point (anything with a title) shows its text in a bubble
 * by the finger, until the next touch; lifting that finger does not also click. */
export function installTouchTips() {
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  /** @type {[number, number] | null} */
  let start = null;
  let shown = false;
  /** @type {HTMLElement | null} */
  let bubble = null;
  const hide = () => {
    if (bubble) bubble.remove();
    bubble = null;
  };
  document.addEventListener("pointerdown", (ev) => {
    hide();
    shown = false;
    clearTimeout(timer);
    if (ev.pointerType !== "touch") return;
    const text = tooltipOf(ev.target);
    if (!text) return;
    start = [ev.clientX, ev.clientY];
    timer = setTimeout(() => {
      const tip = h("div.touch-tip", { role: "tooltip", dataset: { testid: "touch-tip" }, text });
      bubble = tip;
      const at = /** @type {[number, number]} */ (start);
      document.body.append(tip);
      const box = tip.getBoundingClientRect();
      const x = Math.max(4, Math.min(innerWidth - box.width - 4, at[0] - box.width / 2));
      const y = at[1] - box.height - 24 >= 4 ? at[1] - box.height - 24 : at[1] + 24;
      tip.style.left = `${x}px`;
      tip.style.top = `${y}px`;
      shown = true;
    }, TOUCH_TIP_MS);
  }, true);
  document.addEventListener("pointermove", (ev) => {
    if (start && Math.hypot(ev.clientX - start[0], ev.clientY - start[1]) > TOUCH_SLOP) clearTimeout(timer);
  }, true);
  for (const name of ["pointerup", "pointercancel"]) {
    document.addEventListener(name, () => clearTimeout(timer), true);
  }
  // the press that showed a tooltip is not also a click on what it rested on
  document.addEventListener("click", (ev) => {
    if (!shown) return;
    shown = false;
    ev.preventDefault();
    ev.stopPropagation();
  }, true);
  document.addEventListener("contextmenu", (ev) => { if (shown) ev.preventDefault(); }, true);
  addEventListener("scroll", hide, true);
}

/** @type {Map<string, Promise<HTMLElement>>} */
const stylesheets = new Map(); // href -> the promise of its <link>

/**
 * A stylesheet added to the page once, e.g. a board module's own,
 * `await loadStyle(new URL("board.css", import.meta.url))`: resolves when it has loaded, or
 * failed to (the page then goes on without it), so a board awaiting it draws styled.
 * @param {string | URL} url
 * @returns {Promise<HTMLElement>}
 */
export function loadStyle(url) {
  const href = new URL(url, location.href).href;
  if (!stylesheets.has(href)) {
    stylesheets.set(href, new Promise((/** @type {(link: HTMLElement) => void} */ resolve) => {
      const link = h("link", { rel: "stylesheet", href });
      link.addEventListener("load", () => resolve(link));
      link.addEventListener("error", () => {
        console.error(`the stylesheet ${href} did not load`);
        resolve(link);
      });
      document.head.append(link);
    }));
  }
  return /** @type {Promise<HTMLElement>} */ (stylesheets.get(href));
}

// ------------------------------------------------------------------ toasts and copying

/** @type {HTMLElement | null} */
let toastBox = null;

/** A short message at the bottom of the page; kind: "error" | "info" | "ok".
 * @param {string} message @param {"error" | "info" | "ok"} [kind] @param {number} [ms]
 * @returns {HTMLElement} */
export function toast(message, kind = "error", ms = 4500) {
  if (!toastBox) {
    toastBox = h("div.toasts", { role: "status", "aria-live": "polite" });
    document.body.append(toastBox);
  }
  const box = toastBox;
  const item = h(`div.toast.toast-${kind}`, { text: message });
  const close = () => {
    item.classList.add("leaving");
    setTimeout(() => item.remove(), 250);
  };
  item.addEventListener("click", close);
  box.append(item);
  while (box.children.length > 4) /** @type {Element} */ (box.firstElementChild).remove();
  setTimeout(close, ms);
  return item;
}

/** Copy a text; `button` says whether it was copied, a moment. Whether it was.
 * @param {string} text @param {HTMLElement | null} [button] @returns {Promise<boolean>} */
export async function copyText(text, button) {
  let ok = false;
  try {
    await navigator.clipboard.writeText(text);
    ok = true;
  } catch (err) {
    const area = /** @type {HTMLTextAreaElement} */ (h("textarea", { value: text, readOnly: true }));
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.append(area);
    area.select();
    try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
    area.remove();
  }
  if (button) {
    const before = button.textContent;
    button.textContent = ok ? t("Copied") : t("Copy failed");
    button.classList.add(ok ? "copied" : "copy-failed");
    setTimeout(() => {
      button.textContent = before;
      button.classList.remove("copied", "copy-failed");
    }, 1500);
  }
  return ok;
}

/** @param {number} n @param {string} word @param {string} [many] @returns {string} */
export function plural(n, word, many = `${word}s`) { return `${n} ${n === 1 ? word : many}`; }

/** @param {string} iso @returns {string} */
export function timeAgo(iso) {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return "";
  const sec = Math.max(0, (Date.now() - then) / 1000);
  if (sec < 60) return t("just now");
  if (sec < 3600) return tn("{n} min ago", "{n} min ago", Math.floor(sec / 60));
  if (sec < 86400) return tn("{n} h ago", "{n} h ago", Math.floor(sec / 3600));
  return date(then, { dateStyle: "medium" });
}

/** The message of a caught error (an ApiError's detail, an Error's message), or the thing
 * thrown as a text.
 * @param {unknown} err @returns {string} */
export function errorText(err) {
  return err instanceof Error ? err.message : String(err);
}
