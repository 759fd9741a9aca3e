"""What the player reads for the engine's names: spaces, resources, effects, scoring categories.

Constants are marked with ``N_`` and translated by the functions below when shown.
"""

from __future__ import annotations

import gettext
import os
import re
from functools import cache, lru_cache

from stoneage import i18n
from stoneage.i18n import LANGUAGES, N_, _, ngettext
from stoneage.rules import data

#: The name a human seat gets unless the player types one. It is shown in the language of the
#: moment: a game started in English and continued in Chinese says "你", not "You".
DEFAULT_HUMAN_NAME = N_("You")
#: Every name the game gives by itself (the bots' too): each is shown in the current language.
DEFAULT_NAMES = (DEFAULT_HUMAN_NAME, N_("Grok"), N_("Ayla"), N_("Tharn"), N_("Oona"))
#: The name of a person's seat in a hotseat game when nobody typed one ("Player 2"): shown in
#: the language of the moment, like the names above.
NUMBERED_NAME = N_("Player {n}")

SPACE_TITLES = (
    N_("Tool maker"),
    N_("Hut"),
    N_("Field"),
    N_("Hunting grounds"),
    N_("Forest"),
    N_("Clay pit"),
    N_("Quarry"),
    N_("River"),
    N_("Card (cost 1)"),
    N_("Card (cost 2)"),
    N_("Card (cost 3)"),
    N_("Card (cost 4)"),
    N_("Building stack 1"),
    N_("Building stack 2"),
    N_("Building stack 3"),
    N_("Building stack 4"),
)
SPACE_ART = (
    "tool_maker_place",
    "hut",
    "field",
    "hunting_grounds",
    "forest",
    "clay_pit",
    "quarry",
    "river",
)
RESOURCE_TITLES = (N_("wood"), N_("brick"), N_("stone"), N_("gold"))
RESOURCE_ART = ("wood", "brick", "stone", "gold")
# The engine's space names, as they appear in its reasons for rejecting an action.
_ENGINE_SPACE_WORDS = dict(zip(data.SPACE_NAMES, SPACE_TITLES))

CATEGORY_TITLES = {
    "buildings": N_("Buildings"),
    "card_points": N_("Points from cards"),
    "green_sets": N_("Culture sets (green cards)"),
    "farmers": N_("Farmers × food production"),
    "tool_makers": N_("Tool makers × tools"),
    "hut_builders": N_("Hut builders × buildings"),
    "shamans": N_("Shamans × people"),
    "resources": N_("Resources left (1 each)"),
    "feeding_penalties": N_("Hunger penalties"),
    "total": N_("Total"),
}
ROLE_TITLES = {
    "farmer": N_("farmer"),
    "tool_maker": N_("tool maker"),
    "hut_builder": N_("hut builder"),
    "shaman": N_("shaman"),
}
ROLE_ART = {
    "farmer": "figure_farmer",
    "tool_maker": "figure_tool_maker",
    "hut_builder": "figure_hut_builder",
    "shaman": "figure_shaman",
}
CULTURE_TITLES = {
    "pottery": N_("pottery"),
    "medicine": N_("medicine"),
    "writing": N_("writing"),
    "time": N_("time"),
    "transport": N_("transport"),
    "art": N_("art"),
    "weaving": N_("weaving"),
    "music": N_("music"),
}
LEVEL_TITLES = {
    "random": N_("Random"),
    "easy": N_("Easy"),
    "normal": N_("Normal"),
    "hard": N_("Hard"),
}
COLOUR_TITLES = {"red": N_("Red"), "blue": N_("Blue"), "green": N_("Green"), "yellow": N_("Yellow")}
SPEED_TITLES = {"instant": N_("Instant"), "fast": N_("Fast"), "normal": N_("Normal")}
ITEM_FACES = {
    1: N_("1 wood"),
    2: N_("1 brick"),
    3: N_("1 stone"),
    4: N_("1 gold"),
    5: N_("1 tool"),
    6: N_("+1 food production"),
}
ITEM_ART = {1: "wood", 2: "brick", 3: "stone", 4: "gold", 5: "tool", 6: "food_track"}


def space_title(space: int) -> str:
    """The name of a board space."""
    return _(SPACE_TITLES[space])


def resource_title(index: int) -> str:
    """The name of a resource (0 wood .. 3 gold)."""
    return _(RESOURCE_TITLES[index])


def count_text(n: int, thing: str) -> str:
    """A number of something: '2 wood' (other languages may write it their way)."""
    # TRANSLATORS: a number of a resource or of food, e.g. "2 wood"; {thing} is already translated.
    return _("{n} {thing}").format(n=n, thing=thing)


def join_list(parts: list[str]) -> str:
    """Items in a list: '2 wood, 1 stone'."""
    # TRANSLATORS: the separator between the items of a list ("2 wood, 1 stone").
    return _(", ").join(parts)


def join_sentences(first: str, second: str) -> str:
    """Two sentences one after the other (a space in English, none in Chinese and Japanese)."""
    # TRANSLATORS: two sentences one after the other (Chinese and Japanese need no space).
    return _("{sentence} {sentence2}").format(sentence=first, sentence2=second)


def amounts_text(amounts: tuple[int, ...]) -> str:
    """``(2, 0, 1, 0)`` -> '2 wood, 1 stone'; nothing -> 'nothing'."""
    parts = [count_text(n, resource_title(i)) for i, n in enumerate(amounts) if n]
    return join_list(parts) if parts else _("nothing")


def yield_text(space: int) -> str:
    """What a gathering space gives: '3 pips = 1 wood'."""
    divisor = data.gather_divisor(space)
    thing = _("food") if space == data.HUNT else resource_title(space - data.FOREST)
    return _("{pips} pips = 1 {thing}").format(pips=divisor, thing=thing)


def village_text(space: int) -> str:
    """What a village space gives."""
    return {0: _("+1 tool"), 1: _("+1 person"), 2: _("+1 food production")}[space]


def card_effect_text(card: data.Card) -> str:
    """The immediate effect of a civilization card, in a few words."""
    e, amount = card.effect, card.amount
    res = resource_title(card.resource) if card.resource is not None else ""
    texts = {
        "food": ngettext("{n} food", "{n} food", amount).format(n=amount),
        "resource": count_text(amount, res),
        "resource_2_dice": _("2 dice of {res}").format(res=res),
        "points": ngettext("{n} point", "{n} points", amount).format(n=amount),
        "food_production": _("+1 food production"),
        "one_use_tool": _("one-use tool {n}").format(n=amount),
        "permanent_tool": _("+1 tool"),
        "extra_card": _("extra card"),
        "any_two_resources": _("2 resources of choice"),
        "dice_for_items": _("dice for all"),
    }
    return texts[e]


def card_scoring_text(card: data.Card) -> str:
    """The final-scoring half of a card."""
    if card.culture:
        return _("culture: {symbol}").format(symbol=_(CULTURE_TITLES[card.culture]))
    if card.role is None:  # every card scores a culture symbol or a role; none: nothing to say
        return ""
    role = _(ROLE_TITLES[card.role])
    return ngettext("{n} {role}", "{n} {role}s", card.role_count).format(
        n=card.role_count, role=role
    )


def building_cost_text(tile: data.Building) -> str:
    """What a building tile costs, in words."""
    if tile.kind == "fixed":
        return amounts_text(tile.cost)
    if tile.kind == "variable":
        return ngettext(
            "{count} resources of {kinds} kind",
            "{count} resources of {kinds} different kinds",
            tile.kinds,
        ).format(count=tile.count, kinds=tile.kinds)
    return _("1 to 7 resources of any kind")


def engine_reason(error: Exception) -> str:
    """The rules engine's reason for rejecting an action, in the player's language."""
    template = getattr(error, "template", None)
    if template is None:
        return str(error)
    params = dict(getattr(error, "params", {}))
    space = params.get("space")
    space_word = _ENGINE_SPACE_WORDS.get(space) if isinstance(space, str) else None
    if space_word:
        params["space"] = _(space_word).lower()
    step_name = params.get("step")
    if isinstance(step_name, str):
        params["step"] = _(step_name)
    try:
        return _(template).format(**params)
    except (KeyError, IndexError, ValueError):
        return getattr(error, "reason", str(error))


def translations_of(message: str) -> frozenset[str]:
    """``message`` in every language the game has, the English original included (a name read
    from a save is recognised whatever the language it was saved in)."""
    return _translations_in(message, str(i18n.locale_dir()))


@cache
def _translations_in(message: str, localedir: str) -> frozenset[str]:
    forms = {message}
    for code in LANGUAGES:
        if not os.environ.get("STONEAGE_LOCALE_DIR"):
            i18n.compile_from_source(code)  # a source checkout: the catalog may not be built yet
        try:
            catalog = gettext.translation(i18n.DOMAIN, localedir=localedir, languages=[code])
        except OSError:  # no catalog for this language
            continue
        forms.add(catalog.gettext(message))
    return frozenset(forms)


def is_default_name(name: str) -> bool:
    """True for the default human name, in any language ("You", "你", "あなた")."""
    return name.strip() in translations_of(DEFAULT_HUMAN_NAME)


def numbered_name(n: int) -> str:
    """The default name of seat ``n`` (1-based) of a hotseat game, in the current language."""
    return _(NUMBERED_NAME).format(n=n)


@cache
def _numbered_patterns(localedir: str) -> tuple[re.Pattern[str], ...]:
    """A pattern per language matching "Player {n}" as that language writes it."""
    patterns = []
    for template in sorted(_translations_in(NUMBERED_NAME, localedir)):
        if template.count("{n}") != 1:  # a broken translation: not a pattern to trust
            continue
        before, after = (re.escape(part) for part in template.split("{n}"))
        patterns.append(re.compile(rf"^{before}([1-9][0-9]?){after}$"))
    return tuple(patterns)


def _seat_number(name: str) -> int | None:
    """n when ``name`` is "Player n" in any language, else None."""
    for pattern in _numbered_patterns(str(i18n.locale_dir())):
        found = pattern.match(name.strip())
        if found:
            return int(found.group(1))
    return None


def canonical_name(name: str) -> str:
    """The name's stable identity, the same whatever the language it was written in: a name
    the game gave becomes its English original ("你" and "あなた" become "You", "玩家 2"
    becomes "Player 2"); a name a player typed is kept as typed (without outer spaces). The
    history and the achievements count a person by this, so "You" in an English game and "你"
    in a Chinese one are the same person."""
    # Called for every seat of every game read from the history: remembered per catalog folder
    # (the environment's override, when set, names it).
    return _canonical(name, os.environ.get("STONEAGE_LOCALE_DIR", ""))


@lru_cache(maxsize=4096)
def _canonical(name: str, _catalogs: str) -> str:
    stripped = name.strip()
    for default in DEFAULT_NAMES:
        if stripped in translations_of(default):
            return default
    number = _seat_number(stripped)
    if number is not None:
        return NUMBERED_NAME.format(n=number)
    return stripped


def shown_name(name: str) -> str:
    """A seat's name as shown now: a name the game gave (the default human name, "Player n",
    the bots' names) in the current language, any name the player chose as it is."""
    for default in DEFAULT_NAMES:
        if name.strip() in translations_of(default):
            return _(default)
    number = _seat_number(name)
    if number is not None:
        return numbered_name(number)
    return name
