"""Online play, whatever carries it: rooms with seats and spectators, their stores, the
messages a client sends, and the computer's thinking on the server.

Nothing here draws or speaks HTTP: the web front end (:mod:`tictactoe.ui.web`)
puts a Starlette app and a WebSocket loop around it. Its parts, each a module:

* :mod:`.room` - a room: one :class:`~tictactoe.game.Game` at a time, the two
  seats (a random token per seat, kept by the browser), the score, rematches;
* :mod:`.store` - where rooms live: in this process's memory, or in Redis
  (:mod:`.redis_store`) so that several processes serve the same rooms, with
  the same atomic operations;
* :mod:`.protocol` - the messages a client may send, one typed value each, and
  their one :func:`~.protocol.parse`;
* :mod:`.thinking` - the computer's moves and hints as cancellable jobs in
  worker processes, shared fairly between games;
* :mod:`.lobby` - every client's messages acted on, one handler per type; a
  finished game goes to the one writer of finished games
  (:class:`~tictactoe.saved.writer.Writer`), as every front end's does;
* :mod:`.settings` - the server's limits, with the command-line options that
  change them.

A front end imports the modules it needs (``tictactoe.online.lobby``...).
"""
