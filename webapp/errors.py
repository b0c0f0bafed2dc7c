"""Every refusal gets a clear message: a page for a person, JSON for the page's own scripts."""
from __future__ import annotations

from flask import Flask, jsonify, render_template, request
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException

from .i18n import _


def wants_json() -> bool:
    return request.is_json or request.accept_mimetypes.best == "application/json"


def problem(message: str, status: int):
    if wants_json():
        return jsonify(error=message), status
    return render_template("problem.html", message=message, status=status), status


def _message(err: HTTPException) -> str:
    if isinstance(err, CSRFError):
        return _("This page had expired or came from another site: reload it and try again.")
    if err.code == 413:
        return _("The file is too large: the limit is {mb} MB.", mb=_max_mb())
    if err.code == 404:
        return _("Not found: it may have been deleted.")
    if err.code == 405:
        return _("This address cannot be used that way.")
    return err.description or err.name


def _max_mb() -> int:
    from flask import current_app
    return current_app.config["MAX_CONTENT_LENGTH"] // (1024 * 1024)


def init_app(app: Flask) -> None:
    @app.errorhandler(HTTPException)
    def _http(err: HTTPException):
        return problem(_message(err), err.code or 500)
