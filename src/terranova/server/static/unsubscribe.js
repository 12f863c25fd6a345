// @ts-check
// The page of a turn e-mail's unsubscribe link: opening it changes nothing (mail scanners
// follow links); the button turns the e-mails off, by the link's key, without signing in.
import { api, errorText } from "./common.js";
import { t } from "./i18n.js";

const button = /** @type {HTMLButtonElement} */ (document.getElementById("unsubscribe"));
const answer = /** @type {HTMLElement} */ (document.getElementById("unsubscribe-answer"));
const key = new URLSearchParams(location.search).get("key") || "";

if (!key) {
  button.disabled = true;
  answer.textContent = t("This link has no key: open the whole link from the e-mail.");
}

button.addEventListener("click", async () => {
  button.disabled = true;
  try {
    const done = await api("/api/account/unsubscribe", { method: "POST", body: { key } });
    answer.textContent = t("Done: {message}.", { message: done.message });
  } catch (err) {
    answer.textContent = t("Nothing changed: {error}.", { error: errorText(err) });
    button.disabled = false;
  }
});
document.body.dataset.ready = "1";
