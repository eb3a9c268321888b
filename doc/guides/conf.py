# SPDX-License-Identifier: BSD-3-Clause
# Copyright 2026 The DPAA C++ PMD authors
#
# Sphinx configuration of doc/guides, built by devtools/build-docs.sh the way
# DPDK builds its own guides (sphinx-build -W -b html), with the theme DPDK
# uses when it is installed.

import configparser
import os
import re

from docutils import nodes
from docutils.parsers.rst import Directive, directives
from docutils.statemachine import StringList

here = os.path.dirname(os.path.abspath(__file__))
top = os.path.dirname(os.path.dirname(here))


def project_version():
    # The super-project's meson.build is the one place the version is kept.
    with open(os.path.join(top, "meson.build"), encoding="utf-8") as f:
        m = re.search(r"project\([^)]*?version:\s*'([^']+)'", f.read(), re.S)
    return m.group(1) if m else "unknown"


project = "DPAA C++ PMD"
copyright = "2026, The DPAA C++ PMD authors"
version = release = project_version()
master_doc = "index"
# Text generated for another page to include (devtools/bench_page.py), not a
# page of its own.
exclude_patterns = ["_build", "nics/dpaa_benchmarks_run.rst", "nics/dpaa2_frame_counts.rst",
                    "nics/dpaa_frame_counts.rst"]
pygments_style = "sphinx"
html_show_copyright = True
numfig = True

try:
    import sphinx_rtd_theme  # noqa: F401  (DPDK's theme, when packaged)

    html_theme = "sphinx_rtd_theme"
except ImportError:
    html_theme = "default"


def dpdk_features():
    """The feature names DPDK's default.ini defines, when the DPDK source is there."""
    path = os.path.join(top, "subprojects", "dpdk", "doc", "guides", "nics", "features",
                        "default.ini")
    if not os.path.exists(path):
        return None
    ini = configparser.ConfigParser()
    ini.optionxform = str
    ini.read(path)
    return [name for name, _ in ini.items("Features")]


class DpaaFeatures(Directive):
    """A table of the [Features] of a driver's .ini, in DPDK's default.ini order.

    A name DPDK does not define is reported as a warning (an error with -W),
    as DPDK's own docs build reports it for its overview table.
    """

    required_arguments = 1

    def run(self):
        env = self.state.document.settings.env
        rel, path = env.relfn2path(self.arguments[0])
        env.note_dependency(rel)
        ini = configparser.ConfigParser()
        ini.optionxform = str
        ini.read(path)
        features = dict(ini.items("Features"))
        known = dpdk_features()
        result = []
        if known is not None:
            for name in features:
                if name not in known:
                    result.append(self.state.document.reporter.warning(
                        f"{self.arguments[0]}: unknown feature '{name}' "
                        "(not in DPDK's features/default.ini)", line=self.lineno))
            order = [n for n in known if n in features] + [n for n in features if n not in known]
        else:
            order = list(features)
        lines = [".. list-table::", "   :header-rows: 1", "   :widths: 40 10", "",
                 "   * - Feature", "     - dpaa"]
        for name in order:
            lines += [f"   * - {name}", f"     - {features[name]}"]
        node = nodes.section()
        node.document = self.state.document
        self.state.nested_parse(StringList(lines, source=path), self.content_offset, node)
        return result + node.children


def setup(app):
    directives.register_directive("dpaa-features", DpaaFeatures)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
