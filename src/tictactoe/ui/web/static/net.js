// The WebSocket to the server: JSON messages, reconnecting by itself after a network loss.

export class Link {
  constructor({ onMessage, onStatus, onOpen }) {
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.onOpen = onOpen;
    this.socket = null;
    this.delay = 500;
    this.queue = [];
    this.connect();
  }

  connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}/ws`);
    this.socket = socket;
    this.onStatus("connecting");
    socket.addEventListener("open", () => {
      this.delay = 500;
      this.onStatus("open");
      this.onOpen();
      for (const message of this.queue.splice(0)) socket.send(message);
    });
    socket.addEventListener("message", (event) => {
      let data;
      try {
        data = JSON.parse(event.data);
      } catch {
        return;
      }
      this.onMessage(data);
    });
    socket.addEventListener("close", () => {
      if (this.socket !== socket) return;
      this.queue = [];  // moves meant for the old connection would be stale now
      this.onStatus("lost");
      setTimeout(() => this.connect(), this.delay);
      this.delay = Math.min(this.delay * 2, 8000);
    });
  }

  /** Send ``message`` now, or as soon as the connection is back. */
  send(message) {
    const text = JSON.stringify(message);
    if (this.socket && this.socket.readyState === WebSocket.OPEN) this.socket.send(text);
    else this.queue.push(text);
  }
}
