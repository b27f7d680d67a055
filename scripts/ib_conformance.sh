#!/bin/sh
# Interface Builder conformance over a folder: see scripts/ib_conformance.py.
exec python3 "$(dirname "$0")/ib_conformance.py" "$@"
