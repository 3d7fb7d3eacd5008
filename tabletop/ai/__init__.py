"""Computer opponents, AI-vs-AI simulation and deck statistics; pure Python, no Qt or database."""
