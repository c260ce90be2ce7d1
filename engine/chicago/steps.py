"""The game's steps, declared once: which handler runs each agenda step and each kind of
decision. A reader scans this table to see every part of a turn; a test checks that
every step the engine schedules and every decision kind has its handler here."""

from __future__ import annotations

from engine.chicago import actions, card_effects, encounters, raids, trades, turns
from engine.chicago.agenda import DecisionHandler, StepHandler
from engine.chicago.decisions import DecisionKind

STEP_HANDLERS: dict[str, StepHandler] = {
    "turn": turns.begin_turn,  # RULES §4
    "end_turn": turns.end_turn,  # §4
    "destination": encounters.boss_destination,  # §6
    "lucky_jack": encounters.lucky_jack,  # §5
    "business": encounters.rival_business,  # §8
    "personal": encounters.personal_encounter,  # §8.2
    "space_effect": encounters.space_effect,  # §6
    "police_arrival": encounters.police_arrival,  # §6.3
    "police_business": encounters.police_business,  # §6.3
    "raid": raids.raid_rounds,  # §8.1
    "action": actions.offer_action,  # §9
    "police_action": actions.offer_police_action,  # §7.1
    "police_move": card_effects.police_move,  # §7
    "police_jump": card_effects.police_jump,  # §7
    "meeting_trade": trades.meeting_trade,  # §12.1
}

DECISION_HANDLERS: dict[DecisionKind, DecisionHandler] = {
    DecisionKind.ROLL: turns.roll,
    DecisionKind.PAY_OR_RAID: encounters.pay_or_raid,
    DecisionKind.BRIBE_OR_RAID: encounters.bribe_or_raid,
    DecisionKind.FIGHT_OR_WITHDRAW: raids.fight_or_withdraw,
    DecisionKind.ACTION: actions.take_action,
    DecisionKind.POLICE_ACTION: actions.take_action,
    DecisionKind.TRADE_ANSWER: trades.answer,
    DecisionKind.MEETING_TRADE: trades.meeting_proposal,
}
