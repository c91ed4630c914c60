#!/usr/bin/env python3
"""Fails when a public symbol declared in one of the given modules' sources has no doc comment.

Usage: doc-coverage.py <symbol graph dir> <Module>...
A symbol counts when it is public or open and declared in Sources/<Module>/ (members the standard
library adds through conformances are not ours); it is documented when it has its own doc comment or
inherits one from the protocol requirement it implements (sourceOrigin).
"""
import glob
import json
import os
import sys

folder, modules = sys.argv[1], sys.argv[2:]
missing = []
total = 0
for module in modules:
    for path in sorted(glob.glob(os.path.join(folder, f"{module}*.symbols.json"))):
        graph = json.load(open(path))
        for symbol in graph["symbols"]:
            if symbol.get("accessLevel") not in ("public", "open"):
                continue
            uri = symbol.get("location", {}).get("uri", "")
            if f"/Sources/{module}/" not in uri:
                continue
            total += 1
            if "docComment" in symbol or "sourceOrigin" in symbol:
                continue
            position = symbol["location"].get("position", {})
            where = uri.split("/Sources/", 1)[1]
            missing.append(
                f"Sources/{where}:{position.get('line', 0) + 1}: error: public "
                f"{symbol['kind']['displayName'].lower()} '{'.'.join(symbol['pathComponents'])}' has no doc comment"
            )
for line in sorted(set(missing)):
    print(line)
print(f"doc coverage: {total - len(missing)} of {total} public symbols documented in {', '.join(modules)}",
      file=sys.stderr)
sys.exit(1 if missing else 0)
