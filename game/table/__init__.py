"""The table scene: layout, card sprites, drag and drop, dialogs and the score panel."""
