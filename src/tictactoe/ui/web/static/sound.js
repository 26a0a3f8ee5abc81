// The end-of-game sounds (the WAVs the desktop games play), with a mute switch that is remembered.

const KEY = "tictactoe.session.sound";
const files = { win: "/sounds/win.wav", lose: "/sounds/lose.wav", draw: "/sounds/draw.wav" };
const cache = {};

export function soundOn() {
  return localStorage.getItem(KEY) !== "off";
}

export function setSound(on) {
  localStorage.setItem(KEY, on ? "on" : "off");
}

/** Play ``name`` (win, lose or draw) unless muted; a browser that refuses is left alone. */
export function play(name) {
  if (!soundOn() || !files[name]) return;
  cache[name] = cache[name] || new Audio(files[name]);
  const audio = cache[name];
  audio.currentTime = 0;
  audio.play().catch(() => {});
}
