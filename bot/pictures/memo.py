"""A small least-recently-used memo, shared by the drawing caches (text, side cards).

Rendering may run in a worker thread, so it is thread-safe; a call whose key cannot be
hashed (OpenType features come as a list) is computed and not remembered.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

_MISSING = object()


class Memo:
    """Up to `size` answers, the least recently used forgotten first."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._items: OrderedDict[Any, Any] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Any, compute: Callable[[], Any]) -> Any:
        try:
            with self._lock:
                value = self._items.get(key, _MISSING)
                if value is not _MISSING:
                    self._items.move_to_end(key)
                    return value
        except TypeError:
            return compute()
        value = compute()
        with self._lock:
            self._items[key] = value
            if len(self._items) > self._size:
                self._items.popitem(last=False)
        return value
