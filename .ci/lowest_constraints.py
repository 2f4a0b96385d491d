"""Print pip constraints pinning every dependency of pyproject.toml at its declared floor.

    python .ci/lowest_constraints.py > lowest.txt
    pip install -e ".[train,dev]" -c lowest.txt

A requirement ``name>=X`` becomes ``name==X``. torch is left out: its floor's PyPI build for
Linux is the CUDA one (gigabytes); the CPU build installed first (``torch==2.13.0``) stays.
"""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

SKIPPED = ("torch",)  # kept at the CPU build the CI installs first
FLOOR = re.compile(r"^\s*([A-Za-z0-9_.\-]+)(\[[^\]]*\])?\s*>=\s*([0-9][^,;\s]*)")


def floors(pyproject: Path) -> dict[str, str]:
    """Every ``name>=version`` requirement of the project and its extras."""
    project = tomllib.loads(pyproject.read_text())["project"]
    requirements = list(project.get("dependencies", []))
    for extra in project.get("optional-dependencies", {}).values():
        requirements.extend(extra)
    pins: dict[str, str] = {}
    for requirement in requirements:
        match = FLOOR.match(requirement)
        if match and match.group(1).lower() not in SKIPPED:
            pins[match.group(1).lower()] = match.group(3)
    return pins


def main() -> int:
    """Write the constraints to stdout."""
    root = Path(__file__).resolve().parent.parent
    for name, version in sorted(floors(root / "pyproject.toml").items()):
        print(f"{name}=={version}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
