"""Front ends: each draws a :class:`tictactoe.game.Game` and turns input into cells."""
