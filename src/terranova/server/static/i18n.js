// @ts-check
// The texts of the pages in the reader's language (docs/web-ui.md, "Languages"): the
// server renders each page with `lang` set and serves the message catalogs as JSON
// (/api/messages/<lang>); this module reads them once, before any module that imports it
// draws a word. A message's id is its English text with named {placeholders}.

/** The page's language ("en", "fr", "de"; "xx" is the tests' pseudo-language). */
export const language = document.documentElement.lang || "en";

/** @typedef {import("./types/protocol").Said} Said */
/** @typedef {import("./types/protocol").Catalogs} Catalogs */
/** Parameters of a message: words data, numbers (written as the language writes them) or
 * anything else (written as its String). @typedef {Record<string, unknown>} Params */
/** A message of a domain, its {placeholders} filled from `params`.
 * @typedef {(msgid: string, params?: Params | null) => string} Translate */
/** A message with a singular and a plural, chosen by `n` (also its {n}).
 * @typedef {(singular: string, plural: string, n: number, params?: Params | null) => string} TranslatePlural */

/** @type {Catalogs} */
let loaded = { lang: language, languages: { en: "English" }, domains: {} };
try {
  const response = await fetch(`/api/messages/${encodeURIComponent(language)}`, { headers: { Accept: "application/json" } });
  if (response.ok) loaded = await response.json();
} catch (err) {
  // the page still works, in English, if the catalogs cannot be read
}

/** The languages offered, each by its own name. */
export const languages = loaded.languages;

const locale = language === "xx" ? "en" : language;
const plurals = new Intl.PluralRules(locale);
const numbers = new Intl.NumberFormat(locale);

/** A number as the page's language writes it.
 * @param {number | bigint} value
 * @returns {string} */
export function number(value) {
  return numbers.format(value);
}

/** A date (and time) as the page's language writes it.
 * @param {Date | number | string} value
 * @param {Intl.DateTimeFormatOptions} [options]
 * @returns {string} */
export function date(value, options = { dateStyle: "medium", timeStyle: "short" }) {
  return new Intl.DateTimeFormat(locale, options).format(value instanceof Date ? value : new Date(value));
}

/** @type {Record<string, string>} */
const ACCENTED = { a: "á", c: "ç", e: "é", i: "î", n: "ñ", o: "ô", r: "ŕ", s: "š", t: "ţ", u: "û", y: "ý",
  A: "Á", C: "Ç", E: "É", I: "Î", N: "Ñ", O: "Ô", R: "Ŕ", S: "Š", T: "Ţ", U: "Û", Y: "Ý" };

/** A message in the pseudo-language (as terranova.core.i18n.pseudo writes it).
 * @param {string} message
 * @returns {string} */
function pseudo(message) {
  const out = message.split(/(\{\w+\})/).map((part, i) => (i % 2 ? part : part.replace(/[a-zA-Z]/g, (c) => ACCENTED[c] || c))).join("");
  return `⟦${out}${"·".repeat(Math.max(1, Math.round(message.length * 0.4)))}⟧`;
}

/** @param {string} template @param {Params | null} [params] @returns {string} */
function fill(template, params) {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name) => {
    if (!(name in params)) return whole;
    const value = params[name];
    if (typeof value === "number") return number(value);
    return value && typeof value === "object" ? say(/** @type {Said} */ (value)) : String(value);
  });
}

/** A translated sentence with elements in it: `said` is a text `t` gave back without its
 * parameters; each {placeholder} becomes the node `nodes` names, or the value of `params`
 * (numbers as the language writes them), so that a sentence with a link or a part in bold
 * is translated whole, its words in the language's order, and a parameter's own braces
 * stay text. An array of strings and nodes, to append.
 * @param {string} said
 * @param {Record<string, Node | string>} nodes
 * @param {Params} [params]
 * @returns {(Node | string)[]} */
export function withNodes(said, nodes, params = {}) {
  return said.split(/\{(\w+)\}/).map((part, i) => {
    if (i % 2 === 0) return part;
    if (part in nodes) return nodes[part];
    return part in params ? fill(`{${part}}`, params) : `{${part}}`;
  }).filter((part) => part !== "");
}

/** The translating functions of one domain: the site's ("terranova") or a game's.
 * @param {string} domain
 * @returns {{t: Translate, tn: TranslatePlural}} */
export function translator(domain) {
  const messages = () => loaded.domains[domain] || {};
  /** A message in the page's language, its {placeholders} filled from `params`.
   * @type {Translate} */
  const t = (msgid, params) => {
    const found = messages()[msgid];
    const text = typeof found === "string" && found ? found : language === "xx" ? pseudo(msgid) : msgid;
    return fill(text, params);
  };
  /** A message with a singular and a plural, chosen by `n` (also its {n}).
   * @type {TranslatePlural} */
  const tn = (singular, plural, n, params) => {
    const forms = messages()[singular];
    const category = plurals.select(n);
    let text = forms && typeof forms === "object" && forms[category];
    if (!text) text = language === "xx" ? pseudo(n === 1 ? singular : plural) : n === 1 ? singular : plural;
    return fill(text, { n, ...params });
  };
  return { t, tn };
}

const site = translator("terranova");
/** A message of the site's catalog (see `translator`). */
export const t = site.t;
/** A plural message of the site's catalog (see `translator`). */
export const tn = site.tn;

// English without the serial comma, as terranova.core.i18n.Listed lists ("a, b and c")
const lists = new Intl.ListFormat(locale === "en" ? "en-GB" : locale, { style: "long", type: "conjunction" });

/** Words the server sent as data (terranova.core.i18n.Said), in the page's language: a
 * message `{id, params}` (with `plural` and `n` if it has both forms, and `domain` if it is a
 * game's: else `domain`'s), a list `{list}`, a name given in each language `{names}`. A
 * plain string is shown as it is.
 * @param {Said} message
 * @param {string} [domain]
 * @returns {string} */
export function say(message, domain = "terranova") {
  if (!message || typeof message !== "object") return message == null ? "" : typeof message === "number" ? number(message) : String(message);
  if (Array.isArray(message.list)) {
    const items = message.list.map((item) => say(item, domain));
    return items.length > 1 ? lists.format(items) : items.join("");
  }
  if (message.names && typeof message.names === "object") {
    const names = message.names;
    return language === "xx" ? pseudo(names.en || "") : names[language] || names.en || Object.values(names)[0] || "";
  }
  if (!("id" in message)) return "";
  // a message without `n` is said as the plural form's "other"
  const n = /** @type {number} */ (message.n);
  const { t, tn } = translator(message.domain || domain);
  return message.plural ? tn(message.id, message.plural, n, message.params) : t(message.id, message.params);
}
