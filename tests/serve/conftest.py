"""Fixtures for the table app: the app behind its guard, driven in-process."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest

from td_plugin.host import PluginHost
from td_plugin.ruling_log import RulingLog
from td_plugin.serve.app import AppConfig, create_app

if TYPE_CHECKING:
    from playwright.sync_api import Browser

TOKEN = "test-token-0123456789"
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update",
                  "--disable-sync"]

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient


@pytest.fixture
def log(tmp_path):
    with RulingLog(tmp_path / "rulings.sqlite") as log:
        yield log


@pytest.fixture
def client(log):
    app = create_app(AppConfig(log=log, host=PluginHost(load_entrypoints=False), token=TOKEN))
    with TestClient(app, base_url="http://testserver") as c:
        yield c


@pytest.fixture
def auth():
    return {"Authorization": f"Bearer {TOKEN}"}


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """Debian's Chromium driven by Playwright, one for every browser test of a worker."""
    from playwright.sync_api import sync_playwright

    from tests.browser import require_chromium

    executable = require_chromium()
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=executable, args=CHROMIUM_FLAGS)
        yield b
        b.close()
