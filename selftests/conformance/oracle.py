#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""The Sphinx side of the conformance harness: what Sphinx 5.3 says.

    oracle.py [--builder html|dummy] TREE...   print the records of each tree

Must run under Debian's /usr/bin/python3 (Sphinx 5.3.0, docutils 0.19).
One Oracle object lives as long as the process and builds tree after
tree in-process (sphinx.application.Sphinx with a fresh outdir and
doctreedir each time, freshenv): importing Sphinx and its extensions is
paid once, a small tree then costs about 0.1 s.

Builder: "html" by default, the builder the kernel uses, so that the
warnings only its writing phase emits (circular toctree references,
"self referenced toctree", documents without a title) are there, and the
"html" tag is set (`.. only:: html` is in, `.. only:: latex` is out).
"dummy" reads everything too but writes nothing; it is given the html,
format_html and builder_html tags and, after the build, the two html-only
steps that emit toctree warnings (collect_relations() and resolving every
document's toctrees) are run by hand.  `compare.py --check-builders N`
checks on N generated trees that both give the same records.  On these
tiny trees the html builder is barely slower (the cost is reading), so it
stays the default.

For each tree, Oracle.run() returns a dict:

  records   set of (file, kind, target) for every toctree or orphan
            warning; file relative to the tree ("Documentation/x.rst").
            kinds: missing, excluded, glob-nomatch, duplicate, orphan,
            self-ref, circular, no-title, bad-toctree; for links
            ref-undefined, ref-notitle, doc-unknown, dup-label,
            dup-target, numref-off, numref-nonumber, and path-unlinked
            (from the resolved doctrees); dropped (a directive docutils
            dropped with a toctree in it); subst-empty (a substitution
            definition docutils finds empty); include-loop (docutils'
            "circular inclusion", at the include)
  default   the same, restricted to what the checker's default mode
            covers (see scope_default())
  coc       the code of conduct verdict: a set of (section, problem),
            problems missing, again, order, level, nobody, short; or
            {("*", "absent")}; plus ("*", "unlinked") if no toctree of
            the process index lists it.  None if Sphinx did not read it
            (excluded by exclude_patterns): not compared.
  warnings  Sphinx's warning output, as text

The code of conduct is judged on the doctree Sphinx itself made of
process/code-of-conduct.rst (env.get_doctree()), not on a separate
docutils.core.publish_doctree() run: that is docutils with Sphinx's
semantics exactly, `.. include::` resolved the Sphinx way ("/" is the
source directory), `.. only::` known (plain docutils errors out on it),
and the "only" nodes then processed with the html builder's tags, as the
html output has them.  The docutils warnings "Title underline/overline
too short." are taken from the warning stream (Sphinx strips
system_message nodes from the doctree) and matched to the section by
source and line.
"""

import ast
import io
import os
import re
import shutil
import sys

# "file:: WARNING": a warning about a node without a line (a section)
RE_WARN = re.compile(r"^(?:(.*?):(?:(\d*):)? )?(WARNING|ERROR|SEVERE|CRITICAL): (.*)$")

REQUIRED = ["Our Pledge", "Our Standards", "Our Responsibilities", "Scope",
            "Enforcement", "Attribution", "Interpretation"]
COC = "process/code-of-conduct"

# Sphinx warning texts -> (kind, how to get the target from the match)
MESSAGES = [
    (re.compile(r"toctree contains reference to nonexisting document (.*)$"),
     "missing"),
    (re.compile(r"toctree contains reference to non-included document (.*)$"),
     "missing"),
    (re.compile(r"toctree contains reference to excluded document (.*)$"),
     "excluded"),
    (re.compile(r"toctree glob pattern (.*) didn't match any documents$"),
     "glob-nomatch"),
    (re.compile(r"duplicated entry found in toctree: (.*)$"), "duplicate"),
    (re.compile(r"document isn't included in any toctree$"), "orphan"),
    (re.compile(r"self referenced toctree found\. Ignored\.$"), "self-ref"),
    (re.compile(r"circular toctree references detected, ignoring: (.*?) <- "),
     "circular"),
    (re.compile(r"toctree contains reference to document (.*) that doesn't "
                r"have a title"), "no-title"),
    (re.compile(r'Error in "toctree" directive'), "bad-toctree"),
    (re.compile(r"undefined label: (.*)$"), "ref-undefined"),
    (re.compile(r"Failed to create a cross reference\. A title or caption "
                r"not found: (.*)$"), "ref-notitle"),
    (re.compile(r"unknown document: (.*)$"), "doc-unknown"),
    (re.compile(r"duplicate label (.*), other instance in "), "dup-label"),
    (re.compile(r'Duplicate explicit target name: "(.*)"\.$'), "dup-target"),
    # :numref: with numfig off (std.py's _resolve_numref_xref()): a link
    # ignored, a section without a number (the warning names its id)
    (re.compile(r"numfig is disabled\. :numref: is ignored\.$"), "numref-off"),
    (re.compile(r"Failed to create a cross reference\. Any number is not "
                r"assigned: "), "numref-nonumber"),
    (re.compile(r'Substitution definition "(.*)" (?:empty or invalid|'
                r'missing contents)\.$'), "subst-empty"),
    (re.compile(r'circular inclusion in ".*" directive:$'), "include-loop"),
]

QUOTED_KINDS = {"missing", "excluded", "glob-nomatch", "no-title",
                "ref-undefined", "ref-notitle", "doc-unknown"}


def norm_target(s):
    """Targets compare modulo runs of blanks (docutils expands tabs)."""
    return re.sub(r"[ \t]+", " ", s)


def _where(e):
    """Where in Sphinx @e was raised: the outermost of a few known
    functions (a recursion repeats the inner ones), else the innermost
    Sphinx function."""
    names = []
    tb = e.__traceback__
    while tb:
        if "sphinx" in tb.tb_frame.f_code.co_filename:
            names.append(tb.tb_frame.f_code.co_name)
        tb = tb.tb_next
    for n in names:
        if n in ("collect_relations", "get_and_resolve_doctree",
                 "resolve", "check_consistency", "read_doc"):
            return n
    return names[-1] if names else "?"


def sphinx_docname_join(base, docname):
    """sphinx.util.docname_join(), copied so compare.py needs no Sphinx."""
    import posixpath
    return posixpath.normpath(
        posixpath.join('/' + base, '..', docname))[1:]


class Oracle:
    def __init__(self, workdir, builder="html"):
        from sphinx.util.console import nocolor
        nocolor()
        self.workdir = workdir
        self.builder = builder
        os.makedirs(workdir, exist_ok=True)

    def _app(self, src, warning):
        from sphinx.application import Sphinx
        out = os.path.join(self.workdir, "out")
        dt = os.path.join(self.workdir, "doctrees")
        for d in (out, dt):
            shutil.rmtree(d, ignore_errors=True)
        tags = [] if self.builder == "html" else [
            "html", "format_html", "builder_html"]
        return Sphinx(src, src, out, dt, self.builder, status=None,
                      warning=warning, freshenv=True, tags=tags,
                      parallel=0, keep_going=True)

    def run(self, tree):
        tree = os.path.abspath(tree)
        src = os.path.join(tree, "Documentation")
        w = io.StringIO()
        app = self._app(src, w)
        # what Sphinx says while setting itself up (re-registered nodes
        # of the second and later apps) is not about the tree
        w.seek(0)
        w.truncate()
        crash = None
        # from the top of the tree, as make runs Sphinx and the checker
        # there: a kernel-include's path is resolved from there
        cwd = os.getcwd()
        os.chdir(tree)
        try:
            app.build(force_all=True)
            if self.builder != "html":
                self._html_steps(app)
        except Exception as e:      # noqa: Sphinx's verdict, recorded
            crash = "%s in %s" % (type(e).__name__, _where(e))
        finally:
            os.chdir(cwd)
        text = w.getvalue()
        warns = self._parse(text, tree, src)
        records = set()
        if crash:
            # Sphinx 5.3 dies on some trees (a toctree cycle makes
            # collect_relations() recurse forever): "make htmldocs" fails
            records.add(("", "crash", crash))
            text += "\nSphinx build crashed: %s\n" % crash
        for path, line, level, msg in warns:
            for rx, kind in MESSAGES:
                m = rx.search(msg)
                if not m:
                    continue
                target = ""
                if m.groups():
                    target = m.group(1)
                    if kind in QUOTED_KINDS:
                        try:
                            target = ast.literal_eval(target)
                        except (ValueError, SyntaxError):
                            pass
                # "R <- R ...": a toctree that lists its own document, on
                # a page that shows it (the checker's self reference)
                if kind == "circular" and \
                        msg.split("ignoring: ", 1)[1].split(" <- ")[1] == target:
                    kind = "self-ref"
                records.add((path, kind, norm_target(target)))
                break
        records |= self._dropped(app, text, tree, src)
        env = app.env
        if not crash:
            records |= self._unlinked_paths(app, tree)
            records |= self._only_errors(app, tree)
        res = {
            "records": records,
            "warnings": text,
            "coc": self._coc(app, warns, src, tree),
            # the toctree graph, for what only a climbing entry reaches
            "toctrees": {d: [c for c in v if c in env.found_docs]
                         for d, v in env.toctree_includes.items()},
        }
        res["default"] = self.scope_default(env, records, tree)
        return res

    @staticmethod
    def _unlinked_paths(app, tree):
        """
        The paths "Documentation/....rst" (or .txt) that the kernel's
        automarkup extension left as text in the resolved doctrees (it
        links the others), but for those that name a file: records
        ("path-unlinked", the path after "Documentation/").
        """
        from docutils import nodes
        # automarkup.py's RE_doc: a match that says "Documentation/" and is
        # still text is a path it could not link
        rx = re.compile(r"(\bDocumentation/)?((\.\./)*[\w\-/]+)\.(rst|txt)")
        out = set()
        if "automarkup" not in app.extensions:
            return out
        for docname in sorted(app.env.found_docs):
            doctree = app.env.get_and_resolve_doctree(docname, app.builder)
            for para in doctree.findall(nodes.paragraph):
                for t in para.findall(nodes.Text):
                    parent, ref = t.parent, False
                    while parent is not None:
                        ref |= isinstance(parent, nodes.Referential)
                        parent = parent.parent
                    if ref or isinstance(t.parent, nodes.literal):
                        continue
                    for m in rx.finditer(t.astext()):
                        path = m.group(2) + "." + m.group(4)
                        if not m.group(1) or os.path.isfile(
                                os.path.join(app.srcdir, path)):
                            continue
                        source = para.source or app.env.doc2path(docname)
                        out.add((os.path.relpath(source, tree),
                                 "path-unlinked", path))
        return out

    @staticmethod
    def _only_errors(app, tree):
        """
        The ".. only::" directives whose expression Sphinx's builder
        cannot evaluate: records ("only-expr", "") at the directive.
        Sphinx warns there as it resolves the document (OnlyNodeTransform),
        and again at each toctree whose table of contents takes a section
        from inside the directive; only the first is the checker's.
        """
        from sphinx import addnodes
        out = set()
        for docname in sorted(app.env.found_docs):
            for node in app.env.get_doctree(docname).findall(addnodes.only):
                try:
                    app.builder.tags.eval_condition(node["expr"])
                except Exception:   # noqa: what Sphinx catches and warns of
                    source = node.source or app.env.doc2path(docname)
                    out.add((os.path.relpath(source, tree), "only-expr", ""))
        return out

    def _html_steps(self, app):
        """What the html builder's writing phase does with toctrees: each
        page's, and the sidebar's (alabaster's navigation.html)."""
        from sphinx.environment.adapters.toctree import TocTree
        env = app.env
        env.collect_relations()
        for docname in sorted(env.found_docs):
            env.get_and_resolve_doctree(docname, app.builder)
            TocTree(env).get_toctree_for(docname, app.builder, collapse=True,
                                         includehidden=True)

    # how a directive's run() reads its content (sweep.content_kind()):
    # the kinds the checker reads aside when docutils drops the directive
    READ_ASIDE = {"C_BODY", "C_TABLE", "C_LIST", "C_LIST_TABLE",
                  "C_FLAT_TABLE", "C_FIGURE", "C_CSV", "C_ONLY"}
    RE_MARKER = re.compile(r"^(?:\.\. +)?(?:\|[^|]*\| +)?([^\s:]+(?::[^\s:]+)*) ?::")
    # after a list's bullet, a cell's border or quote, a field's name ...
    # too, not in an inline literal
    RE_TOCTREE = re.compile(r"(?<![`\w.])\.\. +(?:\|[^|]*\| +)?toctree ?::",
                            re.I)

    @staticmethod
    def _directive_class(app, name):
        """The class of the directive @name, as Sphinx looks it up in a
        document that sets no default domain; None for an unknown one."""
        import importlib
        from docutils.parsers.rst import directives
        name = name.lower()
        domains = app.env.domains
        if ":" in name:
            dom, _, n = name.partition(":")
            return domains[dom].directives.get(n) if dom in domains else None
        for dom in (app.config.primary_domain, "std"):
            if dom in domains and name in domains[dom].directives:
                return domains[dom].directives[name]
        if name in directives._directives:
            return directives._directives[name]
        if name in directives._directive_registry:
            mod, cls = directives._directive_registry[name]
            return getattr(importlib.import_module(
                "docutils.parsers.rst.directives." + mod), cls)
        return None

    def _dropped(self, app, text, tree, src):
        """
        The directives docutils dropped with a toctree in their content:
        records ("dropped", the directive's name in lower case) at the
        directive.  docutils' error about a directive (its options,
        arguments or content, an error its run() raises, or no such
        directive) quotes the directive's block; a toctree in it is one if
        the directive reads its content as body elements, or takes none
        (what was given was meant so), or is unknown.
        """
        from sweep import content_kind
        out = set()
        lines = text.split("\n")
        for i, l in enumerate(lines):
            m = RE_WARN.match(l)
            if not m or m.group(4).startswith(("Substitution definition",
                                                "circular inclusion")):
                continue
            block = []
            for b in lines[i + 1:]:
                if RE_WARN.match(b):
                    break
                block.append(b)
            # the message's other lines, a blank line, then the block
            start = block.index("") + 1 if "" in block else len(block)
            mm = self.RE_MARKER.match(block[start]) if start < len(block) \
                else None
            if not mm:
                # an error its run() raised quotes no block (docutils
                # appends it to the message as a node): the directive at
                # the line the error names, from the source
                start, block = 0, self._block_at(m, tree, src)
                mm = self.RE_MARKER.match(block[0]) if block else None
            if not mm or mm.group(1).lower() == "toctree":
                continue
            cls = self._directive_class(app, mm.group(1))
            if cls is not None and cls.has_content and \
                    content_kind(cls) not in self.READ_ASIDE:
                continue
            # parse_directive_block(): the content of a directive that takes
            # arguments starts after the first blank line; of one that takes
            # none (or an unknown one, which docutils does not parse), at
            # the line after the marker
            content = block[start + 1:]
            if cls is not None and (cls.required_arguments or
                                    cls.optional_arguments):
                blank = [k for k, b in enumerate(content) if not b.strip()]
                content = content[blank[0]:] if blank else []
            if not any(self.RE_TOCTREE.search(b) for b in content):
                continue
            path = self._parse(l, tree, src)[0][0]
            out.add((path, "dropped", mm.group(1).lower()))
        return out

    def _block_at(self, m, tree, src):
        """The lines of the directive block at the line an ERROR or SEVERE
        warning @m names (its marker first, unindented), or []."""
        if m.group(3) not in ("ERROR", "SEVERE") or not m.group(2):
            return []
        path = self._parse(m.group(0), tree, src)[0][0]
        try:
            # the lines as docutils counts them (string2lines())
            with open(os.path.join(tree, path), encoding="utf-8",
                      newline="") as f:
                lines = f.read().splitlines()
        except (OSError, UnicodeDecodeError):
            return []
        at = int(m.group(2)) - 1
        if at >= len(lines):
            return []
        marker = lines[at].lstrip(" -*+")
        indent = len(lines[at]) - len(marker)
        if not marker.startswith(".. "):
            return []
        block = [marker]
        for b in lines[at + 1:]:
            if b.strip() and len(b) - len(b.lstrip()) <= indent:
                break
            block.append(b[indent:])
        return block

    @staticmethod
    def _parse(text, tree, src):
        """[(file relative to tree, line, level, message first line)]"""
        out = []
        for l in text.split("\n"):
            m = RE_WARN.match(l)
            if not m:
                continue
            path, line, level, msg = m.groups()
            path = path or ""       # a warning about no file (a node without one)
            if path:
                # relative to the source directory, but for a text an
                # include read: docutils names it from where Sphinx runs
                if not os.path.isabs(path):
                    path = os.path.join(
                        tree if os.path.lexists(os.path.join(tree, path))
                        else src, path)
                path = os.path.relpath(os.path.normpath(path), tree)
            out.append((path, int(line) if line else 0, level, msg))
        return out

    @staticmethod
    def closure(env, root):
        seen = {root}
        todo = [root]
        while todo:
            d = todo.pop()
            for c in env.toctree_includes.get(d, []):
                if c not in seen and c in env.found_docs:
                    seen.add(c)
                    todo.append(c)
        return seen

    def scope_default(self, env, records, tree):
        """
        The checker's default mode follows the toctrees of
        Documentation/process/index.rst only, and looks for orphans under
        Documentation/process/ only, taking process/index for the top
        document.  So: toctree records of the documents Sphinx reaches
        from process/index, and, instead of Sphinx's orphans, Sphinx's
        rule (check_consistency()) for the documents under process/ but
        process/index: read, listed by no toctree of any document (one
        in an orphan, or in a document nothing reaches, too), not :orphan:
        and not included.  The code of conduct is checked even where the
        index does not reach it, and what its toctrees reach with it.
        """
        reached = self.closure(env, "process/index")
        listed = {"process/index"}.union(*env.toctree_includes.values())
        if COC in env.found_docs and COC not in reached:
            reached |= self.closure(env, COC)
        # and the files they include: their toctrees are the document's
        files = {"Documentation/%s.rst" % i for d in reached
                 for i in [d] + sorted(env.included.get(d, ()))}
        # texts that are no documents (a .txt) are only its dependencies
        files |= {"Documentation/" + os.path.normpath(f) for d in reached
                  for f in env.dependencies.get(d, ())}
        out = {r for r in records
               if r[1] not in ("orphan",) and r[0] in files}
        included = set().union(*env.included.values()) if env.included else set()
        for d in sorted(env.found_docs):
            if not d.startswith("process/") or d in listed:
                continue
            if d in included or "orphan" in env.metadata.get(d, {}):
                continue
            out.add(("Documentation/%s.rst" % d, "orphan", ""))
        return out

    # -- the code of conduct ---------------------------------------------

    def _coc(self, app, warns, src, tree):
        from docutils import nodes
        from sphinx.util.nodes import process_only_nodes
        env = app.env
        path = os.path.join(src, COC + ".rst")
        if COC not in env.found_docs:
            if os.path.lexists(path):
                return None         # excluded: Sphinx has no verdict
            return {("*", "absent")}
        verdict = set()
        if COC not in env.toctree_includes.get("process/index", []):
            verdict.add(("*", "unlinked"))
        try:
            doctree = env.get_doctree(COC)
        except FileNotFoundError:
            return None         # the build died before it read it
        process_only_nodes(doctree, app.builder.tags)
        short = set()
        for wpath, line, level, msg in warns:
            # docutils gives an underline's line, an overline's (the
            # section's line is its underline's, two below)
            if msg.startswith("Title underline too short"):
                short.add((os.path.normpath(os.path.join(tree, wpath)), line))
            elif msg.startswith("Title overline too short"):
                short.add((os.path.normpath(os.path.join(tree, wpath)),
                           line + 2))
        shown = self._html_bodies(COC) if self.builder == "html" else None
        secs = []
        for pos, s in enumerate(doctree.findall(nodes.section)):
            depth = 0
            p = s.parent
            while p is not None:
                if isinstance(p, nodes.section):
                    depth += 1
                p = p.parent
            spath = s.source or ""
            if spath and not os.path.isabs(spath):
                spath = os.path.join(src, spath)
            # the number ".. sectnum::" puts before a title is not its text
            title = s[0].deepcopy()
            for g in list(title.findall(nodes.generated)):
                if "sectnum" in g["classes"]:
                    g.parent.remove(g)
            secs.append({
                "title": title.astext(),
                "pos": pos,
                "depth": depth,
                "body": shown.get(s["ids"][0], False) if shown is not None
                else self._has_body(s),
                "short": (os.path.normpath(spath), s.line) in short,
            })
        # the required sections are siblings: their depth is the one at
        # which most required titles have a section (on a tie, the first
        # such section's), as the checker's sibling_level(); a section of
        # the same title at another depth is no repeat
        def titles_at(depth):
            return sum(1 for name in REQUIRED
                       if any(s["title"] == name and s["depth"] == depth
                              for s in secs))
        depth, best = None, 0
        for name in REQUIRED:
            for s in secs:
                if s["title"] == name and titles_at(s["depth"]) > best:
                    depth, best = s["depth"], titles_at(s["depth"])
        first = {}
        ref = None
        for name in REQUIRED:
            mine = [s for s in secs if s["title"] == name]
            if not mine:
                continue
            at = [s for s in mine if s["depth"] == depth]
            first[name] = at[0] if at else mine[0]
            if ref is None and first[name]["depth"] == depth:
                ref = first[name]
            if sum(1 for s in mine if s["depth"] == first[name]["depth"]) > 1:
                verdict.add((name, "again"))
        last = None
        for name in REQUIRED:
            s = first.get(name)
            if not s:
                verdict.add((name, "missing"))
                continue
            if s["short"]:
                verdict.add((name, "short"))
            if s["depth"] != ref["depth"]:
                verdict.add((name, "level"))
            if shown is None and self.builder == "html":
                # the build died before it wrote the page: what it shows
                # is not known (node classes cannot tell a table of
                # contents that lists nothing)
                verdict.add(("*", "bodies-unknown"))
            elif not s["body"]:
                verdict.add((name, "nobody"))
            if last and s["pos"] < last["pos"]:
                verdict.add((name, "order"))
            else:
                last = s
        return verdict

    def _html_bodies(self, docname):
        """{section id: does the html page show anything in the section
        besides its title}: a text (a subsection's title too), or an
        element that is seen without one (an image, a rule ...)."""
        from html.parser import HTMLParser

        seen_alone = {"img", "hr", "svg", "object", "embed", "video",
                      "audio", "iframe", "input", "canvas", "math"}
        void = {"img", "hr", "input", "embed", "br", "meta", "link", "wbr",
                "source", "col", "area", "base", "param", "track"}
        shown = {}

        class Page(HTMLParser):
            def __init__(self):
                super().__init__(convert_charrefs=True)
                self.open = []      # [section id, in its title]
                self.depth = []     # tag depth at which each section opened
                self.tags = 0

            def see(self):
                # a title is no body of its own section, but one of the
                # sections around that
                inner = len(self.open) - (1 if self.open and
                                          self.open[-1][1] else 0)
                for sec in self.open[:inner]:
                    shown[sec[0]] = True

            def handle_starttag(self, tag, attrs):
                self.tags += 1
                if tag == "section":
                    sid = dict(attrs).get("id", "")
                    shown.setdefault(sid, False)
                    self.open.append([sid, False])
                    self.depth.append(self.tags)
                elif self.open and re.fullmatch(r"h[1-6]", tag) and \
                        self.depth[-1] == self.tags - 1:
                    self.open[-1][1] = True     # the section's title
                elif tag in seen_alone:
                    self.see()
                if tag in void:
                    self.tags -= 1              # no end tag

            def handle_startendtag(self, tag, attrs):
                self.handle_starttag(tag, attrs)
                if tag not in void:
                    self.handle_endtag(tag)

            def handle_endtag(self, tag):
                if tag == "section" and self.open:
                    self.open.pop()
                    self.depth.pop()
                elif self.open and self.open[-1][1] and \
                        re.fullmatch(r"h[1-6]", tag) and \
                        self.depth[-1] == self.tags - 1:
                    self.open[-1][1] = False
                self.tags -= 1

            def handle_data(self, data):
                if data.strip():
                    self.see()

        try:
            with open(os.path.join(self.workdir, "out", docname + ".html"),
                      encoding="utf-8") as f:
                Page().feed(f.read())
        except FileNotFoundError:
            return None     # the build died before it wrote the page
        return shown

    @staticmethod
    def _has_body(section):
        """_html_bodies() as node classes tell it, for the dummy builder,
        which writes no html: anything but the title, a comment, a target
        ..., a :hidden: toctree, raw text for another format."""
        from docutils import nodes
        from sphinx import addnodes
        invisible = (nodes.title, nodes.comment, nodes.target,
                     nodes.system_message, nodes.substitution_definition,
                     nodes.pending, addnodes.index, addnodes.only)

        def seen(c):
            if isinstance(c, invisible):
                return False
            if isinstance(c, nodes.compound) and \
                    "toctree-wrapper" in c["classes"]:
                return any(not t.get("hidden")
                           for t in c.findall(addnodes.toctree))
            if isinstance(c, nodes.raw):
                return "html" in c.get("format", "").split() and \
                    bool(c.astext().strip())
            return True
        return any(seen(c) for c in section.children)


def main():
    args = sys.argv[1:]
    builder = "html"
    if args[:1] == ["--builder"]:
        builder = args[1]
        args = args[2:]
    if not args:
        sys.exit("usage: oracle.py [--builder html|dummy] TREE...")
    import tempfile
    o = Oracle(tempfile.mkdtemp(prefix="oracle-"), builder)
    for t in args:
        r = o.run(t)
        print("== %s" % t)
        for rec in sorted(r["records"]):
            print("all     %s %s %r" % rec)
        for rec in sorted(r["default"]):
            print("default %s %s %r" % rec)
        print("coc     %s" % (sorted(r["coc"]) if r["coc"] is not None
                              else "not read"))


if __name__ == "__main__":
    main()
