"""Strict checks of the verbs' arguments.

pybind11 would take True for 1, a float budget of inf, a rate "0.5", and say
"incompatible function arguments" for a port of 2**64.  Each check is one
InputError naming the argument.
"""

from ._menger import InputError

_U32, _U64 = 2**32 - 1, 2**64 - 1


def _whole(name, value, lo=0, hi=_U32, none=False):
    if value is None and none:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise InputError("%s is an int in %d..%d, not %r" % (name, lo, hi, value))
    return value


def _real(name, value, none=False):
    if value is None and none:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value or \
            value in (float("inf"), float("-inf")):
        raise InputError("%s is a finite number, not %r" % (name, value))
    return float(value)


def _flag(name, value):
    if not isinstance(value, bool):
        raise InputError("%s is True or False, not %r" % (name, value))
    return value


def _text(name, value, none=False):
    if value is None and none:
        return None
    if not isinstance(value, str):
        raise InputError("%s is a str, not %r" % (name, value))
    return value
