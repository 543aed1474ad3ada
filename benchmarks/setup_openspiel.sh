#!/bin/sh
# Create benchmarks/.venv-openspiel with OpenSpiel's Python API (pyspiel), for bench_playouts.py only.
# OpenSpiel is never a dependency of cardtable itself.  OPENSPIEL_VENV=DIR puts the environment elsewhere.
set -e
here=$(cd "$(dirname "$0")" && pwd)
venv="${OPENSPIEL_VENV:-$here/.venv-openspiel}"
PYTHON=${PYTHON:-python3}
if [ ! -x "$venv/bin/python" ]; then
    "$PYTHON" -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check open-spiel
"$venv/bin/python" -c "import pyspiel; print('pyspiel', pyspiel.__file__)"
