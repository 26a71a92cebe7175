import sys

from .app import main

sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else None))
