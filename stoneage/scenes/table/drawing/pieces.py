"""Drawing of the game's pieces: icons with numbers, figures, rings, cards and building tiles.

Pure drawing functions of (surface, rect, data); the board, the panels and the dialogs share them.
"""

from __future__ import annotations

import pygame
from pygame import Rect

from stoneage.i18n import _
from stoneage.play.names import ROLE_ART, card_effect_text, card_scoring_text
from stoneage.rules import GameState, data
from stoneage.ui import assets, theme
from stoneage.ui.widgets import blit_centred, draw_panel, draw_text, draw_text_fit, draw_wrapped

EFFECT_ART = {
    "food": "food",
    "points": "score",
    "food_production": "food_track",
    "one_use_tool": "tool_card",
    "permanent_tool": "tool",
    "dice_for_items": "die_5",
}


def icon_number(
    surface: pygame.Surface,
    name: str,
    value: str,
    pos: tuple[int, int],
    size: int,
    font: int,
    colour: theme.Colour = theme.CHARCOAL,
    variant: str = "",
) -> Rect:
    """An icon followed by a number, its left edge at ``pos`` (vertically centred); the rect used."""
    picture = assets.image(name, size, variant)
    rect = picture.get_rect(midleft=pos)
    surface.blit(picture, rect)
    label = draw_text(
        surface, value, (rect.right + max(2, size // 8), pos[1]), font, colour, True, "midleft"
    )
    return rect.union(label)


def icon_number_width(value: str, size: int, font: int) -> int:
    """How wide ``icon_number`` draws an icon of ``size`` with ``value`` at ``font``."""
    return size + max(2, size // 8) + assets.text_width(value, font, True)


def figure(surface: pygame.Surface, colour: str, rect: Rect, faded: bool = False) -> None:
    """A worker of ``colour`` filling ``rect`` (faded: placed elsewhere this round)."""
    picture = assets.image(theme.worker_image(colour), rect.size, "faded" if faded else "")
    blit_centred(surface, picture, rect.center)


def ring(surface: pygame.Surface, rect: Rect, colour: str | None) -> None:
    """A place for one figure: an empty ring, or the figure standing on it."""
    pygame.draw.ellipse(surface, theme.mix(theme.PARCHMENT, theme.UMBER, 0.25), rect)
    pygame.draw.ellipse(surface, theme.UMBER_DARK, rect, max(1, rect.width // 12))
    if colour:
        figure(surface, colour, rect.inflate(-2, -2))


def card_back(surface: pygame.Surface, rect: Rect, count: int, font: int) -> None:
    """The face-down deck with the number of cards left."""
    depth = max(2, rect.width // 30)
    for i in range(3, 0, -1):
        draw_panel(
            surface, rect.move(i * depth, -i * depth), theme.UMBER_DARK, theme.CHARCOAL, 1, 8
        )
    draw_panel(surface, rect, theme.UMBER, theme.CHARCOAL, 2, 8)
    inner = rect.inflate(-rect.width // 6, -rect.width // 6)
    pygame.draw.rect(surface, theme.OCHRE, inner, 2, border_radius=6)
    blit_centred(
        surface,
        assets.image("culture_art", inner.width * 2 // 3),
        (inner.centerx, inner.centery - font),
    )
    draw_text(
        surface,
        _("Deck"),
        (inner.centerx, inner.bottom - font * 3),
        font,
        theme.PARCHMENT_LIGHT,
        True,
        "midtop",
    )
    draw_text(
        surface,
        str(count),
        (inner.centerx, inner.bottom - font * 3 // 2),
        round(font * 1.3),
        theme.PARCHMENT_LIGHT,
        True,
        "midtop",
    )


def card_face(
    surface: pygame.Surface, rect: Rect, effect: Rect, seat: Rect, card_id: str, font: int
) -> None:
    """A civilization card: its immediate effect on top, its scoring half in the lower band."""
    card = data.cards()[card_id]
    art = "card_green_bg" if card.culture else "card_sand_bg"
    surface.blit(assets.image(art, rect.size), rect)
    _effect_picture(surface, effect, card, font)
    if card.culture:
        blit_centred(surface, assets.image(f"culture_{card.culture}", seat.size), seat.center)
    elif card.role is not None:
        blit_centred(surface, assets.image(ROLE_ART[card.role], seat.size), seat.center)
        if card.role_count > 1:
            badge = Rect(0, 0, font * 2, font * 3 // 2)
            badge.midleft = (seat.right - font // 2, seat.top + font)
            draw_panel(surface, badge, theme.OCHRE_LIGHT, theme.CHARCOAL, 1, font // 2)
            draw_text(
                surface, f"×{card.role_count}", badge.center, font, theme.CHARCOAL, True, "center"
            )


def _effect_picture(surface: pygame.Surface, area: Rect, card: data.Card, font: int) -> None:
    icon = min(area.width // 2, area.height // 2)
    centre = (area.centerx, area.top + icon // 2 + area.height // 12)
    effect = card.effect
    if effect in ("resource", "resource_2_dice") and card.resource is not None:
        name = ("wood", "brick", "stone", "gold")[card.resource]
        if effect == "resource_2_dice":
            blit_centred(
                surface,
                assets.image("die_3", icon * 2 // 3),
                (centre[0] - icon // 2, centre[1] - icon // 5),
            )
            blit_centred(
                surface,
                assets.image("die_4", icon * 2 // 3),
                (centre[0] - icon // 4, centre[1] + icon // 5),
            )
            blit_centred(
                surface, assets.image(name, icon * 3 // 4), (centre[0] + icon // 2, centre[1])
            )
        else:
            blit_centred(surface, assets.image(name, icon), centre)
    elif effect == "any_two_resources":
        small = icon // 2
        for i, name in enumerate(("wood", "brick", "stone", "gold")):
            blit_centred(
                surface,
                assets.image(name, small),
                (
                    centre[0] + (i % 2 * 2 - 1) * small // 2,
                    centre[1] + (i // 2 * 2 - 1) * small // 2,
                ),
            )
    elif effect == "extra_card":
        back = Rect(0, 0, icon * 5 // 8, icon * 7 // 8)
        back.center = centre
        draw_panel(surface, back, theme.UMBER, theme.CHARCOAL, 2, 4)
        draw_text(surface, "+1", back.center, font, theme.PARCHMENT_LIGHT, True, "center")
    else:
        blit_centred(surface, assets.image(EFFECT_ART[effect], icon), centre)
    text_rect = Rect(
        area.left, centre[1] + icon // 2 + 2, area.width, area.bottom - centre[1] - icon // 2
    )
    draw_wrapped(
        surface, card_effect_text(card), text_rect, font, theme.CHARCOAL, True, centred=True
    )


def card_tooltip(card_id: str) -> str:
    """Both halves of a card, in words."""
    card = data.cards()[card_id]
    return _("Now: {effect}. Final scoring: {scoring}.").format(
        effect=card_effect_text(card), scoring=card_scoring_text(card)
    )


def building_face(surface: pygame.Surface, rect: Rect, tile_id: str, font: int) -> None:
    """A building tile: what it costs and how many points it scores."""
    tile = data.buildings()[tile_id]
    surface.blit(assets.image("building_tile_bg", rect.size), rect)
    icon = rect.width // 4
    top = rect.top + rect.height // 8
    if tile.kind == "fixed":
        names = [
            ("wood", "brick", "stone", "gold")[i]
            for i, n in enumerate(tile.cost)
            for _k in range(n)
        ]
        step = min(icon + 2, (rect.width - icon) // max(1, len(names) - 1)) if len(names) > 1 else 0
        left = rect.centerx - (step * (len(names) - 1)) // 2
        for i, name in enumerate(names):
            blit_centred(surface, assets.image(name, icon), (left + i * step, top + icon // 2))
        points = str(tile.points)
    elif tile.kind == "variable":
        draw_text(
            surface,
            f"{tile.count} ×",
            (rect.centerx - icon // 4, top + icon // 2),
            round(font * 1.3),
            theme.CHARCOAL,
            True,
            "midright",
        )
        blit_centred(
            surface, assets.image("die_blank", icon), (rect.centerx + icon // 3, top + icon // 2)
        )
        draw_text(
            surface,
            "?",
            (rect.centerx + icon // 3, top + icon // 2),
            font,
            theme.CHARCOAL,
            True,
            "center",
        )
        kinds = _("{k} kinds").format(k=tile.kinds) if tile.kinds > 1 else _("1 kind")
        draw_text_fit(
            surface,
            kinds,
            Rect(rect.left + 4, top + icon, rect.width - 8, font + 4),
            font,
            theme.CHARCOAL,
            True,
        )
        points = "?"
    else:
        draw_text(
            surface,
            "1–7",
            (rect.centerx, top + icon // 2),
            round(font * 1.3),
            theme.CHARCOAL,
            True,
            "center",
        )
        draw_text_fit(
            surface,
            _("any kind"),
            Rect(rect.left + 4, top + icon, rect.width - 8, font + 4),
            font,
            theme.CHARCOAL,
            True,
        )
        points = "?"
    star = assets.image("score", icon)
    star_rect = star.get_rect(midbottom=(rect.centerx - icon // 3, rect.bottom - rect.height // 12))
    surface.blit(star, star_rect)
    draw_text(
        surface,
        points,
        (star_rect.right, star_rect.centery),
        round(font * 1.25),
        theme.CHARCOAL,
        True,
        "midleft",
    )


def building_tooltip(tile_id: str) -> str:
    """What a building costs and scores, in words."""
    from stoneage.play.names import building_cost_text

    tile = data.buildings()[tile_id]
    if tile.kind == "fixed":
        return _("Pay {cost}; scores {points} points.").format(
            cost=building_cost_text(tile), points=tile.points
        )
    return _("Pay {cost}; scores what you pay (wood 3, brick 4, stone 5, gold 6 each).").format(
        cost=building_cost_text(tile)
    )


def dice_faces(total: int, count: int, salt: int) -> list[int]:
    """Faces of ``count`` dice summing to ``total`` (the engine keeps only the sum)."""
    import random

    rng = random.Random(salt * 131 + total)
    faces = [1] * count
    for _i in range(total - count):
        choices = [i for i, f in enumerate(faces) if f < 6]
        faces[rng.choice(choices)] += 1
    return faces


def space_tooltip(state: GameState, space: int) -> str:
    """What a board space takes and gives, in words."""
    from stoneage.play.names import space_title, yield_text

    name = space_title(space)
    if space == data.HUNT:
        return _(
            "{name}: any number of figures, one group per player each round. "
            "Roll a die per figure: {rule}."
        ).format(name=name, rule=yield_text(space))
    if space in data.RESOURCE_SPACES:
        if state.phase != "place":  # the room of a space counts while figures are placed only
            return _(
                "{name}: up to 7 figures each round. Roll a die per figure: {rule}. "
                "Tools add to the roll."
            ).format(name=name, rule=yield_text(space))
        # The figures standing there now (``occupants`` keeps the placement's count through
        # the round, so an emptied quarry said "room for 4 more").
        standing = sum(state.placed[seat][space] for seat in range(state.n))
        room = data.RESOURCE_SPACE_CAPACITY - standing
        return _(
            "{name}: up to 7 figures (room for {room} more). Roll a die per figure: {rule}. "
            "Tools add to the roll."
        ).format(name=name, room=room, rule=yield_text(space))
    texts = {
        data.TOOL_MAKER: _(
            "Tool maker: 1 figure. Gain a tool (or upgrade one): tools add to later rolls."
        ),
        data.HUT: _("Hut: exactly 2 figures of one player. Gain one more person (up to 10)."),
        data.FIELD: _("Field: 1 figure. Food production +1: that much food every feeding."),
    }
    return texts[space]
