"""What the player reads for the engine's names: spaces, resources, effects, scoring categories.

Constants are marked with ``N_`` and translated by the functions below when shown.
"""

from __future__ import annotations

import gettext
import os
import re
from collections.abc import Callable
from functools import cache, lru_cache

from stoneage import i18n
from stoneage.i18n import LANGUAGES, N_, NP_, _, ngettext, pgettext
from stoneage.play.opponents import NAMES as OPPONENT_NAMES
from stoneage.rules import data

#: The name a human seat gets unless the player types one. It is shown in the language of the
#: moment: a game started in English and continued in Chinese says "你", not "You".
DEFAULT_HUMAN_NAME = N_("You")
#: Every name the game gives by itself (the bots' too): each is shown in the current language.
#: (Grok, Ayla, Tharn and Oona named the bots before there were opponents: old saves say them.)
DEFAULT_NAMES = (
    DEFAULT_HUMAN_NAME,
    N_("Grok"),
    N_("Ayla"),
    N_("Tharn"),
    N_("Oona"),
    *OPPONENT_NAMES.values(),
)
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
    # The display's slots by what their card costs, the building stacks by their place, in
    # the words of a player ("the card costing 2", "the first building").
    N_("Card costing 1"),
    N_("Card costing 2"),
    N_("Card costing 3"),
    N_("Card costing 4"),
    N_("First building"),
    N_("Second building"),
    N_("Third building"),
    N_("Fourth building"),
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
# The bots' levels, as their names are shown ("Bot: Normal", "{level} bot"). "Normal" as an
# animation speed and "Hard" standing for the Hard bot itself are other messages (contexts).
LEVEL_TITLES = {
    "random": N_("Random"),
    "easy": N_("Easy"),
    "normal": N_("Normal"),
    "hard": N_("Hard"),
}
COLOUR_TITLES = {"red": N_("Red"), "blue": N_("Blue"), "green": N_("Green"), "yellow": N_("Yellow")}
SPEED_CONTEXT = "animation speed"  # not a bot's level: "Normal" is two messages
SPEED_TITLES = {
    "instant": NP_("animation speed", "Instant"),
    "fast": NP_("animation speed", "Fast"),
    "normal": NP_("animation speed", "Normal"),
}
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
    """The name of a board space ("Forest", "Card costing 2", "First building")."""
    return _(SPACE_TITLES[space])


def space_words(space: int, tile: str | None = None) -> str:
    """A board space inside a sentence, after "the": "forest", "card costing 2", and a
    building stack named by the building on top when ``tile`` gives it ("building worth 12
    points"), else by its place ("first building")."""
    if tile is not None and space in data.BUILDING_SPACES:
        return building_words(data.buildings()[tile])
    return space_title(space).lower()


def speed_title(speed: str) -> str:
    """The name of an animation speed ("Instant", "Fast", "Normal") in the current language."""
    return pgettext(SPEED_CONTEXT, SPEED_TITLES[speed])


def resource_title(index: int) -> str:
    """The name of a resource (0 wood .. 3 gold)."""
    return _(RESOURCE_TITLES[index])


def resource_count(index: int, n: int) -> str:
    """A number of one resource, with the plural of the current language: '1 brick',
    '3 bricks', '2 wood', '2 gold'."""
    # TRANSLATORS: a number of a resource; English says "2 wood", "2 bricks", "2 stones", "2 gold".
    if index == data.WOOD:
        text = ngettext("{n} wood", "{n} wood", n)
    elif index == data.BRICK:
        text = ngettext("{n} brick", "{n} bricks", n)
    elif index == data.STONE:
        text = ngettext("{n} stone", "{n} stones", n)
    else:
        text = ngettext("{n} gold", "{n} gold", n)
    return text.format(n=n)


def food_count(n: int) -> str:
    """A number of food: '3 food'."""
    return ngettext("{n} food", "{n} food", n).format(n=n)


def count_text(n: int, thing: str) -> str:
    """A number of something whose name has no plural ('2 × tool' style labels); for
    resources and food use ``resource_count`` and ``food_count``, which say '2 bricks'."""
    # TRANSLATORS: a number of something, e.g. "2 wood"; {thing} is already translated.
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
    """``(2, 3, 1, 0)`` -> '2 wood, 3 bricks, 1 stone'; nothing -> 'nothing'."""
    parts = [resource_count(i, n) for i, n in enumerate(amounts) if n]
    return join_list(parts) if parts else _("nothing")


def gains_text(food: int, amounts: tuple[int, ...]) -> str:
    """Food and resources gained: '3 food', '2 bricks, 1 gold'; nothing -> 'nothing'."""
    parts = [food_count(food)] if food else []
    parts += [resource_count(i, n) for i, n in enumerate(amounts) if n]
    return join_list(parts) if parts else _("nothing")


#: A space between the parts of a formula that a line may not be broken at (U+00A0).
FORMULA_SPACE = "\u00a0"
# A space before an operator between two numbers (or placeholders), and one after it.
_FORMULA = re.compile(r"(?<=[\d)}]) (?=[×+=/−-] [\d({])|(?<=[\d)}] [×+=/−-]) (?=[\d({])")


def formula_text(text: str) -> str:
    """``text`` with each formula in it kept on one line: the spaces around ×, +, =, / and
    the minus between two numbers become non-breaking ("2 × 2 = 4" is never cut as "2 × /
    2 = 4"). The line breaker (``stoneage.ui.widgets.wrap_text``) breaks only at ordinary
    spaces (and beside Chinese and Japanese characters: "4点" still needs the breaker's own
    rule)."""
    return _FORMULA.sub(FORMULA_SPACE, text)


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
    texts = {
        "food": food_count(amount),
        "resource": resource_count(card.resource or 0, amount),
        "resource_2_dice": _("2 dice of {res}").format(res=resource_title(card.resource or 0)),
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


def card_name(card: data.Card) -> str:
    """A civilization card named by what it is, both halves: '7 food · culture: music',
    'one-use tool 4 · 2 tool makers'."""
    # TRANSLATORS: a card named by its two halves, what it gives now and how it scores at the end.
    return _("{effect} · {scoring}").format(
        effect=card_effect_text(card), scoring=card_scoring_text(card)
    )


def building_words(tile: data.Building) -> str:
    """A building tile inside a sentence, after "the", named by its points where they are
    printed: 'building worth 12 points', 'building of 4 resources of 2 kinds'."""
    if tile.kind == "fixed":
        return ngettext(
            "building worth {points} point", "building worth {points} points", tile.points
        ).format(points=tile.points)
    if tile.kind == "variable":
        return ngettext(
            "building of {count} resources of {kinds} kind",
            "building of {count} resources of {kinds} kinds",
            tile.kinds,
        ).format(count=tile.count, kinds=tile.kinds)
    return _("building of 1 to 7 resources")


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


# --- the rules' reasons in the player's words ------------------------------------------------------
# The engine gives every refusal as an English template with values (``ActionError.template``,
# ``params``: see ``stoneage.rules.explain``). Those templates speak of seats, stacks and slots;
# the player reads the sentence below for each instead, made from the same values. A template
# not found here (a reason added to the rules later) is shown translated as it is.
Params = dict[str, object]


def _number(params: Params, key: str) -> int:
    value = params.get(key)
    return value if isinstance(value, int) else 0


def _reason_space(params: Params) -> str:
    """The engine's space name in a reason ("hunt", "card2", "building1") in the player's
    words, for "the {space}": "hunting grounds", "card costing 2", "building"."""
    name = params.get("space")
    space = data.SPACE_BY_NAME.get(name) if isinstance(name, str) else None
    if space is None:
        return str(name)
    if space in data.BUILDING_SPACES:
        return _("building")
    return space_title(space).lower()


def _sentence(text: str) -> str:
    """``text`` with a capital first letter (a reason that begins with its space)."""
    return text[:1].upper() + text[1:]


#: The steps of a turn the engine names in "this does not fit the current step ({step})".
_STEP_WORDS = {
    "choosing a space": N_("choosing the next space to use"),
    "choosing tools for a roll": N_("choosing tools for the roll"),
    "paying for a civilization card": N_("paying for the card or declining"),
    "paying for a building": N_("paying for the building or declining"),
    "picking a die of the dice-for-items card": N_("picking a die for items"),
    "feeding": N_("feeding the people"),
}


def _step_words(params: Params) -> str:
    step = params.get("step")
    if isinstance(step, str):
        return _(_STEP_WORDS.get(step, step))
    return ""


def _with_space(message: str) -> Callable[[Params], str]:
    """A reason whose sentence names the space."""
    return lambda p: _sentence(_(message).format(space=_reason_space(p)))


PLAYER_REASONS: dict[str, Callable[[Params], str]] = {
    # actions that are no actions, or come from the wrong hand
    "this is not an action": lambda p: _("That is not a move"),
    "cannot read this as an action": lambda p: _("That is not a move"),
    "the game is over": lambda p: _("The game is over"),
    "this outcome is not possible here": lambda p: _("That cannot come up here"),
    "the dice or a face-down card decide now, not a player": lambda p: _(
        "Wait: the dice or a card turned up decide now"
    ),
    "that is an outcome of chance; seat {actor} must decide now": lambda p: _(
        "That is for the dice or the cards to decide, not a player"
    ),
    "it is not this seat's turn (seat {actor} decides now)": lambda p: _("It is not your turn"),
    "this seat has no unused two-resources card": lambda p: _(
        "You have no unused two-resources card"
    ),
    # the wrong moment
    "now is the placement of figures": lambda p: _(
        "First place your figures: the spaces are used once everyone has placed"
    ),
    "this does not fit the current step ({step})": lambda p: _(
        "Not now: this is the time for {step}"
    ).format(step=_step_words(p)),
    "figures are placed only in the placement phase": lambda p: _(
        "Figures are placed only at the start of a round, before any space is used"
    ),
    # placing figures
    "this seat already placed on the {space} this round": _with_space(
        N_("You already placed figures on the {space} this round")
    ),
    "only {avail} figures are left to place": lambda p: ngettext(
        "You have only {n} figure left to place",
        "You have only {n} figures left to place",
        _number(p, "avail"),
    ).format(n=_number(p, "avail")),
    "place at least one figure": lambda p: _("Place at least one figure"),
    "a card or a building takes exactly one figure": lambda p: _(
        "A card or a building takes exactly one figure"
    ),
    "there is no card in this slot": lambda p: _("There is no card here"),
    "this building stack is not in play or is empty": lambda p: _("There is no building here"),
    "the {space} is already taken": _with_space(N_("the {space} is already taken")),
    "the hut takes exactly 2 figures of one player": lambda p: _(
        "The hut takes exactly 2 of your figures"
    ),
    "the {space} takes exactly 1 figure": _with_space(N_("the {space} takes exactly 1 figure")),
    "the {space} is full": _with_space(N_("the {space} is already taken")),
    "with {n} players only 2 of tool maker, hut and field may be used each round": lambda p: _(
        "With {n} players only 2 of the tool maker, the hut and the field are used each "
        "round, and 2 are taken"
    ).format(n=_number(p, "n")),
    "the {space} is full (7 figures)": _with_space(
        N_("the {space} is full: 7 figures stand there")
    ),
    "the {space} has room for only {room} more figures": lambda p: _sentence(
        ngettext(
            "the {space} has room for only {n} more figure",
            "the {space} has room for only {n} more figures",
            _number(p, "room"),
        ).format(space=_reason_space(p), n=_number(p, "room"))
    ),
    "with 2 players only one player may use the {space} each round": _with_space(
        N_("With 2 players only one player may use the {space} each round, and someone is there")
    ),
    "with 3 players at most two players may use the {space} each round": _with_space(
        N_("With 3 players at most two players may use the {space} each round, and two are there")
    ),
    # using the spaces
    "this seat has no figures on the {space}": _with_space(
        N_("You have no figures on the {space}")
    ),
    "these tools are not available, or one of them would add nothing to the yield": lambda p: _(
        "You cannot add these tools: one is used already, or it would not change what you get"
    ),
    "no remaining die shows {face}": lambda p: _("No die left shows {item}").format(
        item=_(ITEM_FACES.get(_number(p, "face"), "?"))
    ),
    # paying
    "this seat does not have these resources": lambda p: _("You do not have these resources"),
    "pay exactly the {short} missing food with resources": lambda p: ngettext(
        "Pay exactly {n} resource for the missing food",
        "Pay exactly {n} resources for the missing food",
        _number(p, "short"),
    ).format(n=_number(p, "short")),
    "this card costs exactly {cost} resources (never food)": lambda p: ngettext(
        "This card costs exactly {n} resource of any kind (food does not count)",
        "This card costs exactly {n} resources of any kind (food does not count)",
        _number(p, "cost"),
    ).format(n=_number(p, "cost")),
    "this building takes exactly {count} resources of exactly {kinds} different kinds": lambda p: (
        ngettext(
            "This building takes exactly {count} resources, all of {kinds} kind",
            "This building takes exactly {count} resources of exactly {kinds} different kinds",
            _number(p, "kinds"),
        ).format(count=_number(p, "count"), kinds=_number(p, "kinds"))
    ),
    "this building takes 1 to 7 resources": lambda p: _(
        "This building takes 1 to 7 resources of any kind"
    ),
    "this building costs exactly what is printed on it": lambda p: _(
        "This building costs exactly the resources shown on it"
    ),
}


def engine_reason(error: Exception) -> str:
    """The rules engine's reason for rejecting an action, as a player says it, in the
    player's language ("You already placed figures on the hunting grounds this round", not
    "this seat already placed on the hunt")."""
    template = getattr(error, "template", None)
    if not isinstance(template, str):
        return str(error)
    params: Params = dict(getattr(error, "params", {}))
    said = PLAYER_REASONS.get(template)
    if said is not None:
        return said(params)
    # A reason with no sentence of its own yet: the engine's template, translated.
    if "space" in params:
        params["space"] = _reason_space(params)
    if isinstance(params.get("step"), str):
        params["step"] = _step_words(params)
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
