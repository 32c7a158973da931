# Many seeded games of one rule set, in this process or spread over processes: game i of a run seeded S is seeded
# "S-i" wherever it is played, so --jobs never changes the results.
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from handfoot.simulate.game import GameRecord, play_game
from handfoot.simulate.styles import DEFAULT_STYLE
from handfoot.variant import Variant

Progress = Callable[[int, int], None]


def game_seed(seed: int | str, index: int) -> str:
    return f"{seed}-{index}"


def _play(
    mapping: Mapping[str, Any], seed: int | str, indexes: Sequence[int], styles: Sequence[str], check: bool
) -> list[GameRecord]:
    """Play some games of a run in a worker process (the rules travel as their mapping)."""
    variant = Variant.from_mapping(mapping, f"{mapping['id']} (simulation worker)")
    return [play_game(variant, game_seed(seed, index), styles=styles, check=check) for index in indexes]


def run_games(
    variant: Variant,
    games: int,
    seed: int | str = 0,
    *,
    styles: Sequence[str] = (DEFAULT_STYLE,),
    jobs: int = 1,
    check: bool = True,
    progress: Progress | None = None,
) -> list[GameRecord]:
    """Play ``games`` seeded games, on ``jobs`` processes; the records come back in game order."""
    if jobs <= 1 or games <= 1:
        records = []
        for index in range(games):
            records.append(play_game(variant, game_seed(seed, index), styles=styles, check=check))
            if progress is not None:
                progress(index + 1, games)
        return records
    # Processes exist only where the platform has them (not in the browser), so the pool is imported only here.
    from concurrent.futures import ProcessPoolExecutor, as_completed  # noqa: PLC0415

    chunk = max(1, min(25, games // (jobs * 4) or 1))
    batches = [list(range(start, min(start + chunk, games))) for start in range(0, games, chunk)]
    mapping = variant.to_mapping()
    done: dict[int, list[GameRecord]] = {}
    played = 0
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = {pool.submit(_play, mapping, seed, batch, tuple(styles), check): n for n, batch in enumerate(batches)}
        for future in as_completed(futures):
            done[futures[future]] = future.result()
            played += len(done[futures[future]])
            if progress is not None:
                progress(played, games)
    return [record for n in range(len(batches)) for record in done[n]]
