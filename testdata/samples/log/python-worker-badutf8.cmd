python3 worker.py, then two bytes changed: a Latin-1 "é" (0xE9) added to an info line and a cut "€" (0xE2 0x82) to a ValueError line, as logs written by mixed encodings or cut mid-character have
