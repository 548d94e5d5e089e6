"""The smallest source fix that lets Citus v13.2.x build against PostgreSQL 15.20+ (used by build.sh).

PostgreSQL 15.20 exports ``have_createdb_privilege()`` from ``commands/dbcommands.h``; Citus
v13.2.2's ``src/include/pg_version_compat.h`` defines a ``static inline`` function of that name for
PostgreSQL 15, and the two collide. This drops Citus's static copy and includes the server's
header instead. It edits the extracted source tree it is given — never a copy kept in this
repository — and exits non-zero with one line when the pattern is not there.

    python3 tools/citus/compat_fix.py EXTRACTED_CITUS/src/include/pg_version_compat.h
"""

from __future__ import annotations

import re
import sys

STATIC_COPY = re.compile(r"\nstatic inline bool\nhave_createdb_privilege\(void\)\n\{.*?\n\}\n", re.S)
REPLACEMENT = '\n#include "commands/dbcommands.h" /* PostgreSQL 15.20+ exports have_createdb_privilege() */\n'


def main(path: str) -> None:
    with open(path) as f:
        text = f.read()
    fixed, n = STATIC_COPY.subn(REPLACEMENT, text, count=1)
    if n != 1:
        sys.exit("citus build: the have_createdb_privilege fix no longer applies to this Citus source")
    with open(path, "w") as f:
        f.write(fixed)


if __name__ == "__main__":
    main(sys.argv[1])
