"""Messages that another language can say too.

A :class:`Text` is a ``str``: the English message, as the command line prints it and as JSON
carries it. It also keeps the template it was filled from and the values, so that a user
interface can look the template up in its own language and fill in the same values::

    >>> t = Text("{card} appears twice", card="7H")
    >>> str(t), t.template, t.values
    ('7H appears twice', '{card} appears twice', {'card': '7H'})
    >>> t.say({"{card} appears twice": "{card} compare due volte"}.get)
    '7H compare due volte'

A value may be a Text itself (a meld's reason inside a score's error) or a list of values,
joined with ", ". ``to_dict`` and ``from_dict`` carry a Text through JSON.
"""
from __future__ import annotations

import string
from typing import Any, Callable, Optional

Translate = Callable[[str], Optional[str]]


class Text(str):
    template: str
    values: dict[str, Any]

    def __new__(cls, template: str, /, **values: Any) -> "Text":
        self = super().__new__(cls, template.format(**{k: _said(v, None) for k, v in values.items()}))
        self.template = template
        self.values = values
        return self

    def __reduce__(self):
        return _rebuild, (self.template, self.values)

    def say(self, translate: Translate) -> str:
        """This message with ``translate`` applied to its template and to its values' templates
        (a template ``translate`` does not know, it answers None for, stays English)."""
        template = translate(self.template) or self.template
        return template.format(**{k: _said(v, translate) for k, v in self.values.items()})

    def to_dict(self) -> dict:
        return {"template": self.template, "values": {k: _data(v) for k, v in self.values.items()}}

    @classmethod
    def from_dict(cls, data: Any) -> "Text":
        """The Text that ``to_dict`` wrote; a ValueError for anything else."""
        if not isinstance(data, dict) or not isinstance(data.get("template"), str) \
                or not isinstance(data.get("values", {}), dict):
            raise ValueError(f"not a message: {data!r}")
        try:
            if not _plain(data["template"]):
                raise ValueError("a template names its values and nothing more")
            values = {str(k): _value(v) for k, v in data.get("values", {}).items()}
            return cls(data["template"], **values)
        except (KeyError, IndexError, ValueError) as err:
            raise ValueError(f"not a message: {data!r} ({err})") from None


def joined(items: list, sep: str) -> Any:
    """Several values as one, ``sep`` between them: one item as it is, more as a Text whose values
    are the items (so each is said in the other language too)."""
    if len(items) == 1:
        return items[0]
    keys = [f"c{k}" for k in range(len(items))]
    return Text(sep.join("{%s}" % k for k in keys), **dict(zip(keys, items)))


def either(items: list, word: str) -> Any:
    """"5H", "5H or 6H", "5H or 6H or 7H" as a message says them (``word``: "or", "and"); the
    other language has the templates "{c0} or {c1}" and so on."""
    return joined(items, f" {word} ")


def _plain(template: str) -> bool:
    """Only ``{name}`` and ``{name!r}`` fields, as the messages are written: data from outside
    (a phone's copy of a flag) reaches no attribute and asks for no huge padding."""
    return all(name is None or (name.isidentifier() and conversion in (None, "r") and not spec)
               for _, name, spec, conversion in string.Formatter().parse(template))


def _rebuild(template: str, values: dict) -> Text:
    return Text(template, **values)


def _said(value: Any, translate: Optional[Translate]) -> Any:
    if isinstance(value, Text):
        return value.say(translate) if translate is not None else str(value)
    if isinstance(value, (list, tuple)):
        return ", ".join(str(_said(v, translate)) for v in value)
    if isinstance(value, (int, float, str)):
        return value
    return str(value)


def _data(value: Any) -> Any:
    if isinstance(value, Text):
        return value.to_dict()
    if isinstance(value, (list, tuple)):
        return [_data(v) for v in value]
    if isinstance(value, (int, float)) or value is None:
        return value
    return str(value)


def _value(data: Any) -> Any:
    if isinstance(data, dict):
        return Text.from_dict(data)
    if isinstance(data, list):
        return [_value(v) for v in data]
    return data
