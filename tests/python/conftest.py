"""The Python module's tests (pytest): run by ctest as `python/pytest` with PYTHONPATH at the
build's python/ folder and BOARDLAB set to the build's program, against which the module's
games, seeds and results are compared."""
import os
import pathlib

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def boardlab_program():
    program = os.environ.get("BOARDLAB")
    if not program:
        pytest.skip("BOARDLAB (the path of the boardlab program) is not set")
    return program


def bundled_games():
    """Every bundled definition's name (rule test files left out)."""
    return sorted(p.stem for p in (REPO / "definitions").glob("*.yaml") if not p.name.endswith(".test.yaml"))
