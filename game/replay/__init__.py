"""The replay viewer: the cursor over a finished deal's log, the source that feeds the table
from it, the viewer scene with its control bar and side panel, the narration, the analysis
of each decision, the files a replay can open, and play on from a step."""
