"""Terranova's games in other ecosystems: OpenSpiel (:mod:`terranova.interop.openspiel`),
PettingZoo (:mod:`terranova.interop.pettingzoo`) and Gymnasium
(:mod:`terranova.interop.gymnasium`). Each needs its optional extra
(``pip install 'terranova[openspiel]'``, ``'terranova[pettingzoo]'``) and uses only the
state protocol and each game's declared encoding (:mod:`terranova.core.encoding`)."""
