"""A form post that makes a ruling is done once: the same post again (Back to the page,
then the same button; a double tap) leads to the ruling the first one made.

A page where a case is entered carries a one-time value of its own (`new_form_id`) in its
address and in its form, kept from tap to tap, so that Back gives the same page with the
same value; a post that rules is known by that value and the case it posts
(`DoneForms.key`). A decision answered on a ruling's page is known by the ruling, the
version it was answered on and the answer.

The app keeps the posts done in memory, the latest `KEEP` of them: a restarted server
no longer knows the posts made before it (the log still refuses an answer to a version
that is no longer the latest).
"""

from __future__ import annotations

import asyncio
import hashlib
import secrets
from collections import OrderedDict
from collections.abc import Awaitable, Callable

__all__ = ["DoneForms", "new_form_id", "form_id", "KEEP"]

#: How many posts done the app remembers (a session makes a few hundred rulings).
KEEP = 4096
_ID_LENGTH = 16


def new_form_id() -> str:
    """A fresh one-time value for a page's form."""
    return secrets.token_urlsafe(12)[:_ID_LENGTH]


def form_id(value: str | None) -> str | None:
    """``value`` when it is a form's one-time value as `new_form_id` makes them, else
    None (an address typed or changed by hand)."""
    if value and len(value) == _ID_LENGTH and value.isascii() \
            and all(c.isalnum() or c in "-_" for c in value):
        return value
    return None


class DoneForms:
    """The posts done (a key each, `key`) and the ruling each made; a post still being
    done is waited for, so two taps at once make one ruling."""

    def __init__(self, keep: int = KEEP) -> None:
        self.keep = keep
        self._done: OrderedDict[str, asyncio.Future[int] | int] = OrderedDict()

    @staticmethod
    def key(*parts: object) -> str:
        """The key of a post: a digest of what identifies it."""
        return hashlib.sha256("\x1f".join(map(str, parts)).encode()).hexdigest()

    def made(self, key: str) -> int | None:
        """The ruling the post ``key`` made, when it is done."""
        seen = self._done.get(key)
        return seen if isinstance(seen, int) else None

    async def once(self, key: str | None, make: Callable[[], Awaitable[int]]) -> int:
        """The ruling the post ``key`` made: ``make`` is run the first time (its ruling
        kept), and a post with the same key gets that ruling without running it again.
        A ``make`` that fails leaves the key unused. No key: ``make`` is run."""
        if key is None:
            return await make()
        seen = self._done.get(key)
        if isinstance(seen, int):
            return seen
        if seen is not None:  # the same post, still being done
            try:
                return await asyncio.shield(seen)
            except Exception:  # it failed there: try here
                return await self.once(key, make)
        pending: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        self._done[key] = pending
        try:
            made = await make()
        except BaseException as exc:
            self._done.pop(key, None)
            pending.set_exception(exc if isinstance(exc, Exception) else RuntimeError("gone"))
            pending.exception()  # retrieved: no warning when nobody waited for it
            raise
        self._done[key] = made
        pending.set_result(made)
        while len(self._done) > self.keep:
            self._done.popitem(last=False)
        return made
