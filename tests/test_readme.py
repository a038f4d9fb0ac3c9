"""The README's promises: it opens with the two commands, and the report it shows is what
the first one prints."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
README = (REPO / "README.md").read_text(encoding="utf-8")

#: the first command as a fresh install runs it: without the optional dds extra
_WITHOUT_DDS = ("import sys; sys.modules['endplay'] = None; "
                "sys.argv = ['td-plugin', 'audit', 'examples/club_session.pbn']; "
                "from td_plugin.cli import console; sys.exit(console())")


def test_the_readme_opens_with_the_two_commands() -> None:
    blocks = re.findall(r"```sh\n(.*?)```", README, re.S)
    assert blocks[:2] == ["pip install . && td-plugin audit examples/club_session.pbn\n",
                          "pip install '.[test,dds]' && python -m pytest\n"]


def test_the_readme_shows_what_the_first_command_prints() -> None:
    done = subprocess.run([sys.executable, "-c", _WITHOUT_DDS], capture_output=True,
                          text=True, cwd=REPO, timeout=120)
    assert done.returncode == 1, done.stderr  # the session has findings
    shown = README.split("The first command above prints this", 1)[1]
    shown = shown.split("```\n", 1)[1].split("```", 1)[0]
    assert shown == done.stdout
