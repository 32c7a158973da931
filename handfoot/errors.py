# Errors that carry a sentence a player or a variant author can act on.
from __future__ import annotations


class VariantError(ValueError):
    """A variant file or mapping breaks the rule spec.

    The message names the source, the key path and what is allowed, on one line:
    ``variants/bicycle.yaml: deal.hand_size: expected a whole number from 5 to 30, got 'eleven'``.
    """

    def __init__(self, source: str, path: str, problem: str) -> None:
        self.source = source
        self.path = path
        self.problem = problem
        message = f"{source}: {path}: {problem}" if path else f"{source}: {problem}"
        super().__init__(message.replace("\r", "\\r").replace("\n", "\\n"))


class TallyError(ValueError):
    """A round tally that cannot happen under the variant's rules.

    ``field`` names the tally field at fault ("" when the problem spans fields), so a score keeper can show
    the message at that field. ``fields`` names every field the problem involves, ``field`` first: where two fields
    contradict each other (books and the card points they need), either may be the one typed wrong, and a score
    keeper marks the one the player changed last.
    """

    # Set only on the error score_game raises for a round of a game (the round and the team at fault, from 1): the
    # bridge passes on the attributes an error has.
    round: int
    team: int

    def __init__(self, message: str, field: str = "", also: tuple[str, ...] = ()) -> None:
        self.field = field
        self.fields = tuple(dict.fromkeys((field, *also) if field else also))
        super().__init__(message)
