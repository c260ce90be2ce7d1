"""Each game's presenter by the game's key, as the registry's games name them (Chicago
1927 has its own Discord layer, so none). Read on first use: a presenter draws pictures,
and `--help` or the bot's start should not load the picture library for it."""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from bot.games.presenter import Presenter
from bot.registry import GAMES


class _Presenters(Mapping[str, Presenter]):
    def __getitem__(self, key: str) -> Presenter:
        presenter = GAMES[key].presenter
        if presenter is None:
            raise KeyError(key)
        return presenter

    def __iter__(self) -> Iterator[str]:
        return (key for key, game in GAMES.items() if game.presenter is not None)

    def __len__(self) -> int:
        return sum(1 for _ in self)


PRESENTERS: Mapping[str, Presenter] = _Presenters()

__all__ = ["PRESENTERS"]
