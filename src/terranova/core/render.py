"""A game's drawings: the render module its ``GameInfo.renderer`` names, loaded on demand
(the command line's ``terranova render`` and the web app's rules pages draw through it)."""

from __future__ import annotations

import importlib
from typing import Protocol, cast

from terranova.core.errors import TerranovaError
from terranova.core.registry import GameInfo
from terranova.core.state import State


class Renderer(Protocol):
    """What a game's render module (``GameInfo.renderer``) provides: its pictures' words in
    ``lang`` (:mod:`terranova.core.i18n`; the text form is English, for the command line)."""

    def render_text(self, state: State) -> str: ...
    def render_svg(self, state: State, *, lang: str = ...) -> str: ...
    def render_components_svg(self, state: State, *, lang: str = ...) -> str: ...


def load_renderer(info: GameInfo) -> Renderer:
    """The game's render module; TerranovaError if it declares none or it is not installed."""
    if info.renderer is None:
        raise TerranovaError(f"{info.name} has no renderer")
    try:
        module = importlib.import_module(info.renderer)
    except ModuleNotFoundError as exc:
        if exc.name is not None and info.renderer.startswith(exc.name):
            raise TerranovaError(
                f"{info.name}'s renderer {info.renderer} is not installed"
            ) from None
        raise
    return cast(Renderer, module)
