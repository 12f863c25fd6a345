"""Bot games, series and tournaments over the core protocol."""

from terranova.arena.series import SeriesResult, Tally, play_game, rotated, seat_agents, simulate

__all__ = ["SeriesResult", "Tally", "play_game", "rotated", "seat_agents", "simulate"]
