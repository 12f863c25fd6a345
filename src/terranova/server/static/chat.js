// The chat panel of a table and of the lobby, and the lobby's list of who is online. The
// server sends messages as plain text: they are put on the page with textContent (h's
// text and children), never as HTML.
import { h } from "./common.js";

const MOST_SHOWN = 200;

/**
 * A chat panel inside `root` (a card with a heading, the messages, a form): `send(obj)`
 * writes on the socket; `receive(msg)` takes the server's chat_history, chat,
 * chat_deleted and presence messages (returns false for others).
 */
export function chatPanel(root, send, { online = null } = {}) {
  let me = null;
  const list = h("ol.chat-list", { "aria-live": "polite", dataset: { testid: "chat-list" } });
  const input = h("input.chat-input", {
    type: "text", maxlength: 500, autocomplete: "off", "aria-label": "Chat message",
    placeholder: "Say something", dataset: { testid: "chat-input" },
  });
  const button = h("button.small", { type: "submit", dataset: { testid: "chat-send" } }, "Send");
  const note = h("p.hint.chat-note", { dataset: { testid: "chat-note" } });
  const muted = h("p.hint.chat-muted", { dataset: { testid: "chat-muted" } });
  const form = h("form.chat-form", {
    on: {
      submit: (event) => {
        event.preventDefault();
        const text = input.value.trim();
        if (!text) return;
        send({ type: "chat", text });
        input.value = "";
      },
    },
  }, input, button);
  root.append(list, note, form, muted);
  setWritable(false, "connecting…");

  function setWritable(yes, why) {
    form.hidden = !yes;
    note.hidden = yes;
    note.textContent = why || "";
  }

  function item(message) {
    const who = [h("span.chat-name", message.name)];
    if (message.spectator) who.push(h("span.chat-tag", { dataset: { testid: "spectator-tag" } }, "spectator"));
    const when = new Date(message.at);
    const row = h("li.chat-message", { dataset: { id: String(message.id), author: message.author, testid: "chat-message" } },
      h("span.chat-who", { title: when.toLocaleString() }, who),
      h("span.chat-text", { dataset: { testid: "chat-text" } }, message.text));
    if (me && message.author !== me) {
      row.append(h("button.chat-mute.ghost", {
        type: "button", title: `Stop seeing ${message.name}'s messages`,
        dataset: { testid: "chat-mute" },
        on: { click: () => send({ type: "mute", account_id: message.author }) },
      }, "Mute"));
    }
    return row;
  }

  function add(message) {
    const atBottom = list.scrollTop + list.clientHeight >= list.scrollHeight - 8;
    list.append(item(message));
    while (list.children.length > MOST_SHOWN) list.firstElementChild.remove();
    if (atBottom) list.scrollTop = list.scrollHeight;
  }

  function showMuted(people) {
    muted.replaceChildren();
    muted.hidden = !people.length;
    if (!people.length) return;
    muted.append("Muted: ");
    people.forEach((person, i) => {
      if (i) muted.append(", ");
      muted.append(person.name, " ", h("button.ghost.small", {
        type: "button", dataset: { testid: "chat-unmute" },
        on: { click: () => send({ type: "unmute", account_id: person.account_id }) },
      }, "unmute"));
    });
  }

  function showOnline(people) {
    if (!online) return;
    online.replaceChildren(...people.map((person) => h("li", { dataset: { testid: "online-person" } }, person.name)));
    if (!people.length) online.append(h("li.hint", "nobody signed in"));
  }

  return {
    receive(msg) {
      if (msg.type === "chat_history") {
        me = msg.me;
        list.replaceChildren();
        for (const message of msg.messages) add(message);
        list.scrollTop = list.scrollHeight;
        setWritable(msg.can_write, msg.why ? `${msg.why.charAt(0).toUpperCase()}${msg.why.slice(1)}.` : "");
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
    offline() { setWritable(false, "reconnecting…"); },
  };
}
