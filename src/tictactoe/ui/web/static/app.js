// The web game's page: settings, the board, the status, and the conversation with the server.
// The server owns every game; this page sends what the player asks for and draws what it is told.

import { BoardView, cellName, isClassic } from "./board.js";
import {
  boardName, ending, language, languages, levels, loadLanguage, preferredLanguage, t, tn,
  translatePage,
} from "./i18n.js";
import { Link } from "./net.js";
import * as sound from "./sound.js";
import { TreePanel } from "./tree.js";

const LANGUAGE_CODES = ["en", "ru", "zh_CN", "vi"];
const SOLO_KEY = "tictactoe.solo";
const LEVEL_KEY = "tictactoe.level";
const FIRST_KEY = "tictactoe.first";
const THINK_KEY = "tictactoe.think";
const ANALYSIS_KEY = "tictactoe.analysis";
const DETAIL_AFTER = 0.5;  // seconds of thinking before the time shows (a quick answer shows none)
const DECIMAL_COMMA = new Set(["ru", "vi"]);  // languages that write 0,5 for 0.5
const ZOOMS = [0, 36, 48];  // a big board's cell sizes in pixels: fit the page, then larger
const LINE_SHOWN = 4;  // moves of the computer's expected line shown while it thinks
const RETRY_MS = 2000;  // how soon a page the busy server could not take back asks again
const INVITE_PATH = /^\/play\/([A-Za-z0-9_-]{6,32})$/;  // a room's code, as the server makes them
const SEAT_WAIT_MS = 400;  // how long a seat's lock may take to come free (a page reloading lets go of it)
const seatKey = (room) => `tictactoe.seat.${room}`;
const PHONE = window.matchMedia("(max-width: 600px), (max-height: 500px)");  // style.css's phone layout
const $ = (id) => document.getElementById(id);

const app = {
  link: null,
  board: null,
  room: null,         // the room this page is in
  standIn: null,      // a level that gave way to another on the board played, until chosen again
  player: null,       // "a" or "b"; null for a spectator
  kind: null,         // "solo" or "friend"
  view: null,         // the last state the server sent
  receivedAt: 0,      // when it came (for the claim countdown)
  hintsOn: false,
  hints: null,        // {ply, cells | suggestions | unavailable, stopped}
  hintAsked: -1,
  hintSince: 0,       // when the pending hint was asked for
  progress: null,     // the last progress message: {of, game, ply, depth, line, seconds}
  thinkingKey: "",    // the game and move the computer is thinking about
  thinkingSince: 0,   // since when
  think: { low: 0.05, high: 600, default: 1 },  // the thinking time's range, from the server
  thinkValue: 1,      // the last valid thinking time, in seconds
  boardLevels: null,  // which levels can play the chosen board
  resuming: null,     // the room being rejoined after a (re)connection
  left: false,        // the page left its game (leaveGame): a reconnection takes nothing back
  asks: 0,            // the number given to the last request for a room (join, solo, friend)
  created: new Set(), // those of them asking for a new room, not yet answered (its settings already say what they are)
  checking: 0,        // new games whose board is being checked: the board waits for them...
  awaited: 0,         // ...and then for the answer to this request (a click would land in the old game)
  seat: null,         // the seat this page holds in a room with a friend: {room, token, release} (its lock)
  note: "",           // what the next welcome says (the game this browser kept was gone: a new one)
  recheck: false,     // a custom board's field was left meanwhile: it is checked once the game is in place
  pressing: false,    // a pointer is down (a custom field left by pressing a button: its check waits)
  checkAfterPress: false,  // a custom board's field was left by that press: checked once it is released
  boardAsked: 0,      // the last board check asked for: an earlier answer is stale
  announced: "",      // the last game/move announced, so each is said once
  finishedGame: 0,    // the last game whose end was sounded
  analysis: localStorage.getItem(ANALYSIS_KEY) === "on",  // the depth and line while it thinks
  zoom: 0,            // a big board's zoom: an index of ZOOMS
  tree: null,         // How the computer thinks: the panel of the search tree (tree.js)
};

// --- settings --------------------------------------------------------------------------

function chosenBoard() {
  const value = $("board-size").value;
  if (value !== "custom") {
    const [rows, cols, k] = value.split("x").map(Number);
    return { rows, cols, k };
  }
  return { rows: Number($("rows").value), cols: Number($("cols").value), k: Number($("k").value) };
}

// The board as the settings hold it: a custom board's fields as typed (an empty one is "").
function typedBoard() {
  if ($("board-size").value !== "custom") return chosenBoard();
  return { rows: $("rows").value.trim(), cols: $("cols").value.trim(), k: $("k").value.trim() };
}

function fillLanguages() {
  const select = $("language");
  select.replaceChildren();
  for (const [code, name] of Object.entries(languages())) {
    const option = new Option(name, code, false, code === language());
    select.append(option);
  }
}

// The levels for the board checked, those that cannot play it greyed. The level chosen stays
// if it can play it; else the board's default comes - unless ``playing`` names the level of
// the game on screen, which stays chosen until another board is played.
function fillLevels(playing = null) {
  const select = $("level");
  const wanted = playing || select.value || localStorage.getItem(LEVEL_KEY);
  select.replaceChildren();
  const available = new Map((app.boardLevels?.levels || []).map((l) => [l.name, l.available]));
  for (const level of levels()) {
    const usable = available.get(level.name) !== false;
    const text = usable ? level.title : t("{title} (not on this board)", { title: level.title });
    const option = new Option(text, level.name);
    option.disabled = !usable;
    select.append(option);
  }
  const keep = levels().some((l) => l.name === wanted) && (playing || available.get(wanted) !== false);
  select.value = keep ? wanted : app.boardLevels?.default || levels()[0]?.name;
  if (!playing) {  // a board played: a level that cannot play it gives way, and it is said
    const { rows, cols } = typedBoard();
    app.standIn = keep || wanted === select.value ? null : { chosen: wanted, playing: select.value, rows, cols };
  }
  describeLevel();
}

// A level chosen that cannot play the board played, and the one that plays instead, said above
// the level's description (in the page's language) until another level or board is chosen:
// "Perfect does not play 15 x 15: Medium plays instead.", as the windows say it.
function describeStandIn() {
  const stood = app.standIn;
  const title = (name) => levels().find((l) => l.name === name)?.title;
  $("level-stand-in").textContent = stood && title(stood.chosen) && title(stood.playing)
    ? t("{chosen} does not play {m} x {n}: {playing} plays instead.", {
      chosen: title(stood.chosen), playing: title(stood.playing), m: stood.rows, n: stood.cols,
    })
    : "";
}

function describeLevel() {
  const level = levels().find((l) => l.name === $("level").value);
  describeStandIn();
  $("level-description").textContent = level ? level.description : "";
  describeThink();
  describeSettings();
}

// The settings in one line, their summary (what a phone shows of them once a game is on):
// "15 x 15, 5 in a row · Medium" - the board chosen, and the computer where it plays.
function describeSettings() {
  const { rows, cols, k } = typedBoard();
  const parts = [rows && cols && k ? boardName(rows, cols, k) : t("Custom board")];
  const level = levels().find((l) => l.name === $("level").value);
  if (app.kind !== "friend" && level) parts.push(level.title);
  $("setup-line").textContent = parts.join(" · ");
}

// On a phone the settings fold to their summary line (which opens them again), so that the
// board of the game comes first; on a desktop they are always open. The focus, if it was in
// them, goes to the summary.
function foldSettings() {
  const setup = $("setup");
  if (!PHONE.matches) {
    setup.open = true;
    return;
  }
  const inside = setup.contains(document.activeElement) && document.activeElement !== $("setup-summary");
  setup.open = false;
  if (inside) $("setup-summary").focus();
}

// The thinking time matters when the level searches (Expert) or hints need the engine.
function describeThink() {
  const chosen = (app.boardLevels?.levels || []).find((l) => l.name === $("level").value);
  const shown = Boolean(chosen?.thinks) || app.boardLevels?.exact === false;
  $("think-field").hidden = !shown;
  $("think-note").hidden = !shown;
  $("think-message").hidden = !shown;
  $("think-note").textContent = t(
    "How long {level} thinks per move, and a hint on a big board: {low} to {high} seconds.",
    { level: thinkerTitle(), low: app.think.low, high: app.think.high },
  );
}

// The level whose thinking time the form sets (Expert), as the page's language names it.
function thinkerTitle() {
  const thinker = (app.boardLevels?.levels || []).find((l) => l.thinks);
  return levels().find((l) => l.name === thinker?.name)?.title || "";
}

// Why a thinking time typed was not taken, in the page's language.
function thinkRefusal() {
  return t("The thinking time must be from {low} to {high} seconds.", { low: app.think.low, high: app.think.high });
}

function thinkMs() {
  return Math.round(app.thinkValue * 1000);
}

// A thinking time typed in the form: kept if it is in range, else the last good one comes back.
function changeThink() {
  const field = $("think");
  const value = Number(field.value.replace(",", "."));
  if (field.value.trim() === "" || !Number.isFinite(value) || value < app.think.low || value > app.think.high) {
    // Said beside the field, where the player is typing (not under a tall board).
    $("think-message").textContent = thinkRefusal();
    field.value = String(app.thinkValue);
    return;
  }
  $("think-message").textContent = "";
  app.thinkValue = value;
  localStorage.setItem(THINK_KEY, String(value));
  if (app.kind === "solo" && app.player) send({ t: "think", think_ms: thinkMs() });
}

// False when the board cannot be played, or when another check was asked for meanwhile (the
// answers can come in any order: only the last one asked for counts).
async function checkBoard(typed = false) {
  const asked = ++app.boardAsked;
  // A custom board is checked as typed: an empty field is named as empty, not as 0.
  const custom = $("board-size").value === "custom";
  const { rows, cols, k } = typedBoard();
  const query = new URLSearchParams({ rows, cols, k, lang: language() });
  const response = await fetch(`/api/levels?${query}`);
  if (asked !== app.boardAsked) return false;
  if (!response.ok) {
    // The server says which limit the board breaks, in the page's language; a custom board's
    // refusal is said beside its fields, where the player is typing (not under a tall board).
    const refused = await response.json().catch(() => ({}));
    const text = refused.message || t("Something went wrong on the server.");
    if (custom) showRefusal(text);
    else showMessage(text);
    return false;
  }
  const levels = await response.json();
  if (asked !== app.boardAsked) return false;
  showRefusal("");  // the board is whole again
  app.boardLevels = levels;
  if (app.boardLevels.think) {
    app.think = app.boardLevels.think;  // the server's range: its cap may be under 600 s
    $("think").min = String(app.think.low);
    $("think").max = String(app.think.high);
  }
  // Only typed, not played: the game on screen keeps its level.
  fillLevels(typed && app.kind === "solo" ? $("level").value : null);
  return true;
}

// --- asking the server ---------------------------------------------------------------------

function send(message) {
  app.link.send(message);
}

// A request for a room, numbered (the server's answer, a welcome or a refusal, gives its number
// back); its number. Asked while the page waits for a room, it is the one waited for now: the
// answers come in order, and the last one is the room the page stays in.
function askForRoom(message, create) {
  app.asks += 1;
  if (create) app.created.add(app.asks);
  if (app.awaited) app.awaited = app.asks;
  send({ ...message, ask: app.asks });
  return app.asks;
}

function newSolo() {
  const { rows, cols, k } = chosenBoard();
  app.left = false;
  app.hints = null;
  const level = $("level").value;
  return askForRoom({ t: "solo", rows, cols, k, level, first: $("first").value, think_ms: thinkMs() }, true);
}

function newFriendRoom() {
  const { rows, cols, k } = chosenBoard();
  app.left = false;
  return askForRoom({ t: "friend", rows, cols, k }, true);
}

// A new game on the chosen board, once the server says the board can be: until it comes,
// the board on screen takes no clicks (a move there would be lost with the old game). Of
// several asked for quickly (a custom board played twice in a row), only the last is made;
// a board refused leaves the game on screen as it is, and the refusal says why. With ``fold``, the
// settings fold away on a phone once the board is accepted (foldSettings).
async function startGame(create, fold = false) {
  app.checking += 1;
  settle();
  const playable = await checkBoard();
  app.checking -= 1;
  if (playable) {
    app.awaited = create();
    if (fold) foldSettings();
  }
  settle();
}

// True while a new game is on its way (its board being checked, or its room asked for).
function starting() {
  return app.checking > 0 || app.awaited !== 0;
}

// The board follows whether a game is on its way; once none is, a custom board's field left
// meanwhile is checked (the levels follow it).
function settle() {
  document.body.classList.toggle("starting", starting());
  if (!starting() && app.recheck) {
    app.recheck = false;
    checkBoard(true);
  }
  render();
}

// A request for a room answered (by a welcome or a refusal): the board waits no more if it was
// the one it waited for. An earlier one's answer (the page's first game, its welcome slow to
// come, when the player has started another) leaves it waiting.
function answered(message) {
  if (message.ask === undefined) return;
  app.created.delete(message.ask);
  if (message.ask !== app.awaited) return;
  app.awaited = 0;
  settle();
}

// A custom board played (its button, or Enter in one of its fields): a new game against the
// computer on it, as Play the computer starts. With a friend, or watching, the button is not
// there and Enter only checks the board, for the next game one of the buttons starts.
function playCustom() {
  const playing = app.kind !== "friend" && !(app.kind !== null && app.player === null);
  if (playing) playFromSettings(newSolo);
  else checkBoard();
}

// A game the settings' buttons start: on a phone they fold away once its board is accepted, and
// the board comes first (a board chosen from the menu starts a game too, but leaves them open
// for the rest; a board refused leaves them open with the refusal beside its fields).
function playFromSettings(create) {
  startGame(create, true);
}

// A custom board's field left (or stepped by its arrows): the board as typed is checked, so the
// levels that cannot play it are greyed at once; nothing starts until it is played. A game on
// its way is left to its own check (a newer one would cancel it): the board as typed is checked
// once the game is in place.
function checkTyped() {
  if (app.pressing) {
    // Left by pressing a button (Play the computer, below): checked once it is released, so
    // that what the check changes (the refusal going, the thinking time coming) does not move
    // the button from under the pointer, which would lose the click.
    app.checkAfterPress = true;
    return;
  }
  if (starting()) app.recheck = true;
  else checkBoard(true);
}

// The connection (re)opened: the page takes its game back - unless it has left it, when it
// stays in no game (the game kept in the browser, or a new one, comes only when asked for).
function reconnected() {
  if (!app.left) resume();
}

// --- seats with a friend ----------------------------------------------------------------------
// The browser keeps the token of each seat it took in a room (both, when one person plays in two
// tabs), newest last; an earlier version kept one, as plain text. The page in a seat holds its
// token's lock (Web Locks) for as long as it is open, so that another tab opening the invite link
// takes the other seat, or watches, as another browser would - while a page reloaded, or closed
// and opened again, finds its seat free and takes it back.

function seatTokens(room) {
  const stored = localStorage.getItem(seatKey(room));
  if (!stored) return [];
  try {
    const tokens = JSON.parse(stored);
    if (Array.isArray(tokens)) return tokens.filter((token) => typeof token === "string");
  } catch {
    // one token, as kept before
  }
  return [stored];
}

function keepSeatToken(room, token) {
  const tokens = seatTokens(room).filter((kept) => kept !== token);
  localStorage.setItem(seatKey(room), JSON.stringify([...tokens, token]));
}

function forgetSeatToken(room, token) {
  const tokens = seatTokens(room).filter((kept) => kept !== token);
  if (tokens.length) localStorage.setItem(seatKey(room), JSON.stringify(tokens));
  else localStorage.removeItem(seatKey(room));
}

// True once this page holds the lock of the seat ``token`` in ``room``; false if another page
// of this browser holds it. Without Web Locks (a page over plain http from another machine)
// every seat is taken as free, as before.
function lockSeat(room, token) {
  if (app.seat && app.seat.token === token) return Promise.resolve(true);
  if (!navigator.locks) {
    releaseSeat();
    app.seat = { room, token, release: () => {} };
    return Promise.resolve(true);
  }
  return new Promise((resolve) => {
    const signal = AbortSignal.timeout(SEAT_WAIT_MS);
    navigator.locks.request(`tictactoe.seat.${token}`, { signal }, () => new Promise((release) => {
      releaseSeat();
      app.seat = { room, token, release };
      resolve(true);
    })).catch(() => resolve(false));
  });
}

function releaseSeat() {
  if (app.seat) app.seat.release();
  app.seat = null;
}

// The token to open ``room`` with: this page's own seat (after a reconnection), else the newest
// seat of this browser no other page holds; null for none (the free seat, or watching).
async function seatFor(room) {
  const tokens = seatTokens(room);
  if (app.seat && app.seat.room === room && tokens.includes(app.seat.token)) return app.seat.token;
  for (const token of tokens.reverse()) {
    if (await lockSeat(room, token)) return token;
  }
  return null;
}

// --- joining ---------------------------------------------------------------------------------

function resume() {
  app.left = false;
  const path = location.pathname;
  const match = path.match(INVITE_PATH);
  if (path !== "/" && !match) {
    // A link mangled on its way (or made up): it names no room, so it joins none - the page
    // says so, as for a game gone, and New game is there. (The path itself is never shown.)
    leaveGame(t("This invite link is not valid."));
    return;
  }
  if (match) {
    const room = match[1];
    app.resuming = room;
    seatFor(room).then((token) => {
      if (app.resuming !== room) return;  // something else was asked for meanwhile
      askForRoom(token ? { t: "join", room, token } : { t: "join", room }, false);
    });
    return;
  }
  const saved = JSON.parse(localStorage.getItem(SOLO_KEY) || "null");
  if (saved && saved.room && saved.token) {
    app.resuming = saved.room;
    askForRoom({ t: "join", room: saved.room, token: saved.token }, false);
  } else {
    newSolo();
  }
}

// --- what the server says --------------------------------------------------------------------

function onMessage(message) {
  if (message.t === "welcome") welcome(message);
  else if (message.t === "state") showState(message);
  else if (message.t === "hint") showHint(message);
  else if (message.t === "progress") showProgress(message);
  else if (message.t === "error") showError(message);
}

// The page is in a room now (the server's word: an earlier request's room too, until the
// answer to the last one comes).
function welcome(message) {
  app.resuming = null;
  app.joined = !app.created.has(message.ask);  // a room joined takes its settings; one asked for has them
  app.room = message.room;
  app.player = message.player;
  app.kind = message.kind;
  app.view = null;
  app.board.freeze();  // until this room's state comes
  app.hints = null;
  app.hintAsked = -1;
  app.progress = null;
  app.announced = "";
  const seated = message.kind === "friend" && message.player !== null;
  if (!(seated && (message.token || app.seat?.room === message.room))) releaseSeat();  // a seat taken now is locked below
  if (message.kind === "solo") {
    if (message.token) localStorage.setItem(SOLO_KEY, JSON.stringify({ room: message.room, token: message.token }));
    if (location.pathname !== "/") history.replaceState(null, "", "/");
  } else {
    if (message.token) {
      keepSeatToken(message.room, message.token);
      lockSeat(message.room, message.token);
    }
    const path = `/play/${message.room}`;
    if (location.pathname !== path) history.pushState(null, "", path);
  }
  document.body.classList.remove("no-game");
  for (const id of ["hint", "claim"]) $(id).disabled = false;  // the others follow the game's state
  document.body.classList.toggle("mode-solo", message.kind === "solo");
  document.body.classList.toggle("mode-friend", message.kind === "friend");
  document.body.classList.toggle("spectating", message.player === null);
  if (message.kind !== "solo" || message.player === null) showTree(false);  // for games against the computer
  const inviting = message.kind === "friend" && message.player !== null;
  $("invite").hidden = !inviting;
  $("invite-link").value = inviting ? `${location.origin}/play/${message.room}` : "";
  showMessage(app.note);
  app.note = "";
  describeSettings();
  answered(message);
}

function showError(message) {
  try {
    refused(message);
  } finally {
    // After what it asks again (a request made meanwhile is the one waited for).
    if (message.ask !== undefined) answered(message);
    else if (message.code === "rate" && app.awaited) {
      app.awaited = 0;  // refused before it was read: the request waited for may be among them
      settle();
    }
  }
}

function refused(message) {
  if (message.code === "gone" && app.resuming) {
    const wasSolo = location.pathname === "/";
    app.resuming = null;
    if (wasSolo) {
      // The game this browser kept is gone (forgotten while idle, or a server restarted without
      // Redis): a new one starts, and the page says so once it is in place.
      localStorage.removeItem(SOLO_KEY);
      app.note = t("Your last game is no longer on the server: a new one has started.");
      newSolo();
      return;
    }
    leaveGame(t(message.message, message.params || {}));  // an invite link to a game gone
    return;
  }
  if (message.code === "bad_token" && app.resuming) {
    if (app.seat && app.seat.room === app.resuming) {
      forgetSeatToken(app.resuming, app.seat.token);  // not a seat of this room (any more)
      releaseSeat();
      resume();  // another seat this browser has, else the free seat or watching
    } else {
      askForRoom({ t: "join", room: app.resuming }, false);
    }
    return;
  }
  if (message.code === "stale") return;  // the board changed under a click: the new one is on its way
  if (message.code === "hint_busy") return;  // a hint asked again while the last one ends: on its way
  if (message.code === "busy" && app.resuming) {
    // The server could not take the page back just now: it says so and tries again itself.
    setTimeout(() => { if (app.resuming) resume(); }, RETRY_MS);
  }
  showMessage(t(message.message, message.params || {}));
}

// The page in no game (an invite link to a game gone): it says why, the buttons that act on a
// game go, and New game (like Play the computer) starts one against the computer.
function leaveGame(why) {
  releaseSeat();
  Object.assign(app, {
    left: true, resuming: null, room: null, player: null, kind: null, view: null, hints: null,
    hintAsked: -1, progress: null,
  });
  if (location.pathname !== "/") history.replaceState(null, "", "/");
  closeResign(false);
  for (const mode of ["mode-solo", "mode-friend", "spectating"]) document.body.classList.remove(mode);
  document.body.classList.add("no-game");
  showTree(false);
  for (const id of ["undo", "redo", "hint", "rematch", "resign", "claim"]) $(id).disabled = true;
  $("invite").hidden = true;
  for (const id of ["hint-work", "suggestions-box", "legend", "hint-note"]) $(id).hidden = true;
  $("status").textContent = why;
  $("progress").textContent = "";
  $("score").textContent = "";
  showMessage("");
  describeSettings();
  announce(why);
}

function showMessage(text) {
  $("message").textContent = text;
}

// Why the custom board typed cannot be played, beside its fields (read out: role=alert). A field
// the browser itself finds out of its range carries the same sentence as its validation message,
// so that nothing shows or reads out the browser's own words for it (the fields are in no form:
// the browser shows no bubble of its own).
function showRefusal(text) {
  $("custom-message").textContent = text;
  for (const id of ["rows", "cols", "k"]) {
    const field = $(id);
    field.setCustomValidity("");
    if (text && !field.validity.valid) field.setCustomValidity(text);
  }
}

function announce(text) {
  $("announce").textContent = text;
}

function myMark(view) {
  return app.player ? view.marks[app.player] : null;
}

function opponentOf(player) {
  return player === "a" ? "b" : "a";
}

// The seat that plays ``mark`` in this game (the marks swap with each rematch, the seats stay).
function seatWith(view, mark) {
  return view.marks.a === mark ? "a" : "b";
}

// A player of a room with a friend as others know them: Player 1 made the room, Player 2 came
// by its link, whatever marks they play in this game.
function seatName(seat) {
  return seat === "a" ? t("Player 1") : t("Player 2");
}

function showState(view) {
  if (view.room !== app.room) return;
  if (app.view && app.view.game === view.game && app.view.version > view.version) return;
  const before = app.view;
  app.view = view;
  app.receivedAt = performance.now();
  if (!before || before.game !== view.game) app.hints = null;
  const thinkingKey = view.thinking ? `${view.game}:${view.moves.length}` : "";
  if (thinkingKey !== app.thinkingKey) {
    app.thinkingKey = thinkingKey;
    app.thinkingSince = performance.now();
  }
  if (!before && app.joined) syncSettings(view);
  render();
  speak(before, view);
  if (app.hintsOn) askHint();
}

function speak(before, view) {
  const moves = view.moves;
  if (moves.length) {
    const key = `${view.game}:${moves.length}`;
    const last = moves[moves.length - 1];
    if (before && before.game === view.game && app.announced !== key && before.moves.length < moves.length) {
      const mark = moves.length % 2 === 1 ? "X" : "O";
      announce(t("{mark} plays {cell}", { mark, cell: cellName(view.cols, last) }));
    }
    app.announced = key;
  }
  if (view.over && before && !before.over && before.game === view.game && app.finishedGame !== view.game) {
    app.finishedGame = view.game;
    const mine = myMark(view);
    if (view.winner === null) sound.play("draw");
    else if (mine === null || view.winner === mine) sound.play("win");
    else sound.play("lose");
    announce(statusText(view));
  }
}

// A custom board's fields, set to a game's board (a custom board is typed from there).
function showBoardFields({ rows, cols, k }) {
  $("rows").value = rows;
  $("cols").value = cols;
  $("k").value = k;
  describeSettings();
}

// The settings show the game the page is in (after a reload, or an invite link).
function syncSettings(view) {
  const preset = `${view.rows}x${view.cols}x${view.k}`;
  const presets = [...$("board-size").options].map((option) => option.value);
  $("board-size").value = presets.includes(preset) ? preset : "custom";
  $("custom").hidden = $("board-size").value !== "custom";
  showBoardFields(view);
  if (view.kind !== "solo") return;
  checkBoard().then(() => {
    if ([...$("level").options].some((option) => option.value === view.level)) $("level").value = view.level;
    describeLevel();
  });
  $("first").value = view.first;
  if (view.think_ms) {
    app.thinkValue = view.think_ms / 1000;
    $("think").value = String(app.thinkValue);
  }
}

// How the room names an ending -> the first part of its sentence's key (tictactoe.texts.sentences).
const ENDINGS = { win: "win", resign: "resignation", timeout: "forfeit" };

// The end-of-game sentence, the same as every front end's: the key picks the viewer's side.
function endingText(view, mine) {
  if (view.winner === null) return ending("draw");
  const how = ENDINGS[view.ended];
  const loser = view.winner === "X" ? "O" : "X";
  if (mine === null) {
    // A spectator is told who by name and mark: "Player 2 (O) resigned: Player 1 wins this game."
    const names = { name: seatName(seatWith(view, view.winner)), loser_name: seatName(seatWith(view, loser)) };
    return ending(`${how}.named`, { mark: view.winner, loser, ...names });
  }
  const side = view.winner === mine ? "won" : "lost";
  return ending(`${how}.${side}.${view.kind === "solo" ? "computer" : "friend"}`);
}

function statusText(view) {
  const mine = myMark(view);
  if (view.over) return endingText(view, mine);
  if (view.thinking) return t("The computer is thinking…");
  if (view.kind === "friend" && !view.seats.b.taken) return t("Waiting for your friend to open the link…");
  if (mine === null) return t("{name} ({mark}) to move", { name: seatName(seatWith(view, view.turn)), mark: view.turn });
  if (view.turn === mine) return t("Your move ({mark})", { mark: mine });
  return t("Your friend's move ({mark})", { mark: view.turn });
}

function render() {
  const view = app.view;
  if (!view) return;
  const mine = myMark(view);
  app.board.build(view.rows, view.cols);
  const marks = new Map(view.moves.map((cell, index) => [cell, index % 2 === 0 ? "X" : "O"]));
  const myTurn = !view.over && mine !== null && view.turn === mine && !view.thinking
    && (view.kind === "solo" || view.seats.b.taken) && !starting();
  const playable = new Set();
  if (myTurn) {
    for (let cell = 0; cell < view.rows * view.cols; cell += 1) if (!marks.has(cell)) playable.add(cell);
  }
  app.board.draw({
    marks,
    last: view.moves.length ? view.moves[view.moves.length - 1] : null,
    lines: view.lines,
    playable,
    hints: app.hintsOn && myTurn ? hintMap(view) : null,
  });
  const status = $("status");
  status.textContent = statusText(view);
  status.classList.toggle("thinking", Boolean(view.thinking));
  const won = view.over && mine !== null && view.winner !== null;
  status.classList.toggle("won", won && view.winner === mine);
  status.classList.toggle("lost", won && view.winner !== mine);
  if (mine === null) status.append(" ", statusPart("watching", t("Watching")));
  const away = awayNote(view, mine);
  if (away) status.append(" ", statusPart("away", away));  // on a line of its own, under it
  renderZoom(view);
  renderScore(view);
  renderButtons(view, mine);
  renderHintNote(view, myTurn);
  renderInvite(view);
  renderProgress();
  app.tree.follow(view);
}

// A part of the status line, styled by its class: the Watching label, who has left.
function statusPart(kind, text) {
  const part = document.createElement("span");
  part.className = kind;
  part.textContent = text;
  return part;
}

// How the computer thinks: the panel beside the board opens and closes; it follows the game.
// Closed from inside it, the focus goes back to the button that opened it.
function showTree(open) {
  const was = app.tree.open;
  const inside = app.tree.section.contains(document.activeElement);
  if (open) app.tree.show();
  else app.tree.hide();
  document.body.classList.toggle("tree-open", open);
  $("tree-open").setAttribute("aria-expanded", String(open));
  if (open) app.tree.follow(app.view);
  else if (was && inside) $("tree-open").focus();
}

// Until the friend comes the link is an invitation; then it lets others watch.
function renderInvite(view) {
  if (view.kind !== "friend") return;
  const full = view.seats.b.taken;
  $("invite").classList.toggle("shared", full);  // on a phone, under the board from now on
  $("invite-title").textContent = full ? t("Watch this game") : t("Invite a friend");
  $("invite-note").textContent = full ? t("Anyone who opens this link watches the game.")
    : t("Send this link to your friend. Anyone else who opens it watches.");
}

// The score of the room, kept by seat: against the computer "You 1 · computer 0"; with a friend
// each player's mark in this game beside them (the marks swap with each rematch, the score stays
// with the player): "You (O) 1 · your friend (X) 0 · draws 0" for a player, "Player 1 (O) 1 ·
// Player 2 (X) 0 · draws 0" for a spectator.
function renderScore(view) {
  const { a, b, draws } = view.score;
  let text;
  if (view.kind === "solo") text = t("You {wins} · computer {losses} · draws {draws}", { wins: a, losses: b, draws });
  else if (app.player === null) {
    text = t("{first} ({first_mark}) {first_wins} · {second} ({second_mark}) {second_wins} · draws {draws}", {
      first: seatName("a"), first_mark: view.marks.a, first_wins: a,
      second: seatName("b"), second_mark: view.marks.b, second_wins: b, draws,
    });
  } else {
    const me = app.player;
    const other = opponentOf(me);
    text = t("You ({mark}) {you} · your friend ({friend_mark}) {friend} · draws {draws}", {
      mark: view.marks[me], you: view.score[me], friend_mark: view.marks[other], friend: view.score[other], draws,
    });
  }
  $("score").textContent = text;
}

function renderButtons(view, mine) {
  $("undo").disabled = !view.can_undo;
  $("redo").disabled = !view.can_redo;
  $("hint").setAttribute("aria-pressed", String(app.hintsOn));
  const rematch = $("rematch");
  const offered = app.player !== null && view.rematch.includes(app.player);
  const asked = app.player !== null && view.rematch.includes(opponentOf(app.player));
  rematch.disabled = !view.over || offered;
  rematch.textContent = offered ? t("Rematch offered") : asked ? t("Accept the rematch") : t("Rematch");
  $("resign").disabled = view.over || mine === null || !view.seats.b.taken;
  if ($("resign").disabled) closeResign(false);
}

// Resigning is asked twice: "Give up this game?", with keeping playing the first answer.
function askResign() {
  $("controls").hidden = true;
  $("resign-confirm").hidden = false;
  $("resign-no").focus();
}

function closeResign(focus = true) {
  if ($("resign-confirm").hidden) return;
  $("resign-confirm").hidden = true;
  $("controls").hidden = false;
  if (focus) $("resign").focus();
}

// Who has left a game with a friend, said after the status: to the other player with when they
// may claim the win (the Claim button shows from then), to a spectator by name and mark;
// "" while both are there.
function awayNote(view, mine) {
  const claim = $("claim");
  claim.hidden = true;
  if (view.kind !== "friend" || view.over || !view.seats.b.taken) return "";
  const gone = (seat) => !view.seats[seat].online && view.seats[seat].away !== null;
  if (mine === null) {
    return ["a", "b"].filter(gone)
      .map((seat) => t("{name} ({mark}) has left.", { name: seatName(seat), mark: view.marks[seat] }))
      .join(" ");
  }
  const other = opponentOf(app.player);
  if (!gone(other)) return "";
  const away = view.seats[other].away + (performance.now() - app.receivedAt) / 1000;
  const wait = Math.ceil(view.claim_after - away);
  if (wait > 0) return t("Your friend has left. You can claim the win in {seconds} s.", { seconds: wait });
  claim.hidden = false;
  return t("Your friend has left. You can wait for them or claim the win.");
}

function renderHintNote(view, myTurn) {
  const legend = $("legend");
  const note = $("hint-note");
  const box = $("suggestions-box");
  legend.hidden = true;
  note.hidden = true;
  box.hidden = true;
  const current = hintsFor(view) !== null;
  $("hint-work").hidden = !(app.hintsOn && myTurn && !current && pendingHint(view));
  $("hint-stop").hidden = view.exact;  // the exact solver cannot be stopped (and is quick)
  if (!app.hintsOn || !myTurn || !current) return;
  if (app.hints.unavailable) {
    note.textContent = t(app.hints.unavailable);
    note.hidden = false;
  } else if (app.hints.suggestions) {
    renderSuggestions(view, app.hints);
    box.hidden = false;
  } else {
    $("legend-title").textContent = t("Hints for {mark}:", { mark: view.turn });
    legend.hidden = false;
  }
}

// A big board's hint: the engine's best moves, best first, with what each leads to (or the
// best moves exact play proved, one at a time, where it cannot value every move).
function renderSuggestions(view, hints) {
  const proved = hints.suggestions.length > 0 && hints.suggestions.every((s) => s.exact);
  $("suggestions-title").textContent = proved
    ? t("Hint, if both sides play their best:")
    : hints.stopped
      ? t("Stopped early: the best moves found so far, best first:")
      : t("The best moves {level} finds in {seconds} s, best first:", {
        level: thinkerTitle(), seconds: view.think_ms / 1000,
      });
  const list = $("suggestions");
  list.replaceChildren();
  for (const suggestion of hints.suggestions) {
    const item = document.createElement("li");
    let text = `${cellName(view.cols, suggestion.cell)}: ${verdictText(suggestion)}`;  // the list numbers it
    if (suggestion.line.length > 1) {
      text += ` (${t("expected: {line}", { line: lineText(view.cols, suggestion.line) })})`;
    }
    item.textContent = text;
    item.className = `verdict-${suggestion.verdict}`;
    list.append(item);
  }
}

// What a suggested move leads to, for the person, in the words every front end uses
// (tictactoe.texts.sentences.verdict): the engine's verdict, or a proved result in the winner's moves.
function verdictText(suggestion) {
  const moves = suggestion.moves;
  switch (suggestion.verdict) {
    case "winning":
      if (!moves) return t("a forced win for you");
      return moves === 1 ? t("you win with this move")
        : tn("you win in {count} of your moves", "you win in {count} of your moves", moves);
    case "losing":
      if (!moves) return t("a forced loss for you");
      return moves === 1 ? t("the computer wins with its next move")
        : tn("the computer wins in {count} of its moves", "the computer wins in {count} of its moves", moves);
    case "better": return t("better for you");
    case "worse": return t("worse for you");
    default: return t("about equal");
  }
}

function lineText(cols, line) {
  const names = line.slice(0, LINE_SHOWN).map((cell) => cellName(cols, cell)).join(" ");
  return line.length > LINE_SHOWN ? `${names} …` : names;
}

// A hint asked for this position and not answered yet.
function pendingHint(view) {
  return app.hintAsked === `${view.game}:${view.moves.length}`;
}

// What a search has found so far and how long it has taken: "depth 6 · h8 i9 j10 · 3 s".
// While the computer thinks (or a hint searches): how long, of how long it may ("1.2 s of 3 s"),
// as every front end says it; with the analysis on, the depth it has searched and the line it
// expects, then the time.
function progressText(of, view, since) {
  const seconds = (performance.now() - since) / 1000;
  const report = app.progress;
  const current = report && report.of === of && report.game === view.game
    && report.ply === view.moves.length;
  if (app.analysis && current) {
    const parts = [t("depth {depth}", { depth: report.depth })];
    if (report.line.length) parts.push(lineText(view.cols, report.line));
    parts.push(secondsText(seconds, 1, true));
    return parts.join(" · ");
  }
  if (seconds < DETAIL_AFTER) return "";
  const timed = of === "hint" || levelThinks(view.level);
  const spent = secondsText(seconds, 1, true);
  if (!timed || !view.think_ms) return spent;
  return t("{elapsed} of {limit}", { elapsed: spent, limit: secondsText(view.think_ms / 1000, 2) });
}

// A duration as the windows write it: "0.25 s", "2 s", a decimal comma where the language has one.
function secondsText(value, decimals, fixed = false) {
  let number = value < 10 ? value.toFixed(decimals) : value.toFixed(0);
  if (!fixed && number.includes(".")) number = number.replace(/\.?0+$/, "");
  if (DECIMAL_COMMA.has(language())) number = number.replace(".", ",");
  return t("{seconds} s", { seconds: number });
}

// True for a level that thinks for the thinking time (Expert).
function levelThinks(level) {
  return levels().find((entry) => entry.name === level)?.thinks === true;
}

// Big boards can be zoomed (cells a finger can hit on a phone) and panned in their frame.
function renderZoom(view) {
  const big = !isClassic(view.rows, view.cols);
  $("zoom").hidden = !big;
  const zoomed = big ? ZOOMS[app.zoom] : 0;
  $("board").style.setProperty("--zoomed", `${zoomed}px`);
  $("zoom-in").disabled = app.zoom >= ZOOMS.length - 1;
  $("zoom-out").disabled = app.zoom <= 0;
}

function zoom(step) {
  app.zoom = Math.max(0, Math.min(ZOOMS.length - 1, app.zoom + step));
  if (app.view) renderZoom(app.view);
}

// The progress line under the status (the computer's move) and the pending hint's note.
function renderProgress() {
  const view = app.view;
  if (!view) return;
  $("progress").textContent = view.thinking && !view.over ? progressText("move", view, app.thinkingSince) : "";
  if (!$("hint-work").hidden) {
    const found = progressText("hint", view, app.hintSince);
    $("hint-progress").textContent = found ? `${t("Working out hints…")} ${found}` : t("Working out hints…");
  }
}

function showProgress(message) {
  app.progress = message;
  renderProgress();
}

// The hints worked out for this very position (its game and move), or null.
function hintsFor(view) {
  const hints = app.hints;
  return hints && hints.game === view.game && hints.ply === view.moves.length ? hints : null;
}

// Hints come as a value per cell (exact play) or as suggested moves with a label (big boards).
function hintMap(view) {
  const hints = hintsFor(view);
  if (!hints) return null;
  const map = new Map();
  for (const hint of hints.cells || []) {
    const text = { win: t("wins"), draw: t("draws"), loss: t("loses") }[hint.value];
    const label = hint.moves === null
      ? t("hint: {value}", { value: text })
      : t("hint: {value}, the winner's moves left: {moves}", { value: text, moves: hint.moves });
    map.set(hint.cell, { kind: `hint-${hint.value}`, badge: hint.moves === null ? "" : String(hint.moves), label });
  }
  const tones = {
    winning: "hint-win", better: "hint-better", equal: "hint-draw", worse: "hint-worse", losing: "hint-loss",
  };
  (hints.suggestions || []).forEach((suggestion, index) => {
    const rank = index + 1;
    map.set(suggestion.cell, {
      kind: `suggested ${tones[suggestion.verdict] || "hint-draw"}`,
      badge: String(rank),
      label: t("suggested move {rank}: {verdict}", { rank, verdict: verdictText(suggestion) }),
    });
  });
  return map;
}

function showHint(message) {
  if (!app.view || message.game !== app.view.game) return;  // a hint for a game gone since
  app.hints = message;
  render();
}

function askHint() {
  const view = app.view;
  if (!view || view.kind !== "solo" || view.over || view.thinking || app.player === null) return;
  if (view.turn !== myMark(view) || starting()) return;  // not for a game about to be left
  if (pendingHint(view)) return;
  app.hintAsked = `${view.game}:${view.moves.length}`;
  app.hintSince = performance.now();
  send({ t: "hint" });
  render();  // "Working out hints…" and Stop show now, while it searches (render draws them)
}

// --- wiring --------------------------------------------------------------------------------

function onConnection(status) {
  if (status === "lost") showMessage(t("Connection lost: reconnecting…"));
  if (status === "open" && $("message").textContent === t("Connection lost: reconnecting…")) showMessage("");
}

function wire() {
  app.board = new BoardView($("board"), {
    onPlay: (cell) => {
      if (!app.view) return;
      showMessage("");
      send({ t: "move", cell, ply: app.view.moves.length });
    },
  });
  $("board-size").addEventListener("change", () => {
    $("custom").hidden = $("board-size").value !== "custom";
    describeSettings();
    if ($("board-size").value === "custom") {
      if (app.view) showBoardFields(app.view);  // the board on screen (the levels follow it)
      return;
    }
    if (app.kind === "solo") startGame(newSolo);
    else checkBoard();
  });
  // A custom board's fields are edited freely: leaving one only checks the board as typed.
  $("custom-play").addEventListener("click", playCustom);
  for (const id of ["rows", "cols", "k"]) {
    $(id).addEventListener("change", checkTyped);
    $(id).addEventListener("input", describeSettings);
    $(id).addEventListener("keydown", (event) => {
      if (event.key !== "Enter" || event.isComposing) return;
      event.preventDefault();
      playCustom();
    });
  }
  $("level").addEventListener("change", () => {
    localStorage.setItem(LEVEL_KEY, $("level").value);
    app.standIn = null;
    describeLevel();
    if (app.kind === "solo" && app.player) send({ t: "level", level: $("level").value });
  });
  $("first").addEventListener("change", () => {
    localStorage.setItem(FIRST_KEY, $("first").value);
    if (app.kind === "solo" && app.player) send({ t: "first", first: $("first").value });
  });
  $("play-computer").addEventListener("click", () => playFromSettings(newSolo));
  $("play-friend").addEventListener("click", () => playFromSettings(newFriendRoom));
  $("new-game").addEventListener("click", () => (app.room ? send({ t: "new" }) : startGame(newSolo)));
  $("undo").addEventListener("click", () => send({ t: "undo" }));
  $("redo").addEventListener("click", () => send({ t: "redo" }));
  $("rematch").addEventListener("click", () => send({ t: "rematch" }));
  $("resign").addEventListener("click", askResign);
  $("resign-no").addEventListener("click", () => closeResign());
  $("resign-yes").addEventListener("click", () => {
    closeResign(false);
    send({ t: "resign" });
  });
  $("resign-confirm").addEventListener("keydown", (event) => {
    if (event.key === "Escape") closeResign();
  });
  $("claim").addEventListener("click", () => send({ t: "claim" }));
  $("hint").addEventListener("click", () => {
    app.hintsOn = !app.hintsOn;
    if (!app.hintsOn && app.view && pendingHint(app.view)) {
      send({ t: "stop" });  // no one is waiting for it any more
      app.hintAsked = -1;
    }
    render();
    if (app.hintsOn) askHint();
  });
  $("hint-stop").addEventListener("click", () => send({ t: "stop" }));
  app.tree = new TreePanel({ onClose: () => showTree(false) });
  $("tree-open").addEventListener("click", () => showTree(!app.tree.open));
  $("analysis").checked = app.analysis;
  $("analysis").addEventListener("change", () => {
    app.analysis = $("analysis").checked;
    localStorage.setItem(ANALYSIS_KEY, app.analysis ? "on" : "off");
    renderProgress();
  });
  $("zoom-in").addEventListener("click", () => zoom(1));
  $("zoom-out").addEventListener("click", () => zoom(-1));
  $("think").addEventListener("change", changeThink);
  $("copy").addEventListener("click", async () => {
    const field = $("invite-link");
    try {
      await navigator.clipboard.writeText(field.value);
    } catch {
      field.select();
      document.execCommand("copy");
    }
    $("copy").textContent = t("Copied!");
    setTimeout(() => { $("copy").textContent = t("Copy link"); }, 2000);
  });
  $("sound").addEventListener("click", () => {
    sound.setSound(!sound.soundOn());
    $("sound").setAttribute("aria-pressed", String(sound.soundOn()));
  });
  $("sound").setAttribute("aria-pressed", String(sound.soundOn()));
  $("language").addEventListener("change", async () => {
    await loadLanguage($("language").value);
    translatePage();
    fillLanguages();
    fillLevels($("level").value);  // a language moves no level: the one chosen stays
    // A refusal on screen is said again in the new language.
    if ($("custom-message").textContent) checkTyped();
    if ($("think-message").textContent) $("think-message").textContent = thinkRefusal();
    app.tree.reload();
    render();
  });
  document.addEventListener("pointerdown", () => { app.pressing = true; }, true);
  const released = () => {
    app.pressing = false;
    if (!app.checkAfterPress) return;
    app.checkAfterPress = false;
    setTimeout(checkTyped, 0);  // after the click the press makes
  };
  document.addEventListener("pointerup", released, true);
  document.addEventListener("pointercancel", released, true);
  window.addEventListener("popstate", () => resume());
  // A window turned or resized to a phone's width folds the settings; to a desktop's, opens them.
  PHONE.addEventListener("change", foldSettings);
  setInterval(() => { if (app.view && app.view.kind === "friend" && !app.view.over) render(); }, 1000);
  setInterval(renderProgress, 250);
}

async function start() {
  foldSettings();  // before the page is first drawn: on a phone the board comes first from the start
  await loadLanguage(preferredLanguage(LANGUAGE_CODES));
  translatePage();
  fillLanguages();
  const first = localStorage.getItem(FIRST_KEY);
  if (first) $("first").value = first;
  const think = Number(localStorage.getItem(THINK_KEY));
  if (think > 0) {
    app.thinkValue = think;
    $("think").value = String(think);
  }
  await checkBoard();
  wire();
  app.link = new Link({ onMessage, onStatus: onConnection, onOpen: reconnected });
}

start();
