"""What changes at the other tables a partnership game's sources allow: teams of three, and everyone playing alone.
The sources allow these tables without saying how the deal and the partner rules play there; these sentences say
what we do, and the page marks them as our choice."""

from __future__ import annotations

from handfoot.variant import Variant


def _split_deal(variant: Variant) -> bool:
    """Whether partners split the deal, one dealing the hands and the other the feet."""
    return bool(variant["deal.method"] == "dealt" and variant["turn.first_player"] == "hand_dealer_left")


def teams_of_three_sentence(variant: Variant, players: int) -> str:
    """Who deals and how the partner rules hold with two partners each, at a table of ``players``."""
    text = "With teams of three, each player has two partners."
    if _split_deal(variant):
        hand, foot = variant["deal.hand_size"], variant["deal.foot_size"]
        text += (
            f" Two partners of one team, as they agree, share the deal: one deals the hands, {players} face-down "
            f"piles of {hand} cards, and the other the feet, {players} piles of {foot}."
        )
    in_foot, ask = variant["going_out.partner_in_foot"], variant["going_out.ask_partner"]
    rules = [
        *(["both must have played from their foot"] if in_foot else []),
        *(['both must say yes to "May I go out?"'] if ask else []),
    ]
    if rules:
        text += f" Going out, the partner rules hold for both partners: {', and '.join(rules)}."
    return text


def playing_alone_sentence(variant: Variant) -> str:
    """How a partnership game deals and goes out when everyone plays alone: one dealer, no partner rules."""
    deal = ""
    if _split_deal(variant):
        hand, foot = variant["deal.hand_size"], variant["deal.foot_size"]
        deal = (
            f"Playing alone, one player deals everyone a hand of {hand} cards, then a foot of {foot}, and the player "
            "to the dealer's left plays first. "
        )
    waits = [
        *(["nobody to ask"] if variant["going_out.ask_partner"] else []),
        *(["no partner's foot to wait for"] if variant["going_out.partner_in_foot"] else []),
    ]
    going = "you go out on your own books" + (f", with {' and '.join(waits)}." if waits else ".")
    return deal + (going[0].upper() + going[1:] if deal else "Playing alone, " + going)
