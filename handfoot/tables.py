# Tables of other sizes a variant's sources allow, besides the one its rules set up: six in two teams of three, or
# two to six playing alone.
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from handfoot.provenance import Provenance, Source, parse_provenance
from handfoot.spec import FIELDS_BY_PATH, SpecProblem, Whole

_KEYS = ("players", "team_size", "stated", "through", "note")


class TableProblem(ValueError):
    """A bad entry under ``tables``: ``where`` is its place ("1.players"), ``why`` what is allowed."""

    def __init__(self, where: str, why: str) -> None:
        super().__init__(f"{where}: {why}")
        self.where, self.why = where, why


@dataclass(frozen=True)
class OtherTable:
    """Player counts that may play in teams of ``team_size`` (1: everyone alone), and the sources that say so."""

    players: tuple[int, ...]
    team_size: int
    provenance: Provenance

    def to_mapping(self) -> dict[str, Any]:
        players: Any = self.players[0] if len(self.players) == 1 else list(self.players)
        return {"players": players, "team_size": self.team_size, **self.provenance.to_mapping()}


def _whole(path: str, value: Any, where: str) -> int:
    spec = FIELDS_BY_PATH[path].type
    assert isinstance(spec, Whole)
    try:
        parsed = spec.parse(value)
    except SpecProblem as problem:
        raise TableProblem(where, str(problem)) from None
    assert parsed is not None
    return parsed


def parse_tables(raw: Any, sources: Mapping[str, Source]) -> tuple[OtherTable, ...]:
    """Read the ``tables`` list; raises ``TableProblem`` naming the entry (counted from 1) and the key."""
    if not isinstance(raw, list):
        raise TableProblem("", f"expected a list of {{{', '.join(_KEYS)}}}, got {raw!r}")
    tables = []
    for number, entry in enumerate(raw, start=1):
        if not isinstance(entry, Mapping) or "players" not in entry or "stated" not in entry:
            raise TableProblem(str(number), f"expected {{{', '.join(_KEYS)}}}, got {entry!r}")
        unknown = [key for key in entry if key not in _KEYS]
        if unknown:
            raise TableProblem(f"{number}.{unknown[0]}", f"unknown key; allowed here: {', '.join(_KEYS)}")
        counts = entry["players"] if isinstance(entry["players"], list) else [entry["players"]]
        players = tuple(sorted({_whole("players.count", n, f"{number}.players") for n in counts}))
        if not players:
            raise TableProblem(f"{number}.players", "expected a number of players or a list of them, got []")
        team_size = _whole("players.team_size", entry.get("team_size", 1), f"{number}.team_size")
        for count in players:
            if count % team_size or (team_size > 1 and count // team_size < 2):
                why = f"{count} players cannot make two or more teams of {team_size}"
                raise TableProblem(f"{number}.players", why)
        try:
            origin = parse_provenance({k: entry[k] for k in ("stated", "through", "note") if k in entry}, sources, "")
        except ValueError as problem:
            raise TableProblem(str(number), str(problem)) from None
        tables.append(OtherTable(players, team_size, origin))
    return tuple(tables)


def seating(teams: int, team_size: int) -> str:
    """Who sits where, going round the table: the teams take turns, so partners never sit side by side. The letters
    are joined by no-break spaces, so a narrow column keeps them on one line."""
    return "\u00a0".join("ABCDEFGHIJKL"[seat % teams] for seat in range(teams * team_size))


def table_rows(
    tables: Sequence[OtherTable], own: tuple[int, int], decks_over: int | None, deck_cards: int, per_player: int
) -> list[dict[str, Any]]:
    """One row per table size, leaving out the table the rules set up: its teams, its seats and, where the rules tie
    decks to players, its pack and what the deal leaves in the stock."""
    rows = []
    for table in tables:
        for players in table.players:
            if (players, table.team_size) == own:
                continue
            teams = players // table.team_size
            decks = None if decks_over is None else players + decks_over
            rows.append(
                {
                    "players": players,
                    "team_size": table.team_size,
                    "teams": teams if table.team_size > 1 else 0,
                    "seating": seating(teams, table.team_size) if table.team_size > 1 else "",
                    "decks": decks,
                    "cards": None if decks is None else decks * deck_cards,
                    "stock": None if decks is None else decks * deck_cards - players * per_player,
                }
            )
    return rows
