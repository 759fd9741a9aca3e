"""What the player reads of an opponent: its name and its one line, in the current language, and
its portrait (``stoneage.ai.opponents`` holds how each plays).

Names were chosen to be read and said in every language of the game: short, open syllables
(Chinese and Japanese forms are in the catalogs, as the default bots' names are). An id this
version does not know (a save of a newer version) reads as the balanced opponent.
"""

from __future__ import annotations

from stoneage.ai import BALANCED, LEVELS, find_opponent, known_opponent, roster
from stoneage.i18n import N_, _

#: Each opponent's name, by id (marked here for the catalogs, translated when shown).
NAMES = {
    "balanced": N_("Kaya"),
    "farmer": N_("Hana"),
    "builder": N_("Bodo"),
    "scholar": N_("Lumi"),
    "toolmaker": N_("Kobo"),
}
#: How each plays, in one line a player reads beside the portrait: what its fingerprint shows
#: (README, "Opponents": where its figures go next to the balanced one's, where its points come from).
LINES = {
    "balanced": N_("Weighs every space against every other: the strongest all-round game."),
    "farmer": N_("Grows a large tribe: huts and the hunt first, then fields."),
    "builder": N_("Digs brick above all, and builds with it."),
    "scholar": N_("Collects civilization cards: green sets and multipliers."),
    "toolmaker": N_("Makes tools first, then digs gold with them."),
}
#: The levels as the runner lists them (``random`` is nobody's, ``hard1`` the runner's own).
LEVEL_WORDS = ", ".join(LEVELS[1:])


def _known(opponent: str) -> str:
    return opponent if known_opponent(opponent) and opponent in NAMES else BALANCED


def opponent_name(opponent: str) -> str:
    """The opponent's name in the current language ("Lumi", "露米", "ルミ")."""
    return _(NAMES[_known(opponent)])


def opponent_line(opponent: str) -> str:
    """How the opponent plays, in one line of the current language."""
    return _(LINES[_known(opponent)])


def portrait(opponent: str) -> str:
    """The name of the opponent's portrait among the game's images (``opponent_scholar``)."""
    return find_opponent(_known(opponent)).portrait


def roster_lines() -> list[str]:
    """One line an opponent, the id first, then its name, how it plays and its levels (the
    runner's ``--list-bots``; in the current language, English unless one was installed)."""
    width = max(len(o.id) for o in roster())
    names = max(len(opponent_name(o.id)) for o in roster())
    return [
        f"{o.id:<{width}}  {opponent_name(o.id):<{names}}  {opponent_line(o.id)}  [{LEVEL_WORDS}]"
        for o in roster()
    ]


def opponent_ids() -> tuple[str, ...]:
    """Every opponent's id, in the roster's order (the balanced one first)."""
    return tuple(o.id for o in roster())
