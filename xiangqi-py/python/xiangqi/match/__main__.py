"""``python -m xiangqi.match``: see ``xiangqi.match.cli``."""

import sys

from xiangqi.match.cli import main

sys.exit(main())
