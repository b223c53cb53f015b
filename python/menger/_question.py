"""A verb's keyword arguments, made from its question's one declaration.

The C++ side declares each engine's question once (src/question/, issue 37)
and hands this package its JSON Schema (_menger._question_schema).  From the
schema come the verb's keyword arguments -- names, defaults, the checks of
type, range and words, in this package's wording -- its signature as
inspect.signature shows it, and the "Question" part of its docstring.  The
checked arguments travel to C++ as JSON, where they are read strictly again.
"""

import inspect
import json

from ._checks import _flag, _real, _text, _whole
from ._menger import InputError
from . import _menger


def _types(spec):
    t = spec["type"]
    return t if isinstance(t, list) else [t]


def _number(name, spec, value):
    value = _real(name, value)
    low, high = spec.get("minimum"), spec.get("maximum")
    if low is None:
        low, high = spec["exclusiveMinimum"], spec["exclusiveMaximum"]
        if not low < value < high:
            raise InputError("%s is a number in (%r, %r), not %r" % (name, low, high, value))
    elif not low <= value <= high:
        raise InputError("%s is a number in [%r, %r], not %r" % (name, low, high, value))
    return value


def _points(name, spec, value):
    """Points as a list of numbers, written as the text "x,y,z" the other front ends take."""
    if isinstance(value, (bytes, dict, set, frozenset)) or not hasattr(value, "__iter__"):
        raise InputError("%s is a list of numbers or text such as \"0..20:5\", not %r" % (name, value))
    items = list(value)
    if not items:
        raise InputError("%s names no point" % name)
    if spec["x-points"] == "whole":
        return ",".join(str(_whole("%s[%d]" % (name, i), x, hi=2**53)) for i, x in enumerate(items))
    return ",".join(repr(_real("%s[%d]" % (name, i), x)) for i, x in enumerate(items))


def _checked(name, spec, value):
    """One argument, checked as the schema says (None where the field may be absent)."""
    types = _types(spec)
    if value is None and "null" in types:
        return None
    if "integer" in types:
        return _whole(name, value, spec["minimum"], spec["maximum"])
    if "number" in types:
        return _number(name, spec, value)
    if "boolean" in types:
        return _flag(name, value)
    if spec.get("x-formula") and not isinstance(value, str):
        return str(_whole(name, value, 0, 2**64 - 1))  # a whole number; a str is a formula
    if spec.get("x-points") and not isinstance(value, str):
        return _points(name, spec, value)
    value = _text(name, value)
    words = [w for w in spec.get("enum", []) if w is not None]
    if words and value not in words:
        raise InputError("%s is one of %s, not %r" % (name, ", ".join(map(repr, words)), value))
    return value


def _default_text(spec):
    return spec.get("x-default-text") or repr(spec["default"])


class Question:
    """The keyword arguments of one verb (`python_name`) from the question of `verb`."""

    def __init__(self, verb, python_name):
        self.cli_verb, self.name = verb, python_name
        self.schema = json.loads(_menger._question_schema(verb))
        self.fields = {name: self.schema["properties"][name] for name in self.schema["x-order"]}
        # word flags: symbolic=True for search="symbolic"
        self.words = {word: name for name, spec in self.fields.items() if spec.get("x-word-flags")
                      for word in spec["enum"] if word not in (spec["default"], None)}

    def checked(self, given):
        """The arguments `given`, checked; a word flag becomes its field's value."""
        out, by = {}, {}
        for name, value in given.items():
            if name in self.fields:
                out[name] = _checked(name, self.fields[name], value)
                by.setdefault(name, name)
            elif name in self.words:
                field = self.words[name]
                if _flag(name, value):
                    if field in out and out[field] != name:
                        raise InputError("%s and %s ask for different things" % (by[field], name))
                    out[field], by[field] = name, name
            else:
                raise TypeError("%s() got an unexpected keyword argument %r (its question's fields: %s)"
                                % (self.name, name, ", ".join(self.fields)))
        return out

    def json(self, given):
        return json.dumps(self.checked(given))

    def verb(self, function):
        """Gives `function` (whose **question takes the fields) the fields as keyword-only
        parameters in its signature, and their docs in its docstring."""
        sig = inspect.signature(function)
        params = [p for p in sig.parameters.values() if p.kind != inspect.Parameter.VAR_KEYWORD]
        # A field the function names itself (montecarlo's positional experiment) it passes on itself.
        params += [inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=spec["default"])
                   for name, spec in self.fields.items() if name not in sig.parameters]
        function.__signature__ = sig.replace(parameters=params)
        lines = ["", "", "Question (the fields of menger %s's options and claim keys):" % self.cli_verb]
        for name, spec in self.fields.items():
            extra = ", one of " + " | ".join(w for w in spec["enum"] if w is not None) if "enum" in spec else ""
            if "integer" in _types(spec):
                extra = ", %d..%d" % (spec["minimum"], spec["maximum"])
            elif "number" in _types(spec):
                extra = (", %r..%r" % (spec["minimum"], spec["maximum"]) if "minimum" in spec else
                         ", between %r and %r" % (spec["exclusiveMinimum"], spec["exclusiveMaximum"]))
            lines.append("    %s (default %s%s): %s" % (name, _default_text(spec), extra, spec["description"]))
        if self.words:
            lines.append("    " + ", ".join("%s=True" % w for w in self.words) + ": the same as the word of "
                         + ", ".join(sorted(set(self.words.values()))))
        function.__doc__ = (function.__doc__ or "") + "\n".join(lines)
        return function
