"""docs/python.md runs: every ```python block, in order and in one namespace, prints exactly
the ```text block that follows it."""

import contextlib
import io
import os
import re

PAGE = os.environ.get("MENGER_DOCS_PYTHON") or os.path.join(os.path.dirname(__file__), "..", "..", "docs",
                                                              "python.md")


def examples():
    text = open(PAGE, encoding="utf-8").read()
    pairs = re.findall(r"```python\n(.*?)```\s*```text\n(.*?)```", text, re.S)
    assert len(pairs) == text.count("```python"), "every ```python block is followed by its ```text block"
    return pairs


def test_every_example_prints_what_the_page_says():
    namespace = {"__name__": "docs_python"}
    for n, (code, expected) in enumerate(examples()):
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            exec(compile(code, "docs/python.md (example %d)" % (n + 1), "exec"), namespace)
        assert printed.getvalue() == expected, "example %d" % (n + 1)


def test_the_page_has_examples():
    assert len(examples()) >= 5
