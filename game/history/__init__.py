"""The finished deals kept in the history folder (``archive``) and the statistics drawn from
them (``stats``)."""
