"""python -m handfoot.simulate VARIANT_OR_YAML --games N --seed S [--jobs J] [--json]"""

from handfoot.simulate.cli import main

raise SystemExit(main())
