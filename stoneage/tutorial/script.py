"""The lesson script: a fixed two-player game whose chance outcomes and opponent moves are
chosen so that every lesson happens with the player's own hands.

Why two players: with 2 (or 3) players only 2 of the 3 village spaces may be used each round,
which the issue asks to show, and with 2 a resource space takes one player only; two seats
also keep the opponent's moves between the player's steps few.

The game: the player (seat 0, start player) against one opponent (seat 1) over four rounds.

- Round 1: hunting grounds (2), hut (2), forest (1); the opponent's field closes the tool
  maker. The player rolls for the hunt and the forest; feeding.
- Round 2: tool maker, forest (2), a sand card with a one-use tool (4), clay pit (2); the
  player orders the groups, uses the new tool on the forest and the one-use card in the clay
  pit.
- Round 3: field, a fixed building (2 wood, 1 brick), a green dice-for-items card, forest (3);
  a feeding shortfall paid with wood.
- Round 4: a variable building (4 resources, 2 kinds), a flexible one (1-7 of any), a second
  green card (7 food), clay pit (3) with both tools.

Then the game's end and the final scoring are explained on the player's own position "as if
the game ended now", with the real scoring function: the real end is some seven rounds
further (a stack of seven buildings emptied, or the deck run out), some 150 more decisions,
which no lesson needs. The game then simply goes on against an Easy bot, to a real end and
the ordinary scoring screen.

Every scripted chance outcome is one of ``state.legal_actions()`` where it is applied, and
every expected action is legal at its step: ``tests/tutorial`` plays the script through.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import NamedTuple

from stoneage.i18n import N_
from stoneage.rules import (
    Action,
    ChooseTools,
    FeedPeople,
    GameState,
    PickItem,
    PickItemDie,
    Roll,
)
from stoneage.rules import data as rules_data
from stoneage.tutorial import lessons as L

PLAYERS = 2  # seats: the player and one opponent (see the module docstring)
YOU = 0  # the player's seat; the opponent sits at 1
SEED = 14  # the game's seed: only the dice after the script depend on it


class Moment(NamedTuple):
    """What a follow-up explains: the state before the step, the state after the player's
    action and its immediate chance outcomes, and the action taken."""

    before: GameState
    after: GameState
    action: Action | None


Params = Mapping[str, object]
SayParams = Callable[[GameState], Params]
ToldParams = Callable[[Moment], Params]


@dataclass(frozen=True)
class LessonStep:
    """One step of the script: a bubble pointing at ``target`` saying ``message``.

    ``action`` is the one action the player must take (its text form; at a chance node, the
    roll the player's click makes), or None for a step that is just read (Next).
    ``outcome`` are the chance outcomes that follow the action at once (the dice of the space
    the player resolved, the tile turned up after a building, the cards turned up when the
    action ends a round) and ``follow`` the explanation shown after them: no step is shown
    with the table half refilled. ``then`` are the opponent's moves and chance outcomes played when the
    player moves on (after the action, or after the follow-up when there is one; on Next for a
    step just read). ``say`` and ``told`` compute the ``{fields}`` of ``message`` and
    ``follow`` from the state. ``also`` are further targets the message names (lit, not
    pointed at) and ``follow_target`` what the follow-up points at, when not ``target`` (the
    dialog of the step's action is closed by then); ``follow_also`` what else the follow-up
    names (lit with ``also``).
    """

    id: str
    lessons: tuple[str, ...]
    target: str
    message: str
    action: str | None = None
    outcome: tuple[str, ...] = ()
    follow: str | None = None
    then: tuple[str, ...] = ()
    say: SayParams | None = None
    told: ToldParams | None = None
    also: tuple[str, ...] = ()
    follow_target: str | None = None
    follow_also: tuple[str, ...] = ()

    @property
    def is_read(self) -> bool:
        """True for a step that is just read (Next moves on)."""
        return self.action is None


# --- what the messages say, computed from the state ---------------------------------------------
def _food(state: GameState) -> Params:
    return {"food": state.players[YOU].food}


def _resource(state: GameState, index: int) -> int:
    return state.players[YOU].res[index]


def _pips(moment: Moment) -> int:
    """The dice total the player's roll step produced."""
    assert isinstance(moment.action, Roll)
    return moment.action.total


def _rolled_food(moment: Moment) -> Params:
    gained = moment.after.players[YOU].food - moment.before.players[YOU].food
    return {"pips": _pips(moment), "food": gained}


def _gained(index: int) -> ToldParams:
    def told(moment: Moment) -> Params:
        gained = _resource(moment.after, index) - _resource(moment.before, index)
        return {
            "pips": _pips_or_zero(moment),
            "gained": gained,
            "have": _resource(moment.after, index),
        }

    return told


def _pips_or_zero(moment: Moment) -> int:
    return moment.action.total if isinstance(moment.action, Roll) else 0


def _tool_choice(index: int, tools: int) -> SayParams:
    """At a tool decision: the roll, the yield without tools and with ``tools`` added."""

    def say(state: GameState) -> Params:
        decision = state.decision()
        assert isinstance(decision, ChooseTools)
        space, pips = decision.space, decision.total
        divisor = rules_data.gather_divisor(space)
        return {
            "pips": pips,
            "amount": pips // divisor,
            "plus": pips + tools,
            "more": (pips + tools) // divisor,
        }

    return say


def _shortfall(state: GameState) -> Params:
    decision = state.decision()
    assert isinstance(decision, FeedPeople)
    people, short = state.players[YOU].people, decision.missing
    return {"people": people, "food": people - short, "short": short}


def _building_points(moment: Moment) -> Params:
    before = moment.before.players[YOU].building_points
    return {"points": moment.after.players[YOU].building_points - before}


def _item_left(moment: Moment) -> Params:
    """The die the opponent was left with after the player's pick (dice for items)."""
    decision = moment.before.decision()
    assert isinstance(decision, PickItemDie)
    assert isinstance(moment.action, PickItem)
    rest = list(decision.faces)
    rest.remove(moment.action.face)
    return {"face": rest[0] if rest else 0}


def _scoring(state: GameState) -> dict[str, int]:
    return state.final_scoring()[YOU]


def _score_buildings(state: GameState) -> Params:
    return {"buildings": _scoring(state)["buildings"]}


def _score_green(state: GameState) -> Params:
    you = state.players[YOU]
    symbols = {rules_data.cards()[c].culture for c in you.cards} - {None}
    return {"kinds": len(symbols), "green": _scoring(state)["green_sets"]}


def _score_sand(state: GameState) -> Params:
    you = state.players[YOU]
    figures = sum(
        rules_data.cards()[c].role_count
        for c in you.cards
        if rules_data.cards()[c].role == "tool_maker"
    )
    return {"figures": figures, "tools": you.tool_value, "points": _scoring(state)["tool_makers"]}


def _score_total(state: GameState) -> Params:
    row = _scoring(state)
    return {"resources": row["resources"], "total": row["total"]}


# --- the script ---------------------------------------------------------------------------------
# The display and the building stacks at setup: the cards the player buys (T01, a one-use tool
# worth 4 with a tool-maker bottom; G08, dice for items, green "time"; G01, 7 food, green
# "pottery") and the fixed building B01 and the flexible X1.
SETUP: tuple[str, ...] = (
    "card T01",
    "card G08",
    "card G01",
    "card H01",
    "tile B01",
    "tile X1",
)

STEPS: tuple[LessonStep, ...] = (
    # --- round 1: placing, the hunt, the hut, the village rule, dice, feeding ---------------------
    LessonStep(
        "welcome",
        (L.INTRO,),
        "board:player0",
        N_(
            "Welcome to the Stone Age! You lead a tribe against one opponent; "
            "the most points at the end wins."
        ),
    ),
    LessonStep(
        "figures",
        (L.PLACING,),
        "board:player0:figures",
        N_(
            "You start with 5 figures. Each round the players take turns placing groups of "
            "them on the board."
        ),
    ),
    LessonStep(
        "place_hunt",
        (L.PLACING, L.HUNT),
        "space:hunt",
        N_(
            "The hunting grounds take any number of figures, from every player. "
            "Place 2 figures there."
        ),
        action="place hunt 2",
        then=("place field 1",),
    ),
    LessonStep(
        "place_hut",
        (L.HUT,),
        "space:hut",
        N_(
            "Your opponent took the field. The hut takes exactly 2 figures and gives you a new "
            "one: place 2 there."
        ),
        action="place hut 2",
        then=("place quarry 2",),
        also=("space:field",),
    ),
    LessonStep(
        "village_closed",
        (L.VILLAGE_FEW,),
        "space:toolmaker",
        N_(
            "With 2 or 3 players only 2 of the 3 village spaces are used each round. "
            "The field and the hut are taken, so the tool maker is closed."
        ),
        also=("space:hut", "space:field"),
    ),
    LessonStep(
        "one_group",
        (L.ONE_GROUP, L.RESOURCE_SPACES_FEW),
        "space:hunt",
        N_(
            "One group per space: you cannot add to your hunters this round. "
            "With 2 players, the quarry your opponent uses is closed to you too."
        ),
        also=("space:quarry",),
    ),
    LessonStep(
        "place_forest",
        (L.PLACING,),
        "space:forest",
        N_("Your last figure goes to the forest, to cut wood."),
        action="place forest 1",
        then=("place hunt 2",),
    ),
    LessonStep(
        "roll_hunt",
        (L.DICE,),
        "dice",
        N_("Everyone has placed; now each group works. Roll one die per hunter."),
        action="roll 7",
        follow=N_("You rolled {pips}. Every 2 pips give 1 food, rounded down: {food} food."),
        told=_rolled_food,
    ),
    LessonStep(
        "roll_forest",
        (L.DICE,),
        "dice",
        N_("Wood takes 3 pips per unit (brick 4, stone 5, gold 6). Roll for your woodcutter."),
        action="roll 6",
        follow=N_("You rolled {pips}: {pips} / 3 = {gained} wood."),
        told=_gained(rules_data.WOOD),
        then=("roll 8", "roll 10"),
    ),
    LessonStep(
        "fed",
        (L.FEEDING, L.HUT),
        "board:player0:food",
        N_(
            "Round over: each figure eats 1 food. The hut gave you a sixth figure; "
            "after eating you have {food} food."
        ),
        say=_food,
        then=("place hunt 3",),
        also=("board:player0:figures",),
    ),
    # --- round 2: the tool maker, choosing the order, tools, a sand card, a one-use tool ----------
    LessonStep(
        "place_toolmaker",
        (L.TOOL_MAKER,),
        "space:toolmaker",
        N_(
            "Your opponent starts this round. Place 1 figure on the tool maker: "
            "it makes you a tool."
        ),
        action="place toolmaker 1",
        then=("place hut 2",),
    ),
    LessonStep(
        "place_forest_2",
        (L.VILLAGE_FEW, L.PLACING),
        "space:forest",
        N_(
            "The hut and the tool maker are taken, so the field is closed now. "
            "Put 2 figures in the forest."
        ),
        action="place forest 2",
        also=("space:field",),
    ),
    LessonStep(
        "place_sand_card",
        (L.CARD_SAND, L.PLACING),
        "card:slot1",
        N_(
            "Your opponent has placed all figures, so you place the rest. "
            "Put 1 figure on this card: it costs 1 resource."
        ),
        action="place card1 1",
    ),
    LessonStep(
        "place_claypit",
        (L.PLACING,),
        "space:claypit",
        N_("Put your last 2 figures in the clay pit, for bricks."),
        action="place claypit 2",
        then=("roll 11",),
    ),
    LessonStep(
        "resolve_toolmaker",
        (L.RESOLVE_ORDER, L.TOOL_MAKER),
        "space:toolmaker",
        N_("You choose the order your groups work in. Take the tool first, to use it today."),
        action="resolve toolmaker",
        follow=N_("You have a tool worth 1. Once a round it adds 1 to a roll of your choice."),
        follow_target="board:player0:tools",
    ),
    LessonStep(
        "resolve_forest",
        (L.RESOLVE_ORDER, L.DICE),
        "space:forest",
        N_("Now the forest: 2 figures roll 2 dice."),
        action="resolve forest",
        outcome=("roll 8",),
    ),
    LessonStep(
        "use_tool",
        (L.TOOLS,),
        "dialog:tools",
        N_("You rolled {pips}: only {amount} wood. Add your tool: {plus} pips give {more} wood."),
        action="tools 1",
        follow=N_("{gained} wood! A used tool is ready again next round."),
        say=_tool_choice(rules_data.WOOD, 1),
        told=_gained(rules_data.WOOD),
        follow_target="board:player0:resources",
    ),
    LessonStep(
        "resolve_sand_card",
        (L.CARD_SAND,),
        "card:slot1",
        N_(
            "Now take the card. Its top pays off at once; "
            "its sand-coloured bottom scores at the end of the game."
        ),
        action="resolve card1",
    ),
    LessonStep(
        "pay_sand_card",
        (L.CARD_SAND, L.ONE_USE_TOOL),
        "dialog:payment",
        N_("This card costs 1 resource: pay 1 wood. Its top is a one-use tool worth 4."),
        action="pay 1wood",
        outcome=("roll 5",),
    ),
    LessonStep(
        "use_tool_card",
        (L.ONE_USE_TOOL, L.TOOLS),
        "dialog:tools",
        N_(
            "Clay pit: you rolled {pips}, just {amount} brick. Your tool is used, "
            "but the card adds 4 once: {plus} pips give {more}."
        ),
        action="tools - cards 4",
        outcome=("card S02",),  # the round ends: the display is refilled before the follow-up
        follow=N_("{gained} bricks. The one-use card is gone now; tool tiles stay."),
        say=_tool_choice(rules_data.BRICK, 4),
        told=_gained(rules_data.BRICK),
        follow_target="board:player0:resources",
    ),
    # --- round 3: the field, a fixed building, a green card, dice for items, hunger -----------
    LessonStep(
        "place_field",
        (L.FIELD, L.FEEDING),
        "space:field",
        N_(
            "You have {food} food left for 6 figures. Place 1 on the field: it moves your food "
            "track up, for 1 more food every round."
        ),
        action="place field 1",
        say=_food,
        then=("place hunt 4",),
    ),
    LessonStep(
        "place_fixed",
        (L.BUILD_FIXED,),
        "building:1",
        N_(
            "Buildings score points. This one costs exactly 2 wood and 1 brick and is worth 10: "
            "put a figure on it."
        ),
        action="place building1 1",
        then=("place river 2",),
    ),
    LessonStep(
        "place_green_card",
        (L.CARD_GREEN,),
        "card:slot1",
        N_(
            "This card has a green bottom: different green symbols score as a set at the end. "
            "Take it too."
        ),
        action="place card1 1",
    ),
    LessonStep(
        "place_forest_3",
        (L.PLACING,),
        "space:forest",
        N_("Put your last 3 figures in the forest: building takes wood."),
        action="place forest 3",
    ),
    LessonStep(
        "resolve_forest_3",
        (L.RESOLVE_ORDER, L.FIELD),
        "space:forest",
        N_(
            "The field has worked: your food track shows 1. "
            "Roll for the forest first, to have wood for the building."
        ),
        action="resolve forest",
        outcome=("roll 11",),
        also=("board:player0:track",),
    ),
    LessonStep(
        "use_tool_again",
        (L.TOOLS,),
        "dialog:tools",
        N_(
            "You rolled {pips}: {amount} wood, just short of one more. "
            "Your tool is ready again: {plus} pips give {more}."
        ),
        action="tools 1",
        follow=N_("{gained} wood: you have {have} wood now."),
        say=_tool_choice(rules_data.WOOD, 1),
        told=_gained(rules_data.WOOD),
        follow_target="board:player0:resources",
    ),
    LessonStep(
        "resolve_fixed",
        (L.BUILD_FIXED,),
        "building:1",
        N_("Now build: use your figure on the building."),
        action="resolve building1",
    ),
    LessonStep(
        "pay_fixed",
        (L.BUILD_FIXED,),
        "dialog:payment",
        N_("A fixed price: pay exactly 2 wood and 1 brick."),
        action="pay 2wood,1brick",
        outcome=("tile V42",),
        follow=N_("{points} points on the scoring track! A new building turns up on that stack."),
        told=_building_points,
        follow_target="board:player0:score",
        follow_also=("building:1",),
    ),
    LessonStep(
        "pay_green_card",
        (L.CARD_GREEN, L.DICE_FOR_ITEMS),
        "dialog:payment",
        N_("Your last group takes the green card: pay 1 wood. Its top rolls dice for items."),
        action="pay 1wood",
        outcome=("items 3,5",),
    ),
    LessonStep(
        "pick_item",
        (L.DICE_FOR_ITEMS,),
        "dialog:items",
        N_(
            "One die per player, you pick first: 1-4 is a resource, 5 a tool, 6 the food track. "
            "Take the tool."
        ),
        action="pick 5",
        follow=N_("A second tool tile! Your opponent takes the last die, a {face}."),
        told=_item_left,
        then=("roll 14", "roll 12"),
        follow_target="board:player0:tools",
    ),
    LessonStep(
        "feed_short",
        (L.FEEDING, L.HUNGER),
        "dialog:feed",
        N_(
            "Your {people} figures need {people} food; you have {food}. Pay 1 resource per "
            "missing food, or lose 10 points: pay 2 wood."
        ),
        action="feed 2wood",
        outcome=("card G07",),  # the display refilled before the follow-up, as after a round
        follow=N_("Everyone is fed. Going hungry costs 10 points each time: keep food coming."),
        say=_shortfall,
        then=("place hunt 4",),
        follow_target="board:player0:food",
    ),
    # --- round 4: a variable and a flexible building, a second green card, two tools ----------
    LessonStep(
        "place_variable",
        (L.BUILD_VARIABLE,),
        "building:1",
        N_(
            "This building takes 4 resources of exactly 2 kinds and scores what they are worth. "
            "Put a figure on it."
        ),
        action="place building1 1",
        then=("place quarry 2",),
    ),
    LessonStep(
        "place_flexible",
        (L.BUILD_FLEXIBLE,),
        "building:2",
        N_("This one takes 1 to 7 resources of any kinds, also for their worth. Take it too."),
        action="place building2 1",
    ),
    LessonStep(
        "place_green_card_2",
        (L.CARD_GREEN,),
        "card:slot1",
        N_("Another green card, with a new symbol and 7 food on top. Put a figure on it."),
        action="place card1 1",
    ),
    LessonStep(
        "place_claypit_3",
        (L.PLACING,),
        "space:claypit",
        N_("Put your last 3 figures in the clay pit: the buildings want bricks."),
        action="place claypit 3",
        then=("roll 14", "roll 10"),
    ),
    LessonStep(
        "resolve_claypit",
        (L.RESOLVE_ORDER,),
        "space:claypit",
        N_("Gather first, pay later: roll for the clay pit."),
        action="resolve claypit",
        outcome=("roll 14",),
    ),
    LessonStep(
        "use_two_tools",
        (L.TOOLS,),
        "dialog:tools",
        N_(
            "You rolled {pips}: {amount} bricks. One tool alone would not help, "
            "both do: {plus} pips give {more}."
        ),
        action="tools 1+1",
        follow=N_("{gained} bricks: you have {have} now."),
        say=_tool_choice(rules_data.BRICK, 2),
        told=_gained(rules_data.BRICK),
        follow_target="board:player0:resources",
    ),
    LessonStep(
        "resolve_green_card_2",
        (L.CARD_GREEN,),
        "card:slot1",
        N_("Take the green card now."),
        action="resolve card1",
    ),
    LessonStep(
        "pay_green_card_2",
        (L.CARD_GREEN,),
        "dialog:payment",
        N_("Pay 1 wood for it."),
        action="pay 1wood",
        follow=N_("7 food in the store: your tribe eats well tonight."),
        follow_target="board:player0:food",
    ),
    LessonStep(
        "resolve_variable",
        (L.BUILD_VARIABLE,),
        "building:1",
        N_("Now the building that takes 4 resources of 2 kinds."),
        action="resolve building1",
    ),
    LessonStep(
        "pay_variable",
        (L.BUILD_VARIABLE,),
        "dialog:payment",
        N_(
            "Several payments fit; dearer resources score more. "
            "Pay 1 wood and 3 bricks: 3 + 12 = 15 points."
        ),
        action="pay 1wood,3brick",
        outcome=("tile B10",),
        follow=N_("{points} points!"),
        told=_building_points,
        follow_target="board:player0:score",
    ),
    LessonStep(
        "pay_flexible",
        (L.BUILD_FLEXIBLE,),
        "dialog:payment",
        N_(
            "The last building takes anything from 1 to 7: pay all you have, "
            "1 wood and 2 bricks, for 3 + 8 = 11 points."
        ),
        action="pay 1wood,2brick",
        # The round ends: the display is refilled (G12 is the card the game's own seeded draw
        # turns up here, so the game after the lessons is the same), and the scoring steps
        # show a settled table, the player to place in round 5.
        outcome=("tile B05", "card G12"),
        follow=N_("{points} points! Your tribe has eaten; the round is over."),
        told=_building_points,
        follow_target="board:player0:score",
    ),
    # --- the end of the game and the final scoring, on the player's own position -------------
    LessonStep(
        "game_end",
        (L.GAME_END,),
        "building:1",
        N_(
            "The game ends after the round in which a building stack runs out, "
            "or when the cards cannot be refilled."
        ),
        also=("deck",),
    ),
    LessonStep(
        "score_buildings",
        (L.TALLY,),
        "board:player0:buildings",
        N_(
            "Then comes the final scoring. Let us count yours as if the game ended now: "
            "buildings, {buildings} points."
        ),
        say=_score_buildings,
    ),
    LessonStep(
        "score_green",
        (L.SCORE_GREEN,),
        "board:player0:cards",
        N_(
            "Green cards: {kinds} different symbols make a set worth {kinds} × {kinds} = {green}. "
            "A repeated symbol starts a new set."
        ),
        say=_score_green,
    ),
    LessonStep(
        "score_sand",
        (L.SCORE_SAND,),
        "board:player0:cards",
        N_(
            "Sand cards multiply: {figures} tool maker × tool value {tools} = {points}. "
            "Farmers count the food track, builders huts, shamans figures."
        ),
        say=_score_sand,
    ),
    LessonStep(
        "tally",
        (L.TALLY,),
        "board:player0:score",
        N_(
            "Each resource left scores 1, each hunger penalty -10. "
            "If the game ended now you would have {total} points!"
        ),
        say=_score_total,
    ),
    LessonStep(
        "play_on",
        (L.INTRO,),
        "button:next",
        N_(
            "That is the whole game. Press Play on to go on against an easy opponent, "
            "or leave through the Menu."
        ),
    ),
)


def step_index(step_id: str) -> int:
    """The position of the step named ``step_id`` in ``STEPS``; ``KeyError`` if none."""
    for index, step in enumerate(STEPS):
        if step.id == step_id:
            return index
    raise KeyError(step_id)
