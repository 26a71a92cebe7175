"""Values in words, never a Python repr."""

from gunline.words import fields, key_words, plain


def test_plain_values():
    assert plain(None) == "—"
    assert plain(True) == "yes" and plain(False) == "no"
    assert plain(2.0) == "2" and plain(2.5) == "2.5"
    assert plain([1, 2, 3]) == "1, 2, 3" and plain([]) == "none"
    assert plain({"name": "Bo", "status": "down", "wounds_left": 0}) == "Bo (status down)"
    assert plain({"rounds_left": 3, "jammed": True}) == "rounds left 3, jammed yes"
    models = {"Goro": {"status": "wounded", "wounds_left": 1}, "Hachi": {"status": "unharmed", "wounds_left": 2}}
    assert plain(models) == "Goro (status wounded, wounds left 1); Hachi (status unharmed, wounds left 2)"
    assert plain([{"name": "A"}, {"name": "B", "hp": 3}]) == "A, B (hp 3)"


def test_no_repr_reaches_the_words():
    state = {"models": [{"name": "A", "wounds": 1}], "flags": {"x": True}, "status": "pinned", "count": 0}
    words = ", ".join(fields(state))
    assert "{" not in words and "[" not in words and "'" not in words
    assert words == "models A (wounds 1), flags x yes, status pinned"
    assert fields(state, ("status",), all_values=True)[-1] == "count 0"
    assert key_words("rounds_left") == "rounds left"
