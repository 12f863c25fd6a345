"""The web app's routes, one FastAPI router per concern (docs/web.md).

- :mod:`.games`: the catalog, creating games, the open tables, a game's summary, state,
  components, record and replay;
- :mod:`.play`: a seat's moves: actions, undo, join, rematch, resign;
- :mod:`.advice`: the search bot's hints and analysis;
- :mod:`.held`: the seats an account holds: attaching a guest's seats, "My games";
- :mod:`.sockets`: the WebSocket ``/ws/games/{game_id}``;
- :mod:`.pages`: the browser UI: the lobby, the play page, the rules pages, the static files.

Routes reach the app's objects through :mod:`.deps`; :mod:`.common` holds what several
routers share. :func:`terranova.server.app.create_app` includes the routers.
"""
