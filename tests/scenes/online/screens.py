"""The player's hands on the online screens: typing into a field and pressing a button with
real pygame events, and a dedicated server's settings for a test."""

from __future__ import annotations

import pygame

from stoneage.net.service import ServiceConfig
from tests.scenes.hands import click, post


def type_into(app, scene, index: int, text: str) -> None:
    """Click field ``index`` of ``scene`` and type ``text`` as the keyboard does (a key, then
    its text)."""
    click(app, scene.fields[index].rect.center)
    for char in text:
        post(pygame.KEYDOWN, key=ord(char.lower()), mod=0, unicode=char, scancode=0)
        post(pygame.TEXTINPUT, text=char)
    app.step(block=False)


def press(app, scene, name: str) -> None:
    """Click the button ``name`` of ``scene`` with the mouse."""
    button = next(b for b in scene.buttons if b.name == name)
    assert button.enabled, f"{name} is not enabled"
    click(app, button.rect.center)


def config(**changes: object) -> ServiceConfig:
    """A dedicated server's settings for a test: tables may be made, joins are not paced."""
    made = ServiceConfig(allow_create=True, sweep_every=0.1, hellos_per_second=0)
    for name, value in changes.items():
        setattr(made, name, value)
    return made
