"""Dependencies point one way: core never imports a plugin or the UI."""

import ast
import subprocess
import sys
from pathlib import Path

CORE = Path(__file__).resolve().parents[1] / "src" / "gunline"
FORBIDDEN = ("gunline_", "textual", "rich")


def test_core_source_imports_no_plugin_and_no_ui():
    offenders = []
    for path in CORE.rglob("*.py"):
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            for name in names:
                if name.startswith(FORBIDDEN) and not (path.name == "cli.py" and name == "gunline_tui.app"):
                    offenders.append(f"{path.relative_to(CORE)}: {name}")
    assert offenders == []


def test_headless_commands_do_not_load_textual_or_plugins_eagerly():
    code = (
        "import sys, gunline, gunline.cli, gunline.engine, gunline.scenario, gunline.runner;"
        "bad = [m for m in sys.modules if m.startswith(('textual', 'rich', 'gunline_'))];"
        "print(','.join(bad))"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert proc.stdout.strip() == ""


def test_every_hookspec_has_a_typed_documented_signature():
    import inspect

    from gunline.hookspecs import GunlineSpec

    hooks = [n for n in dir(GunlineSpec) if not n.startswith("_")]
    assert {"modify_pool", "resolve_hit", "resolve_wound", "spend_ammo"} <= set(hooks)
    for name in hooks:
        fn = getattr(GunlineSpec, name)
        doc = inspect.getdoc(fn) or ""
        assert len(doc) > 40, f"{name} lacks a docstring for plugin authors"
        sig = inspect.signature(fn)
        assert sig.return_annotation is not inspect.Signature.empty, f"{name} lacks a return type"
        for param in list(sig.parameters.values())[1:]:
            assert param.annotation is not inspect.Parameter.empty, f"{name}({param.name}) is untyped"
