"""docs/python.md as written: its one-line check and its worked example, which draws the
doc's picture (into $BOARDLAB_PICTURES, else a scratch folder)."""
import os
import pathlib
import re
import subprocess
import sys

from conftest import REPO

DOC = (REPO / "docs" / "python.md").read_text()


def test_the_one_line_check():
    command = re.search(r"^\$ PYTHONPATH=build/python python3 -c \"(.*)\"$", DOC, re.M).group(1)
    out = subprocess.run([sys.executable, "-c", command], capture_output=True, text=True, check=True).stdout
    assert out == "True 30\n"


def test_the_worked_example_runs_and_draws_its_picture(tmp_path):
    example = DOC.split("## A worked example", 1)[1]
    code = re.search(r"```python\n(.*?)```", example, re.S).group(1)
    where = pathlib.Path(os.environ.get("BOARDLAB_PICTURES") or tmp_path)
    where.mkdir(parents=True, exist_ok=True)
    picture = where / "first-mover.png"
    picture.unlink(missing_ok=True)
    run = subprocess.run([sys.executable, "-c", code], cwd=where, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert "result:" in run.stdout
    won = re.search(r"first mover won (0\.\d+|1\.000) of (\d+) finished games", run.stdout)
    assert won and int(won.group(2)) >= 900, run.stdout[-300:]
    assert picture.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    assert (REPO / "docs" / "images" / "python-first-mover.png").exists()
