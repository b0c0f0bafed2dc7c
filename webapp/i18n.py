"""Italian by default, English on a switch. Texts are written in English in the code and the
templates as ``_("...")``; ``italian.TEXTS`` gives each its Italian. The choice lives in the
session cookie (``/lang/en``, ``/lang/it``)."""
from __future__ import annotations

from typing import Any

from flask import Flask, has_request_context, session

from engine.text import Text

from .italian import TEXTS

LANGUAGES = ("it", "en")
DEFAULT = "it"


def language() -> str:
    if has_request_context():
        lang = session.get("lang")
        if lang in LANGUAGES:
            return lang
    return DEFAULT


def _(text: str, /, **values) -> str:
    """``text`` in the page's language, with ``{name}`` fields filled in from ``values``."""
    out = TEXTS.get(text, text) if language() == "it" else text
    return out.format(**values) if values else out


def say(text: Any) -> str:
    """A message of the rules engine or of the card reader in the page's language: a
    :class:`~engine.text.Text`, one carried as data (``Text.to_dict``) or an error raised with one;
    any other text as it is."""
    if isinstance(text, BaseException):
        text = text.args[0] if len(text.args) == 1 and isinstance(text.args[0], Text) else str(text)
    if isinstance(text, dict):
        try:
            text = Text.from_dict(text)
        except ValueError:
            return ""
    if isinstance(text, Text) and language() == "it":
        return text.say(TEXTS.get)
    return str(text)


def said(data: Any) -> Any:
    """``data`` (a score as ``to_dict`` gives it, say) with every Text in it said in the page's language."""
    if isinstance(data, Text):
        return say(data)
    if isinstance(data, dict):
        return {k: said(v) for k, v in data.items()}
    if isinstance(data, (list, tuple)):
        return [said(v) for v in data]
    return data


def init_app(app: Flask) -> None:
    app.jinja_env.globals["_"] = _

    @app.context_processor
    def _lang():
        return {"lang": language()}
