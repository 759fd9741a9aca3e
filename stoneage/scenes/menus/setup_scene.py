"""New-game setup: 2 to 4 seats, each a human, a bot (an opponent, by portrait and name, at some
level) or a player who joins from another computer, with a name and a colour. "Surprise me"
seats different opponents at random; "A match for you" picks the opponents and their level from
the player's own games (``stoneage.records.matchmaking``). The default (you against three Normal bots) starts
with one click on Start; with a seat that joins, the same button hosts the table instead (its
waiting room shows the address and the code to tell the others).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, replace
from functools import partial

import pygame
from pygame import Rect

from stoneage.i18n import N_, _
from stoneage.play.names import LEVEL_TITLES
from stoneage.play.opponents import opponent_ids, opponent_line, opponent_name, portrait
from stoneage.play.seats import (
    BOT_LEVELS,
    Seat,
    default_seats,
    follow_language,
    name_after_opponent,
    settle_names,
)
from stoneage.records.matchmaking import suggest_match
from stoneage.scenes.kit.base import SceneHost
from stoneage.scenes.kit.menu import PanelScene
from stoneage.scenes.table.drawing.pieces import figure
from stoneage.ui import assets, theme
from stoneage.ui.layout import button_row
from stoneage.ui.menu_layout import MenuLayout, SeatRow, menu_layout, setup_rows
from stoneage.ui.widgets import (
    Button,
    draw_panel,
    draw_text,
    draw_text_fit,
    draw_wrapped,
    wrap_lines,
)

NAME_LIMIT = 16
MIN_SEATS = 2
LEVEL_TIPS = {
    "random": N_("Plays any legal move."),
    "easy": N_("A beginner's judgement; slips now and then."),
    "normal": N_("Plays a solid game."),
    "hard": N_("Also looks ahead at how the round may go."),
}


@dataclass
class SeatDraft:
    """A seat being set up (``playing`` False leaves it empty; ``joins``: a player on another
    computer takes it)."""

    seat: Seat
    playing: bool = True
    joins: bool = False


def levels_note() -> str:
    """What the bot levels mean, in the current language."""
    return _(
        "Bot levels: Random plays any legal move. Easy has a beginner's judgement and slips now and then. "
        "Normal plays a solid game. Hard also looks ahead at how the round may go "
        "(a move usually takes it a fraction of a second, never more than two)."
    )


class SetupScene(PanelScene):
    """Choose who plays; Start begins the game."""

    opaque = True

    def __init__(self, app: SceneHost) -> None:
        self.drafts = [SeatDraft(seat) for seat in default_seats()]
        self.editing: int | None = None
        self.standin = "normal"  # hosting: the level of the bot that plays for a player away
        self.spectators = True  # hosting: whether others may watch
        super().__init__(app)

    def exit(self) -> None:
        self._stop_editing()

    # --- building the controls -------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        """The menu's layout, its panel only as tall as the rows, the note on the bot levels
        and the buttons (it left a large empty area above Start)."""
        self.lay = menu_layout(size, self.button_count)
        self.lay = self._fitted(self.lay)
        self.buttons = self.make_buttons()

    def _rows(self, lay: MenuLayout) -> list[SeatRow]:
        """The seats' rows in the panel's body, under the column headings."""
        body = lay.panel_body.copy()
        body.top += lay.fonts.body * 2
        body.height -= lay.fonts.body * 2
        return setup_rows(body, len(self.drafts), lay.unit)

    def _fitted(self, lay: MenuLayout) -> MenuLayout:
        """``lay`` with its panel shrunk around what the screen shows, kept centred."""
        rows, f, m = self._rows(lay), lay.fonts, lay.margin
        note = len(wrap_lines(levels_note(), f.body, lay.panel_body.width))
        content_bottom = rows[-1].rect.bottom + m * 2 + note * assets.font(f.body).get_linesize()
        if self.hosting:  # the stand-in's level and the spectators instead of the note
            content_bottom = rows[-1].rect.bottom + (rows[-1].rect.height + m) * 2 + m
        spare = lay.panel_buttons.top - m * 3 - content_bottom
        if spare <= 0:
            return lay
        shift = spare // 2
        body = lay.panel_body
        return replace(
            lay,
            panel=lay.panel.inflate(0, -2 * shift),
            panel_title=lay.panel_title.move(0, shift),
            panel_body=Rect(body.left, body.top + shift, body.width, body.height - 2 * shift),
            panel_buttons=lay.panel_buttons.move(0, -shift),
        )

    def make_buttons(self) -> list[Button]:
        follow_language([draft.seat for draft in self.drafts])  # "You" in the language of now
        self.heading = _("New game")
        f = self.lay.fonts
        self.rows = self._rows(self.lay)
        buttons: list[Button] = []
        for i, (row, draft) in enumerate(zip(self.rows, self.drafts)):
            buttons += self._row_buttons(i, row, draft)
        if self.hosting:
            buttons += self._hosting_buttons()
        start, surprise, match, back = button_row(
            self.lay.panel_buttons,
            4,
            self.lay.panel_buttons.height,
            self.lay.margin * 2,
            round(f.title * 9),
        )
        buttons += self._choice_buttons(surprise, match)
        if self.hosting:
            humans = sum(d.playing and d.seat.is_human and not d.joins for d in self.drafts)
            buttons.append(
                Button(
                    start,
                    _("Host this table"),
                    self.host,
                    enabled=humans >= 1,
                    size=f.title,
                    primary=True,
                    tooltip=_(
                        "Open this table to players on other computers: the next screen shows "
                        "the address and the code to tell them (Enter)."
                    )
                    if humans
                    else _("One seat must be yours (Human) to host the table."),
                    name="host",
                )
            )
        else:
            buttons.append(
                Button(
                    start,
                    _("Start"),
                    self.start,
                    size=f.title,
                    primary=True,
                    tooltip=_("Begin the game with these players (Enter)."),
                    name="start",
                )
            )
        buttons.append(
            Button(
                back,
                _("Back"),
                self.back,
                size=f.label,
                tooltip=_("Back to the title screen (Esc)."),
                name="back",
            )
        )
        return buttons

    def _choice_buttons(self, surprise: Rect, match: Rect) -> list[Button]:
        """ "Surprise me" and "A match for you": who sits in the bots' seats."""
        f = self.lay.fonts
        bots = len(self._bot_drafts())
        lone = self._lone_human() is not None
        return [
            Button(
                surprise,
                _("Surprise me"),
                self.surprise,
                enabled=bots > 0,
                size=f.label,
                tooltip=_("Seat different opponents at random in the bots' seats."),
                name="surprise",
            ),
            Button(
                match,
                _("A match for you"),
                self.suggest,
                enabled=lone,
                size=f.label,
                tooltip=_(
                    "Pick the opponents and their level from your own games, so that your "
                    "chance to win is near even."
                )
                if lone
                else _("For one person against bots at this screen."),
                name="match",
            ),
        ]

    def _bot_drafts(self) -> list[SeatDraft]:
        """The seats in play that a bot plays."""
        return [d for d in self.drafts if d.playing and not d.joins and not d.seat.is_human]

    def _lone_human(self) -> Seat | None:
        """The one person at this screen when everyone else is a bot, else None."""
        playing = [d for d in self.drafts if d.playing]
        humans = [d.seat for d in playing if d.seat.is_human and not d.joins]
        if len(humans) == 1 and not any(d.joins for d in playing):
            return humans[0]
        return None

    def _hosting_lines(self) -> list[SeatRow]:
        """Hosting: the two lines under the seats, laid out as seat rows (the stand-in's level
        in the bot levels' column, whether others may watch in the next line), as tall as the
        seats' rows where there is room, lower where there is not."""
        last, m = self.rows[-1], self.lay.margin
        room = self.lay.panel_buttons.top - last.rect.bottom - m * 3
        height = max(1, min(last.rect.height, room // 2))

        def moved(rect: Rect, top: int) -> Rect:
            return Rect(rect.left, top, rect.width, height)

        lines = []
        for k in (0, 1):
            top = last.rect.bottom + m + k * (height + m)
            lines.append(
                SeatRow(
                    moved(last.rect, top),
                    moved(last.toggle, top),
                    moved(last.colour, top),
                    moved(last.name, top),
                    moved(last.kind, top),
                    [moved(r, top) for r in last.levels],
                )
            )
        return lines

    def _hosting_buttons(self) -> list[Button]:
        """Hosting: the level of the bot that plays for a player away, and spectators."""
        f = self.lay.fonts
        standin, watching = self._hosting_lines()
        out = [
            Button(
                rect,
                _(LEVEL_TITLES[level]),
                partial(self.set_standin, level),
                size=f.body,
                selected=self.standin == level,
                tooltip=_(
                    "When a player's connection drops, a bot of this level plays their seat "
                    "until they return."
                ),
                name=f"standin_{level}",
            )
            for rect, level in zip(standin.levels, BOT_LEVELS)
        ]
        out.append(
            Button(
                watching.levels[0].union(watching.levels[1]),
                _("Welcome") if self.spectators else _("Refused"),
                self.toggle_spectators,
                size=f.body,
                selected=self.spectators,
                tooltip=_("Whether others may watch the table (they see what every player sees)."),
                name="spectators",
            )
        )
        return out

    def set_standin(self, level: str) -> None:
        """Hosting: the level of the bot that plays for a player away."""
        self.standin = level
        self.buttons = self.make_buttons()

    def toggle_spectators(self) -> None:
        """Hosting: spectators welcome, or refused."""
        self.spectators = not self.spectators
        self.buttons = self.make_buttons()

    def _row_buttons(self, i: int, row: SeatRow, draft: SeatDraft) -> list[Button]:
        f = self.lay.fonts
        seat = draft.seat
        label = _("Playing") if draft.playing else _("Empty seat")
        seat_tip = (
            _("The first two seats always play.")
            if i < MIN_SEATS
            else _("Seat a player here, or leave the seat empty.")
        )
        out = [
            Button(
                row.toggle,
                label,
                lambda: self.toggle(i),
                enabled=i >= MIN_SEATS,
                size=f.body,
                selected=draft.playing,
                tooltip=seat_tip,
                name=f"seat_{i}",
            )
        ]
        if not draft.playing:
            return out
        out.append(
            Button(
                row.colour,
                "",
                lambda: self.next_colour(i),
                size=f.body,
                tooltip=_("Click for the next colour nobody else has."),
                name=f"colour_{i}",
            )
        )
        if seat.is_human or draft.joins:
            out.append(
                Button(
                    row.name,
                    "",
                    lambda: self.edit(i),
                    size=f.body,
                    tooltip=_("Click to type this player's name."),
                    name=f"name_{i}",
                )
            )
        else:
            opponent = seat.bot_opponent
            out.append(
                Button(
                    row.name,
                    "",
                    lambda: self.next_opponent(i),
                    size=f.body,
                    tooltip=_("{name}: {line} Click for the next opponent.").format(
                        name=opponent_name(opponent), line=opponent_line(opponent)
                    ),
                    name=f"name_{i}",
                )
            )
        kind = _("Joins") if draft.joins else _("Human") if seat.is_human else _("Bot")
        out.append(
            Button(
                row.kind,
                kind,
                lambda: self.toggle_kind(i),
                size=f.body,
                tooltip=_(
                    "A person at this screen, a bot, or a player who joins from another "
                    "computer (then you host the table)."
                ),
                name=f"kind_{i}",
            )
        )
        if draft.joins:
            return out
        if not seat.is_human:
            for rect, level in zip(row.levels, BOT_LEVELS):
                out.append(
                    Button(
                        rect,
                        _(LEVEL_TITLES[level]),
                        partial(self.set_level, i, level),
                        size=f.body,
                        selected=seat.level == level,
                        tooltip=_(LEVEL_TIPS[level]),
                        name=f"level_{i}_{level}",
                    )
                )
        return out

    # --- changes ----------------------------------------------------------------------------------
    def toggle(self, i: int) -> None:
        """Seat or unseat a player (the first two seats always play)."""
        self.drafts[i].playing = not self.drafts[i].playing
        self._fix_colours()
        self.resize(self.app.size)  # hosting or not: what is under the seats changes

    @property
    def hosting(self) -> bool:
        """True when a seat in play is for a player who joins: the table is hosted."""
        return any(d.playing and d.joins for d in self.drafts)

    def toggle_kind(self, i: int) -> None:
        """Bot, human, a player who joins, bot again (a bot becomes a person in one click, as
        before there was network play)."""
        draft = self.drafts[i]
        seat = draft.seat
        if draft.joins:
            draft.joins, seat.kind = False, "bot"
        elif seat.is_human:
            draft.joins = True
        else:
            seat.kind = "human"
        if not seat.is_human and not draft.joins:
            name_after_opponent(seat, [d.seat for d in self.drafts])
        self.resize(self.app.size)  # hosting or not: what is under the seats changes

    def set_level(self, i: int, level: str) -> None:
        """The bot's level."""
        self.drafts[i].seat.level = level
        self.buttons = self.make_buttons()

    def next_opponent(self, i: int) -> None:
        """The bot of seat ``i`` is played by the next opponent of the roster (its name too)."""
        seat = self.drafts[i].seat
        ids = opponent_ids()
        seat.opponent = ids[(ids.index(seat.bot_opponent) + 1) % len(ids)]
        name_after_opponent(seat, [d.seat for d in self.drafts])
        self.buttons = self.make_buttons()

    def surprise(self) -> None:
        """Different opponents at random in the bots' seats (their levels stay)."""
        drafts = self._bot_drafts()
        chosen = random.Random(time.time_ns()).sample(opponent_ids(), len(drafts))
        self._seat_opponents(drafts, [(o, d.seat.level) for o, d in zip(chosen, drafts)])

    def suggest(self) -> None:
        """A match for you: opponents and levels from the person's own games."""
        person = self._lone_human()
        if person is None:
            return
        players = sum(d.playing for d in self.drafts)
        history = self.app.records.history.with_pending()
        match = suggest_match(history, players, person.name)
        bots = [d for d in self.drafts if d.playing and d.seat is not person]
        for draft in bots:
            draft.seat.kind = "bot"
        self._seat_opponents(bots, list(match.bots))
        names = ", ".join(d.seat.name for d in bots)
        self.app.toasts.show(
            _("A match for you: {names}. Your chance to win: about {chance} %.").format(
                names=names, chance=round(match.win_chance * 100)
            )
        )

    def _seat_opponents(self, drafts: list[SeatDraft], bots: list[tuple[str, str]]) -> None:
        """Seat the ``(opponent, level)`` pairs in ``drafts``' seats, each named after its
        opponent."""
        for draft, (opponent, level) in zip(drafts, bots):
            draft.seat.opponent, draft.seat.level = opponent, level
            draft.seat.name = ""
        for draft in drafts:
            name_after_opponent(draft.seat, [d.seat for d in self.drafts])
        self.buttons = self.make_buttons()

    def next_colour(self, i: int) -> None:
        """The next colour nobody else at the table has."""
        taken = {d.seat.colour for j, d in enumerate(self.drafts) if j != i and d.playing}
        order = theme.COLOUR_ORDER
        start = order.index(self.drafts[i].seat.colour)
        for step in range(1, len(order) + 1):
            candidate = order[(start + step) % len(order)]
            if candidate not in taken:
                self.drafts[i].seat.colour = candidate
                break

    def _fix_colours(self) -> None:
        used: set[str] = set()
        for draft in self.drafts:
            if draft.playing and draft.seat.colour in used:
                draft.seat.colour = next(c for c in theme.COLOUR_ORDER if c not in used)
            if draft.playing:
                used.add(draft.seat.colour)

    def edit(self, i: int) -> None:
        """Start typing the name of seat ``i`` (a player who joins chooses their own)."""
        if self.drafts[i].joins:
            return
        self.editing = i
        pygame.key.start_text_input()

    def _stop_editing(self) -> None:
        if self.editing is not None:
            self.editing = None
            pygame.key.stop_text_input()

    def start(self) -> None:
        """Begin the game with the seats in play."""
        self._stop_editing()
        seats = [d.seat for d in self.drafts if d.playing]
        settle_names(seats)
        seed = (
            self.app.seed
            if self.app.seed is not None
            else random.Random(time.time_ns()).randrange(1, 10**9)
        )
        self.app.records.autosave.delete()
        self.app.replace(self.app.make_scene("game", seats=seats, seed=seed))

    def host(self) -> None:
        """Host the table: its waiting room, where the others join."""
        self._stop_editing()
        drafts = [d for d in self.drafts if d.playing]
        seats = [d.seat for d in drafts]
        settle_names([s for s, d in zip(seats, drafts) if not d.joins])
        joins = [d.joins for d in drafts]
        self.app.replace(
            self.app.make_scene(
                "host_table",
                seats=seats,
                joins=joins,
                seed=self.app.seed,
                standin=self.standin,
                spectators=self.spectators,
            )
        )

    # --- events and drawing ---------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if self.editing is not None and self._type(self.editing, event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN:
            if self.hosting:
                self.host()
            else:
                self.start()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            self._stop_editing()
        return super().handle(event)

    def _type(self, editing: int, event: pygame.event.Event) -> bool:
        """Typing into the name of seat ``editing``; True when the key was used."""
        seat = self.drafts[editing].seat
        if event.type == pygame.TEXTINPUT:
            seat.name = (seat.name + event.text)[:NAME_LIMIT]
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                seat.name = seat.name[:-1]
            elif event.key in (pygame.K_RETURN, pygame.K_ESCAPE, pygame.K_TAB):
                self._stop_editing()
            return True
        return False

    def draw_body(self, surface: pygame.Surface) -> None:
        f = self.lay.fonts
        body = self.lay.panel_body
        heads = (
            (self.rows[0].name, _("Name")),
            (self.rows[0].kind, _("Who plays")),
            (self.rows[0].levels[0], _("Bot level")),
        )
        for rect, text in heads:
            draw_text(surface, text, (rect.left, body.top), f.body, theme.UMBER_DARK, True)
        for i, (row, _draft) in enumerate(zip(self.rows, self.drafts)):
            pygame.draw.rect(
                surface,
                theme.PARCHMENT
                if i % 2
                else theme.mix(theme.PARCHMENT, theme.PARCHMENT_LIGHT, 0.5),
                row.rect,
                border_radius=8,
            )
        if self.hosting:
            standin, watching = self._hosting_lines()
            for line, words in (
                (standin, _("A bot for a player who drops:")),
                (watching, _("Spectators:")),
            ):
                label = line.name.union(line.kind)
                draw_text_fit(surface, words, label, f.body, theme.UMBER_DARK, True, "midleft")
            return
        below = pygame.Rect(
            body.left,
            self.rows[-1].rect.bottom + self.lay.margin * 2,
            body.width,
            body.bottom - self.rows[-1].rect.bottom,
        )
        draw_wrapped(surface, levels_note(), below, f.body, theme.UMBER_DARK)

    def draw_over(self, surface: pygame.Surface) -> None:
        """The colour swatches and the names, over their buttons."""
        f = self.lay.fonts
        for i, (row, draft) in enumerate(zip(self.rows, self.drafts)):
            if not draft.playing:
                continue
            swatch = row.colour.inflate(-6, -6)
            pygame.draw.rect(
                surface, theme.PLAYER_COLOURS[draft.seat.colour], swatch, border_radius=6
            )
            figure(surface, draft.seat.colour, swatch.inflate(-4, -4))
            editing = self.editing == i
            box = row.name
            draw_panel(
                surface,
                box,
                theme.WHITE if editing else theme.PARCHMENT_LIGHT,
                theme.HIGHLIGHT if editing else theme.UMBER_DARK,
                2,
                6,
            )
            if draft.joins:  # where a bot's levels would be: who takes this seat
                levels = row.levels[0].union(row.levels[-1])
                words = _("A player on another computer takes this seat.")
                draw_text_fit(surface, words, levels, f.body, theme.UMBER_DARK, False, "midleft")
            name = _("(their own name)") if draft.joins else draft.seat.name
            text = name + ("|" if editing else "")
            room = box.inflate(-12, 0)
            if not draft.seat.is_human and not draft.joins:  # the opponent's portrait
                side = box.height - 6
                face = assets.image(portrait(draft.seat.bot_opponent), (side, side))
                surface.blit(face, (box.left + 4, box.top + 3))
                room = Rect(box.left + side + 10, box.top, box.width - side - 16, box.height)
            draw_text_fit(surface, text, room, f.label, theme.CHARCOAL, True, "midleft")
        hint = (
            _(
                "Click a name to change it (a bot's: the next opponent), the figure to change "
                "colour. Enter hosts the table."
            )
            if self.hosting
            else _(
                "Click a name to change it (a bot's: the next opponent), the figure to change "
                "colour. Enter starts the game."
            )
        )
        draw_text_fit(surface, hint, self.lay.footer, f.body, theme.PARCHMENT_LIGHT)

    def back(self) -> None:
        self._stop_editing()
        self.app.pop()
