"""`python -m tabletop` runs the command line (and, without arguments, the window)."""
from tabletop.app.cli import main

raise SystemExit(main())
