"""The TypeScript declarations: generated from the schemas, shipped current, and checked by tsc."""

import re
from pathlib import Path
from typing import Any

import pytest

from lacerda_bot._typescript import declarations
from lacerda_bot.decisions import DECISION_TYPES
from lacerda_bot.protocol import PARAMETERS, ErrorType
from lacerda_bot.schema import (
    DECLARATIONS,
    schema_documents,
    typescript_declarations,
)

from .helpers_typescript import STRICT, node_options, run_tsc

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = ROOT / "src" / "lacerda_bot" / DECLARATIONS
EXAMPLE = ROOT / "examples" / "typescript" / "host.ts"
NODE_HOST = ROOT / "examples" / "node_host.mjs"
SHIPPED_IMPORT = "./lacerda_bot.js"
REGENERATE = "python -m lacerda_bot.schema"
DOCUMENTED = ("board.json", "bot_state.json", "outcome.json", "score_breakdown.json")


def declared(text: str) -> dict[str, str]:
    """Each exported name and its declaration, up to its end (``}`` or ``;``)."""
    found = re.finditer(
        r"^export (?:interface (\w+) \{\n.*?^\}|type (\w+) =.*?;$)",
        text,
        flags=re.MULTILINE | re.DOTALL,
    )
    return {m[1] or m[2]: m[0] for m in found}


def union(text: str, name: str) -> list[str]:
    body = declared(text)[name].split("=", 1)[1].rstrip(";")
    return [member.strip() for member in body.split("|") if member.strip()]


# --- the file --------------------------------------------------------------------------


def test_the_shipped_declarations_are_the_generator_output() -> None:
    """A change of a type needs a new .d.ts: run ``python -m lacerda_bot.schema``."""
    shipped = SHIPPED.read_text(encoding="utf-8")

    assert shipped == typescript_declarations(), f"stale: run {REGENERATE}"


def test_the_generator_output_does_not_change_between_runs() -> None:
    assert typescript_declarations() == typescript_declarations()


def test_every_defined_type_is_exported() -> None:
    """Every $defs entry of the documents is an exported interface or type alias."""
    names = declared(typescript_declarations())

    for file, document in schema_documents().items():
        if file != "decision.json":  # its data are the outcome's decisions untagged
            assert set(document["$defs"]) <= set(names), file
    for root in ("BoardDocument", "OutcomeDocument", "ServeRequest", "ServeResponse"):
        assert root in names


def test_objects_are_interfaces_and_enums_are_literal_unions() -> None:
    text = typescript_declarations()
    names = declared(text)

    assert names["Board"].startswith("export interface Board {")
    assert "  readonly lacerda_rover: Hex | null;" in names["Board"]
    assert "  readonly buildings: readonly Building[];" in names["Board"]
    assert "  readonly colony_level: number;" in names["Board"]
    assert union(text, "Side") == ['"orbit"', '"colony"']
    assert union(text, "ServeError") == [e.value for e in ErrorType]
    for kind in ErrorType:  # each error type its own interface, discriminated by type
        assert f'  readonly type: "{kind.value}";' in names[kind.value]


def test_decision_is_a_union_discriminated_by_type() -> None:
    text = typescript_declarations()
    names = declared(text)

    assert union(text, "Decision") == [cls.__name__ for cls in DECISION_TYPES]
    for cls in DECISION_TYPES:
        assert f'  readonly type: "{cls.__name__}";' in names[cls.__name__]
    assert "  readonly decisions: readonly Decision[];" in names["Outcome"]


def test_every_call_has_its_request_interface() -> None:
    text = typescript_declarations()
    names = declared(text)
    requests = union(text, "ServeRequest")

    assert len(requests) == len(PARAMETERS)
    for call, name in zip(PARAMETERS, requests, strict=True):
        assert f'  readonly call: "{call.value}";' in names[name]
        assert f"  readonly {call.value}: " in names["ServeResults"]
    assert "  readonly id?: string | number | null;" in names["TakeTurnRequest"]
    assert union(text, "ServeResponse")[-1] == "ErrorResponse"


def test_descriptions_are_doc_comments() -> None:
    names = declared(typescript_declarations())

    assert "/** The request's id, or null if unread. */" in names["OutcomeResponse"]


# --- the generator's rules -----------------------------------------------------------


def test_the_generator_writes_each_keyword_as_typescript() -> None:
    schema: dict[str, Any] = {
        "type": "object",
        "properties": {
            "pair": {
                "type": "array",
                "prefixItems": [{"type": "string"}, {"type": "integer"}],
            },
            "pairs": {
                "type": "array",
                "items": {"type": "array", "prefixItems": [{"type": "boolean"}]},
            },
            "either": {"type": "array", "items": {"anyOf": [{"const": 1}, {}]}},
            "free": True,
            "nothing": False,
            "kebab-key": {"type": "object", "properties": {"a": {"type": "null"}}},
            "table": {"type": "object", "additionalProperties": {"type": "number"}},
            "anything": {"type": "object"},
            "empty": {"type": "object", "additionalProperties": False},
        },
        "required": ["pair"],
    }

    text = declarations([("Shapes", schema)], header=("a header",))

    assert text.splitlines()[:3] == ["// a header", "", "export interface Shapes {"]
    assert "  readonly pair: readonly [string, number];" in text
    assert "  readonly pairs?: readonly (readonly [boolean])[];" in text
    assert "  readonly either?: readonly (1 | unknown)[];" in text
    assert "  readonly free?: unknown;" in text
    assert "  readonly nothing?: never;" in text
    assert '  readonly "kebab-key"?: { readonly a?: null; };' in text
    assert "  readonly table?: { readonly [key: string]: number };" in text
    assert "  readonly anything?: { readonly [key: string]: unknown };" in text
    assert "  readonly empty?: {};" in text


def test_long_descriptions_wrap_and_cannot_end_the_comment() -> None:
    words = " ".join(["word"] * 30)
    schema = {"description": f"{words} */ end\n\nA second paragraph.", "enum": ["x"]}

    text = declarations([("Long", schema)])

    assert "*/ end" not in text
    assert "*\\/ end" in text
    lines = text.splitlines()
    assert lines[0] == "/**"
    assert " *" in lines
    assert all(len(line) <= 88 for line in lines)
    assert lines[-1] == 'export type Long = "x";'


def test_two_schemas_of_one_name_are_refused() -> None:
    first = {"title": "Twin", "type": "string"}
    second = {"title": "Twin", "type": "integer"}
    schema = {"type": "object", "properties": {"a": first, "b": second}}

    with pytest.raises(ValueError, match="two different schemas are named Twin"):
        declarations([("Pair", schema)])


@pytest.mark.parametrize("ref", ["#/$defs/Missing", "other.json#/$defs/Hex"])
def test_a_reference_to_no_schema_is_refused(ref: str) -> None:
    with pytest.raises(ValueError, match="names no schema"):
        declarations([("Broken", {"$ref": ref})])


def test_a_keyword_without_typescript_is_refused() -> None:
    with pytest.raises(ValueError, match="no TypeScript"):
        declarations([("Odd", {"not": {"type": "string"}})])


# --- tsc ---------------------------------------------------------------------------


def test_the_example_host_compiles_strictly_against_the_shipped_file() -> None:
    """examples/typescript/host.ts type-checks with tsc --strict (the .d.ts with it)."""
    run = run_tsc([EXAMPLE], *STRICT)

    assert run.returncode == 0, run.output
    assert run.errors == ()


def _example_beside(folder: Path, name: str, old: str = "", new: str = "") -> Path:
    """The example host in *folder*, importing the declarations there; *old* made *new*."""
    text = EXAMPLE.read_text(encoding="utf-8").replace(
        "../lacerda_bot.js", "./lacerda_bot.js"
    )
    assert old in text
    path = folder / name
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def test_tsc_refuses_a_misspelled_field_and_a_forgotten_decision(
    tmp_path: Path,
) -> None:
    """The check can fail: one decision type left out of the switch, one key misspelled."""
    (tmp_path / "lacerda_bot.d.ts").write_text(
        typescript_declarations(), encoding="utf-8"
    )
    files = [
        _example_beside(tmp_path, "as_is.ts"),
        _example_beside(
            tmp_path,
            "forgotten.ts",
            '    case "GainBot":\n      return "a Bot to his player board";\n',
        ),
        _example_beside(
            tmp_path,
            "misspelled.ts",
            'call: "take_turn", bot, view }',
            'call: "take_turn", bot, veiw: view }',
        ),
    ]

    run = run_tsc(files, *STRICT)
    by_file = {f.name: [e for e in run.errors if e.file == f.name] for f in files}

    assert run.returncode != 0
    assert by_file["as_is.ts"] == []
    [forgotten] = by_file["forgotten.ts"]
    assert forgotten.code == "TS2345"
    assert "'GainBot' is not assignable to parameter of type 'never'" in (
        forgotten.message
    )
    [misspelled] = by_file["misspelled.ts"]
    assert misspelled.code == "TS2353"
    assert "'veiw' does not exist in type 'TakeTurnRequest'" in misspelled.message


def test_the_node_host_compiles_strictly_against_the_shipped_file() -> None:
    """examples/node_host.mjs type-checks as JavaScript (its JSDoc) with tsc --strict."""
    run = run_tsc([NODE_HOST], *STRICT, *node_options())

    assert run.returncode == 0, run.output
    assert run.errors == ()


def _node_host_beside(folder: Path, name: str, old: str = "", new: str = "") -> Path:
    """The Node host in *folder*, importing the declarations there; *old* made *new*."""
    text = NODE_HOST.read_text(encoding="utf-8")
    assert text.count(SHIPPED_IMPORT) == 1
    text = text.replace(SHIPPED_IMPORT, "./lacerda_bot.js")
    assert old in text
    path = folder / name
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def test_tsc_refuses_the_node_host_reading_a_wrong_field_or_missing_a_handler(
    tmp_path: Path,
) -> None:
    """The check can fail: Construct's handler reads d.hexx, GainBot's handler is gone."""
    (tmp_path / "lacerda_bot.d.ts").write_text(
        typescript_declarations(), encoding="utf-8"
    )
    files = [
        _node_host_beside(tmp_path, "as_is.mjs"),
        _node_host_beside(
            tmp_path,
            "misspelled.mjs",
            "build(host, d.hex, d.building, null);",
            "build(host, d.hexx, d.building, null);",
        ),
        _node_host_beside(
            tmp_path,
            "forgotten.mjs",
            "  GainBot(host) {\n"
            '    if (host.scalars.bots_left < 1) refuse("no Bot left");\n'
            "    host.scalars.bots_left -= 1;\n"
            "  },\n",
        ),
    ]

    run = run_tsc(files, *STRICT, *node_options())
    by_file = {f.name: [e for e in run.errors if e.file == f.name] for f in files}

    assert run.returncode != 0
    assert by_file["as_is.mjs"] == []
    [misspelled] = by_file["misspelled.mjs"]
    assert misspelled.code == "TS2551"
    assert "Property 'hexx' does not exist on type 'Construct'" in misspelled.message
    [forgotten] = by_file["forgotten.mjs"]
    assert forgotten.code == "TS2741"
    assert "Property 'GainBot' is missing" in forgotten.message
    assert "required in type 'Handlers'" in forgotten.message


def test_the_examples_hold_the_shipped_declarations() -> None:
    """examples/lacerda_bot.d.ts, which the examples import, is the packaged file."""
    beside = ROOT / "examples" / "lacerda_bot.d.ts"

    assert beside.resolve() == (
        ROOT / "src" / "lacerda_bot" / "types" / "lacerda_bot.d.ts"
    )
    assert beside.read_text(encoding="utf-8") == typescript_declarations()
