"""The Trade Round (EMPIRE §9): income, drawing, the sealed-bid auction of Mobsters, the
bribe for the Badge, the private placement, and the end of the Game Sequence."""

from __future__ import annotations

from engine.common.errors import IllegalDecision
from engine.empire.board import GARAGES, LOTS
from engine.empire.cards import (
    CHARLIE_THE_FISH,
    FRANKIE,
    HARRY_THE_HAND,
    JOHNNY_FAVORITE,
    MOBSTERS,
    PIECES,
    RESOURCE_CARDS,
    SIZES,
    THE_MAYOR,
    THE_PIMP,
    BusinessKind,
    kind_of,
)
from engine.empire.decisions import Decision, ids, join, money
from engine.empire.dice import shuffle_cards
from engine.empire.ending import end_by_cap, settle
from engine.empire.events import (
    BidSealed,
    CardDrawn,
    CarOut,
    DeckReshuffled,
    Event,
    FedsChanged,
    FreezeChanged,
    IncomeCollected,
    LotOpened,
    LotWon,
    MobstersFired,
    MobstersPlaced,
    MoneyChanged,
    NoIncome,
    ResourceCardRead,
    SequenceEnded,
    TradeRoundStarted,
)
from engine.empire.gang import (
    BUSINESS_SIZE,
    at,
    car_capacity,
    conceal,
    fire,
    fits_car,
    is_working,
    lots_of,
    working,
    working_count,
)
from engine.empire.offers import lapse_offers
from engine.empire.state import (
    ACTION_ROUNDS,
    CAR,
    HIDING,
    JAIL,
    NOBODY,
    UNPLACED,
    WIN_POWER,
    EmpireState,
    Phase,
)
from engine.empire.turnstart import begin_turn

BID_STEP = 50
BADGE = "badge"
FAVOUR = 200  # Johnny Favorite's discount on a bribe (EMPIRE §9.4)
CASINO_BONUS = 200  # Harry the Hand, Charlie the Fish (§9.1)
PIMP_GIRLS = 2
TURF_INCOME = 50


def start_trade_round(state: EmpireState, ev: list[Event]) -> None:
    state.round = ACTION_ROUNDS + 1
    state.turn = None
    lapse_offers(state, ev)
    ev.append(TradeRoundStarted(state.sequence))
    if state.feds:  # EMPIRE §3.3 [R]: until the next Trade Round begins
        state.feds = False
        ev.append(FedsChanged(False))
    collect_income(state, ev)
    draw_cards(state, ev)
    state.lot_index = 0
    open_next_lot(state, ev)


def income_of(state: EmpireState, seat: int) -> tuple[int, int]:
    """Money and Girls a player collects (EMPIRE §9.1)."""
    player = state.players[seat]
    open_kinds: dict[BusinessKind, set[int]] = {}
    for b in state.lots.values():
        if b.open:
            open_kinds.setdefault(PIECES[b.piece].kind, set()).add(b.owner)
    cash, girls = 0, 0
    for lot, b in state.lots.items():
        if b.owner != seat or not b.open:
            continue
        piece = PIECES[b.piece]
        row = SIZES[piece.size]
        alone = open_kinds.get(piece.kind, set()) == {seat}
        men = at(player, lot)
        cash += (row.monopoly if alone else row.income) * (2 if THE_MAYOR in men else 1)
        bonus = {BusinessKind.CASINO: HARRY_THE_HAND, BusinessKind.BAR: CHARLIE_THE_FISH}
        if bonus.get(piece.kind) in men:
            cash += CASINO_BONUS
        if piece.kind is BusinessKind.BROTHEL and THE_PIMP in men:
            girls += PIMP_GIRLS
    cash += TURF_INCOME * sum(1 for o in state.turf.values() if o == seat)
    return cash, girls


def collect_income(state: EmpireState, ev: list[Event]) -> None:
    for seat in state.seat_order():
        player = state.players[seat]
        if player.frozen or player.mobsters.get(FRANKIE) == JAIL:
            ev.append(NoIncome(seat, "frozen" if player.frozen else "squealer"))
            continue
        cash, girls = income_of(state, seat)
        girls = min(girls, state.pool[0])
        state.pool[0] -= girls
        player.res[0] += girls
        player.money += cash
        ev.append(IncomeCollected(seat, cash, girls, (seat,)))


def draw_cards(state: EmpireState, ev: list[Event]) -> None:
    """EMPIRE §9.2: each draws until a card that is not a Resource card; the Used pile
    is shuffled back at most once in the step (§3.1 [R])."""
    reshuffled = False
    for seat in state.seat_order():
        while True:
            if not state.deck:
                if reshuffled or not state.used:
                    return
                state.deck, state.used = state.used, []
                shuffle_cards(state.rng, state.deck)
                reshuffled = True
                ev.append(DeckReshuffled(len(state.deck)))
            card = state.deck.pop()
            kind = kind_of(card)
            if kind == "resource":
                _read_resource(state, ev, seat, card)
                continue
            if kind == "mobster":
                state.auction.append(card)
                ev.append(CardDrawn(seat, card, ()))
            else:
                state.players[seat].hand.append(card)
                ev.append(CardDrawn(seat, "", ()))
                ev.append(CardDrawn(seat, card, (seat,)))
            break


def _read_resource(state: EmpireState, ev: list[Event], seat: int, card: str) -> None:
    row = RESOURCE_CARDS[card]
    got = min(row.amount, state.pool[row.kind])  # a gain larger than the pool (§1.2 [R])
    state.pool[row.kind] -= got
    held = state.board_res.setdefault(row.location, [0, 0, 0])
    held[row.kind] += got
    state.used.append(card)
    put = [0, 0, 0]
    put[row.kind] = got
    ev.append(ResourceCardRead(seat, card, row.location, (put[0], put[1], put[2])))


def bid_limit(state: EmpireState, seat: int, lot: str) -> int:
    """The highest bid `seat` may seal on `lot` (EMPIRE §9.3, §9.4)."""
    player = state.players[seat]
    if lot == BADGE:
        favour = FAVOUR if is_working(player.mobsters.get(JOHNNY_FAVORITE, "jail")) else 0
        return (player.money + favour) // BID_STEP * BID_STEP
    needs = MOBSTERS[lot].bid_needs
    if needs is not None and player.res[needs[0]] < needs[1]:
        return 0
    return player.money // BID_STEP * BID_STEP


def open_next_lot(state: EmpireState, ev: list[Event]) -> None:
    lapse_offers(state, ev)
    state.sealed = {}
    if state.lot_index < len(state.auction):
        state.phase = Phase.BID
        ev.append(LotOpened(state.auction[state.lot_index]))
        return
    state.badge = NOBODY  # EMPIRE §9.4: the Badge goes back to the bank first
    state.phase = Phase.BRIBE
    ev.append(LotOpened(BADGE))


def current_lot(state: EmpireState) -> str:
    return BADGE if state.phase is Phase.BRIBE else state.auction[state.lot_index]


def bid_facts(state: EmpireState, seat: int, points: list[int]) -> dict[str, int]:
    """The numbers a bid's form needs: the highest bid, and whether one more working
    Mobster would bring `seat` to 10 PP (`points`: everyone's PP now)."""
    lot = current_lot(state)
    facts = {"max": bid_limit(state, seat, lot)}
    if lot != BADGE:
        men = working_count(state.players[seat])
        gain = points[seat] + (men + 1) // 2 - men // 2
        facts["wins_match"] = int(gain >= WIN_POWER)
    return facts


def check_bid(state: EmpireState, seat: int, d: Decision) -> None:
    amount = money(d.arg(0))
    if len(d.args) != 1 or amount % BID_STEP:
        raise IllegalDecision(f"{d}: a bid is 0 or a multiple of ${BID_STEP}")
    if amount > bid_limit(state, seat, current_lot(state)):
        raise IllegalDecision(f"{d}: more than this seat may bid")


def take_bid(state: EmpireState, ev: list[Event], seat: int, d: Decision) -> None:
    state.sealed[seat] = d.arg(0)
    ev.append(BidSealed(seat))
    if len(state.sealed) < len(state.players):
        return
    bids = {s: int(v) for s, v in state.sealed.items()}
    best = max(bids.values())
    winner = next((s for s in state.seat_order() if bids[s] == best), NOBODY) if best else NOBODY
    lot = current_lot(state)
    ev.append(LotWon(lot, winner, best))
    if lot == BADGE:
        _bribe_won(state, ev, winner, best)
        return
    if winner == NOBODY:
        state.lot_index += 1  # EMPIRE §9.3: stays on the list for the next Trade Round
    else:
        player = state.players[winner]
        player.money -= best
        ev.append(MoneyChanged(winner, -best, "hire", (winner,)))
        needs = MOBSTERS[lot].bid_needs
        if needs is not None:
            player.res[needs[0]] -= needs[1]
            state.pool[needs[0]] += needs[1]
        state.auction.pop(state.lot_index)
        player.mobsters[lot] = UNPLACED
    if not settle(state, ev):
        open_next_lot(state, ev)


def _bribe_won(state: EmpireState, ev: list[Event], winner: int, bid: int) -> None:
    if winner != NOBODY:
        player = state.players[winner]
        favour = FAVOUR if is_working(player.mobsters.get(JOHNNY_FAVORITE, "jail")) else 0
        paid = max(0, bid - favour)
        player.money -= paid
        ev.append(MoneyChanged(winner, -paid, "bribe", (winner,)))
        state.badge = winner
    start_placement(state, ev)


def start_placement(state: EmpireState, ev: list[Event]) -> None:
    """EMPIRE §9.5: Garages empty, hiding Mobsters become unplaced, then all place."""
    lapse_offers(state, ev)
    state.sealed = {}
    for player in state.players:
        if player.garage:
            player.car = GARAGES[player.garage]
            player.garage = ""
            ev.append(CarOut(player.seat, player.car))
        for m in at(player, HIDING):
            player.mobsters[m] = UNPLACED
    state.phase = Phase.PLACE
    if not placing_seats(state):
        end_sequence(state, ev)


def placing_seats(state: EmpireState) -> list[int]:
    return [p.seat for p in state.players if any(is_working(w) for w in p.mobsters.values())]


def arrangement(state: EmpireState, seat: int, d: Decision) -> dict[str, str]:
    """The places a `place` decision names; raises IllegalDecision unless it is within
    the capacities and fires only when every place is full (EMPIRE §9.5 [R])."""
    player = state.players[seat]
    mine = set(working(player))
    own = set(lots_of(state, seat))
    places: dict[str, str] = {}
    car = ids(d.arg(0))
    for m in car:
        places[m] = CAR
    lots_named: list[str] = []
    for part in d.args[1:]:
        lot, _, names = part.partition("=")
        if lot not in own or lot in lots_named:
            raise IllegalDecision(f"{d}: {lot!r} is not one of this seat's Businesses")
        lots_named.append(lot)
        chosen = ids(names)
        if len(chosen) > BUSINESS_SIZE:
            raise IllegalDecision(f"{d}: a Business holds at most {BUSINESS_SIZE}")
        for m in chosen:
            if m in places:
                raise IllegalDecision(f"{d}: {m} is named twice")
            places[m] = lot
    if not set(places) <= mine or len(places) != len(car) + sum(
        len(ids(p.partition("=")[2])) for p in d.args[1:]
    ):
        raise IllegalDecision(f"{d}: only this seat's working Mobsters, each once")
    if not fits_car(car):
        raise IllegalDecision(f"{d}: the car holds {car_capacity(car)}")
    fired = [m for m in mine if m not in places]
    lots_full = all(sum(1 for v in places.values() if v == lot) >= BUSINESS_SIZE for lot in own)
    if fired and (not lots_full or any(fits_car([*car, m]) for m in fired)):
        raise IllegalDecision(f"{d}: fire only those who do not fit")
    return places


def own_lots(state: EmpireState, seat: int) -> list[str]:
    """The seat's Businesses in lot order (EMPIRE §2.3's table)."""
    own = set(lots_of(state, seat))
    return [lot for lot in LOTS if lot in own]


def default_arrangement(state: EmpireState, seat: int) -> Decision:
    """§14: current places kept; unplaced into the car, then own Businesses in lot
    order; the rest fired, last hired first."""
    player = state.players[seat]
    own = own_lots(state, seat)
    car = at(player, CAR)
    in_lot = {lot: at(player, lot) for lot in own}
    for m in at(player, UNPLACED):
        if fits_car([*car, m]):
            car.append(m)
            continue
        room = next((lot for lot in own if len(in_lot[lot]) < BUSINESS_SIZE), None)
        if room is not None:
            in_lot[room].append(m)
    parts = [join(car)] + [f"{lot}={join(men)}" for lot, men in in_lot.items() if men]
    return Decision("place", tuple(parts))


def check_place(state: EmpireState, seat: int, d: Decision) -> None:
    arrangement(state, seat, d)


def take_place(state: EmpireState, ev: list[Event], seat: int, d: Decision) -> None:
    state.sealed[seat] = str(d)
    if set(state.sealed) >= set(placing_seats(state)):
        apply_placements(state, ev)


def apply_placements(state: EmpireState, ev: list[Event]) -> None:
    """All arrangements are applied together (EMPIRE §9.5)."""
    for seat in placing_seats(state):
        places = arrangement(state, seat, Decision.parse(state.sealed[seat]))
        player = state.players[seat]
        mine = working(player)
        fired = [m for m in mine if m not in places]
        for m, where in places.items():
            player.mobsters[m] = where
        for m in fired:
            fire(state, seat, m)
        conceal(state, mine)
        counts = [(CAR, len(at(player, CAR)))] + [
            (lot, len(at(player, lot))) for lot in own_lots(state, seat)
        ]
        ev.append(MobstersPlaced(seat, tuple(counts)))
        if fired:
            ev.append(MobstersFired(seat, tuple(fired)))
    state.sealed = {}
    if not settle(state, ev):
        end_sequence(state, ev)


def end_sequence(state: EmpireState, ev: list[Event]) -> None:
    """EMPIRE §9.6, then the cap of §12 or the next sequence's first turn."""
    reopened = [lot for lot, b in state.lots.items() if not b.open]
    for lot in reopened:
        state.lots[lot].open = True
    for player in state.players:
        if player.frozen:
            player.frozen = False
            ev.append(FreezeChanged(player.seat, False))
        player.peeked = False
    state.police_used = False
    if settle(state, ev):  # Businesses reopening together may bring several to 10
        return
    if state.sequence >= state.setup.options.sequences:
        end_by_cap(state, ev)  # ties count from the last sequence's first player
        return
    state.first = (state.first + 1) % len(state.players)
    state.round = 1
    state.order_index = 0
    ev.append(SequenceEnded(state.sequence, tuple(reopened), state.first))
    state.sequence += 1
    begin_turn(state, ev)
