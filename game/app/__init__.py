"""What every screen shares: the window and its frame loop (``window``), the images, fonts and
sounds (``assets``), the player's settings and folders, the interface's texts, the widgets,
the log and the version."""
