"""Paying: for a civilization card or a building (``Pay`` or ``Decline``), and for food missing
at feeding time (``Feed`` or ``Starve``).

Both use a composer: one stepper per resource. The pay button is enabled only while the chosen
amounts are one of the legal payments; otherwise the rules engine's reason is shown. A sensible
payment (the Normal bot's choice) is preselected.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame
from pygame import Rect

from stoneage.i18n import _, ngettext
from stoneage.play.names import RESOURCE_ART, amounts_text, building_cost_text, resource_title
from stoneage.rules import (
    Action,
    Decline,
    Feed,
    FeedPeople,
    GameState,
    Pay,
    PayForBuilding,
    PayForCard,
    Starve,
    data,
)
from stoneage.scenes.table.controls.base import Act, reason_for
from stoneage.scenes.table.controls.dialogs import Dialog
from stoneage.scenes.table.drawing.pieces import building_face, card_face
from stoneage.ui import assets, theme
from stoneage.ui.layout import TableLayout, button_row, split_columns, stepper_rows
from stoneage.ui.widgets import Button, draw_text, draw_text_fit, draw_wrapped, handle_buttons

Resources = tuple[int, int, int, int]


class Composer:
    """Four steppers (wood, brick, stone, gold) choosing an amount of each, within reach of a
    legal payment. When the rules allow exactly one payment (a building of fixed price, the
    only way to pay a card) the amounts are shown fixed, with no − / + to press."""

    def __init__(
        self,
        lay: TableLayout,
        area: Rect,
        holdings: Resources,
        legal: list[Resources],
        start: Resources,
        on_change: Callable[[], None],
    ) -> None:
        self.lay, self.holdings, self.on_change = lay, holdings, on_change
        self.most = [max((p[i] for p in legal), default=0) for i in range(4)]
        self.selection = list(start)
        height = min(round(lay.fonts.label * 2.2), (area.height - 3 * lay.margin // 2) // 4)
        self.rows = stepper_rows(area, 4, height, lay.margin // 2)
        self.buttons: list[Button] = []
        self.fixed = len(set(legal)) == 1
        for i, (_label, minus, _value, plus) in enumerate(self.rows):
            if self.fixed:
                continue
            self.buttons.append(
                Button(
                    minus,
                    "–",
                    partial(self.change, i, -1),
                    size=lay.fonts.label,
                    name=f"minus_{i}",
                    tooltip=_("One {resource} fewer").format(resource=resource_title(i)),
                )
            )
            self.buttons.append(
                Button(
                    plus,
                    "+",
                    partial(self.change, i, +1),
                    size=lay.fonts.label,
                    name=f"plus_{i}",
                    tooltip=_("One {resource} more").format(resource=resource_title(i)),
                )
            )
        self._refresh()

    @property
    def value(self) -> Resources:
        """The amounts chosen."""
        return tuple(self.selection)  # type: ignore[return-value]

    def change(self, index: int, step: int) -> None:
        """One more or one fewer of a resource."""
        self.selection[index] = max(0, min(self.most[index], self.selection[index] + step))
        self._refresh()
        self.on_change()

    def _refresh(self) -> None:
        if self.fixed:
            return
        for i in range(4):
            self.buttons[2 * i].enabled = self.selection[i] > 0
            self.buttons[2 * i + 1].enabled = self.selection[i] < self.most[i]

    def draw(self, surface: pygame.Surface) -> None:
        """The steppers with what the player has."""
        f = self.lay.fonts
        for i, (label, _minus, value, _plus) in enumerate(self.rows):
            icon = assets.image(RESOURCE_ART[i], label.height - 4)
            surface.blit(icon, icon.get_rect(midleft=(label.left, label.centery)))
            have = _("you have {n}").format(n=self.holdings[i])
            draw_text_fit(
                surface,
                have,
                Rect(
                    label.left + label.height + 4,
                    label.top,
                    label.width - label.height - 4,
                    label.height,
                ),
                f.body,
                theme.UMBER_DARK,
                False,
                "midleft",
            )
            draw_text(
                surface,
                str(self.selection[i]),
                value.center,
                f.title,
                theme.CHARCOAL,
                True,
                "center",
            )
        for button in self.buttons:
            button.draw(surface)


def composer_body_height(lay: TableLayout) -> int:
    """Height of a composer dialog's body: four stepper rows and two lines of status."""
    return 4 * round(lay.fonts.label * 2.2) + 3 * (lay.margin // 2) + lay.fonts.body * 4


class _ComposerDialog(Dialog):
    """A dialog with a picture on the left and a composer on the right."""

    pay_button: Button  # made by each kind of dialog; enabled while the amount is legal

    def _build(self, state: GameState, seat: int, legal: list[Resources], start: Resources) -> None:
        self.state, self.seat, self.legal = state, seat, set(legal)
        left, right = split_columns(self.parts.body, 0.36, self.lay.margin * 2)
        self.picture_area = left
        composer_area = Rect(
            right.left, right.top, right.width, right.height - self.lay.fonts.body * 4
        )
        self.status_area = Rect(
            right.left, composer_area.bottom, right.width, right.bottom - composer_area.bottom
        )
        self.composer = Composer(
            self.lay, composer_area, state.players[seat].res, legal, start, self._changed
        )

    def _changed(self) -> None:
        self.pay_button.enabled = self.composer.value in self.legal

    def handle(self, event: pygame.event.Event) -> bool:
        return handle_buttons(self.composer.buttons, event) or super().handle(event)

    def all_buttons(self) -> list[Button]:
        return self.composer.buttons + self.buttons

    def draw_body(self, surface: pygame.Surface, body: Rect) -> None:
        self.composer.draw(surface)
        self.draw_picture(surface, self.picture_area)
        f = self.lay.fonts
        if not self.legal:
            message, colour = self.no_payment_text(), theme.CLAY
        elif self.composer.value in self.legal:
            message, colour = self.ok_text(self.composer.value), theme.MOSS_DARK
        else:
            message = reason_for(self.state, self.kind(self.composer.value), self.seat) or ""
            colour = theme.CLAY
        draw_wrapped(surface, message, self.status_area, f.body, colour, True)

    def _answer_row(
        self,
        act: Act,
        width: int,
        accept: tuple[str, str, str],
        refuse: tuple[str, str, str, Action],
    ) -> None:
        """The two answers: ``accept`` (label, name, tooltip) plays the composer's amounts as
        this dialog's action (``kind``), ``refuse`` (label, name, tooltip, action) the other
        way out; ``width`` is the buttons' width in label-font sizes."""
        lay = self.lay
        yes, no = button_row(
            self.parts.buttons,
            2,
            self.parts.buttons.height,
            lay.margin * 2,
            round(lay.fonts.label * width),
        )
        label, name, tooltip = accept
        self.pay_button = Button(
            yes,
            label,
            lambda: act(self.kind(self.composer.value)),
            size=lay.fonts.label,
            primary=True,
            name=name,
            tooltip=tooltip,
        )
        label, name, tooltip, refusal = refuse
        self.buttons = [
            self.pay_button,
            Button(
                no, label, lambda: act(refusal), size=lay.fonts.label, name=name, tooltip=tooltip
            ),
        ]
        self._changed()

    def draw_picture(self, surface: pygame.Surface, area: Rect) -> None:
        """What is being paid for."""

    def kind(self, amounts: Resources) -> Action:
        """The action paying ``amounts``."""
        raise NotImplementedError

    def ok_text(self, amounts: Resources) -> str:
        """The line shown while the chosen amounts are a legal payment."""
        return ""

    def no_payment_text(self) -> str:
        """The line shown when nothing can be paid."""
        return ""


class PayDialog(_ComposerDialog):
    """Buying a civilization card or a building: choose the payment, or decline."""

    def __init__(
        self, lay: TableLayout, state: GameState, seat: int, act: Act, suggestion: Action | None
    ) -> None:
        super().__init__(lay, composer_body_height(lay))
        decision = state.decision()
        if not isinstance(decision, (PayForCard, PayForBuilding)):
            raise ValueError(f"nothing is being paid for at move {state.ply}")
        self.is_card = isinstance(decision, PayForCard)
        if isinstance(decision, PayForCard):
            index, item = decision.slot, state.display[decision.slot]
        else:
            index, item = decision.stack, state.tops[decision.stack]
        if item is None:
            raise ValueError(f"the card or building paid for at move {state.ply} is not there")
        self.item = item
        legal = [a.resources for a in state.legal_actions() if isinstance(a, Pay)]
        start = (
            suggestion.resources
            if isinstance(suggestion, Pay) and suggestion.resources in legal
            else (legal[0] if legal else (0, 0, 0, 0))
        )
        if self.is_card:
            cost = index + 1
            self.title = ngettext(
                "Buy this card for {n} resource?", "Buy this card for {n} resources?", cost
            ).format(n=cost)
        else:
            self.title = _("Build this building?")
        self.hint = (
            _("Pay the price shown, or decline (your figure comes back either way).")
            if len(set(legal)) == 1
            else _("Choose how to pay, or decline (your figure comes back either way).")
        )
        self._build(state, seat, legal, start)
        self._answer_row(
            act,
            11,
            (_("Pay"), "pay", _("Pay the resources chosen above (Enter)")),
            (
                _("Decline"),
                "decline",
                _("Do not buy: you keep your resources and your figure comes back"),
                Decline(),
            ),
        )

    def offered(self) -> set[Action]:
        actions: set[Action] = {Pay(p) for p in self.legal}
        actions.add(Decline())
        return actions

    def kind(self, amounts: Resources) -> Action:
        return Pay(amounts)

    def draw_picture(self, surface: pygame.Surface, area: Rect) -> None:
        f = self.lay.fonts
        if self.is_card:
            height = min(area.height, round(area.width * 7 / 5))
            card = Rect(0, 0, round(height * 5 / 7), height)
            card.midtop = area.midtop
            effect = Rect(
                card.left + card.width * 0.1,
                card.top + card.height * 0.07,
                card.width * 0.8,
                card.height * 0.52,
            )
            seat = Rect(0, 0, round(card.height * 0.26), round(card.height * 0.26))
            seat.center = (card.centerx, card.top + round(card.height * 0.794))
            card_face(surface, card, effect, seat, self.item, f.small)
        else:
            side = min(area.width, area.height - f.body * 3)
            tile = Rect(0, 0, side, side)
            tile.midtop = area.midtop
            building_face(surface, tile, self.item, f.body)
            text = Rect(area.left, tile.bottom + 4, area.width, area.bottom - tile.bottom - 4)
            draw_wrapped(
                surface,
                building_cost_text(data.buildings()[self.item]),
                text,
                f.small,
                theme.UMBER_DARK,
                True,
                centred=True,
            )

    def ok_text(self, amounts: Resources) -> str:
        if self.is_card:
            return _("Pay {what}.").format(what=amounts_text(amounts))
        tile = data.buildings()[self.item]
        points = (
            tile.points
            if tile.kind == "fixed"
            else sum(n * v for n, v in zip(amounts, data.RESOURCE_VALUES))
        )
        return _("Pay {what}: the building scores {points} points.").format(
            what=amounts_text(amounts), points=points
        )

    def no_payment_text(self) -> str:
        return _(
            "You cannot pay for this with what you have. Use your two-resources card, or decline."
        )


class FeedDialog(_ComposerDialog):
    """Not enough food: pay the rest with resources, or take the hunger penalty."""

    def __init__(
        self, lay: TableLayout, state: GameState, seat: int, act: Act, suggestion: Action | None
    ) -> None:
        super().__init__(lay, composer_body_height(lay))
        decision = state.decision()
        if not isinstance(decision, FeedPeople):
            raise ValueError(f"nobody is short of food at move {state.ply}")
        self.short = decision.missing
        player = state.players[seat]
        legal = [a.resources for a in state.legal_actions() if isinstance(a, Feed)]
        start = (
            suggestion.resources
            if isinstance(suggestion, Feed) and suggestion.resources in legal
            else (legal[0] if legal else (0, 0, 0, 0))
        )
        self.title = _("Your people are hungry")
        self.hint = _("Feed your people with resources, or let them go hungry for -10 points.")
        self.people, self.score = player.people, player.score
        self._build(state, seat, legal, start)
        self._answer_row(
            act,
            13,
            (
                _("Feed them"),
                "feed",
                _("Pay the missing food with the resources chosen above (Enter)"),
            ),
            (
                _("Go hungry: -10 points"),
                "starve",
                _("Keep your resources and lose 10 points"),
                Starve(),
            ),
        )

    def offered(self) -> set[Action]:
        actions: set[Action] = {Feed(p) for p in self.legal}
        actions.add(Starve())
        return actions

    def kind(self, amounts: Resources) -> Action:
        return Feed(amounts)

    def draw_picture(self, surface: pygame.Surface, area: Rect) -> None:
        f = self.lay.fonts
        text = ngettext(
            "Your {people} people eat {people} food. All your food is gone and {short} is still missing.",
            "Your {people} people eat {people} food. All your food is gone and {short} are still missing.",
            self.short,
        ).format(people=self.people, short=self.short)
        used = draw_wrapped(surface, text, area, f.body, theme.CHARCOAL)
        rest = Rect(area.left, area.top + used + f.body, area.width, area.height - used - f.body)
        consequence = ngettext(
            "Feed: pay {short} resource, keep your {score} points.\nGo hungry: keep your resources, score {score} becomes {after}.",
            "Feed: pay {short} resources, keep your {score} points.\nGo hungry: keep your resources, score {score} becomes {after}.",
            self.short,
        ).format(short=self.short, score=self.score, after=self.score - 10)
        draw_wrapped(surface, consequence, rest, f.body, theme.UMBER_DARK, True)

    def ok_text(self, amounts: Resources) -> str:
        return _("Pay {what} instead of food.").format(what=amounts_text(amounts))

    def no_payment_text(self) -> str:
        return _("Not enough resources: use your two-resources card, or go hungry.")
