"""Actions: small frozen values with a canonical text form that parses back.

Each game defines its actions as subclasses of :class:`Action`, each declaring its text
form once with :func:`terranova.core.action_text.text_form`, and reads them back with one
:class:`~terranova.core.action_text.ActionParser`; ``Game.parse_action(str(a)) == a``
holds for every action.
"""

from __future__ import annotations


class Action:
    """A move or a chance outcome. Subclasses are frozen dataclasses."""

    __slots__ = ()

    def __str__(self) -> str:
        """The canonical text form: what the class's ``text_form`` declares (or its own
        ``__str__``)."""
        raise TypeError(f"{type(self).__name__} has no text form (see core.action_text)")
