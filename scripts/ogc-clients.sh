#!/usr/bin/env bash
# The OGC API clients the server's tests read it with, beside GDAL's OAPIF driver (Debian's gdal-bin,
# scripts/install-deps.sh): OWSLib (PyPI) in a venv of its own, .build/ogc-clients-venv, so that it
# never mixes with Debian's Python packages. Called by scripts/install-deps.sh; does nothing when
# the venv already holds the version asked for.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=.build/ogc-clients-venv
owslib=0.35.0
if ! "$venv/bin/python" -c "import owslib, sys; sys.exit(owslib.__version__ != '$owslib')" 2>/dev/null; then
  python3 -m venv --clear "$venv" 2>/dev/null || {
    # Debian's python3 makes venvs only with python3-venv.
    SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO=sudo
    $SUDO apt-get update && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y python3-venv
    python3 -m venv --clear "$venv"
  }
  "$venv/bin/pip" install --quiet "OWSLib==$owslib"
fi
