"""``python -m handlog`` runs the command line."""

import sys

from handlog.cli.main import main

sys.exit(main())
