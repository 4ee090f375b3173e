"""Validates tool results against their tools' output schemas with `jsonschema`, for the MCP tests.

Usage: validate_output.py <checks.json>

The file holds a list of {"name", "schema", "instance"}; each schema is checked as a JSON Schema
2020-12 and the instance against it. Printed on stdout: a JSON list of the problems found, each
"name: where: what", empty when every instance is valid.
"""

import json
import sys

from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError


def main(path):
    with open(path, encoding="utf-8") as file:
        checks = json.load(file)
    problems = []
    for check in checks:
        name, schema = check["name"], check["schema"]
        try:
            Draft202012Validator.check_schema(schema)
        except SchemaError as error:
            problems.append(f"{name}: the schema: {error.message}")
            continue
        for error in Draft202012Validator(schema).iter_errors(check["instance"]):
            where = "/".join(str(part) for part in error.absolute_path) or "(root)"
            problems.append(f"{name}: {where}: {error.message[:300]}")
    print(json.dumps(problems, ensure_ascii=False))


if __name__ == "__main__":
    main(sys.argv[1])
