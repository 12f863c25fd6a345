// @ts-check
// The chat panel of a table and of the lobby, and the lobby's list of who is online. The
// server sends messages as plain text: they are put on the page with textContent (h's
// text and children), never as HTML.
import { h } from "./common.js";
import { date, say, t } from "./i18n.js";

/** A chat message as the server sends it. @typedef {{id: number, author: string, name: string,
 *   text: string, at: string, spectator?: boolean}} ChatMessage */
/** Someone signed in, muted or online. @typedef {{account_id: string, name: string}} Person */
/** A message of the chat's kinds (chat_history, chat, chat_deleted, presence) or another.
 * @typedef {{type: string, [key: string]: any}} ChatEvent */
/** The chat panel: `receive` takes the server's chat messages (false for others);
 * `offline` says it cannot write while the socket is down.
 * @typedef {{receive(msg: ChatEvent): boolean, offline(): void}} ChatPanel */

const MOST_SHOWN = 200;

/** Why this connection may not write: a guest must sign in; another reason is the server's
 * (a message it sends as {id, params}, or its plain text). @param {ChatEvent} msg */
function whyNot(msg) {
  if (!msg.me) return t("Sign in to chat.");
  const why = say(msg.why);
  return why ? `${why.charAt(0).toUpperCase()}${why.slice(1)}` : "";
}

/**
 * A chat panel inside `root` (a card with a heading, the messages, a form): `send(obj)`
 * writes on the socket; `receive(msg)` takes the server's chat_history, chat,
 * chat_deleted and presence messages (returns false for others).
 * @param {HTMLElement} root
 * @param {(message: object) => void} send
 * @param {{online?: HTMLElement | null}} [options]
 * @returns {ChatPanel}
 */
export function chatPanel(root, send, { online = null } = {}) {
  /** @type {string | null} */
  let me = null;
  const list = h("ol.chat-list", { "aria-live": "polite", dataset: { testid: "chat-list" } });
  const input = /** @type {HTMLInputElement} */ (h("input.chat-input", {
    type: "text", maxlength: 500, autocomplete: "off", "aria-label": t("Chat message"),
    placeholder: t("Say something"), dataset: { testid: "chat-input" },
  }));
  const button = h("button.small", { type: "submit", dataset: { testid: "chat-send" } }, t("Send"));
  const note = h("p.hint.chat-note", { dataset: { testid: "chat-note" } });
  const muted = h("p.hint.chat-muted", { dataset: { testid: "chat-muted" } });
  const form = h("form.chat-form", {
    on: {
      submit: (/** @type {SubmitEvent} */ event) => {
        event.preventDefault();
        const text = input.value.trim();
        if (!text) return;
        send({ type: "chat", text });
        input.value = "";
      },
    },
  }, input, button);
  root.append(list, note, form, muted);
  setWritable(false, t("connecting…"));

  /** @param {boolean} yes @param {string} why */
  function setWritable(yes, why) {
    form.hidden = !yes;
    note.hidden = yes;
    note.textContent = why || "";
  }

  /** @param {ChatMessage} message */
  function item(message) {
    const who = [h("span.chat-name", message.name)];
    if (message.spectator) who.push(h("span.chat-tag", { dataset: { testid: "spectator-tag" } }, t("spectator")));
    const when = new Date(message.at);
    const row = h("li.chat-message", { dataset: { id: String(message.id), author: message.author, testid: "chat-message" } },
      h("span.chat-who", { title: date(when) }, who),
      h("span.chat-text", { dataset: { testid: "chat-text" } }, message.text));
    if (me && message.author !== me) {
      row.append(h("button.chat-mute.ghost", {
        type: "button", title: t("Stop seeing the messages of {name}", { name: message.name }),
        dataset: { testid: "chat-mute" },
        on: { click: () => send({ type: "mute", account_id: message.author }) },
      }, t("Mute")));
    }
    return row;
  }

  /** @param {ChatMessage} message */
  function add(message) {
    const atBottom = list.scrollTop + list.clientHeight >= list.scrollHeight - 8;
    list.append(item(message));
    while (list.children.length > MOST_SHOWN) /** @type {Element} */ (list.firstElementChild).remove();
    if (atBottom) list.scrollTop = list.scrollHeight;
  }

  /** @param {Person[]} people */
  function showMuted(people) {
    muted.replaceChildren();
    muted.hidden = !people.length;
    if (!people.length) return;
    muted.append(t("Muted:"), " ");
    people.forEach((person, i) => {
      if (i) muted.append(", ");
      muted.append(person.name, " ", h("button.ghost.small", {
        type: "button", dataset: { testid: "chat-unmute" },
        on: { click: () => send({ type: "unmute", account_id: person.account_id }) },
      }, t("unmute")));
    });
  }

  /** @param {Person[]} people */
  function showOnline(people) {
    const box = online;
    if (!box) return;
    box.replaceChildren(...people.map((person) => h("li", { dataset: { testid: "online-person" } }, person.name)));
    if (!people.length) box.append(h("li.hint", t("nobody signed in")));
  }

  return {
    receive(msg) {
      if (msg.type === "chat_history") {
        me = msg.me;
        list.replaceChildren();
        for (const message of msg.messages) add(message);
        list.scrollTop = list.scrollHeight;
        setWritable(msg.can_write, msg.can_write ? "" : whyNot(msg));
        showMuted(msg.muted || []);
      } else if (msg.type === "chat") {
        add(msg.message);
      } else if (msg.type === "chat_deleted") {
        const row = list.querySelector(`[data-id="${Number(msg.id)}"]`);
        if (row) row.remove();
      } else if (msg.type === "presence") {
        showOnline(msg.online);
      } else {
        return false;
      }
      return true;
    },
    offline() { setWritable(false, t("reconnecting…")); },
  };
}
