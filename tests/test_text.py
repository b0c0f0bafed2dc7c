"""Messages that another language can say: a Text is its English str, and keeps its template
and values so that the web page can say it in Italian."""
import json
import pickle

import pytest

from engine import Text, read_meld, score_json
from engine.text import either, joined

ITALIAN = {
    "{meld} is not valid: {reason}": "{meld} non è valido: {reason}",
    "meld {n} ({cards})": "gioco {n} ({cards})",
    "gap between {between} ({card}) with no wild card to fill it":
        "buco tra {between} ({card}) senza una matta che lo riempia",
    "{c0} and {c1}": "{c0} e {c1}",
}


def test_a_text_is_its_english_and_keeps_its_template():
    t = Text("{card} appears twice", card="7H")
    assert t == "7H appears twice" and isinstance(t, str)
    assert t.template == "{card} appears twice" and t.values == {"card": "7H"}
    assert json.dumps({"reason": t}) == '{"reason": "7H appears twice"}'


def test_nested_texts_and_lists_are_said_in_the_other_language():
    reason = read_meld("AH 2H 4H".split()).reason
    meld = Text("meld {n} ({cards})", n=1, cards="AH 2H 4H")
    t = Text("{meld} is not valid: {reason}", meld=meld, reason=reason)
    assert t == "meld 1 (AH 2H 4H) is not valid: gap between 2H and 4H (3H) with no wild card to fill it"
    assert t.say(ITALIAN.get) == "gioco 1 (AH 2H 4H) non è valido: buco tra 2H e 4H (3H) senza una matta che lo riempia"
    assert Text("{cards}!", cards=["5H", Text("meld {n} ({cards})", n=2, cards="x")]).say(ITALIAN.get) \
        == "5H, gioco 2 (x)!"


def test_an_unknown_template_stays_english_with_its_values_said():
    t = Text("new words about {what}", what=Text("meld {n} ({cards})", n=3, cards="KS KD KC"))
    assert t.say(ITALIAN.get) == "new words about gioco 3 (KS KD KC)"


def test_a_text_travels_through_json_and_pickle():
    t = score_json({"teams": [{"melds": [["AH", "2H", "4H"]], "hand": [], "pozzetto": True, "closed": False}]})
    error = t["teams"][0]["errors"][0]
    back = Text.from_dict(json.loads(json.dumps(error.to_dict())))
    assert back == error and back.say(ITALIAN.get) != str(error)
    assert "gioco 1 (AH 2H 4H)" in back.say(ITALIAN.get) and "buco tra 2H e 4H (3H)" in back.say(ITALIAN.get)
    again = pickle.loads(pickle.dumps(error))
    assert again == error and again.template == error.template


@pytest.mark.parametrize("data", [None, "text", {"values": {}}, {"template": 3},
                                  {"template": "{missing}", "values": {}}, {"template": "{a", "values": {}},
                                  {"template": "{a.upper}", "values": {"a": "x"}},
                                  {"template": "{a:>999999999}", "values": {"a": "x"}},
                                  {"template": "{a!s}", "values": {"a": "x"}}, {"template": "{0}", "values": {}}])
def test_data_that_is_no_message_is_refused(data):
    with pytest.raises(ValueError, match="not a message"):
        Text.from_dict(data)


def test_either_and_joined():
    assert either(["5H"], "or") == "5H"
    assert either(["5H", "6H", "7H"], "or") == "5H or 6H or 7H"
    assert either(["2H", "4H"], "and").say(ITALIAN.get) == "2H e 4H"
    assert joined(["a", "b"], "; ") == "a; b"
