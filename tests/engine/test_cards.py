"""Reading card text: ranks, suits, jokers, red and black threes, separators, and errors that name the token."""

import pytest

from handfoot import Card, parse_card, parse_cards


@pytest.mark.parametrize(
    ("token", "rank", "suit"),
    [
        ("9H", "9", "H"),
        ("10S", "10", "S"),
        ("10", "10", ""),
        ("AD", "A", "D"),
        ("kc", "K", "C"),
        ("2", "2", ""),
        ("JK", "JK", ""),
        ("Joker", "JK", ""),
        ("joker", "JK", ""),
        ("  QH ", "Q", "H"),
    ],
)
def test_parse_card_reads_rank_and_suit(token: str, rank: str, suit: str) -> None:
    assert parse_card(token) == Card(rank, suit)


def test_ten_is_read_as_one_rank_not_one_and_zero() -> None:
    card = parse_card("10S")
    assert card.rank == "10"
    assert str(card) == "10S"


def test_red_and_black_threes() -> None:
    for token in ("3H", "3D"):
        card = parse_card(token)
        assert card.is_three
        assert card.is_red_three
        assert not card.is_black_three
    for token in ("3C", "3S"):
        card = parse_card(token)
        assert card.is_three
        assert card.is_black_three
        assert not card.is_red_three


def test_wild_cards_are_twos_and_jokers() -> None:
    assert parse_card("2H").is_wild
    assert parse_card("JK").is_wild
    assert parse_card("JK").is_joker
    assert not parse_card("2H").is_joker
    assert not parse_card("AH").is_wild
    assert not parse_card("3H").is_wild


def test_parse_cards_splits_on_spaces_and_commas() -> None:
    expected = (Card("9"), Card("9"), Card("9"), Card("2"))
    assert parse_cards("9 9 9 2") == expected
    assert parse_cards("9,9,9,2") == expected
    assert parse_cards("9, 9 ,9  2") == expected
    assert parse_cards("  9 9\t9\n2  ") == expected


def test_parse_cards_keeps_suits_and_jokers() -> None:
    assert parse_cards("KH, KS, JK") == (Card("K", "H"), Card("K", "S"), Card("JK"))


def test_parse_cards_of_nothing_is_empty() -> None:
    assert parse_cards("") == ()
    assert parse_cards(" , ") == ()


def test_three_without_suit_is_an_error_naming_the_token() -> None:
    with pytest.raises(ValueError, match="needs a suit") as excinfo:
        parse_card("3")
    message = str(excinfo.value)
    assert message.startswith("'3' ")
    assert "3H" in message
    assert "3S" in message


def test_three_without_suit_inside_a_list_is_an_error() -> None:
    with pytest.raises(ValueError, match="'3' needs a suit"):
        parse_cards("9 9 3")


@pytest.mark.parametrize("token", ["11", "ZZ", "1", "3X", "10H10", "JJ"])
def test_unreadable_card_is_an_error_naming_the_token(token: str) -> None:
    with pytest.raises(ValueError, match="is not a card") as excinfo:
        parse_card(token)
    assert str(excinfo.value).startswith(f"'{token}' is not a card")


def test_unreadable_card_in_a_list_names_that_card() -> None:
    with pytest.raises(ValueError, match="is not a card") as excinfo:
        parse_cards("9 9 ZZ 2")
    assert str(excinfo.value).startswith("'ZZ' ")


def test_parse_cards_refuses_what_is_not_text() -> None:
    with pytest.raises(ValueError, match="expected cards written as text"):
        parse_cards(5)  # type: ignore[arg-type]
