"""The end of a deal: the score panel (``panel``), the score sheet of the match (``sheet``)
and the match's length in words (``length``)."""
