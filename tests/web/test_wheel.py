"""The project installs where it runs (issue 30): `python -m build --wheel` makes a wheel that
carries the built browser app, the migrations and the compiled extensions; installed into a
fresh virtual environment, `orapa solve` works and `orapa serve` serves the app at `/`.

(The fresh environment gets the wheel alone; its dependencies are read from the project's
environment through a path file, so the test needs no network and takes well under a minute.)
"""
from __future__ import annotations

import subprocess
import sys
import sysconfig
import time
import zipfile
from pathlib import Path

import httpx
import pytest

from tests.web.pg_cluster import free_port

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "web" / "frontend" / "dist" / "index.html"
PUZZLE = ROOT / "puzzles" / "base" / "base-easy-01.json"


def test_the_wheel_installs_and_serves_the_app(tmp_path: Path) -> None:
    if not DIST.is_file():
        pytest.skip("the browser app is not built (make frontend)")
    built = subprocess.run([sys.executable, "-m", "build", "--wheel", "--outdir",
                            str(tmp_path / "wheel"), str(ROOT)],
                           capture_output=True, text=True, timeout=600)
    assert built.returncode == 0, built.stdout[-2000:] + built.stderr[-2000:]
    (wheel,) = (tmp_path / "wheel").glob("orapa-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "web/frontend/dist/index.html" in names
    assert any(n.startswith("web/frontend/dist/assets/") and n.endswith(".js") for n in names)
    assert any(n.startswith("web/piccolo_migrations/orapa_") for n in names)
    assert "cli.py" in names
    assert "solver/orapa/counting/empty_boards.json" in names   # else an install counts again

    venv = tmp_path / "venv"
    subprocess.run([sys._base_executable, "-m", "venv", "--without-pip", str(venv)],  # type: ignore[attr-defined]
                   check=True, timeout=120)
    python = venv / "bin" / "python"
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install",
                    "--quiet", "--no-deps", str(wheel)], check=True, timeout=300)
    site = subprocess.run([str(python), "-c", "import sysconfig; "
                           "print(sysconfig.get_paths()['purelib'])"],
                          capture_output=True, text=True, check=True).stdout.strip()
    (Path(site) / "orapa_test_deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    orapa = venv / "bin" / "orapa"
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    where = subprocess.run([str(python), "-c", "import web; print(web.__file__)"], cwd=outside,
                           capture_output=True, text=True, check=True).stdout
    assert where.startswith(str(venv)), where            # the wheel's copy, not the tree

    solved = subprocess.run([str(orapa), "solve", str(PUZZLE), "--json"], cwd=outside,
                            capture_output=True, text=True, timeout=300)
    assert solved.returncode == 0, solved.stderr
    assert '"solutions"' in solved.stdout or '"count"' in solved.stdout

    port = free_port()
    server = subprocess.Popen([str(orapa), "serve", "--port", str(port), "--database",
                               f"sqlite:///{tmp_path / 'o.db'}"], cwd=outside,
                              env={"PATH": "/usr/bin:/bin", "ORAPA_RATE_LIMITS": "off"},
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        page = None
        for _ in range(300):
            try:
                page = httpx.get(f"http://127.0.0.1:{port}/", timeout=2)
                break
            except httpx.HTTPError:
                assert server.poll() is None, "orapa serve from the wheel stopped"
                time.sleep(0.2)
        assert page is not None and page.status_code == 200
        assert '<div id="root">' in page.text and "/assets/" in page.text
        asset = page.text.split('src="', 1)[1].split('"', 1)[0]
        assert httpx.get(f"http://127.0.0.1:{port}{asset}").status_code == 200
        assert httpx.get(f"http://127.0.0.1:{port}/api/health").json()["status"] == "ok"
    finally:
        server.terminate()
        server.wait(timeout=20)
