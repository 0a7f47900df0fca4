#!/usr/bin/env bash
# The OGC API clients the server's tests read it with, beside GDAL's OAPIF driver (Debian's gdal-bin,
# scripts/install-deps.sh): OWSLib (PyPI) in a venv of its own, .build/ogc-clients-venv, and
# schemathesis (PyPI), which fuzzes /ogc/api (OGCSchemathesisTests; scripts/soak.sh for long runs),
# in .build/schemathesis-venv, so that neither mixes with Debian's Python packages nor with the
# other's dependencies. Called by scripts/install-deps.sh; does nothing when each venv already
# holds the version asked for.
set -euo pipefail
cd "$(dirname "$0")/.."

venv() {  # venv DIR PACKAGE VERSION: DIR holds PACKAGE==VERSION, made anew when it does not
  "$1/bin/python" -c "import importlib.metadata as m, sys; sys.exit(m.version('$2') != '$3')" 2>/dev/null && return
  python3 -m venv --clear "$1" 2>/dev/null || {
    # Debian's python3 makes venvs only with python3-venv.
    SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO=sudo
    $SUDO apt-get update && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y python3-venv
    python3 -m venv --clear "$1"
  }
  "$1/bin/pip" install --quiet "$2==$3"
}

venv .build/ogc-clients-venv OWSLib 0.35.0
venv .build/schemathesis-venv schemathesis 4.32.5
