// @ts-check
// The account pages: sign up, sign in, a forgotten password, the pages the e-mailed links
// open (confirm an address, choose a new password) and the account's own page. One page,
// account.html, draws the view its path names (/account, /account/<view>).
import {
  accountArea, languageMenu, afterSignIn, api, currentSession, errorText, h, nextPath, setSession, signOut,
} from "./common.js";
import { languages, t, tn, withNodes } from "./i18n.js";

/** @typedef {import("./types/protocol").Session} Session */
/** @typedef {import("./types/protocol").SaidMessage} SaidMessage */
/** A form's field. @typedef {{name: string, label: string, type?: string, autocomplete?: string,
 *   hint?: string, value?: string}} Field */
/** What a form's fields hold, by name. @typedef {Record<string, string>} Values */
/** The account signed in, as GET /api/account says it. @typedef {NonNullable<Session["account"]>} Account */

const main = /** @type {HTMLElement} */ (document.getElementById("account-main"));
const NO_MAIL = t("This server sends no e-mail, so a forgotten password cannot be reset.");
/** @type {Record<string, string>} */
const LABELS = { email: t("E-mail address"), name: t("Display name"), password: t("Password") };
const LONG_ENOUGH = tn("{n} character or more.", "{n} characters or more.", 8);

/** An API error as a sentence: "email: …" names its field as the form does. */
/** @param {string} text */
function sentence(text) {
  const named = /^(email|name|password): (.*)$/s.exec(text);
  const said = named ? t("{field}: {problem}", { field: LABELS[named[1]], problem: named[2] }) : text;
  const first = said.charAt(0).toUpperCase() + said.slice(1);
  return /[.!?]$/.test(first) ? first : `${first}.`;
}

/** @param {Field} spec */
function field({ name, label, type = "text", autocomplete, hint, value = "" }) {
  const id = `field-${name}`;
  const input = h("input", {
    id, name, type, autocomplete, value, dataset: { testid: name },
    "aria-describedby": hint ? `${id}-hint` : undefined,
  });
  return h("div.field", h("label", { for: id, text: label }), input,
    hint ? h("p.hint", { id: `${id}-hint`, text: hint }) : null);
}

/**
 * A form whose errors show under its fields, in words; its fields keep what was typed when
 * the server refuses. `onSubmit(values)` does the work (an ApiError thrown is shown).
 * @param {{id: string, fields: Field[], submit: string, danger?: boolean,
 *   onSubmit(values: Values): Promise<void>}} spec
 */
function accountForm({ id, fields, submit, danger = false, onSubmit }) {
  const error = h("p.form-error", { role: "alert", hidden: true, dataset: { testid: `${id}-error` } });
  const button = /** @type {HTMLButtonElement} */ (h(danger ? "button.danger" : "button.primary", {
    type: "submit", text: submit, dataset: { testid: `${id}-submit` },
  }));
  const form = /** @type {HTMLFormElement} */ (h("form.account-form", { id, novalidate: true }, fields.map(field), error, h("div.actions", button)));
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    error.hidden = true;
    for (const input of form.querySelectorAll("input")) input.removeAttribute("aria-invalid");
    button.disabled = true;
    const values = /** @type {Values} */ (Object.fromEntries(new FormData(form)));
    try {
      await onSubmit(values);
    } catch (err) {
      error.textContent = sentence(errorText(err));
      error.hidden = false;
      const field = fieldOf(/** @type {{text?: SaidMessage | null}} */ (err).text);
      const input = field && form.querySelector(`input[name="${CSS.escape(field)}"]`);
      if (input) input.setAttribute("aria-invalid", "true");
    } finally {
      button.disabled = false;
    }
  });
  return form;
}

/** The form's field a refusal names, from its message's English id ("email: ...") or
 * parameters ("{field}: {problem}", the first of several), never from its words in the
 * page's language.
 * @param {unknown} message @returns {string | null} */
function fieldOf(message) {
  if (!message || typeof message !== "object") return null;
  const said = /** @type {{id?: string, params?: Record<string, unknown> | null}} */ (message);
  const named = /^(email|name|password|current|new):/.exec(said.id || "");
  if (named) return named[1];
  const params = said.params || {};
  if (typeof params.field === "string") return params.field;
  return fieldOf(params.first);
}

/** @param {string} title @param {...import("./types/site").Child} children */
function card(title, ...children) {
  return h("section.card.account-card", h("h1", { text: title }), ...children);
}

/** @param {string} title @param {string} testid @param {...import("./types/site").Child} children */
function section(title, testid, ...children) {
  return h("section.card.account-card", { dataset: { testid } }, h("h2", { text: title }), ...children);
}

/** @param {string} text @param {string} [kind] @param {string} [testid] */
function notice(text, kind = "info", testid = "notice") {
  return h(`p.notice.notice-${kind}`, { dataset: { testid }, text });
}

/** @param {...HTMLElement} items */
function links(...items) {
  return h("p.account-links", ...items.flatMap((item, i) => (i ? [" · ", item] : [item])));
}

/** @param {string} href @param {string} text @param {string} [testid] */
function link(href, text, testid) {
  return /** @type {HTMLAnchorElement} */ (h("a", { href, text, dataset: testid ? { testid } : undefined }));
}

/** @param {...(Node | null | undefined)} nodes */
function show(...nodes) {
  main.replaceChildren(.../** @type {Node[]} */ (nodes.filter(Boolean)));
  document.body.dataset.ready = "1";
}

/** The `token` of a link from an e-mail, taken out of the address bar (and the history). */
function linkToken() {
  const token = new URLSearchParams(location.search).get("token") || "";
  if (token) history.replaceState(null, "", location.pathname);
  return token;
}

/** @param {string} path */
function withNext(path) {
  const next = nextPath();
  return next === "/" ? path : `${path}?next=${encodeURIComponent(next)}`;
}

/** @param {Session} known */
function signedInAlready(known) {
  show(card(t("You are signed in"),
    h("p", { text: t("You are signed in as {name}.", { name: /** @type {Account} */ (known.account).name }) }),
    links(link(nextPath(), t("Continue"), "continue"), link("/account", t("Your account")))));
}

// ------------------------------------------------------------------ the views

/** @param {Session} known */
function signUp(known) {
  if (known.account) return signedInAlready(known);
  document.title = t("Sign up · Terranova");
  const form = accountForm({
    id: "sign-up",
    submit: t("Sign up"),
    fields: [
      { name: "email", label: LABELS.email, type: "email", autocomplete: "email" },
      { name: "name", label: LABELS.name, autocomplete: "nickname", hint: tn("The name others see: at most {n} character.", "The name others see: at most {n} characters.", 40) },
      { name: "password", label: LABELS.password, type: "password", autocomplete: "new-password", hint: LONG_ENOUGH },
    ],
    async onSubmit(values) {
      const answer = await api("/api/account", { method: "POST", body: values });
      if (answer && answer.account) {
        await afterSignIn(answer);
        location.assign(nextPath());
        return;
      }
      show(card(t("Check your e-mail"),
        h("p", {}, withNodes(t("We sent a message to {email}. Open its link to confirm your address and sign in."),
          { email: h("strong", { text: values.email }) })),
        h("p.hint", { text: t("The link works once, for a limited time. Nothing arrived? Look in the spam folder. If this address has an account already, the message says so instead.") }),
        links(link("/", t("Back to the lobby")))));
      main.dataset.sent = "1";
    },
  });
  show(card(t("Sign up"),
    h("p.hint", { text: t("An account keeps your name and lets you find your games on any device. You can also play as a guest, without one.") }),
    known.mail ? null : notice(`${NO_MAIL} ${t("Your account is ready at once.")}`, "info", "no-mail"),
    form,
    links(h("span", {}, withNodes(t("Have an account? {link}"), { link: link(withNext("/account/sign-in"), t("Sign in")) })))));
}

/** @param {Session} known */
function signIn(known) {
  if (known.account) return signedInAlready(known);
  document.title = t("Sign in · Terranova");
  const forgot = link("/account/forgot", t("Forgot your password?"), "forgot-link");
  const form = accountForm({
    id: "sign-in",
    submit: t("Sign in"),
    fields: [
      { name: "email", label: LABELS.email, type: "email", autocomplete: "username" },
      { name: "password", label: LABELS.password, type: "password", autocomplete: "current-password" },
    ],
    async onSubmit(values) {
      await afterSignIn(await api("/api/session", { method: "POST", body: values }));
      location.assign(nextPath());
    },
  });
  const email = /** @type {HTMLInputElement} */ (form.querySelector("input[name=email]"));
  email.addEventListener("input", () => {
    forgot.href = email.value ? `/account/forgot?email=${encodeURIComponent(email.value)}` : "/account/forgot";
  });
  show(card(t("Sign in"),
    form,
    known.mail ? links(forgot) : notice(NO_MAIL, "info", "no-mail"),
    links(h("span", {}, withNodes(t("No account yet? {link}"), { link: link(withNext("/account/sign-up"), t("Sign up")) })))));
}

/** @param {Session} known */
function forgot(known) {
  document.title = t("Forgotten password · Terranova");
  if (!known.mail) {
    return show(card(t("Forgotten password"),
      notice(`${NO_MAIL} ${t("Ask whoever runs it.")}`, "info", "no-mail"),
      links(link("/account/sign-in", t("Sign in")))));
  }
  const form = accountForm({
    id: "forgot",
    submit: t("Send me a link"),
    fields: [{
      name: "email", label: LABELS.email, type: "email", autocomplete: "email",
      value: new URLSearchParams(location.search).get("email") || "",
    }],
    async onSubmit(values) {
      await api("/api/account/reset", { method: "POST", body: values });
      show(card(t("Check your e-mail"),
        h("p", {}, withNodes(t("If {email} has an account, a message with a link to choose a new password is on its way."),
          { email: h("strong", { text: values.email }) })),
        h("p.hint", { text: t("The link works once, for a limited time. Nothing arrived? Look in the spam folder.") }),
        links(link("/account/sign-in", t("Sign in")))));
      main.dataset.sent = "1";
    },
  });
  show(card(t("Forgotten password"),
    h("p.hint", { text: t("We e-mail you a link to choose a new password.") }),
    form,
    links(link("/account/sign-in", t("Back to sign in")))));
}

/** @param {string} title @param {string} message */
function brokenLink(title, message) {
  show(card(title,
    notice(message, "error", "link-error"),
    h("p.hint", { text: t("A link works once, for a limited time. While an address is not confirmed, signing in sends a new link; a forgotten password asks for a new one.") }),
    links(link("/account/sign-in", t("Sign in")), link("/account/forgot", t("Forgotten password")), link("/", t("Lobby")))));
}

function verify() {
  document.title = t("Confirm your address · Terranova");
  const token = linkToken();
  if (!token) return brokenLink(t("This link is not complete"), t("Open the link from your e-mail again, all of it."));
  // a button, not on opening: a mail scanner that opens links must not use this one
  const button = /** @type {HTMLButtonElement} */ (h("button.primary", { type: "button", text: t("Confirm and sign in"), dataset: { testid: "confirm-button" } }));
  button.addEventListener("click", () => { button.disabled = true; confirmAddress(token); });
  show(card(t("Confirm your address"),
    h("p.hint", { text: t("Confirm this e-mail address for your Terranova account, and sign in in this browser.") }),
    h("div.actions", button)));
}

/** @param {string} token */
async function confirmAddress(token) {
  show(card(t("Confirming your address…")));
  let answer;
  try {
    answer = await api("/api/account/verify", { method: "POST", body: { token } });
  } catch (err) {
    return brokenLink(t("This link does not work"), sentence(errorText(err)));
  }
  await afterSignIn(answer);
  show(card(t("Your address is confirmed"),
    notice(t("Your e-mail address is confirmed, and you are signed in as {name}.", { name: answer.account.name }), "ok", "confirmed"),
    links(link("/", t("Go to the lobby"), "lobby-link"), link("/account", t("Your account")))));
}

function reset() {
  document.title = t("A new password · Terranova");
  const token = linkToken();
  if (!token) return brokenLink(t("This link is not complete"), t("Open the link from your e-mail again, all of it."));
  const form = accountForm({
    id: "reset",
    submit: t("Choose this password"),
    fields: [{ name: "password", label: t("New password"), type: "password", autocomplete: "new-password", hint: LONG_ENOUGH }],
    async onSubmit(values) {
      const answer = await api("/api/account/reset/confirm", { method: "POST", body: { token, password: values.password } });
      await afterSignIn(answer);
      show(card(t("Your password is changed"),
        notice(t("You are signed in as {name}. Every other browser is signed out.", { name: answer.account.name }), "ok", "reset-done"),
        links(link("/", t("Go to the lobby"), "lobby-link"), link("/account", t("Your account")))));
    },
  });
  show(card(t("Choose a new password"), form));
}

/** @param {Session} known @param {Node | null} [message] */
function settings(known, message = null) {
  document.title = t("Your account · Terranova");
  if (!known.account) {
    return show(
      message,
      card(t("Your account"),
        h("p", { text: t("You are not signed in. You can play as a guest; an account lets you find your games on any device.") }),
        links(link("/account/sign-in?next=/account", t("Sign in"), "sign-in"), link("/account/sign-up?next=/account", t("Sign up")))));
  }
  const account = known.account;
  const address = known.mail
    ? (account.verified ? t("(confirmed)") : t("(not confirmed yet)"))
    : t("(not checked: this server sends no e-mail)");
  const who = card(t("Your account"),
    h("dl.account-facts",
      h("dt", { text: LABELS.name }), h("dd", { text: account.name, dataset: { testid: "facts-name" } }),
      h("dt", { text: LABELS.email }),
      h("dd", {}, h("span", { text: account.email, dataset: { testid: "facts-email" } }),
        h("span.muted", { text: ` ${address}`, dataset: { testid: "facts-confirmed" } }))));

  const box = /** @type {HTMLInputElement} */ (h("input", { type: "checkbox", id: "turn-emails", dataset: { testid: "turn-emails" } }));
  box.checked = /** @type {boolean} */ (account.turn_emails);
  box.disabled = !known.mail;
  const saved = h("p.hint", { role: "status", hidden: true, dataset: { testid: "turn-emails-status" } });
  box.addEventListener("change", async () => {
    const wanted = box.checked;
    box.disabled = true;
    saved.classList.remove("form-error");
    saved.hidden = false;
    try {
      setSession(await api("/api/account", { method: "PATCH", body: { turn_emails: wanted } }));
      saved.textContent = wanted ? t("Saved: we e-mail you when it has been your turn for a while.") : t("Saved: no e-mail about your turns.");
    } catch (err) {
      box.checked = !wanted;
      saved.textContent = sentence(errorText(err));
      saved.classList.add("form-error");
    } finally {
      box.disabled = false;
    }
  });
  const turns = section(t("E-mail about your turns"), "turns",
    h("label.checkbox", { for: "turn-emails" }, box, " ", t("E-mail me when it has been my turn for a while")),
    known.mail ? null : notice(t("This server sends no e-mail, so this cannot be turned on."), "info", "no-mail"),
    saved);

  const password = section(t("Change your password"), "password",
    accountForm({
      id: "password",
      submit: t("Change the password"),
      fields: [
        { name: "current", label: t("Current password"), type: "password", autocomplete: "current-password" },
        { name: "new", label: t("New password"), type: "password", autocomplete: "new-password", hint: LONG_ENOUGH },
      ],
      async onSubmit(values) {
        await api("/api/account/password", { method: "POST", body: values });
        for (const input of password.querySelectorAll("input")) input.value = "";
        password.querySelector("[data-testid='password-done']")?.remove();
        /** @type {Element} */ (password.querySelector(".form-error")).before(
          notice(t("Your password is changed. Every other browser is signed out."), "ok", "password-done"));
      },
    }));

  const here = /** @type {HTMLButtonElement} */ (h("button", { type: "button", text: t("Sign out"), dataset: { testid: "sign-out-here" } }));
  const everywhere = /** @type {HTMLButtonElement} */ (h("button", { type: "button", text: t("Sign out everywhere"), dataset: { testid: "sign-out-everywhere" } }));
  const outError = h("p.form-error", { role: "alert", hidden: true });
  /** @param {HTMLButtonElement} button @param {() => Promise<void>} how */
  const signingOut = async (button, how) => {
    button.disabled = true;
    try {
      await how();
    } catch (err) {
      outError.textContent = sentence(errorText(err));
      outError.hidden = false;
      button.disabled = false;
    }
  };
  here.addEventListener("click", () => signingOut(here, async () => {
    await signOut();
    settings(await currentSession(), notice(t("You are signed out in this browser."), "ok", "signed-out"));
  }));
  everywhere.addEventListener("click", () => signingOut(everywhere, async () => {
    await api("/api/sessions", { method: "DELETE" });
    setSession({ account: null, csrf: null, mail: known.mail });
    settings(await currentSession(), notice(t("You are signed out in every browser, this one too."), "ok", "signed-out"));
  }));
  const out = section(t("Sign out"), "sign-out",
    h("p.hint", { text: t("In this browser, or in every browser where you are signed in (a lost phone, a shared computer).") }),
    outError, h("div.actions", here, everywhere));

  const remove = section(t("Delete your account"), "delete",
    h("p.hint", { text: t("Your games stay, and your seats in them will read “deleted player”. Your e-mail address, password and sessions are deleted. This cannot be undone.") }),
    accountForm({
      id: "delete",
      submit: t("Delete my account"),
      danger: true,
      fields: [{ name: "password", label: t("Your password, to confirm"), type: "password", autocomplete: "current-password" }],
      async onSubmit(values) {
        await api("/api/account", { method: "DELETE", body: values });
        setSession({ account: null, csrf: null, mail: known.mail });
        settings(await currentSession(), notice(t("Your account is deleted."), "ok", "deleted"));
      },
    }));
  show(message, who, languageSection(account), turns, password, out, remove);
}

/** The account's language: each offered by its own name, or the browser's. A choice is
 * saved (the server also sets this browser's language cookie) and the page reloads in it. */
/** @param {Account} account */
function languageSection(account) {
  const select = /** @type {HTMLSelectElement} */ (h("select", { id: "account-language", dataset: { testid: "account-language" } },
    h("option", { value: "", text: t("The browser's language") }),
    Object.entries(languages).map(([code, name]) => h("option", { value: code, text: name, lang: code }))));
  select.value = account.language || "";
  const status = h("p.hint", { role: "status", hidden: true, dataset: { testid: "account-language-status" } });
  select.addEventListener("change", async () => {
    select.disabled = true;
    status.hidden = true;
    status.classList.remove("form-error");
    try {
      setSession(await api("/api/account/language", { method: "POST", body: { language: select.value || null } }));
      location.reload();
    } catch (err) {
      select.value = account.language || "";
      select.disabled = false;
      status.textContent = sentence(errorText(err));
      status.classList.add("form-error");
      status.hidden = false;
    }
  });
  return section(t("Language"), "language",
    h("div.field", h("label", { for: "account-language", text: t("The language of the pages and of the e-mails we send you") }), select),
    h("p.hint", { text: t("With “The browser's language”, the pages follow the top bar's choice, else what your browser asks for.") }),
    status);
}

// ------------------------------------------------------------------ start

/** @type {Record<string, (known: Session) => unknown>} */
const VIEWS = { "sign-up": signUp, "sign-in": signIn, forgot, verify, reset };

async function start() {
  const view = location.pathname.replace(/\/+$/, "").split("/")[2] || "";
  // the forms to sign in or up need no links to themselves
  const topbar = /** @type {HTMLElement} */ (document.querySelector(".topbar"));
  topbar.append(languageMenu());
  if (!["sign-in", "sign-up", "forgot"].includes(view)) topbar.append(accountArea());
  main.dataset.view = view || "account";
  /** @type {Session} */
  let known;
  try {
    known = await currentSession();
  } catch (err) {
    show(card(t("Your account"), notice(t("The server cannot say who is signed in: {error}", { error: errorText(err) }), "error", "load-error")));
    return;
  }
  if (!view) {
    // signed out with the top bar's menu: the page says so
    addEventListener("terranova:session", (ev) => {
      const detail = /** @type {CustomEvent<Session>} */ (ev).detail;
      if (!detail.account && main.querySelector("[data-testid='delete']")) settings(detail);
    });
    settings(known);
    return;
  }
  await (VIEWS[view] || settings)(known);
}

start();
