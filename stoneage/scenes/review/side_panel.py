"""The review's right-hand column: the key moments (each with its sentence, a click goes to
it), the decision on screen (what the player did, what Hard would have done, both moves'
expected lead and the difference, and the place of its *Play from here* button) and the
summary (the share of decisions as good as Hard's and the points given away by kind of
decision)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame
from pygame import Rect

from stoneage.i18n import _
from stoneage.review import CATEGORIES, Judged, SeatReview, words
from stoneage.scenes.review.lead_chart import COSTLY, loss_colour
from stoneage.scenes.review.review_layout import ReviewLayout
from stoneage.ui import assets, theme
from stoneage.ui.widgets import draw_panel, draw_text, draw_text_fit, wrap_lines

MOMENT_LINES = 3  # lines of a key moment's sentence at most (then "…")


@dataclass(frozen=True)
class Shown:
    """What the decision part of the column says about the moment on screen: the words of
    the player's move and Hard's (already in phrases), or the move there when it was not the
    player's decision."""

    judged: Judged | None
    chosen: str  # the player's move in words ('' when not the player's decision)
    best: str  # Hard's move in words
    move: str  # the move made at this moment, in words (any seat's)
    number: int  # the move's number in the game (1 = the first)
    total: int  # moves in the game


def capital(text: str) -> str:
    """``text`` with a capital first letter (a heading or a label; CJK text is unchanged)."""
    return text[:1].upper() + text[1:]


def fit_lines(message: str, size: int, width: int, most: int, bold: bool = False) -> list[str]:
    """``message`` wrapped to ``width``, at most ``most`` lines (the last cut with "…")."""
    lines = wrap_lines(message, size, width, bold)
    if len(lines) <= most:
        return lines
    kept = lines[:most]
    last = kept[-1]
    while last and assets.text_width(last + "…", size, bold) > width:
        last = last[:-1]
    kept[-1] = last.rstrip() + "…"
    return kept


class SidePanel:
    """The column of the layout ``lay`` for the review of one seat (see the module)."""

    def __init__(
        self,
        lay: ReviewLayout,
        review: SeatReview,
        sentence: Callable[[Judged], str],
        margin: float,
    ) -> None:
        """``sentence`` words a key moment (the review engine's words); ``margin`` is how
        close to Hard's move counts as Hard's."""
        self.lay, self.review, self.sentence, self.margin = lay, review, sentence, margin
        f, m = lay.fonts, lay.margin
        side = lay.side
        self.head_h = assets.font(f.label, True).get_linesize()
        self.line_h = assets.font(f.body).get_linesize()
        self.small_h = assets.font(f.small).get_linesize()
        bars = -(-len(CATEGORIES) // 2)  # rows of bars, two to a row
        summary_h = self.head_h + m * 3 + self.line_h * 3 + (self.line_h - 2) * bars
        tiny_h = assets.font(f.tiny).get_linesize()
        full = self.head_h + m * 3 + tiny_h + self.line_h * 5 + self.small_h * 3
        # The key moments take what their sentences need (three lines each at most) when the
        # decision keeps its full height; on a small window two lines each, and the decision
        # gives up its last lines (the moment's sentence, also in the list).
        sentences = [self.sentence(review.decisions[i]) for i in review.key_moments]
        self.sentences = dict(zip(review.key_moments, sentences, strict=True))
        frame = self.head_h + m * 2 + m // 2
        needed = frame + self._moments_height(MOMENT_LINES)
        least = frame + self._moments_height(2)
        room = side.height - summary_h - 2 * m
        moments_h = min(needed, max(least, room - full))
        self.summary = Rect(side.left, side.bottom - summary_h, side.width, summary_h)
        self.moments = Rect(side.left, side.top, side.width, moments_h)
        decision_top = self.moments.bottom + m
        self.decision = Rect(
            side.left, decision_top, side.width, max(0, self.summary.top - m - decision_top)
        )
        # Play from here: the decision's own button, in the bottom right corner of its section.
        play_h = max(24, round(self.line_h * 1.45))
        play_w = min(side.width - 2 * m, max(round(f.title * 8), self._play_width(f.label)))
        self.play = Rect(0, 0, play_w, play_h)
        self.play.bottomright = (self.decision.right - m, self.decision.bottom - m)
        self._items: list[tuple[int, Rect, list[str]]] = self._lay_out_moments()

    def _play_width(self, size: int) -> int:
        """The width the Play from here button's words need at ``size``."""
        return assets.text_width(_("Play from here"), size) + self.lay.margin * 4

    def _sentence_width(self) -> int:
        m = self.lay.margin
        return self.lay.side.width - 2 * m - self._badge_size() - self._loss_width() - m * 2

    def _wrapped(self, most: int) -> list[list[str]]:
        """The key moments' sentences in at most ``most`` lines each."""
        f = self.lay.fonts
        width = self._sentence_width()
        return [fit_lines(self.sentences[i], f.small, width, most) for i in self.review.key_moments]

    def _item_height(self, lines: list[str]) -> int:
        return self.small_h * max(2, len(lines)) + self.lay.margin // 2

    def _moments_height(self, most: int) -> int:
        """The height the key moments need at ``most`` lines each (gaps included)."""
        heights = [self._item_height(lines) for lines in self._wrapped(most)]
        return sum(heights) + self.lay.margin // 2 * max(0, len(heights) - 1)

    # --- key moments ------------------------------------------------------------------------------
    def _lay_out_moments(self) -> list[tuple[int, Rect, list[str]]]:
        """(decision index, rect, lines) of each key moment, from the top of its section;
        the lines shrink (never below two) until every moment fits."""
        m = self.lay.margin
        area = self.moments.inflate(-2 * m, 0)
        top = self.moments.top + m + self.head_h + m // 2
        room = self.moments.bottom - m - top
        most = MOMENT_LINES
        while most > 2 and self._moments_height(most) > room:
            most -= 1
        wrapped = self._wrapped(most)
        heights = [self._item_height(lines) for lines in wrapped]
        items = []
        y = top
        for index, lines, height in zip(self.review.key_moments, wrapped, heights, strict=True):
            if y + height > self.moments.bottom - m // 2:
                break  # a window too small for every moment shows the costliest (the chart all)
            items.append((index, Rect(area.left, y, area.width, height), lines))
            y += height + m // 2
        return items

    def _badge_size(self) -> int:
        return self.lay.fonts.body + self.lay.margin

    def _loss_width(self) -> int:
        """The column right of the sentences: the points given away over the round."""
        f = self.lay.fonts
        rounds = [
            _("round {n}").format(n=self.review.decisions[i].round) for i in self.review.key_moments
        ]
        widest = max([assets.text_width(text, f.tiny) for text in rounds], default=0)
        return max(assets.text_width("-00.0", f.label, True), widest) + self.lay.margin

    def moment_tip(self, pos: tuple[int, int]) -> str:
        """The whole sentence of the key moment under ``pos`` when its line was cut ('')."""
        for index, rect, lines in self._items:
            if rect.collidepoint(pos) and lines and lines[-1].endswith("…"):
                return self.sentences[index]
        return ""

    def moment_at(self, pos: tuple[int, int]) -> int | None:
        """The decision index of the key moment under ``pos``, if any."""
        for index, rect, _lines in self._items:
            if rect.collidepoint(pos):
                return index
        return None

    def moment_rects(self) -> list[tuple[int, Rect]]:
        """Each key moment's decision index and its clickable rect (tests click them)."""
        return [(index, rect) for index, rect, _lines in self._items]

    # --- drawing ------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, shown: Shown, hover: tuple[int, int]) -> None:
        """The three sections, the moment on screen highlighted among the key moments."""
        self._draw_moments(surface, shown.judged, hover)
        self._draw_decision(surface, shown)
        self._draw_summary(surface)

    def _section(self, surface: pygame.Surface, area: Rect, heading: str) -> Rect:
        """A parchment section with a heading; the rect under it."""
        f, m = self.lay.fonts, self.lay.margin
        draw_panel(surface, area, theme.PARCHMENT_LIGHT, theme.UMBER_DARK, 2, 10)
        head = Rect(area.left + m, area.top + m, area.width - 2 * m, self.head_h)
        draw_text_fit(surface, heading, head, f.label, theme.CHARCOAL, True, "midleft")
        return Rect(head.left, head.bottom + m // 2, head.width, area.bottom - head.bottom - m)

    def _draw_moments(
        self, surface: pygame.Surface, current: Judged | None, hover: tuple[int, int]
    ) -> None:
        f, m = self.lay.fonts, self.lay.margin
        inner = self._section(surface, self.moments, _("Key moments"))
        if not self._items:
            words = _("No costly decisions: every move was as good as Hard's, or nearly.")
            y = inner.top
            for line in fit_lines(words, f.body, inner.width, 4):
                draw_text(surface, line, (inner.left, y), f.body, theme.UMBER_DARK)
                y += self.line_h
            return
        badge = self._badge_size()
        for number, (index, rect, lines) in enumerate(self._items, start=1):
            judged = self.review.decisions[index]
            on = current is judged
            if on or rect.collidepoint(hover):
                fill = theme.OCHRE_LIGHT if on else theme.mix(theme.PARCHMENT, theme.WHITE, 0.4)
                pygame.draw.rect(surface, fill, rect.inflate(m, 0), border_radius=8)
            centre = (rect.left + badge // 2, rect.top + self.line_h // 2 + 2)
            pygame.draw.circle(surface, COSTLY, centre, badge // 2)
            draw_text(surface, str(number), centre, f.small, theme.WHITE, True, "center")
            left = rect.left + badge + m
            for i, line in enumerate(lines):
                draw_text(surface, line, (left, rect.top + i * self.small_h), f.small)
            loss = f"-{judged.loss:.1f}"
            draw_text(surface, loss, (rect.right, rect.top), f.label, COSTLY, True, "topright")
            words_round = _("round {n}").format(n=judged.round)
            below = (rect.right, rect.top + assets.font(f.label, True).get_linesize())
            draw_text(surface, words_round, below, f.tiny, theme.UMBER_DARK, False, "topright")

    def _draw_decision(self, surface: pygame.Surface, shown: Shown) -> None:
        f, m = self.lay.fonts, self.lay.margin
        judged = shown.judged
        heading = _("Move {n} of {total}").format(n=shown.number, total=shown.total)
        if judged is not None:
            heading = _("Round {round} · {kind} · move {n}").format(
                round=judged.round,
                kind=capital(words.category_title(judged.category)),
                n=shown.number,
            )
        inner = self._section(surface, self.decision, heading)
        y = inner.top
        if judged is None:
            for line in fit_lines(shown.move, f.body, inner.width, 3):
                draw_text(surface, line, (inner.left, y), f.body)
                y += self.line_h
            hint = _("Not a decision of yours: only your own moves are judged.")
            for line in fit_lines(hint, f.small, inner.width, 2):
                draw_text(surface, line, (inner.left, y + m // 2), f.small, theme.UMBER_DARK)
                y += self.line_h
            return
        value_w = assets.text_width("+00.0", f.label, True) + m
        draw_text(
            surface,
            _("expected lead"),
            (inner.right, y),
            f.tiny,
            theme.UMBER_DARK,
            False,
            "topright",
        )
        y += assets.font(f.tiny).get_linesize()
        rows = (
            (_("You: {what}").format(what=shown.chosen), judged.chosen_lead, True),
            (_("Hard: {what}").format(what=shown.best), judged.best_lead, False),
        )
        for text, lead, mine in rows:
            lines = fit_lines(text, f.body, inner.width - value_w, 2, mine)
            for i, line in enumerate(lines):
                draw_text(surface, line, (inner.left, y + i * self.line_h), f.body, bold=mine)
            draw_text(
                surface,
                f"{lead:+.1f}",
                (inner.right, y),
                f.label,
                theme.CHARCOAL,
                True,
                "topright",
            )
            y += self.line_h * len(lines) + m // 3
        verdict, colour = self._verdict(judged)
        for line in fit_lines(verdict, f.body, inner.width, 1, True):
            draw_text(surface, line, (inner.left, y + m // 3), f.body, colour, True)
            y += self.line_h
        if judged.searched and not judged.agrees:  # how the points were found, in small
            for line in fit_lines(words.measure_line(judged), f.small, inner.width, 1):
                draw_text(surface, line, (inner.left, y + m // 3), f.small, theme.UMBER_DARK)
                y += self.small_h
        index = self.review.decisions.index(judged)
        if index in self.review.key_moments:  # its sentence in full (the list may cut it)
            number = self.review.key_moments.index(index) + 1
            words_of = _("Key moment {n}: {sentence}").format(
                n=number, sentence=self.sentences[index]
            )
            room = (self.play.top - m // 2 - y - m // 2) // self.small_h
            for line in fit_lines(words_of, f.small, inner.width, min(3, room)) if room else []:
                draw_text(surface, line, (inner.left, y + m // 2), f.small, theme.UMBER_DARK)
                y += self.small_h

    def _verdict(self, judged: Judged) -> tuple[str, tuple[int, int, int]]:
        """The difference in words, and its colour."""
        if not judged.searched:
            return _("Hard agrees: an obvious move."), loss_colour(0.0, self.margin)
        if judged.agrees:
            return _("You chose Hard's move."), loss_colour(0.0, self.margin)
        if judged.loss <= self.margin:
            return (
                _("As good as Hard's move (within {margin:.1f} points).").format(
                    margin=self.margin
                ),
                loss_colour(judged.loss, self.margin),
            )
        return words.given_away_line(judged), loss_colour(judged.loss, self.margin)

    def _draw_summary(self, surface: pygame.Surface) -> None:
        f, m = self.lay.fonts, self.lay.margin
        review = self.review
        inner = self._section(surface, self.summary, _("Summary"))
        share = f"{round(review.agreement * 100)}%"
        words = _(
            "{share} of your {n} decisions: Hard's move, or within {margin:.0f} point of it."
        ).format(share=share, n=len(review.decisions), margin=self.margin)
        lines = fit_lines(words, f.body, inner.width, 2)
        for i, line in enumerate(lines):
            draw_text(surface, line, (inner.left, inner.top + i * self.line_h), f.body)
        top = inner.top + self.line_h * 2 + m // 2
        draw_text(
            surface,
            _("Points given away"),
            (inner.left, top),
            f.small,
            theme.UMBER_DARK,
            True,
        )
        self._draw_bars(surface, Rect(inner.left, top + self.line_h, inner.width, 0))

    def _draw_bars(self, surface: pygame.Surface, row: Rect) -> None:
        """One bar per kind of decision, as long as the points it gave away, two to a row."""
        f, m = self.lay.fonts, self.lay.margin
        losses = self.review.loss_by_category
        column_w = (row.width - m * 2) // 2
        label_w = round(column_w * 0.46)
        value_w = assets.text_width("00.0", f.small, True) + m // 2
        bar_w = column_w - label_w - value_w
        peak = max([1.0, *losses.values()])
        for i, key in enumerate(CATEGORIES):
            x = row.left + (i % 2) * (column_w + m * 2)
            y = row.top + (i // 2) * (self.line_h - 2)
            cell = Rect(x, y, label_w - m // 2, self.line_h - 2)
            title = capital(words.category_title(key))
            draw_text_fit(surface, title, cell, f.small, theme.CHARCOAL, False, "midleft")
            value = losses.get(key, 0.0)
            length = round(bar_w * value / peak)
            bar = Rect(x + label_w, y + 3, max(1, length), self.line_h - 8)
            ink = COSTLY if value > self.margin else theme.MOSS
            pygame.draw.rect(surface, ink, bar, border_radius=3)
            at = (bar.right + 3, cell.centery)
            draw_text(surface, f"{value:.1f}", at, f.small, theme.CHARCOAL, True, "midleft")
