"""Games between computer players: :mod:`.arena` (matches, counted), :mod:`.tournament`
(round robins with standings and ratings) and :mod:`.workers` (the worker processes they
run on)."""
