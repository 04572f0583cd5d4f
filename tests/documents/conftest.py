"""A LibreOffice reader shared by the whole session (soffice starts once, ~2 s)."""

from __future__ import annotations

import json
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import missing_dependency

WORKER = Path(__file__).with_name("uno_worker.py")
SYSTEM_PYTHON = "/usr/bin/python3"


class LibreOffice:
    def __init__(self, process: subprocess.Popen[str]) -> None:
        self.process = process

    def read(self, path: Path, mode: str = "none") -> dict:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps({"path": str(path), "mode": mode}) + "\n")
        self.process.stdin.flush()
        answer = json.loads(self.process.stdout.readline())
        assert "error" not in answer, answer
        return answer

    def author(self, path: Path, out: Path, steps: list[dict]) -> None:
        """Edit ``path`` with LibreOffice's change recording on (each step by its author), save to ``out``."""
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps({"path": str(path), "out": str(out), "mode": "author", "steps": steps}) + "\n")
        self.process.stdin.flush()
        answer = json.loads(self.process.stdout.readline())
        assert answer == {"ok": True}, answer

    def paragraphs(self, path: Path, mode: str = "none") -> list[str]:
        return self.read(path, mode)["paragraphs"]


@pytest.fixture(scope="session")
def libreoffice() -> Iterator[LibreOffice]:
    if not shutil.which("soffice"):
        missing_dependency("LibreOffice is not installed: apt-get install libreoffice-writer-nogui python3-uno")
    probe = subprocess.run([SYSTEM_PYTHON, "-c", "import uno"], capture_output=True, check=False)
    if probe.returncode != 0:
        missing_dependency("python3-uno is not installed: apt-get install python3-uno")
    process = subprocess.Popen(
        [SYSTEM_PYTHON, str(WORKER)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
    )
    assert process.stdout is not None
    ready = process.stdout.readline()
    assert json.loads(ready) == {"ready": True}
    try:
        yield LibreOffice(process)
    finally:
        assert process.stdin is not None
        process.stdin.close()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
