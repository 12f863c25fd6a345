// @ts-check
// The board of a game that declares none (GameInfo.web is None), and the fallback when a
// game's own board fails to load: the legal actions as buttons and the view as text. Same
// interface as the games' boards (types/board.d.ts).
import { h } from "../common.js";
import { say, t } from "../i18n.js";
/** @import { Board, BoardContext, StateMessage, UpdateOptions } from "../types/board" */

/**
 * @param {BoardContext} ctx
 * @returns {Board}
 */
export function createBoard(ctx) {
  const pre = h("pre.generic-view");
  ctx.map.replaceChildren(pre);
  let busy = false;
  return {
    /**
     * @param {StateMessage} message
     * @param {Partial<UpdateOptions>} [options]
     */
    update(message, { live = true } = {}) {
      busy = false;
      pre.textContent = JSON.stringify(message.view, null, 1);
      const mine = live && message.status === "playing" && message.seat !== null && message.to_move === message.seat;
      /** @type {{ text: string, says: import("../types/board").Words }[]} */
      const moves = message.moves || (message.legal || []).map((text) => ({ text, says: text }));
      const buttons = mine ? moves.map(({ text, says }) => h("button.choice", {
        type: "button", text: say(says || text), title: says && say(says) !== text ? text : null, dataset: { action: text },
        on: { click: () => { if (!busy) { busy = true; ctx.send(text); } } },
      })) : [];
      ctx.panel.replaceChildren(h("p.prompt", { text: mine ? t("Your move:") : "" }), h("div.choices", buttons));
    },
    settle() { busy = false; },
    destroy() {},
  };
}
