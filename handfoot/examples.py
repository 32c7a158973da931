# The worked rounds of the two seed pages, kept once, as data: the pages, the tests and the docs take them from here.
from __future__ import annotations

# Seed 000: a team going out in round 1 of Pagat's partnership game with 2 clean, 2 dirty and 1 wild book.
SEED_000_OUT = {"clean_books": 2, "dirty_books": 2, "wild_books": 1, "melded": 415, "went_out": True}
# Seed 001, side B: a team caught short in round 1, with cards left of 65 in the hand and 95 in the foot.
SEED_001_SHORT = {
    "clean_books": 1,
    "dirty_books": 1,
    "red_threes": 1,
    "red_threes_caught": 1,
    "melded": 220,
    "left": 160,
}
SEED_001_LEFT = {"hand": 65, "foot": 95}
# The cards behind side B's numbers: its melds (a clean book of kings, a dirty book of five nines and two twos, three
# aces) and the hand caught with Q, 7 and a joker. Its foot holds 95 points of cards the seed does not list.
SEED_001_SHORT_MELDS = (
    ("a clean book of seven kings", "K K K K K K K"),
    ("a dirty book of five nines and two twos", "9 9 9 9 9 2 2"),
    ("three aces", "A A A"),
)
SEED_001_SHORT_HAND = ("a queen, a seven and a joker", "Q 7 JK")
# The same hand in a pack without jokers, where a two stands in for the joker.
SEED_001_SHORT_HAND_NO_JOKERS = ("a queen, a seven and a two", "Q 7 2")
# The seeds' openings in round 1, each as its melds from the hand and the top card of the pile it takes (or None):
# nines and a two make exactly the 50 needed, laid from the hand or (seed 001) with a discarded nine taken from the
# pile; seven sixes make 35, not enough.
SEED_OPENINGS: tuple[tuple[tuple[str, ...], str | None], ...] = (
    (("9 9 9 2",), None),
    (("9 9 2",), "9"),
    (("6 6 6 6 6 6 6",), None),
)
# Seed 001, side A: the team that goes out, with 2 red threes on the table as well.
SEED_001_SIDE_A_RED_THREES = 2
# What the seeds say those rounds score under Pagat's partnership game, and side A's bonuses before its cards.
SEED_TOTALS = {"seed_000_out": 3615, "seed_001_short": 860, "seed_001_side_a_bonuses": 3400}


def seed_tally(name: str, round_number: int = 1) -> dict[str, object]:
    """A seed round as a full tally for Pagat's partnership game: every field, 0 where the seed names none."""
    round_ = {"seed_000_out": SEED_000_OUT, "seed_001_short": SEED_001_SHORT}[name]
    blank = {"clean_books": 0, "dirty_books": 0, "wild_books": 0, "red_threes": 0, "red_threes_caught": 0}
    return {**blank, "melded": 0, "left": 0, "went_out": False, **round_, "round": round_number}
