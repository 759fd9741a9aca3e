"""The review in words, in the language of the moment (called at display time, so a language
switch rewords a review already made): a sentence for each key moment, a line for any judged
decision, and the summary of a seat.

The sentences name the moves as a player would ("Placing 3 on the forest left the hut to
Grok; Hard would have taken the hut: +1 person for 9 rounds"), built from the data a
``Judged`` carries, never from the rules' text forms shown raw.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from stoneage.i18n import N_, _, ngettext
from stoneage.play.names import ITEM_FACES, amounts_text, card_name, space_words
from stoneage.rules import data
from stoneage.rules.data import FIELD, HUT, TOOL_MAKER

from .analysis import AGREE_MARGIN
from .model import CATEGORIES, NOBODY, Judged, SeatReview

CATEGORY_TITLES: Final = {
    "placement": N_("placement"),
    "payment": N_("payment"),
    "feeding": N_("feeding"),
    "items": N_("dice for items"),
    "other": N_("other decisions"),
}

_NUMBERS = re.compile(r"\d+")


def category_title(category: str) -> str:
    """A summary category's name ('placement', 'dice for items'...)."""
    return _(CATEGORY_TITLES.get(category, CATEGORY_TITLES["other"]))


def moment_sentence(judged: Judged, names: Sequence[str]) -> str:
    """One sentence on a key moment: what the player did (and whom it left Hard's space to),
    what Hard would have done, and what that would have gained where it is a lasting gain.
    ``names``: every seat's name, by seat."""
    did = _did(judged)
    best = _would(judged)
    if judged.taken_by != NOBODY and 0 <= judged.taken_by < len(names):
        sentence = _("{did} left the {space} to {name}; Hard would have {best}").format(
            did=did,
            space=space_words(judged.best_space),
            name=names[judged.taken_by],
            best=best,
        )
    else:
        sentence = _("{did}; Hard would have {best}").format(did=did, best=best)
    gain = _lasting_gain(judged)
    if gain:
        # TRANSLATORS: a review sentence followed by what Hard's move would have gained.
        sentence = _("{sentence}: {gain}").format(sentence=sentence, gain=gain)
    # TRANSLATORS: the end of a sentence (a full stop in English).
    return _("{sentence}.").format(sentence=sentence)


def cost_text(judged: Judged) -> str:
    """What the decision cost by the end of the game ('-4.2 points by the end of the game')."""
    return _("-{loss:.1f} points by the end of the game").format(loss=judged.loss)


def given_away_line(judged: Judged) -> str:
    """What a costly decision gave away ('Given away: 4.2 points by the end of the game.')."""
    return _("Given away: {loss:.1f} points by the end of the game.").format(loss=judged.loss)


def measure_line(judged: Judged) -> str:
    """How the points given away were found: both moves played out to the end of the game, or
    Hard's look to the end of the round carried there."""
    if judged.played_out:
        return ngettext(
            "Both moves played out {n} time to the end of the game.",
            "Both moves played out {n} times to the end of the game.",
            judged.futures,
        ).format(n=judged.futures)
    return _("Hard's look to the end of the round, carried to the end of the game.")


def remade_words() -> str:
    """What is said when a review kept by an earlier version is made again."""
    return _(
        "This game's review was made by an earlier version, which judged each move only to "
        "the end of its round: it is made again, its key moments played out to the end of "
        "the game."
    )


def lead_line(judged: Judged) -> str:
    """Both moves with their expected lead, as the Hint words them."""
    if not judged.searched:
        return _("You: {chosen}. Hard agrees (an obvious move).").format(
            chosen=_doing(judged.chosen, judged)
        )
    if judged.agrees:
        return _("You: {chosen} (expected lead {lead:+.1f}), Hard's move too.").format(
            chosen=_doing(judged.chosen, judged), lead=judged.chosen_lead
        )
    return _("You: {chosen} (expected lead {lead:+.1f}); Hard: {best} ({best_lead:+.1f})").format(
        chosen=_doing(judged.chosen, judged),
        lead=judged.chosen_lead,
        best=_doing(judged.best, judged, best=True),
        best_lead=judged.best_lead,
    )


def decision_line(judged: Judged) -> str:
    """A decision on the timeline: its round and both moves ('Round 3: ...')."""
    return _("Round {round}: {line}").format(round=judged.round, line=lead_line(judged))


def summary_lines(review: SeatReview) -> list[str]:
    """The summary of a seat: decisions judged and how often they were Hard's, the points
    given away by category, and the key moments' cost."""
    count = len(review.decisions)
    lines = [
        ngettext(
            "{name}: {n} decision judged",
            "{name}: {n} decisions judged",
            count,
        ).format(name=review.shown, n=count)
    ]
    if not count:
        return lines
    lines.append(
        _("Hard's move or within {margin:.0f} point of it: {share:.0%}").format(
            margin=AGREE_MARGIN, share=review.agreement
        )
    )
    parts = [
        _("{category} {points:.1f}").format(
            category=category_title(c), points=review.loss_by_category.get(c, 0.0)
        )
        for c in CATEGORIES
        if review.loss_by_category.get(c, 0.0) >= 0.05
    ]
    if parts:
        lines.append(_("Points given away: {parts}").format(parts=_(", ").join(parts)))
    moments = review.moments()
    if moments:
        lines.append(
            ngettext(
                "The key moment cost {points:.1f} points.",
                "The {n} key moments cost {points:.1f} points together.",
                len(moments),
            ).format(n=len(moments), points=sum(j.loss for j in moments))
        )
    else:
        lines.append(_("No costly decision: Hard would have played much the same game."))
    return lines


# --- the moves in words --------------------------------------------------------------------------
def _did(judged: Judged) -> str:
    """What the player did, as the subject of a sentence ('Placing 3 on the forest')."""
    tag = judged.chosen_tag
    if tag == "place":
        return ngettext(
            "Placing {n} figure on the {space}",
            "Placing {n} figures on the {space}",
            judged.chosen_count,
        ).format(n=judged.chosen_count, space=space_words(judged.chosen_space))
    if tag == "resolve":
        return _("Using the {space} first").format(space=space_words(judged.chosen_space))
    if tag == "tools":
        total = _tools_total(judged.chosen)
        if not total:
            return _("Adding no tools to the roll")
        return _("Adding tools worth {value} to the roll").format(value=total)
    if tag == "pay":
        return _("Paying {cost} for the {thing}").format(
            cost=amounts_text(judged.chosen_resources), thing=_target(judged)
        )
    if tag == "decline":
        return _("Not buying the {thing}").format(thing=_target(judged))
    if tag == "pick":
        return _("Taking {item}").format(item=_item(judged.chosen))
    if tag == "taketwo":
        return _("Taking {resources} with the two-resources card").format(
            resources=amounts_text(judged.chosen_resources)
        )
    if tag == "feed":
        return _("Feeding your people with {what}").format(
            what=amounts_text(judged.chosen_resources)
        )
    if tag == "starve":
        return ngettext(
            "Taking -10 points for hunger ({n} food short)",
            "Taking -10 points for hunger ({n} food short)",
            judged.missing_food,
        ).format(n=judged.missing_food)
    return judged.chosen


def _would(judged: Judged) -> str:
    """What Hard would have done, after 'Hard would have' ('taken the hut')."""
    tag = judged.best_tag
    if tag == "place":
        if judged.best_space in (HUT, FIELD, TOOL_MAKER) or judged.best_space in (
            *data.CARD_SPACES,
            *data.BUILDING_SPACES,
        ):
            return _("taken the {space}").format(space=space_words(judged.best_space))
        return ngettext(
            "placed {n} figure on the {space}",
            "placed {n} figures on the {space}",
            judged.best_count,
        ).format(n=judged.best_count, space=space_words(judged.best_space))
    if tag == "resolve":
        return _("used the {space} first").format(space=space_words(judged.best_space))
    if tag == "tools":
        total = _tools_total(judged.best)
        if not total:
            return _("kept its tools")
        return _("added tools worth {value}").format(value=total)
    if tag == "pay":
        return _("bought it for {cost}").format(cost=amounts_text(judged.best_resources))
    if tag == "decline":
        return _("left it")
    if tag == "pick":
        return _("taken {item}").format(item=_item(judged.best))
    if tag == "taketwo":
        return _("taken {resources}").format(resources=amounts_text(judged.best_resources))
    if tag == "feed":
        return _("fed them with {what}").format(what=amounts_text(judged.best_resources))
    if tag == "starve":
        return _("taken the -10 points and kept its resources")
    return judged.best


def _doing(text: str, judged: Judged, best: bool = False) -> str:
    """A move of the timeline in a few words (the player's, or Hard's with ``best``)."""
    tag = judged.best_tag if best else judged.chosen_tag
    space = judged.best_space if best else judged.chosen_space
    count = judged.best_count if best else judged.chosen_count
    resources = judged.best_resources if best else judged.chosen_resources
    if tag == "place":
        return ngettext("{n} on the {space}", "{n} on the {space}", count).format(
            n=count, space=space_words(space)
        )
    if tag == "resolve":
        return _("the {space} first").format(space=space_words(space))
    if tag == "tools":
        total = _tools_total(text)
        return _("tools worth {value}").format(value=total) if total else _("no tools")
    if tag == "pay":
        return _("pay {cost}").format(cost=amounts_text(resources))
    if tag == "decline":
        return _("do not buy")
    if tag == "pick":
        return _item(text)
    if tag == "taketwo":
        return amounts_text(resources)
    if tag == "feed":
        return _("feed with {what}").format(what=amounts_text(resources))
    if tag == "starve":
        return _("go hungry (-10 points)")
    return text


def _lasting_gain(judged: Judged) -> str:
    """What Hard's placement on the hut, the field or the tool maker gains for the rest of the
    game ('+1 person for 9 rounds'); '' for other moves or when the player made it too."""
    if judged.best_tag != "place" or judged.agrees or judged.rounds_left < 1:
        return ""
    rounds = judged.rounds_left
    if judged.best_space == HUT:
        return ngettext("+1 person for {n} round", "+1 person for {n} rounds", rounds).format(
            n=rounds
        )
    if judged.best_space == FIELD:
        return ngettext(
            "+1 food a round for {n} round", "+1 food a round for {n} rounds", rounds
        ).format(n=rounds)
    if judged.best_space == TOOL_MAKER:
        return ngettext("+1 tool for {n} round", "+1 tool for {n} rounds", rounds).format(n=rounds)
    return ""


def _target(judged: Judged) -> str:
    """The card or building paid for, inside a sentence."""
    if judged.kind == "pay_card":
        card = data.cards().get(judged.target)
        return _("card ({name})").format(name=card_name(card)) if card else _("card")
    tile = data.buildings().get(judged.target)
    return space_words(data.BUILDING_SPACES[0], judged.target) if tile else _("building")


def _tools_total(text: str) -> int:
    """The value of the tools an action's text form adds ('tools 3+2 cards 4' -> 9)."""
    return sum(int(n) for n in _NUMBERS.findall(text))


def _item(text: str) -> str:
    """The item of a die's face named in 'pick N'."""
    found = _NUMBERS.findall(text)
    face = int(found[0]) if found else 0
    return _(ITEM_FACES[face]) if face in ITEM_FACES else text
