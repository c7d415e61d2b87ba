"""Turns pycparser's syntax-error texts into the wording of a C compiler's diagnostics.

Role: pycparser says `before: return` or `Invalid expression`; gcc says `expected ';'
before 'return'` and `expected expression before 'int'`, and a C programmer knows the
second.  parse.py's parser names the token it expected (`expected_message`); everything
else pycparser says is reworded here (`compiler_message`) and given gcc's tail: `before
'TOKEN'` (the next token) or `at end of input`.  Only words: no pycparser import.
"""
from __future__ import annotations

import re

# pycparser's token types -> how a C programmer writes them (gcc's spelling)
_PUNCTUATION = {
    "SEMI": "';'", "COMMA": "','", "COLON": "':'", "EQUALS": "'='", "PERIOD": "'.'",
    "LPAREN": "'('", "RPAREN": "')'", "LBRACKET": "'['", "RBRACKET": "']'",
    "LBRACE": "'{'", "RBRACE": "'}'", "ELLIPSIS": "'...'", "ARROW": "'->'",
    "CONDOP": "'?'", "TIMES": "'*'", "PPHASH": "'#'",
}
_CLASSES = {
    "ID": "identifier", "TYPEID": "type name", "STRING_LITERAL": "string literal",
    "INT_CONST_DEC": "integer constant",
}

# pycparser message (without its location) -> gcc's wording; the rest is lower-cased
_REWORDED = (
    (re.compile(r"^before: (.*)$", re.S), lambda m: f"syntax error before '{m.group(1)}'"),
    (re.compile(r"^At end of input$"), lambda m: "unexpected end of input"),
    (re.compile(r"^Invalid expression$"), lambda m: "expected expression"),
    (re.compile(r"^Expected identifier$"), lambda m: "expected identifier"),
    (re.compile(r"^Invalid constant$"), lambda m: "expected constant"),
    (re.compile(r"^Missing type in declaration$"),
     lambda m: "expected declaration specifiers (a type)"),
)


def token_spelling(token_type: str) -> str:
    """`SEMI` -> `';'`, `WHILE` -> `'while'`, `_STATIC_ASSERT` -> `'_Static_assert'`,
    `ID` -> `identifier`."""
    if token_type in _PUNCTUATION:
        return _PUNCTUATION[token_type]
    if token_type in _CLASSES:
        return _CLASSES[token_type]
    if token_type.startswith("_") and token_type[1:2].isalpha():     # C11 keywords
        return f"'_{token_type[1].upper()}{token_type[2:].lower()}'"
    if token_type.isalpha():
        return f"'{token_type.lower()}'"
    return token_type.lower()


def expected_message(token_type: str, next_token: str | None) -> str:
    """`expected ';' before 'return'` (or `... at end of input`)."""
    return with_tail(f"expected {token_spelling(token_type)}", next_token)


def with_tail(message: str, next_token: str | None) -> str:
    """gcc's tail: `before 'TOKEN'`, or `at end of input` when the input ended."""
    if next_token is None:
        return f"{message} at end of input"
    return f"{message} before '{next_token}'"


def compiler_message(raw: str, next_token: str | None, tail: bool = True) -> str:
    """A pycparser message in gcc's words; a message about the position (expected,
    invalid, syntax error) gets gcc's tail (unless `tail` is false: pycparser placed the
    message itself, not at the next token), one about a name (`typedef 'T' previously
    declared ...`) is only lower-cased."""
    text = raw.strip()
    if text.startswith("expected ") and (" before '" in text or text.endswith(" input")):
        return text                                      # already ours (expected_message)
    for pattern, reword in _REWORDED:
        m = pattern.match(text)
        if m:
            text = reword(m)
            break
    else:
        text = text[:1].lower() + text[1:]
    positional = text.startswith(("expected ", "invalid ", "syntax error"))
    if not (tail and positional) or " before '" in text or text.endswith("end of input"):
        return text
    return with_tail(text, next_token)
