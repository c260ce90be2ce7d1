"""Empire's narration: who did what and why, told from public events alone."""

from __future__ import annotations

from bot.empire.narration import narrate_empire
from engine.empire import NOBODY
from engine.empire import events as ev

NAMES = ["Ada", "Bo", "Cy"]


def told(*events: ev.Event) -> list[str]:
    return [line.text for line in narrate_empire(NAMES, list(events))]


def test_a_fight_is_told_round_by_round_with_dice_and_casualties() -> None:
    lines = told(
        ev.FightDeclared(0, 1, "", ("M01", "M03"), ("M06",)),
        ev.FightTotals(6, 5, 3, 2),
        ev.FightRound(3, 5, 9, 10, 1, 2, 0),
        ev.MobsterSent(0, "M03", "hospital", "fight"),
        ev.FightRound(6, 2, 12, 7, 0, 4, 1),
        ev.MobsterSent(1, "M06", "graveyard", "fight"),
        ev.FightEnded(0, 1, ""),
        ev.CarGaraged(1, "GS"),
    )
    assert lines[0].startswith("🔫 Driveby! Ada (Tony Trouble and Chicken Joe) attacks Bo's car")
    assert "attack 6, defence 5" in lines[1]
    assert "attack 3 → 9, defence 5 → 10: Bo (defender) wins it." in lines[2]
    assert "Chicken Joe (Ada) goes to the Hospital, lost in the fight." in lines[3]
    assert "after 1 tie" in lines[4] and "Ada (attacker)" in lines[4]
    assert "Foxtrot O'Flanigan (Bo) goes to the Graveyard" in lines[5]
    assert lines[6] == "🏁 Ada wins the fight; Bo loses it."
    assert "South Garage" in lines[7]


def test_auctions_name_only_the_winner_and_the_price() -> None:
    lines = told(
        ev.LotOpened("M19"),
        ev.BidSealed(2),
        ev.LotWon("M19", 1, 350),
        ev.LotWon("badge", NOBODY, 0),
    )
    assert lines == [
        "🔨 Sealed bids for Lucky Lou: everyone answers in private.",
        "🔨 Bo wins Lucky Lou for $350.",
        "🔨 Nobody bids for the Badge.",
    ]


def test_a_hidden_draw_is_told_without_the_card() -> None:
    assert told(ev.CardDrawn(0, "", ())) == ["🂠 Ada draws a card into their hand."]
    assert told(ev.CardDrawn(2, "M12", ())) == ["🂠 Cy draws The Mayor, who joins the auction list."]


def test_offers_and_their_answers() -> None:
    assert told(ev.OfferMade(0, 2), ev.OfferAnswered(0, 2, "lapsed", ())) == [
        "🤝 Ada makes Cy an offer.",
        "🤝 Ada's offer to Cy lapses.",
    ]
