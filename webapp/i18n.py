"""Italian by default, English on a switch. Texts are written in English in the code and the
templates as ``_("...")``; ``italian.TEXTS`` gives each its Italian. The choice lives in the
session cookie (``/lang/en``, ``/lang/it``)."""
from __future__ import annotations

from flask import Flask, has_request_context, session

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


def init_app(app: Flask) -> None:
    app.jinja_env.globals["_"] = _

    @app.context_processor
    def _lang():
        return {"lang": language()}
