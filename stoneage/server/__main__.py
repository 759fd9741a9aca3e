"""``python -m stoneage.server``: the dedicated server (see ``stoneage.server``)."""

import sys

from stoneage.server import main

if __name__ == "__main__":
    sys.exit(main())
