"""Fixtures for the table app: the app behind its guard, driven in-process."""

from __future__ import annotations

import warnings

import pytest

from td_plugin.cases.log import RulingLog
from td_plugin.host.manager import PluginHost
from td_plugin.serve.app import AppConfig, create_app

TOKEN = "test-token-0123456789"

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
