"""Small Islands' actions and their canonical text forms.

>>> str(Place("L07", 1, -2, 1))
'place L07 1,-2 90'
>>> parse_action("token port 0,1")
Token(kind='port', x=0, y=1, over='')
>>> examples = [Place("S1a", 0, 0, 0), Take("L03"), Land("grey", 2, 3), Token("leaf", 1, 1),
...     Token("fruit", 1, 1, "flower"), PASS, House(-1, 0), DONE, Keep("O01", "O07"),
...     Build("M01", "R04", "M09", "R02"), Choose("D03"), Reveal("L12"), Deal("L40"),
...     Draw("O02"), Discover("D07"), Expedition("E04")]
>>> all(parse_action(str(a)) == a for a in examples)
True
"""

from __future__ import annotations

from dataclasses import dataclass

from terranova.core.action_text import ActionParser, text_form
from terranova.core.actions import Action


class SmallIslandsAction(Action):
    """Any action of Small Islands."""

    __slots__ = ()


@text_form("place {design:id} {x},{y} {rotation:quarter}")
@dataclass(frozen=True, slots=True)
class Place(SmallIslandsAction):
    """Lay a tile of ``design`` (from hand, or a starting tile's side) on (x, y), turned
    ``rotation`` quarter turns clockwise."""

    design: str
    x: int
    y: int
    rotation: int


@text_form("take {design:id}")
@dataclass(frozen=True, slots=True)
class Take(SmallIslandsAction):
    """Explore: take the face-up tile of ``design`` into hand."""

    design: str


@text_form("land {ship:own|grey} {x},{y}")
@dataclass(frozen=True, slots=True)
class Land(SmallIslandsAction):
    """Land: lay one's own ship tile, or a grey one, on (x, y)."""

    ship: str
    x: int
    y: int


@text_form("token {kind:flower|fruit|leaf|port} {x},{y}[ over {over:flower|fruit|leaf}]")
@dataclass(frozen=True, slots=True)
class Token(SmallIslandsAction):
    """Place a bonus token of ``kind`` on the tile at (x, y) (``over``: the printed
    resource it covers, in the variant where a token changes a resource)."""

    kind: str
    x: int
    y: int
    over: str = ""


@text_form("pass")
@dataclass(frozen=True, slots=True)
class Pass(SmallIslandsAction):
    """Place no bonus token this turn."""


PASS = Pass()


@text_form("house {x},{y}")
@dataclass(frozen=True, slots=True)
class House(SmallIslandsAction):
    """Build a house on a house symbol of the tile at (x, y) and take the reward."""

    x: int
    y: int


@text_form("done")
@dataclass(frozen=True, slots=True)
class Done(SmallIslandsAction):
    """Build no more houses this round."""


DONE = Done()


@text_form("keep {now:id} next {later:id}")
@dataclass(frozen=True, slots=True)
class Keep(SmallIslandsAction):
    """Keep objective ``now`` for this round and ``later`` for the next; return the third."""

    now: str
    later: str


@text_form("build {mission:id} {reward:id} next {later_mission:id} {later_reward:id}")
@dataclass(frozen=True, slots=True)
class Build(SmallIslandsAction):
    """Advanced mode: this round's objective from a Mission and a Reward, and the pair kept
    for the next round; the other two cards go back."""

    mission: str
    reward: str
    later_mission: str
    later_reward: str


@text_form("choose {token:id}")
@dataclass(frozen=True, slots=True)
class Choose(SmallIslandsAction):
    """Keep Discovery token ``token`` of those just drawn; the others go back."""

    token: str


@text_form("reveal {design:id}")
@dataclass(frozen=True, slots=True)
class Reveal(SmallIslandsAction):
    """Chance: the tile turned face up into the row."""

    design: str


@text_form("deal {design:id}")
@dataclass(frozen=True, slots=True)
class Deal(SmallIslandsAction):
    """Chance: the tile a player draws into hand (only that player sees it)."""

    design: str


@text_form("draw {card:id}")
@dataclass(frozen=True, slots=True)
class Draw(SmallIslandsAction):
    """Chance: the objective (or Mission, or Reward) card a player draws (only that player
    sees it)."""

    card: str


@text_form("discover {token:id}")
@dataclass(frozen=True, slots=True)
class Discover(SmallIslandsAction):
    """Chance: the Discovery token a player draws (only that player sees it)."""

    token: str


@text_form("expedition {card:id}")
@dataclass(frozen=True, slots=True)
class Expedition(SmallIslandsAction):
    """Chance, solo game: the Expedition card Alexis turns over."""

    card: str


parse_action: ActionParser[SmallIslandsAction] = ActionParser(
    "Small Islands",
    [Place, Take, Land, Token, Pass, House, Done, Keep, Build, Choose, Reveal, Deal, Draw,
     Discover, Expedition],
)  # fmt: skip
"""The action whose canonical text is the text given; raises MalformedActionError."""
