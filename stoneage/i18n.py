"""Translation of every user-facing string, through gettext.

Use ``_("text")`` for a string shown now, ``ngettext(singular, plural, n)`` for counted text and
``N_("text")`` to mark a module-level constant that is translated later, when it is shown.
Nothing is translated at import time: ``_`` looks up the catalog installed *now*, so switching
the language with ``install_language`` changes every string drawn after it.

Catalogs are compiled ``.mo`` files in ``<locale dir>/<code>/LC_MESSAGES/stoneage.mo``; the
locale dir is ``$STONEAGE_LOCALE_DIR`` or ``stoneage/locale`` in the bundle (where
``tools/compile_catalogs.py`` writes them). Without a catalog the text is shown as written
(English).
"""

from __future__ import annotations

import gettext
import os
from pathlib import Path

from stoneage.resources import resource_path

DOMAIN = "stoneage"
DEFAULT_LANGUAGE = "en"

# Each language is shown in its own name (never translated), with the font script it needs.
LANGUAGES: dict[str, str] = {"en": "English", "zh_CN": "简体中文", "ja": "日本語"}
_SCRIPTS = {"zh_CN": "sc", "zh": "sc", "ja": "jp"}

_translation: gettext.NullTranslations = gettext.NullTranslations()
_language = DEFAULT_LANGUAGE


def locale_dir() -> Path:
    """Where compiled catalogs are looked up."""
    override = os.environ.get("STONEAGE_LOCALE_DIR")
    return Path(override) if override else resource_path("stoneage", "locale")


def install_language(code: str) -> bool:
    """Make ``code`` the language of every string drawn from now on.

    Returns True when a compiled catalog was found; without one the text stays English (the
    language code is still recorded, so the font of that language is used).
    """
    global _translation, _language
    _language = code or DEFAULT_LANGUAGE
    try:
        _translation = gettext.translation(DOMAIN, localedir=str(locale_dir()), languages=[_language])
        return True
    except OSError:  # no catalog for this language: identity
        _translation = gettext.NullTranslations()
        return False


def current_language() -> str:
    """The language code installed last (``en`` by default)."""
    return _language


def font_script(code: str | None = None) -> str:
    """The font family a language needs: ``latin``, ``sc`` (Simplified Chinese) or ``jp``."""
    code = code or _language
    return _SCRIPTS.get(code, _SCRIPTS.get(code.split("_")[0], "latin"))


def _(message: str) -> str:
    """``message`` in the current language."""
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for ``n`` in the current language."""
    return _translation.ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Mark a constant for translation without translating it (``_`` is applied when shown)."""
    return message
