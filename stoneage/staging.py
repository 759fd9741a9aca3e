"""Deterministic positions for screenshot mode: a game driven by seeded bots to the first
moment that shows what a screenshot is meant to show (the human placing, a dialog of the
resolution phase, a feeding shortfall, the final scoring), the stack of scenes over it, and
the pointer's play for the drag and hint screenshots."""

from __future__ import annotations

import errno
import threading
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pygame

from stoneage import i18n
from stoneage.ai import make_bot
from stoneage.net.client import (
    Client,
    Countdown,
    Disconnected,
    HostLeft,
    Joined,
    Leader,
    ListedSeat,
    Lobby,
    LobbyUpdate,
    Matched,
    Said,
    SeatInfo,
    TableEntry,
    phrase_words,
    problem_words,
)
from stoneage.net.discovery import FoundTable
from stoneage.net.host import Host
from stoneage.net.protocol import VERSION, encode
from stoneage.net.remote import RemoteMatch
from stoneage.net.session import OnlineSession
from stoneage.net.table import NetTable, SeatConfig
from stoneage.play.match import Match, SeededChance, Step, replay_steps
from stoneage.play.savefile import CUT_OFF, LoadedGame, SaveError
from stoneage.play.seats import Seat, default_seats, settle_names
from stoneage.play.story import tell
from stoneage.records.files import data_dir
from stoneage.records.recorder import export_replay
from stoneage.review import Replay, Review, ReviewCancelled, analyse_replay, load_replay
from stoneage.rules import (
    ChooseSpace,
    ChooseTools,
    FeedPeople,
    GameState,
    PayForBuilding,
    PayForCard,
    PickItemDie,
    Resolve,
    RollDice,
    parse_action,
)
from stoneage.rules.data import HUNT
from stoneage.scenes.files.opening import example_entries, older_copy_dialog
from stoneage.scenes.kit.base import SceneHost
from stoneage.scenes.menus.setup_scene import SetupScene
from stoneage.scenes.online.addressing import HOST_PORT
from stoneage.scenes.online.join_scene import JoinScene
from stoneage.scenes.online.joining import Refusal
from stoneage.scenes.online.leaders_scene import LeadersScene
from stoneage.scenes.online.lobby_scene import LobbyScene
from stoneage.scenes.online.waiting_room import WaitingRoomScene
from stoneage.scenes.stats.stats_scene import made_up_scene
from stoneage.scenes.table.controls.placing import PlacementControl
from stoneage.scenes.table.lesson.guided import lesson_table
from stoneage.scenes.table.lesson.lesson import Lesson
from stoneage.scenes.table.online.seat import NetLayer, online_table
from stoneage.scenes.table.scene import TableScene
from stoneage.scenes.table.telling.log_scene import LogScene
from stoneage.tutorial import STEPS as TUTORIAL_STEPS

# The statistics screen's tabs over a made-up history (and with none), and the warning of a
# save that fails: the table with its toast and "Not saved" mark, and the pause menu's offer.
STATS_SCENES = (
    "stats",
    "stats_charts",
    "stats_games",
    "achievements",
    "stats_empty",
    "save_failing",
    "save_elsewhere",
)
MADE_UP_GAMES = 120
# Network play, with no network: the join screen with the tables "found" nearby and a code
# typed wrong, and after a table said there is no such code; the host's and a joiner's waiting
# room, a dedicated server's (its creator's, with Start with bots) and a quick match's counting
# down; a server's lobby, the options of a new table there, its best players; the table of a
# remote seat with a player away (the countdown), the connection being retried, the host gone,
# and quick phrases said (a bubble by a seat, the list open); and the table's log panel and log
# screen (scrolled to its top) just after returning to a seat mid-game (the host's backlog).
ONLINE_SCENES = (
    "host_setup",
    "join",
    "join_wrong_code",
    "lobby",
    "new_server_table",
    "leaderboard",
    "quick_match",
    "server_waiting_room",
    "waiting_room",
    "waiting_room_joined",
    "online_game",
    "online_game_rejoined",
    "online_log_rejoined",
    "countdown",
    "reconnecting",
    "host_left",
    "phrases",
)
# The review of a finished game: at its first key moment, a hotseat game's second person, the
# analysis under way, a replay that is no Stone Age game; a practice game from the first key
# moment at its start, and at its end (Hard's move there, then Normal playing for the person).
REVIEW_SCENES = (
    "review",
    "review_hotseat",
    "review_progress",
    "review_damaged",
    "practice",
    "scoring_practice",
)
STAGED_BUDGET = 20  # rollouts a placement for the screenshots' reviews

SCENE_NAMES = (
    "title",
    "setup",
    "game",
    "drag",
    "resolution",
    "resolve",
    "roll",
    "feeding",
    "items",
    "scoring",
    "settings",
    "settings_sound",
    "settings_online",
    "rules",
    "pause",
    "log",
    "hotseat",
    "preview",
    "save",
    "load",
    "continue_damaged",
    "tutorial",
    "chooser",
    "language_switch",
    *STATS_SCENES,
    *ONLINE_SCENES,
    *REVIEW_SCENES,
)
HUMAN = 0
EXAMPLE_CODE = "K7PQ3M"  # an example table's code (never served)
EXAMPLE_PRIVATE_CODE = "RWF7KQ2MXJ9C"  # an example private table's code on a server
EXAMPLE_SERVER = "play.example.org:8765"  # an example server's address (never asked)
SEARCH_SEEDS = 40  # further seeds tried (deterministically) when a game never shows the moment
RECENT = 30  # steps kept for the log shown beside the table

Stop = Callable[[GameState], bool]


def play_until(
    seed: int, stop: Stop, human_level: str = "normal", n: int = 4
) -> tuple[GameState, list[Step]] | None:
    """Play a bot game from ``seed`` until ``stop(state)``; the state and the recent steps, or None."""
    seats = [
        Seat(s.name, s.colour, "bot", human_level if i == HUMAN else s.level)
        for i, s in enumerate(default_seats()[:n])
    ]
    match = Match(seats, seed, threaded=False)
    recent: list[Step] = []
    try:
        while not stop(match.state):
            action = match.automatic_action()  # bots only, answering at once (not threaded)
            if action is None:  # the game ended first
                return None
            recent = (recent + [match.apply(action)])[-RECENT:]
    finally:
        match.close()
    return match.state, recent


def find(
    seed: int, stop: Stop, human_level: str = "normal", n: int = 4
) -> tuple[int, GameState, list[Step]]:
    """The first seed from ``seed`` on whose game reaches ``stop``, with that state."""
    for offset in range(SEARCH_SEEDS):
        found = play_until(seed + offset, stop, human_level, n)
        if found is not None:
            return seed + offset, found[0], found[1]
    raise RuntimeError(f"no game from seed {seed} reached the position asked for")


def placement(state: GameState) -> bool:
    """The human places in round 2, after the others have put some figures down."""
    return (
        state.round >= 2
        and state.phase == "place"
        and state.current_player() == HUMAN
        and sum(state.occupants) >= 4
    )


def resolution_dialog(state: GameState) -> bool:
    """The human chooses tools after a roll (or, failing that, pays for a card or building)."""
    return state.current_player() == HUMAN and isinstance(state.decision(), ChooseTools)


def resolve_choice(state: GameState) -> bool:
    """The human chooses which space to use next, the hunting grounds (with others' figures
    on them too) among at least three."""
    if state.current_player() != HUMAN or not isinstance(state.decision(), ChooseSpace):
        return False
    spaces = {a.space for a in state.legal_actions() if isinstance(a, Resolve)}
    hunters = sum(1 for seat in range(state.n) if state.placed[seat][HUNT])
    return len(spaces) >= 3 and HUNT in spaces and hunters >= 2


def roll_asking_nothing(state: GameState) -> bool:
    """The human's dice of two or more figures are about to be rolled, with no unused tool
    to add: the roll gathers at once and the table holds it until the player goes on."""
    decision = state.decision()
    if not isinstance(decision, RollDice) or decision.seat != HUMAN or decision.dice < 2:
        return False
    player = state.players[HUMAN]
    return not player.tools_free and not player.one_use


def payment_dialog(state: GameState) -> bool:
    """The human pays for a card or a building."""
    decision = state.decision()
    return state.current_player() == HUMAN and isinstance(decision, (PayForCard, PayForBuilding))


def feeding_dialog(state: GameState) -> bool:
    """The human is short of food."""
    return state.current_player() == HUMAN and isinstance(state.decision(), FeedPeople)


def items_dialog(state: GameState) -> bool:
    """The human takes one of the dice for items."""
    return state.current_player() == HUMAN and isinstance(state.decision(), PickItemDie)


def game_over(state: GameState) -> bool:
    """The game has ended."""
    return state.is_terminal()


def build_scene(
    app: SceneHost,
    name: str,
    seed: int,
    players: int = 4,
    step: str = "1",
    games: int | None = None,
) -> None:
    """The scene stack for screenshot ``name`` (a game of ``players``) pushed onto ``app``;
    ``step`` is the lesson's step for ``tutorial`` (see ``lesson_step``); ``games`` the size of
    the made-up history of the statistics scenes (0: none; default ``MADE_UP_GAMES``)."""
    if name not in SCENE_NAMES:
        raise ValueError(f"unknown scene {name!r}; choose one of {', '.join(SCENE_NAMES)}")
    app.toasts.clear()  # each screenshot starts with no toasts (the app is new: nothing fails)
    app.push(app.make_scene("title"))
    if name == "title":
        return
    if name == "tutorial":  # the lesson's own fixed game: the seed and players do not apply
        index, answered = lesson_step(step)
        table = lesson_table(app, threaded=False)
        app.push(table)
        assert isinstance(table.layer, Lesson)
        table.layer.show_step(index, answered)
        return
    if name == "setup":
        app.push(app.make_scene("setup"))
        return
    if name in ("settings", "rules"):
        app.push(app.make_scene(name))
        return
    if name in ("settings_sound", "settings_online"):
        app.push(app.make_scene("settings", page=name.removeprefix("settings_")))
        return
    if name in ONLINE_SCENES:
        build_online_scene(app, name, seed, players)
        return
    if name in REVIEW_SCENES:
        build_review_scene(app, name, seed, players)
        return
    if name in STATS_SCENES[:5]:
        build_stats_scene(app, name, seed, MADE_UP_GAMES if games is None else games)
        return
    seats = default_seats()[:players]
    if name in ("load", "continue_damaged"):
        found_seed, state, _steps = find(seed, placement, "normal", players)
        if name == "load":
            app.push(app.make_scene("load", entries=example_entries(seats, found_seed, state)))
        else:
            app.push(
                older_copy_dialog(
                    app, SaveError(CUT_OFF).message, LoadedGame(seats, found_seed, state), None
                )
            )
        return
    if name == "scoring":
        _seed, state, _step = find(seed, game_over, n=players)
        app.push(app.make_scene("scoring", seats=seats, state=state, seed=seed))
        return
    if name == "hotseat":  # two people at one screen: the second is called to it
        seats = [
            Seat(s.name, s.colour, "human" if i < 2 else "bot", s.level)
            for i, s in enumerate(seats)
        ]
        settle_names(seats)
    stop, level = {
        "game": (placement, "normal"),
        "chooser": (placement, "normal"),
        "language_switch": (placement, "normal"),
        "pause": (placement, "normal"),
        "drag": (placement, "normal"),
        "log": (placement, "normal"),
        "hotseat": (placement, "normal"),
        "preview": (placement, "normal"),
        "save": (placement, "normal"),
        "save_failing": (placement, "normal"),
        "save_elsewhere": (placement, "normal"),
        "resolution": (resolution_dialog, "normal"),
        "resolve": (resolve_choice, "normal"),
        "roll": (roll_asking_nothing, "normal"),
        "feeding": (feeding_dialog, "random"),
        "items": (items_dialog, "normal"),
    }[name]
    try:
        found_seed, state, steps = find(seed, stop, level, players)
    except RuntimeError:
        if name != "resolution":
            raise
        found_seed, state, steps = find(seed, payment_dialog, level, players)
    scene = TableScene(app, seats, found_seed, state, threaded=False)
    for recent in steps:
        scene.motion.remember_roll(recent)
        scene.log.add(tell(recent), seats)
    app.push(scene)
    if name in ("pause", "save", "language_switch"):
        scene.update(0.0)  # the table under the menu is drawn from its cached picture
        app.push(app.make_scene("pause"))
    if name == "language_switch":  # Settings over the table, the language just switched
        app.push(app.make_scene("settings"))
        target = i18n.current_language()
        for code in ("zh" if target != "zh" else "en", target):  # as Settings does it
            app.settings.language = code
            app.save_settings()
    if name == "roll":  # the dice rolled: the roll held until the player goes on
        scene.update(0.0)
    if name == "chooser":  # a click on the hunting grounds: how many figures?
        scene.update(0.0)
        placement_control(scene).handle_click(HUNT)
    if name == "save":
        app.push(app.make_scene("save"))
    if name == "log":
        scene.update(0.0)  # the table under the log is drawn from its cached picture
        app.push(app.make_scene("log", game=scene))
    if name == "hotseat":
        scene.turns.announced = 1  # the other human played last: seat 0 is called to the screen
    if name in ("save_failing", "save_elsewhere"):
        show_failing_save(app, name == "save_elsewhere")


def example_lobby(players: int, started: bool) -> LobbyUpdate:
    """The seats of an example table: the host, a player who joined, a bot, and at four one
    more player (still awaited in the waiting room). Once started, the joiner sits first (the
    table is seen from that seat)."""
    ann = SeatInfo("Ann", "red", "host", "normal", True, True, False)
    bob = SeatInfo("Bob", "blue", "remote", "normal", True, True, False)
    if started:
        ann, bob = replace(bob, colour="red"), replace(ann, colour="blue")
    seats = [
        ann,
        bob,
        SeatInfo("Kaya", "green", "bot", "hard", False, False, False),
        SeatInfo(
            "Dana" if started else "Player 4", "yellow", "remote", "normal", started, started, False
        ),
    ][:players]
    return LobbyUpdate(tuple(seats), started, "normal", 60.0)


def example_session(me: int | None, hosting: bool, players: int, started: bool) -> OnlineSession:
    """A seat at an example table, never connected (a client not started: nothing is sent)."""
    client = Client(
        f"ws://192.168.1.20:{HOST_PORT}", EXAMPLE_CODE, token="example" if me is not None else None
    )
    client.seat = me
    client.lobby = example_lobby(players, started)
    host = None
    if hosting:
        host = Host(
            [SeatConfig("host", name="Ann")] + [SeatConfig("remote")] * (players - 1),
            port=HOST_PORT,
        )
    return OnlineSession(
        client,
        client.lobby.seats[me].name if me is not None else "",
        host,
        addresses=["192.168.1.20", "fd00::20"],
    )


def build_online_scene(app: SceneHost, name: str, seed: int, players: int) -> None:
    """The network play screen ``name`` (see ``ONLINE_SCENES``), with no network."""
    if name == "host_setup":  # the setup screen with a seat for a player who joins
        setup = app.make_scene("setup")
        app.push(setup)
        if isinstance(setup, SetupScene):
            for _click in range(2):  # Kaya's seat: from a bot to a person, to one who joins
                setup.toggle_kind(1)
        return
    if name in SERVER_SCENES:
        build_server_scene(app, name)
        return
    if name == "join":
        found = [
            FoundTable("Ann", "192.168.1.20", HOST_PORT, EXAMPLE_CODE, VERSION, 1, 3, False),
            FoundTable("Tharn", "192.168.1.31", HOST_PORT, "HX4R9B", VERSION, 2, 4, False),
        ]
        join = JoinScene(
            app, finder=lambda: found, address="192.168.1.20", code=EXAMPLE_CODE[:5], name="Bob"
        )
        app.push(join)
        join.update(0.0)
        join.join()  # the code is one short: said under its field, nothing sent
        return
    if name in ("waiting_room", "waiting_room_joined"):
        hosting = name == "waiting_room"
        session = example_session(0 if hosting else 1, hosting, max(3, players), False)
        room = WaitingRoomScene(app, session, "" if hosting else "192.168.1.20")
        room.lobby = session.client.lobby
        assert room.lobby is not None
        room.hear(Joined(session.client.seat, EXAMPLE_CODE, None))
        room.buttons = room.make_buttons()
        app.push(room)
        return
    if name in ("online_game_rejoined", "online_log_rejoined"):
        scene = rejoined_table(app, seed, players)
        if name == "online_log_rejoined":  # scrolled back to its first lines
            log = app.make_scene("log", game=scene)
            app.push(log)
            if isinstance(log, LogScene):
                log.scroll = 0
        return
    _seed, state, steps = find(seed, placement, "normal", players)
    session = example_session(0, False, players, True)
    scene = online_table(app, session, state.view(0))
    for recent in steps:
        scene.motion.remember_roll(recent)
        scene.log.add(tell(recent), scene.seats)
    app.push(scene)
    scene.update(0.0)
    assert isinstance(scene.match, RemoteMatch)
    net = scene.match.notices
    if name == "countdown":
        net.hear(Countdown(players - 1 if players > 3 else 1, 42.4))
    elif name == "reconnecting":
        net.hear(Disconnected(True))
    elif name == "host_left":
        net.hear(HostLeft())
    elif name == "phrases":  # Ann greets the table, the window's player answers
        net.hear(Said(1, "hello", phrase_words("hello")))
        net.hear(Said(0, "good_game", phrase_words("good_game")))
        scene.update(0.0)
        if isinstance(scene.layer, NetLayer):
            scene.layer.phrases.toggle()  # the list of phrases open
    scene.update(0.0)


SERVER_SCENES = (
    "join_wrong_code",
    "lobby",
    "new_server_table",
    "leaderboard",
    "quick_match",
    "server_waiting_room",
)


def example_server_lobby() -> Lobby:
    """A dedicated server's lobby: a table waiting for one more player, a quick match's table
    counting down, two games being played (one may be watched)."""

    def person(name: str, rating: int) -> ListedSeat:
        return ListedSeat("remote", name, "normal", True, rating)

    free = ListedSeat("remote", "", "normal", False, None)

    def bot(level: str) -> ListedSeat:
        return ListedSeat("bot", "", level, False, None)

    return Lobby(
        (
            TableEntry(
                EXAMPLE_CODE, (person("Ann", 1012), free, bot("hard")), 1, "en", False, True, None
            ),
            TableEntry(
                "HX4R9B", (person("Mei", 1034), free, free, free), 3, "zh", False, True, 42.0
            ),
            TableEntry(
                "T2W8NC",
                (person("Kenji", 998), person("Lea", 1120), bot("normal"), bot("easy")),
                0,
                "ja",
                True,
                True,
                None,
            ),
            TableEntry(
                "QM5VZD", (person("Tom", 1000), person("Sam", 1047)), 0, "", True, False, None
            ),
        ),
        60.0,
    )


def example_leaders() -> tuple[Leader, ...]:
    """A server's best players (the window's player, Bob, among them)."""
    names = ("Lea", "Mei", "Sam", "Ann", "Bob", "Kenji", "Tharn", "Ayla", "Grok", "Dana", "Tom")
    return tuple(Leader(name, 1180 - i * 17 - i * i, 40 - i * 3) for i, name in enumerate(names))


def server_session(code: str, seats: list[SeatInfo], me: int) -> OnlineSession:
    """A seat at an example table of a dedicated server, never connected."""
    client = Client(f"ws://{EXAMPLE_SERVER}", code, token="example")
    client.seat = me
    client.lobby = LobbyUpdate(tuple(seats), False, "normal", 60.0)
    return OnlineSession(client, seats[me].name)


def build_server_scene(app: SceneHost, name: str) -> None:
    """A dedicated server's screens and the join screen's refusal, with no network (see
    ``ONLINE_SCENES``)."""
    join = JoinScene(app, address="192.168.1.20", code="K7PQ3N", name="Bob", discover=True)
    app.push(join)
    if name == "join_wrong_code":  # the table said so: the join screen keeps what was typed
        join.refused(Refusal("code", problem_words("no_table")))
        join.buttons = join.make_buttons()
        return
    lobby = LobbyScene(app, name="Bob", address=EXAMPLE_SERVER, read_now=False)
    lobby.show(example_server_lobby(), f"ws://{EXAMPLE_SERVER}")
    app.push(lobby)
    if name == "new_server_table":
        app.push(app.make_scene("new_server_table", url=f"ws://{EXAMPLE_SERVER}", name="Bob"))
    elif name == "leaderboard":
        app.push(LeadersScene(app, f"ws://{EXAMPLE_SERVER}", "Bob", leaders=example_leaders()))
    elif name in ("quick_match", "server_waiting_room"):
        quick = name == "quick_match"
        seat = SeatInfo("Player 1", "red", "remote", "normal", False, False, False)
        seats = [
            replace(seat, name="Bob", claimed=True, here=True),
            replace(seat, name="Ann", colour="blue", claimed=True, here=True),
            replace(seat, name="Player 3", colour="green"),
            replace(seat, name="Player 4", colour="yellow"),
        ]
        if quick:  # Bob alone so far at a quick match's table
            seats[1] = replace(seats[1], name="Player 2", claimed=False, here=False)
        session = server_session("HX4R9B" if quick else EXAMPLE_PRIVATE_CODE, seats, 0)
        room = WaitingRoomScene(app, session, EXAMPLE_SERVER)
        room.lobby = session.client.lobby
        room.hear(Joined(0, session.client.code, None))
        if quick:
            room.hear(Matched(session.client.code, 42.4))
        room.buttons = room.make_buttons()
        app.push(room)


def rejoined_table(app: SceneHost, seed: int, players: int) -> TableScene:
    """The table of seat 0 just after it returned mid-game (round 4, its turn to place): a
    table of the example seats played by bots at a host, whose arrival message (the view and
    the backlog) the client reads as if it came over the network."""
    names = [info.name for info in example_lobby(players, True).seats]
    seats = [SeatConfig("remote", name=names[0])]
    seats += [SeatConfig("bot", "easy", name=name) for name in names[1:]]
    table = NetTable.create(EXAMPLE_CODE, seats, seed, chance=SeededChance())
    table.claim(0)
    table.start()
    me = make_bot("easy", seed)
    while True:
        state = table.state()
        if state.is_terminal() or (
            state.round >= 4 and state.phase == "place" and state.current_player() == 0
        ):
            break
        found = table.automatic()
        if found is None:
            table.act(0, str(me.choose(state.view(0))), state.ply)
        else:
            table.apply_automatic(found[1](), state.ply)
    session = example_session(0, False, players, True)
    session.client.take(encode(table.update(0, table.last_step, arrival=True)))
    scene = online_table(app, session, table.state().view(0))
    session.events = session.client.poll()  # the table hears the arrival, as from its room
    app.push(scene)
    scene.update(0.0)
    return scene


def build_stats_scene(app: SceneHost, name: str, seed: int, games: int = MADE_UP_GAMES) -> None:
    """The statistics screen over a made-up history of ``games`` games of ``seed`` (none for
    ``stats_empty``)."""
    if name == "stats_empty":
        games = 0
    tab = {"stats": "overview", "stats_charts": "charts", "stats_games": "games"}.get(
        name, "overview" if name == "stats_empty" else "achievements"
    )
    app.push(made_up_scene(app, seed, max(0, games), tab))


def show_failing_save(app: SceneHost, elsewhere: bool) -> None:
    """Saving fails (a read-only disk): the toast and the mark over the table, or the pause
    menu's offer to save elsewhere with its dialog open."""
    app.records.health.failed("save", OSError(errno.EROFS, "Read-only file system"), data_dir())
    app.toasts.poll()
    app.toasts.settle()
    if elsewhere:
        top_game(app).update(0.0)
        app.toasts.clear()
        app.push(app.make_scene("pause"))
        app.push(app.make_scene("save_elsewhere", folder=Path("/media/usb/Stone Age saves")))


def lesson_step(text: str) -> tuple[int, bool]:
    """``--step N`` (1 = the first step, as the bubble counts) or ``Na`` (step N after its
    move, showing what happened): the 0-based index and whether the move is made."""
    answered = text.endswith("a")
    number = text.removesuffix("a")
    if not number.isdigit() or not 1 <= int(number) <= len(TUTORIAL_STEPS):
        raise ValueError(f"--step must be 1 to {len(TUTORIAL_STEPS)} (or 5a: after the move)")
    return int(number) - 1, answered


def top_game(app: SceneHost) -> TableScene:
    """The game scene on top of ``app`` (screenshots of a game in progress)."""
    scene = app.top
    if not isinstance(scene, TableScene):
        raise ValueError(f"the top scene is {type(scene).__name__}, not the game")
    return scene


def placement_control(scene: TableScene) -> PlacementControl:
    """The human's figures on the table (screenshots taken while the human places)."""
    control = scene.hands.main()
    if not isinstance(control, PlacementControl):
        raise ValueError(f"the human is not placing figures but using {control!r}")
    return control


def start_drag(app: SceneHost) -> None:
    """Pick up two figures and hold them over the forest (shows the lit and dimmed spaces)."""
    scene = top_game(app)
    scene.update(0.0)
    control = placement_control(scene)
    control.set_carry(2)
    start = control.grab.center
    target = scene.lay.spaces[4].center
    for event in (
        pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1),
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=(start[0] - 40, start[1]), rel=(-40, 0), buttons=(1, 0, 0)
        ),
        pygame.event.Event(pygame.MOUSEMOTION, pos=target, rel=(0, 0), buttons=(1, 0, 0)),
    ):
        scene.handle(event)


def hover_with_hint(app: SceneHost) -> None:
    """Carry three figures, hover the forest and show the Hard bot's hint."""
    scene = top_game(app)
    placement_control(scene).set_carry(3)
    forest = scene.lay.spaces[4].center
    scene.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=forest, rel=(0, 0), buttons=(0, 0, 0)))
    scene.ask_hint()
    scene.update(0.0)


# --- the review ---------------------------------------------------------------------------------
def build_review_scene(app: SceneHost, name: str, seed: int, players: int = 4) -> None:
    """The review screen over the final scoring of a seeded game of ``players`` (the first
    seat a person; with ``review_hotseat`` the first two), written as a replay."""
    if name == "review_damaged":
        path = data_dir() / "replays" / "not-a-game.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text('{"format": "a spreadsheet", "rows": []}', encoding="utf-8")
        app.push(app.make_scene("review", replay=str(path)))
        return
    people = 2 if name == "review_hotseat" else 1
    seats = [
        Seat(s.name, s.colour, "human" if i < people else "bot", s.level)
        for i, s in enumerate(default_seats()[:players])
    ]
    settle_names(seats)
    found_seed, state, _steps = find(seed, game_over, n=players)
    steps = replay_steps(state)
    path = export_replay(seats, found_seed, steps, state)
    app.push(app.make_scene("scoring", seats=seats, state=state, seed=found_seed))
    if name == "review_progress":
        app.push(app.make_scene("review", replay=str(path), analyse=_staged_progress))
        return
    # The engine's own analysis, on a small budget (a second or two) rather than the player's.
    review = analyse_replay(load_replay(path), budget=STAGED_BUDGET)
    app.push(app.make_scene("review", replay=str(path), seat=people - 1, review=review))
    if name in ("practice", "scoring_practice"):
        build_practice_scene(app, name, path, review)


def build_practice_scene(app: SceneHost, name: str, path: Path, review: Review) -> None:
    """A practice game from the review's first key moment: at its start (the table, over the
    review), or at its end when the person played Hard's move there and Normal's after it."""
    game = load_replay(path)
    moments = review.seats[0].moments()
    step = moments[0].step if moments else review.seats[0].decisions[0].step
    practice = game.practice_from(step, str(path))
    if name == "practice":
        app.push(app.make_scene("practice", practice=practice, threaded=False))
        app.toasts.settle()  # where it starts, said in its toast
        return
    before = game.steps[step].before
    bots = [Seat(s.name, s.colour, "bot", "normal") for s in game.seats]
    match = Match(bots, game.seed, before, threaded=False)
    best = moments[0].best if moments else str(game.steps[step].action)
    match.apply(parse_action(before, best))
    match.play_out()
    seats = list(game.seats)
    app.push(
        app.make_scene("scoring", seats=seats, state=match.state, seed=game.seed, practice=practice)
    )


def _staged_progress(
    replay: Replay, budget: int | None, progress: Callable[[float], None], cancel: threading.Event
) -> Review:
    """An analysis shown a third of the way through (the screenshot of its progress); it
    stops by itself after a minute, as if cancelled, should nobody leave the screen."""
    progress(0.37)
    cancel.wait(60)
    cancel.set()
    raise ReviewCancelled()
