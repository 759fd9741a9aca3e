"""Translation of every user-facing string, through gettext.

Use ``_("text")`` for a string shown now, ``ngettext(singular, plural, n)`` for counted text and
``N_("text")`` to mark a module-level constant that is translated later, when it is shown.
A msgid that means two things in two places (the rules page's "Next" and the lesson's, the bot
level "Normal" and the animation speed) takes a context: ``pgettext("lesson step", "Next")``,
``npgettext(context, singular, plural, n)``, and ``NP_(context, "text")`` for a constant that is
then shown with ``pgettext`` and the same context. Each context is its own catalog entry
(``msgctxt``), translated on its own.
Nothing is translated at import time: ``_`` looks up the catalog installed *now*, so switching
the language with ``install_language`` changes every string drawn after it.

Catalogs are compiled ``.mo`` files in ``<locale dir>/<code>/LC_MESSAGES/stoneage.mo``; the
locale dir is ``$STONEAGE_LOCALE_DIR`` or ``locale/`` inside the installed package
(``stoneage.resources.package_path``). A wheel, an sdist install and a frozen build carry catalogs
compiled at build time and never need Babel. Only from a source checkout (``python -m stoneage``
or an editable install), where the ``.po`` files in ``i18n/`` are edited, is a missing or stale
``.mo`` compiled with Babel when a language is installed: Babel is a build and test dependency,
not a run-time one, so without it the older ``.mo`` (or English) is used and a warning logged.
"""

from __future__ import annotations

import contextlib
import gettext
import locale
import logging
import os
import subprocess
import sys
from pathlib import Path

from stoneage.resources import package_path, source_checkout

DOMAIN = "stoneage"
DEFAULT_LANGUAGE = "en"

# Each language is shown in its own name (never translated), with the font script it needs.
LANGUAGES: dict[str, str] = {"en": "English", "zh": "简体中文", "ja": "日本語"}
_SCRIPTS = {"zh": "sc", "ja": "jp"}

log = logging.getLogger(__name__)

_translation: gettext.NullTranslations = gettext.NullTranslations()
_language = DEFAULT_LANGUAGE


def locale_dir() -> Path:
    """Where compiled catalogs are looked up."""
    override = os.environ.get("STONEAGE_LOCALE_DIR")
    return Path(override) if override else package_path("locale")


def catalog_dir() -> Path | None:
    """Where the source catalogs ``<code>.po`` are: ``i18n/`` of a source checkout, else None
    (an installed package carries only the compiled catalogs)."""
    checkout = source_checkout()
    return checkout / "i18n" if checkout is not None else None


def install_language(code: str) -> bool:
    """Make ``code`` the language of every string drawn from now on.

    Returns True when a compiled catalog was found; without one the text stays English (the
    language code is still recorded, so the font of that language is used).
    """
    global _translation, _language
    _language = code or DEFAULT_LANGUAGE
    if not os.environ.get("STONEAGE_LOCALE_DIR"):
        compile_from_source(_language)
    try:
        _translation = gettext.translation(
            DOMAIN, localedir=str(locale_dir()), languages=[_language]
        )
        return True
    except OSError:  # no catalog for this language: identity
        _translation = gettext.NullTranslations()
        return False


def compile_from_source(code: str) -> bool:
    """From a source checkout, compile ``i18n/<code>.po`` when its ``.mo`` is missing or older.

    Returns True when a ``.mo`` was written. An installed package (a wheel, a frozen build) has
    no ``.po`` files and never compiles; without Babel the existing ``.mo`` (or English) is used
    and a warning logged.
    """
    sources = catalog_dir()
    if sources is None:
        return False
    po = sources / f"{code}.po"
    mo = locale_dir() / code / "LC_MESSAGES" / f"{DOMAIN}.mo"
    if not po.is_file() or (mo.is_file() and mo.stat().st_mtime >= po.stat().st_mtime):
        return False
    try:
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po
    except ImportError:
        log.warning(
            "Babel is not installed: cannot compile %s; %s",
            po,
            "using the older compiled catalog" if mo.is_file() else "the game stays in English",
        )
        return False
    try:
        with po.open("rb") as source:
            catalog = read_po(source, locale=code)
        mo.parent.mkdir(parents=True, exist_ok=True)
        # Written beside it and swapped in whole: another process (a second window, a parallel
        # test worker) reading the catalog meanwhile sees the old one or the new, never half.
        part = mo.with_name(f"{mo.name}.{os.getpid()}.part")
        try:
            with part.open("wb") as target:
                write_mo(target, catalog)
            os.replace(part, mo)
        finally:
            with contextlib.suppress(OSError):
                part.unlink()
    except (OSError, ValueError) as error:  # a read-only install or a damaged catalog
        log.warning("could not compile %s: %s", po, error)
        return False
    return True


def current_language() -> str:
    """The language code installed last (``en`` by default)."""
    return _language


def font_script(code: str | None = None) -> str:
    """The font family a language needs: ``latin``, ``sc`` (Simplified Chinese) or ``jp``."""
    code = code or _language
    return _SCRIPTS.get(code, _SCRIPTS.get(code.split("_")[0], "latin"))


# --- the language the player's system prefers ------------------------------------------------------
def supported_language(tag: str | None) -> str | None:
    """The game's language code for an OS language tag (``ja_JP.UTF-8``, ``zh-Hans-CN``,
    ``en-US``), or None when the game has no such language."""
    if not tag:
        return None
    base = tag.replace("-", "_").split(".")[0].split("@")[0].lower()
    if base in ("c", "posix", ""):
        return None
    if base.startswith("zh"):
        return "zh"  # the only Chinese catalog; closer to a Traditional Chinese reader than English
    if base.startswith("ja"):
        return "ja"
    if base.startswith("en"):
        return "en"
    return None


def os_language_tags() -> list[str]:
    """The user's preferred languages, best first, from the environment and the platform."""
    tags: list[str] = []
    tags += [t for t in os.environ.get("LANGUAGE", "").split(":") if t]
    tags += [os.environ.get(name, "") for name in ("LC_ALL", "LC_MESSAGES", "LANG")]
    if sys.platform == "win32":
        tags.append(_windows_ui_language())
    elif sys.platform == "darwin":
        tags += _mac_languages()
    with contextlib.suppress(ValueError):
        tags.append(locale.getlocale()[0] or "")
    return [t for t in tags if t]


def detect_language() -> str:
    """The first of the OS's preferred languages the game has, else English."""
    for tag in os_language_tags():
        code = supported_language(tag)
        if code:
            return code
    return DEFAULT_LANGUAGE


def _windows_ui_language() -> str:
    """The Windows display language, e.g. ``ja_JP`` (empty when it cannot be read)."""
    try:
        import ctypes

        lcid = ctypes.windll.kernel32.GetUserDefaultUILanguage()  # type: ignore[attr-defined]
    except (AttributeError, OSError):
        return ""
    return locale.windows_locale.get(lcid, "")


def _mac_languages() -> list[str]:
    """macOS's ordered preferred languages (``defaults read -g AppleLanguages``), or []."""
    try:
        out = subprocess.run(
            ["defaults", "read", "-g", "AppleLanguages"],
            capture_output=True,
            text=True,
            timeout=0.5,
            check=False,
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return []
    return [
        part.strip().strip('",') for part in out.splitlines() if part.strip() not in ("(", ")", "")
    ]


# --- lookups ----------------------------------------------------------------------------------------
def _(message: str) -> str:
    """``message`` in the current language."""
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for ``n`` in the current language."""
    return _translation.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, as meant in ``context`` (its ``msgctxt``)."""
    return _translation.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """The singular or plural form for ``n``, as meant in ``context``."""
    return _translation.npgettext(context, singular, plural, n)


def N_(message: str) -> str:
    """Mark a constant for translation without translating it (``_`` is applied when shown)."""
    return message


def NP_(context: str, message: str) -> str:
    """Mark a constant for translation in ``context`` without translating it: it is shown with
    ``pgettext(context, message)`` (the context itself is not kept, so the caller repeats it)."""
    del context  # read by the extractor (``NP_:1c,2``), not at run time
    return message
