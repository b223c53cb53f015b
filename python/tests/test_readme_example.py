"""The README's Python example runs, and prints what the README says it prints."""

import contextlib
import io
import os
import re

README = os.environ.get("MENGER_README") or os.path.join(os.path.dirname(__file__), "..", "..", "README.md")


def example():
    text = open(README, encoding="utf-8").read()
    marker = text.index("<!-- python-example -->")
    code = re.search(r"```python\n(.*?)```", text[marker:], re.S)
    output = re.search(r"```text\n(.*?)```", text[marker + code.end():], re.S)
    assert code and output, "the README's example needs a ```python block and then a ```text block"
    return code.group(1), output.group(1)


def test_readme_example():
    code, expected = example()
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(code, "README.md (python example)", "exec"), {"__name__": "readme_example"})
    assert printed.getvalue() == expected


def test_readme_example_is_about_30_lines_of_routing():
    code, _ = example()
    routing = code[code.index("class Detour"):code.index("routing = Detour")]
    assert len([line for line in routing.splitlines() if line.strip()]) <= 30
