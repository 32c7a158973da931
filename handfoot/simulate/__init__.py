"""Simulated games of Hand and Foot: a complete game played by bots under a variant's rules, every move checked by
handfoot's own rule checks, and "How it plays" figures over many seeded games.

Only the standard library is imported, as in the rest of handfoot.

>>> from handfoot import load_variants
>>> from handfoot.simulate import play_game
>>> game = play_game(load_variants("variants")["pagat-partnership"], seed=1)
>>> len(game.rounds), game.problems
(4, ())
"""

from handfoot.simulate.bots import BoldBot, PlainBot
from handfoot.simulate.game import GameRecord, RoundRecord, play_game
from handfoot.simulate.runs import run_games
from handfoot.simulate.stats import CAVEAT, Difference, Summary, compare, summarize
from handfoot.simulate.styles import BOTS, DEFAULT_STYLE
from handfoot.simulate.table_bot import TableBot
from handfoot.simulate.unsettled import GAPS, Gap

__all__ = [
    "BOTS",
    "CAVEAT",
    "DEFAULT_STYLE",
    "GAPS",
    "BoldBot",
    "Difference",
    "GameRecord",
    "Gap",
    "PlainBot",
    "RoundRecord",
    "Summary",
    "TableBot",
    "compare",
    "play_game",
    "run_games",
    "summarize",
]
