"""A match against the bots: the controller that moves it forward (human commands, bots on
a worker, the steps the table shows) and the session around it (start, resume, autosave)."""
