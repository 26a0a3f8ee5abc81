"""The browser game: ``tictactoe web`` serves the whole game as a web page.

The server carries moves, nothing else. Its parts, each a module:

* :mod:`.protocol` - the messages a page may send, each checked against a
  small schema before it touches a game;
* :mod:`.room` - a room: one :class:`~tictactoe.game.Game` at a time, the
  seats (a random token per seat, kept by the browser), the score, rematches;
* :mod:`.store` - where rooms live: in this process's memory, or in Redis
  (:mod:`.redis_store`) so that several processes serve the same rooms;
* :mod:`.engine` - the computer's moves and hints, computed off the event loop;
* :mod:`.server` - the Starlette app: the page, its translations, the
  WebSocket endpoint, limits and security headers;
* ``static/`` - the page itself: HTML, CSS and JavaScript modules, no build step.

Starlette, uvicorn and the Redis client come from the ``[web]`` extra.
"""
