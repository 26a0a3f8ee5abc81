// The page's words: English in the source, translations from /i18n/<lang>.json (the gettext catalog).
// Text is only ever put into the page with textContent or attributes, never as HTML.

const state = {
  language: "en", messages: {}, plurals: {}, plural: [],
  endings: {}, levels: [], languages: { en: "English" },
};

// Which plural form a count takes: the catalog's rule, sent as the form of each count from 0 to
// 199 (a larger count behaves as 100 + its last two digits in every language's rule).
function pluralForm(count) {
  const table = state.plural;
  if (!table.length) return count === 1 ? 0 : 1;
  return table[count < table.length ? count : 100 + (count % 100)];
}

export const LANGUAGE_KEY = "tictactoe.language";

/** The language to start in: the saved choice, else the browser's, else English. */
export function preferredLanguage(available) {
  const saved = localStorage.getItem(LANGUAGE_KEY);
  if (saved && available.includes(saved)) return saved;
  for (const wanted of navigator.languages || [navigator.language || "en"]) {
    const code = wanted.replace("-", "_");
    if (available.includes(code)) return code;
    const base = code.split("_")[0];
    if (base === "zh") return "zh_CN";
    if (available.includes(base)) return base;
  }
  return "en";
}

/** Load ``code``'s catalog (the level names come with it). */
export async function loadLanguage(code) {
  const response = await fetch(`/i18n/${encodeURIComponent(code)}.json`);
  if (!response.ok) throw new Error(`no catalog for ${code}`);
  const data = await response.json();
  state.language = data.language;
  state.messages = data.messages;
  state.plurals = data.plurals || {};
  state.plural = data.plural || [];
  state.endings = data.endings;
  state.levels = data.levels;
  state.languages = data.languages;
  localStorage.setItem(LANGUAGE_KEY, data.language);
  document.documentElement.lang = data.language.replace("_", "-");
  return data;
}

/** ``text`` with its ``{name}`` fields filled from ``params``. */
function fill(text, params) {
  return text.replace(/\{(\w+)\}/g, (whole, name) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole);
}

/** ``text`` in the page's language, with ``{name}`` fields filled from ``params``. */
export function t(text, params = {}) {
  return fill(state.messages[text] || text, params);
}

/** The form of ``singular``/``plural`` that fits ``count``, in the page's language, filled in
 * (``count`` is a field too). */
export function tn(singular, plural, count, params = {}) {
  const forms = state.plurals[singular];
  const text = forms ? forms[Math.min(pluralForm(count), forms.length - 1)]
    : count === 1 ? singular : plural;
  return fill(text, { ...params, count });
}

/** The end-of-game sentence ``key`` (a key of tictactoe.texts.sentences.PHRASES), filled in. */
export function ending(key, params = {}) {
  return fill(state.endings[key] || key, params);
}

/** Each computer player: name, friendly title and description in the page's language. */
export function levels() {
  return state.levels;
}

export function languages() {
  return state.languages;
}

export function language() {
  return state.language;
}

/** Translate every element marked ``data-i18n`` (its text) under ``root``. */
export function translatePage(root = document) {
  for (const element of root.querySelectorAll("[data-i18n]")) {
    element.textContent = t(element.dataset.i18n);
  }
  for (const element of root.querySelectorAll("[data-i18n-label]")) {
    element.setAttribute("aria-label", t(element.dataset.i18nLabel));
  }
  for (const element of root.querySelectorAll("[data-i18n-board]")) {
    const [m, n, k] = element.dataset.i18nBoard.split(",");
    element.textContent = boardName(m, n, k);
  }
  document.title = t("Tic-tac-toe");
}

/** A board and its win length in the page's language: "15 x 15, 5 in a row". */
export function boardName(m, n, k) {
  return t("{m} x {n}, {k} in a row", { m, n, k });
}
