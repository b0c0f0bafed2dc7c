"""One exception type per kind of error, each carrying the bad input in its message."""
import reprlib

_SHORT = reprlib.Repr()
_SHORT.maxlevel, _SHORT.maxstring, _SHORT.maxother = 3, 40, 40
_SHORT.maxlist = _SHORT.maxtuple = _SHORT.maxdict = 6


def shown(value: object) -> str:
    """The bad input as a message quotes it: its repr, cut short when it is long or deep."""
    return _SHORT.repr(value)


class BurracoError(ValueError):
    """Base class of every error the engine raises."""


class InvalidCardError(BurracoError):
    """A card string that names no card, e.g. ``"11H"`` or ``"ZZ"``."""

    def __init__(self, text: object, why: str = "", where: str = "") -> None:
        self.text, self.why = text, why
        place = f" in {where}" if where else ""
        detail = f": {why}" if why else ""
        super().__init__(f"invalid card {shown(text)}{place}{detail}")

    def located(self, where: str) -> "InvalidCardError":
        """The same error, saying where the card was found."""
        return InvalidCardError(self.text, self.why, where)


class UnknownProfileError(BurracoError):
    """A rule profile name that is not defined."""

    def __init__(self, name: object, known: tuple[str, ...]) -> None:
        self.name = name
        super().__init__(f"unknown rule profile {shown(name)} (known: {', '.join(known)})")


class ProfileError(BurracoError):
    """A custom profile with a parameter that does not exist or has a bad value."""


class HandFormatError(BurracoError):
    """A hand description (JSON) that does not have the expected shape."""


class GameError(BurracoError):
    """An operation that a game or session cannot perform in its current state."""
