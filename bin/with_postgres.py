"""Run a command against a throw-away PostgreSQL cluster: `with_postgres.py CMD ARGS...`.

initdb into a temporary directory (as the `postgres` user when running as root: the server
refuses to run as root), start it on 127.0.0.1 with a free port, export DATABASE_URL, run the
command, stop and delete the cluster. Without server binaries the command still runs with
REDPEN_POSTGRES_MISSING set, so PostgreSQL tests skip with instructions — or fail under CI=true.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

CANDIDATE_DIRS = sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True)


def find_bin(name: str) -> str | None:
    for directory in CANDIDATE_DIRS:
        if (directory / name).exists():
            return str(directory / name)
    return shutil.which(name)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def main(argv: list[str]) -> int:
    if not argv:
        print("usage: with_postgres.py COMMAND [ARGS...]", file=sys.stderr)
        return 2
    initdb, pg_ctl = find_bin("initdb"), find_bin("pg_ctl")
    env = dict(os.environ)
    if not (initdb and pg_ctl):
        env["REDPEN_POSTGRES_MISSING"] = "PostgreSQL server binaries not found: apt-get install postgresql"
        return subprocess.call(argv, env=env)

    as_root = os.geteuid() == 0
    tmp = Path(tempfile.mkdtemp(prefix="redpen-pg-"))
    data, sock_dir = tmp / "data", tmp / "sock"
    sock_dir.mkdir()
    prefix: list[str] = []
    if as_root:
        shutil.chown(tmp, "postgres")
        shutil.chown(sock_dir, "postgres")
        tmp.chmod(0o700)
        prefix = ["runuser", "-u", "postgres", "--"]
    port = free_port()
    log = tmp / "server.log"
    try:
        subprocess.run([*prefix, initdb, "-D", str(data), "-U", "postgres", "-A", "trust", "-E", "UTF8",
                        "--no-instructions"], check=True, stdout=subprocess.DEVNULL)
        options = f"-h 127.0.0.1 -p {port} -k {sock_dir} -F -c max_connections=200 -c fsync=off"
        subprocess.run([*prefix, pg_ctl, "-D", str(data), "-l", str(log), "-o", options, "-w", "start"],
                       check=True, stdout=subprocess.DEVNULL)
        env["DATABASE_URL"] = f"postgres://postgres@127.0.0.1:{port}/postgres"
        return subprocess.call(argv, env=env)
    finally:
        subprocess.run([*prefix, pg_ctl, "-D", str(data), "-m", "immediate", "stop"],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
