#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""The directive sweep: every directive Sphinx knows, judged by Sphinx.

    sweep.py --registry KSRC            print the directives, one a line
    sweep.py --tree KSRC OUT            write the sweep tree into OUT
    sweep.py --checker BIN KSRC OUT     write it, build it with Sphinx, run
                                        the checker, print the differences

Must run under Debian's /usr/bin/python3 (Sphinx 5.3.0, docutils 0.19).

The registry is what a build of the kernel's documentation can call a
directive: docutils' own (parsers.rst.directives' registry), those Sphinx
and the extensions of the kernel's Documentation/conf.py register, and the
directives of every domain, as "domain:name" and, for the std domain and
the primary domain (conf.py's primary_domain, c), also by their bare name,
which is how Sphinx looks a name up.  Each line: the name, then required
arguments, optional arguments, whether the last argument takes blanks,
whether content is allowed, and the names of the options.

The tree is a small Documentation/ with the kernel's conf.py (and its
extensions, Documentation/sphinx/), a process index and a code of
conduct, and for every directive up to eight documents under sweep/, each
one way of writing it, with a toctree that lists a document of its own
(but the last):

  in       the directive as it should be written, a toctree its content
  after    the same, then a toctree right after it, outside
  noarg    without its required arguments, a toctree its content
  extra    with an argument too many, a toctree its content
  badopt   with an option it does not have, a toctree its content
  orphan   at the top of a document no toctree lists, before ":orphan:"
  bare     the same without content, if it takes content
  roles    a :ref: to no label in its last argument, in each option that
           takes text and in its content: Sphinx warns where the
           directive reads inline text (inline_slots())

Whether Sphinx reads that toctree shows in whether the document it lists
is in a toctree: both sides are asked for every document of the tree
(Sphinx's "document isn't included in any toctree", the checker's orphan
warning with --all).  The orphan and bare variants ask whether the field list
after the directive is still the docinfo (docutils' DocInfo transform
lets only PreBibliographic nodes precede it), so that ":orphan:" counts.
A difference is printed as

  NAME VARIANT sphinx-only|checker-only KIND TARGET

and the exit status is 1 if there is one.
"""

import functools
import json
import os
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

VARIANTS = ("in", "after", "noarg", "extra", "badopt", "orphan", "bare",
            "roles")
# kinds of records the sweep leaves to compare.py
SWEEP_UNCOMPARED = {"dropped"}


def registry(ksrc):
    """({name: the directive's class}, the names that stand alone for the
    primary domain's)

    Sphinx looks every name up in lower case; a name alone in the default
    domain (the primary domain, until ".. default-domain::"), then std,
    then among docutils' own and those Sphinx registers with docutils."""
    import contextlib
    import importlib
    import io
    import tempfile
    from docutils.parsers.rst import directives
    from sphinx.application import Sphinx
    from sphinx.util.console import nocolor

    nocolor()
    # as make htmldocs runs Sphinx: 7.3's extensions (kernel_abi,
    # parser_yaml) read it when conf.py loads them
    os.environ["srctree"] = os.path.abspath(ksrc)
    src = os.path.join(os.path.abspath(ksrc), "Documentation")
    tmp = tempfile.mkdtemp(prefix="sweep-registry-")
    try:
        # conf.py prints which theme it takes
        with contextlib.redirect_stdout(io.StringIO()):
            app = Sphinx(src, src, os.path.join(tmp, "out"),
                         os.path.join(tmp, "doctrees"), "dummy",
                         status=None, warning=io.StringIO())
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    # what a build tells the extensions before it reads the documents:
    # 7.3's kernel_include sets up there what its missing-reference
    # handler, which the probes' references reach, reads
    app.emit("env-before-read-docs", app.env, [])
    registry.app = app
    found = {}
    for name, (mod, cls) in directives._directive_registry.items():
        m = importlib.import_module("docutils.parsers.rst.directives." + mod)
        found[name] = getattr(m, cls)
    found.update(directives._directives)
    primary = app.config.primary_domain
    for dname, dom in sorted(app.env.domains.items()):
        for n, d in dom.directives.items():
            found[dname + ":" + n] = d
    # a bare name is looked up in the primary domain, then std, then docutils
    for dname in ("std", primary):
        for n, d in app.env.domains[dname].directives.items():
            found[n] = d
    return found, set(app.env.domains[primary].directives)


def option_kind(conv):
    """What an option converter accepts, found by trying it:

      a  anything, or nothing (unchanged)
      f  nothing: a flag
      n  nothing, or a number (Sphinx's int_or_nothing)
      i  a number (Python's int())
      u  a number not below 0 (nonnegative_int)
      p  a number above 0 (positive_int)
      c:x,y  one of the words x, y, in any case (docutils' choice(), found
         by the words its error names)
      o  one character, or a character's code (single_char_or_unicode)
      w  the same, or the word "tab" or "space"
      r  something: a value the checker takes as it is (a class, a
         length ...)"""
    def ok(v):
        try:
            conv(v)
            return True
        except Exception:       # noqa: what the converter refuses
            return False
    try:
        conv("not a choice")
    except ValueError as e:
        if "; choose from " in str(e):
            return "c:" + ",".join(re.findall(r'"([^"]*)"',
                                              str(e).split("choose from")[1]))
    except Exception:           # noqa: what the converter refuses
        pass
    if ok(None):
        if ok("x"):
            return "a"
        return "n" if ok("1") else "f"
    if ok("x") and not ok("xy"):
        return "w" if ok("tab") else "o"
    # a number and nothing else, or something the checker does not check
    if not ok("1") or any(ok(v) for v in ("x", "auto", "1em", "50%", "1.5",
                                           "1 2", "1,2")):
        return "r"
    if ok("-1"):
        return "i"
    return "u" if ok("0") else "p"


def content_kind(cls):
    """How a directive reads its content, by what its run() does with it:

      C_NONE     it takes none
      C_TEXT     not as reStructuredText (code, math, raw ...)
      C_INLINE   as one inline text, roles resolved (parsed-literal,
                 replace): inline_slots() tells it from C_TEXT
      C_LINES    each line inline text of its own (line-block)
      C_BODY     as body elements, where it stands
      C_TABLE    as exactly one table
      C_LIST     as exactly one bullet list (hlist, acks)
      C_LIST_TABLE  as exactly one bullet list of bullet lists, all as long
      C_FLAT_TABLE  the same, of any length; Sphinx dies on anything else
      C_FIGURE   a caption paragraph, then body elements (the legend)
      C_GLOSSARY  terms, and under them definitions as body elements
      C_CSV      as rows of comma-separated values, each cell body elements
      C_UNSEEN   as body elements, not in the body (header, footer):
                 spec() tells it from C_BODY
      C_TOCTREE, C_INCLUDE, C_ONLY, C_INDEX: read by rules of their own"""
    from docutils.parsers.rst.directives import tables
    from sphinx.directives import other, patches
    from sphinx.domains import index, std

    # Sphinx's include, and the kernel's (maintainers-include reads no
    # path: what it includes it makes)
    if cls is other.Include or cls.__name__ == "KernelInclude":
        return "C_INCLUDE"
    if not cls.has_content:
        return "C_INDEX" if issubclass(cls, index.IndexDirective) \
            else "C_NONE"
    own = {other.TocTree: "C_TOCTREE", other.Only: "C_ONLY",
           tables.CSVTable: "C_CSV", tables.RSTTable: "C_TABLE",
           tables.ListTable: "C_LIST_TABLE", other.HList: "C_LIST",
           other.Acks: "C_LIST"}
    for c, k in own.items():
        if issubclass(cls, c):
            return k
    if cls.__name__ in ("Figure", "KernelFigure") or \
            issubclass(cls, patches.Figure):
        return "C_FIGURE"
    if cls.__name__ == "FlatTable":
        return "C_FLAT_TABLE"
    # the others read their content as body elements if their run(), or
    # the run() of a base class it calls, has docutils parse it (a block
    # quote's is parsed by the state itself); unless only a substitution
    # definition may hold them
    if substitution_only(cls):
        return "C_TEXT"
    for run in run_sources(cls):
        if "nested_parse" in run or "state.block_quote(" in run:
            if issubclass(cls, std.Glossary):
                return "C_GLOSSARY"     # terms, then definitions
            return "C_BODY"
    return "C_TEXT"


def run_sources(cls):
    """The source of the directive's run(), then of the run()s of the base
    classes it calls."""
    import inspect

    for base in cls.__mro__:
        if "run" not in base.__dict__:
            continue
        run = inspect.getsource(base.__dict__["run"])
        yield run
        if "super().run(" not in run and ".run(self" not in run:
            break


def substitution_only(cls):
    """Does the directive's run() refuse to run outside a substitution
    definition (replace, unicode, date)?"""
    rx = re.compile(r"if not isinstance\(self\.state,\s*states\.SubstitutionDef\)")
    return any(rx.search(run) for run in run_sources(cls))


def sectional(cls):
    """Does the directive's run() refuse to stand where no section title
    may, unless a sidebar holds it (BasePseudoSection's, Contents')?"""
    rx = re.compile(r"if not \(self\.state_machine\.match_titles\s*"
                    r"or isinstance\(self\.state_machine\.node,\s*nodes\.sidebar\)\)")
    return any(rx.search(run) for run in run_sources(cls))


def probe(kind, name, text, found=False):
    """Parse @text as a document of its own, as Sphinx reads one (the
    primary domain's directives by their names alone): (the doctree, its
    docname, what Sphinx warned, "" for nothing), or None if the parse
    failed.  If @found, the document is one Sphinx found (a toctree in it
    takes itself out of the documents it may list)."""
    import contextlib
    import io
    from os import path
    from docutils.core import publish_doctree
    from sphinx.io import SphinxStandaloneReader
    from sphinx.parsers import RSTParser
    from sphinx.util.docutils import sphinx_domains

    app = registry.app

    def parse(app, text, docname):
        """sphinx.testing's parse(), with the settings a build reads with
        (env.settings: halt_level 5, doctitle_xform off ...)"""
        try:
            app.env.temp_data['docname'] = docname
            reader = SphinxStandaloneReader()
            reader.setup(app)
            parser = RSTParser()
            parser.set_application(app)
            with sphinx_domains(app.env):
                return publish_doctree(text, path.join(app.srcdir, docname + '.rst'),
                                       reader=reader, parser=parser,
                                       settings_overrides=dict(app.env.settings,
                                                               env=app.env,
                                                               gettext_compact=True))
        finally:
            app.env.temp_data.pop('docname', None)

    # a document of its own: its title's label is new
    docname = "probe-%s%s-%d" % (kind, name.replace(":", "-"), len(text))
    warnings = app._warning
    warnings.seek(0)
    warnings.truncate()
    if found:
        app.project.docnames.add(docname)
    try:
        app.env.prepare_settings(docname)
        with contextlib.redirect_stdout(io.StringIO()), \
                contextlib.redirect_stderr(io.StringIO()):
            doctree = parse(app, text, docname)
    except (Exception, SystemExit):     # noqa: the probe failed
        return None
    finally:
        app.project.docnames.discard(docname)
    return doctree, docname, warnings.getvalue()


def directive_text(name, cls, content, subst=""):
    """The directive @name with its arguments, and @content, if any, as
    its content; in the substitution definition @subst, if given."""
    args = " ".join("a%d" % (i + 1) for i in range(cls.required_arguments))
    return ".. %s%s::%s\n%s" % (subst, name, " " + args if args else "",
                                "\n   %s\n" % content if content else "")


def precedes_docinfo(name, cls, *contents):
    """Does the directive, written with its arguments and with the first
    of @contents it takes without a warning ("" for none), leave the
    docinfo after it?  Sphinx parses it, then a field list, then a title;
    Sphinx's metadata is the docinfo if docutils' DocInfo transform found
    the field list after nothing but PreBibliographic nodes (comments,
    targets, pending nodes, raw, meta ...) and Sphinx still finds it
    there.  Not if parsing it warns: what it leaves then is a system
    message, for its input."""
    for content in contents:
        if content and not cls.has_content:
            continue
        p = probe("", name, directive_text(name, cls, content) +
                  "\n:orphan:\n\nTitle\n=====\n")
        if not p:
            continue
        _, docname, warned = p
        # Sphinx's MetadataCollector took what it found as the docinfo
        orphan = "orphan" in registry.app.env.metadata.get(docname, {})
        # what the probe declared is no duplicate for the next one
        registry.app.env.clear_doc(docname)
        if not warned:
            return orphan
    return False


def moved_out(name, cls):
    """Written as it should be (its arguments, and some text as its
    content, or else none) in a substitution definition, does docutils
    keep nothing of what the directive makes there, and warn that the
    definition is "empty or invalid"?  Its substitution_def() moves all
    that is not inline out, in front of the definition (an error too).
    One whose run() inserts what it reads into docutils' input (include)
    makes nothing where it stands: its probe needs no file to read."""
    import inspect

    if any("insert_input(" in inspect.getsource(c) for c in cls.__mro__
           if c.__module__ != "builtins"):
        return True
    for content in (["Some text."] if cls.has_content else []) + [""]:
        p = probe("moved-", name, directive_text(name, cls, content, "|s| "),
                  found=True)
        if not p:
            continue
        registry.app.env.clear_doc(p[1])
        return 'Substitution definition "s" empty or invalid.' in p[2]
    return False


def prefix_nodes(app):
    """How many nodes Sphinx puts before the text of any document."""
    from sphinx.testing.restructuredtext import parse

    if not hasattr(prefix_nodes, "n"):
        app.env.prepare_settings("probe-prefix")
        prefix_nodes.n = len(parse(app, "Text.\n", "probe-prefix")) - 1
    return prefix_nodes.n


def stays_inline(name, cls):
    """Written as it should be (its arguments, and some text as its
    content, or else none) in a substitution definition, does what the
    directive makes stay there?  docutils moves anything that is not
    inline out, in front of the definition."""
    from docutils import nodes

    for content in (["Some text."] if cls.has_content else []) + [""]:
        p = probe("inline-", name, directive_text(name, cls, content, "|s| ") +
                  "\nUses |s|.\n")
        if not p:
            continue
        # what an extension puts first in every document (6.12's
        # translations) is not the directive's
        body = [n for n in p[0].children[prefix_nodes(registry.app):]
                if not isinstance(n, nodes.system_message)]
        if len(body) < 2 or not isinstance(body[-1], nodes.paragraph):
            continue
        return len(body) == 2 and \
            isinstance(body[0], nodes.substitution_definition) and \
            len(body[0]) > 0
    return False


def makes_toc(name, cls):
    """Written as it should be (its arguments, and some text as its
    content, or else none) in a document with no title, does what the
    directive makes put an entry in Sphinx's toc of the document (a
    section, an object description)?  Where the probe cannot tell (it
    fails, or warns), an extension's directive may: what it makes comes
    from what it reads."""
    for content in (["Some text."] if cls.has_content else []) + [""]:
        p = probe("toc-", name, directive_text(name, cls, content))
        if not p:
            continue
        _, docname, warned = p
        # Sphinx's TocTreeCollector made the toc as it read
        entries = len(registry.app.env.tocs.get(docname, []))
        registry.app.env.clear_doc(docname)
        if not warned:
            return entries > 0
    return not cls.__module__.startswith(("docutils.", "sphinx."))


def html_writer(app):
    """Sphinx's html builder and writer, made once, to write probes."""
    import contextlib
    import io
    import warnings
    from docutils.frontend import OptionParser
    from sphinx.builders.html import StandaloneHTMLBuilder
    from sphinx.writers.html import HTMLWriter

    if not hasattr(html_writer, "w"):
        builder = StandaloneHTMLBuilder(app, app.env)
        with contextlib.redirect_stdout(io.StringIO()):
            builder.init()
        writer = HTMLWriter(builder)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            builder.docsettings = OptionParser(
                defaults=app.env.settings, components=(writer,),
                read_config_files=True).get_default_values()
        builder.secnumbers, builder.fignumbers = {}, {}
        builder.imgpath, builder.dlpath = "_images", "_downloads"
        html_writer.w = builder, writer
    return html_writer.w


def page_shows(html):
    """Does a reader of the page see something in @html: text outside
    tags and comments (a no-break space is a blank), or an element seen
    without text (the oracle's _html_bodies())?"""
    import html as h
    seen_alone = ("img", "hr", "svg", "object", "embed", "video", "audio",
                  "iframe", "input", "canvas", "math")
    if re.search(r"<(%s)\b" % "|".join(seen_alone), html, re.I):
        return True
    text = re.sub(r"<!--.*?-->|<[^>]*>", "", html, flags=re.S)
    return bool(h.unescape(text).replace("\u00a0", " ").strip())


def shows_nothing(name, cls):
    """Written as it should be (its arguments, and some text as its
    content, or else none), with a section after it (what a table of
    contents may list), does what the directive makes show nothing on the
    html page (highlight, tabularcolumns ...)?
    Sphinx resolves the probe (its post-transforms) and writes it with
    its html writer, without the sections after it.  Where the probe
    cannot tell (it fails, or warns), or for an extension's directive
    (what it makes comes from what it reads): no."""
    if not cls.__module__.startswith(("docutils.", "sphinx.")):
        return False
    from docutils import nodes
    from docutils.io import StringOutput
    from sphinx.transforms import SphinxTransformer

    app = registry.app
    for content in (["Some text."] if cls.has_content else []) + [""]:
        p = probe("blank-", name, directive_text(name, cls, content) +
                  "\nOne\n---\n\nText.\n")
        if not p:
            continue
        doctree, docname, warned = p
        if warned:
            app.env.clear_doc(docname)
            continue
        builder, writer = html_writer(app)
        try:
            app.env.temp_data["docname"] = docname
            t = SphinxTransformer(doctree)
            t.set_environment(app.env)
            t.add_transforms(app.registry.get_post_transforms())
            t.apply_transforms()
            for sec in [n for n in doctree if isinstance(n, nodes.section)]:
                doctree.remove(sec)
            # what an extension puts first in every document (6.12's
            # translations: a node only its own writer knows)
            del doctree.children[:prefix_nodes(app)]
            builder.current_docname = docname
            doctree.settings = builder.docsettings
            writer.write(doctree, StringOutput(encoding="unicode"))
            writer.assemble_parts()
            html = writer.parts["fragment"]
        except Exception:       # noqa: the probe cannot tell
            continue
        finally:
            app.env.clear_doc(docname)
        return not page_shows(html)
    return False


def needs_content(cls):
    """Does the directive's run() refuse to run without content: does it
    call self.assert_has_content() whatever its options (a statement of
    its own body, not in a branch, as raw's is)?"""
    import ast

    for run in run_sources(cls):
        # indented as in its class, and perhaps with lines that are not
        body = ast.parse("if 1:\n" + run).body[0].body[0].body
        for st in body:
            if isinstance(st, ast.Expr) and isinstance(st.value, ast.Call) \
                    and ast.unparse(st.value) == "self.assert_has_content()":
                return True
    return False


# What a probe's :ref: names: no document defines it.
PROBE_LABEL = "sweep-probe"


def undefined(name, text):
    """(The labels Sphinx warns are undefined when the directive @name is
    written as @text: the :ref:s the directive read as inline text, where
    the resolving of references finds them; the classes of the nodes the
    document holds, or None if the parse failed).  Parses @text as
    probe() does, then runs Sphinx's post-transforms, ReferencesResolver
    among them (not the doctree-resolved event: the kernel's automarkup
    wants a document on disk).  What the parse leaves in Sphinx's
    environment (the C domain's namespace ...) is put back as it was,
    for the other probes."""
    import contextlib
    import copy
    import io
    from sphinx import addnodes
    from sphinx.transforms import SphinxTransformer
    from sphinx.util import logging

    app = registry.app
    env = app.env
    saved = copy.copy(env.temp_data), copy.copy(env.ref_context)
    # Sphinx's logging goes where the last Sphinx made sends it: the
    # oracle's, once it ran
    logging.setup(app, app._status, app._warning)
    try:
        p = probe("ref-", name, text)
        if not p:
            return set(), None
        doctree, docname, _ = p
        shape = tuple(type(n).__name__ for n in doctree.findall())
        # the resolving of a large document (MAINTAINERS) takes seconds:
        # only a probe's own reference can be warned of
        if not any(PROBE_LABEL in n.get("reftarget", "").replace(" ", "-")
                   for n in doctree.findall(addnodes.pending_xref)):
            env.clear_doc(docname)
            return set(), shape
        warnings = app._warning
        warnings.seek(0)
        warnings.truncate()
        env.temp_data["docname"] = docname
        t = SphinxTransformer(doctree)
        t.set_environment(env)
        t.add_transforms(app.registry.get_post_transforms())
        with contextlib.redirect_stdout(io.StringIO()), \
                contextlib.redirect_stderr(io.StringIO()):
            t.apply_transforms()
        env.clear_doc(docname)
    except Exception:           # noqa: the probe failed
        return set(), None
    finally:
        env.temp_data, env.ref_context = saved
    return set(re.findall(r"undefined label: '([^']*)'", warnings.getvalue())), shape


# Content that a directive reading it as @kind takes without an error.
VALID_CONTENT = {
    "C_TABLE": "= =\na b\n= =",
    "C_LIST": "* a",
    "C_LIST_TABLE": "* - a",
    "C_FLAT_TABLE": "* - a",
    "C_CSV": "a",
    "C_FIGURE": "Caption.",
    "C_GLOSSARY": "term\n   Definition.",
    "C_TOCTREE": "",
}


def written(name, cls, args, options=(), content=""):
    """The directive @name with the arguments @args, the options @options
    (lines ":name: value") and @content, every line of it indented; in a
    substitution definition if only one may hold it.  A section follows:
    docutils removes a table of contents that lists nothing."""
    subst = "|s| " if substitution_only(cls) else ""
    lines = [".. %s%s::%s" % (subst, name, " " + " ".join(args) if args else "")]
    lines += ["   " + o for o in options]
    if content:
        lines += [""] + ["   " + c for c in content.split("\n")]
    return "\n".join(lines) + "\n\nSection\n=======\n\nText.\n"


@functools.lru_cache(maxsize=None)
def inline_slots(name, cls, kind):
    """Where the directive reads inline text, whose roles Sphinx resolves:
    (does it read its last argument so, the options it reads so, the
    content kind: C_INLINE or C_LINES for a C_TEXT one that reads its
    content so).  Found by writing a :ref: to an undefined label into each
    argument, each option's value and the content, the rest written as
    it should be, and asking Sphinx whether it warns."""
    n = cls.required_arguments + cls.optional_arguments
    role = ":ref:`%s`" % PROBE_LABEL
    content = VALID_CONTENT.get(kind, "Some text.") if cls.has_content else ""

    def somewhere(text_of):
        """(The labels Sphinx warns of in text_of(args), for arguments
        written as they should be: all of them given, or the first the
        name of a file that exists (what literalinclude reads); the
        shapes of the documents made)."""
        spellings = [["a%d" % (i + 1) for i in range(n)]]
        if n:
            spellings.append(["conf.py"] + spellings[0][1:])
        found = [undefined(name, text_of(a)) for a in spellings]
        return (set().union(*(f[0] for f in found)), [f[1] for f in found])

    inline_args = [i for i in range(n)
                   if PROBE_LABEL in somewhere(lambda a: written(name, cls, a[:i] + [role],
                                                                 content=content))[0]]
    # only the last, the one that may take blanks (a title), ever is; an
    # extension may make inline text of any (kernel-feat: what its script
    # prints, which the checker does not read)
    assert inline_args in ([], [n - 1]) or \
        not cls.__module__.startswith(("docutils.", "sphinx.")), (name, inline_args)
    inline_args = [i for i in inline_args if i == n - 1]
    # A role can be the value only of an option whose converter takes it.
    # All of them at once, each with a label of its own: if that makes
    # the same nodes as none (maintainers-include, which reads all
    # MAINTAINERS, ignores them), none is read; else one at a time, as
    # one may stop the directive (code-block's :emphasize-lines:).
    label = {o: "%s-%s" % (PROBE_LABEL, o) for o in cls.option_spec or {}}

    def takes(o):
        try:
            cls.option_spec[o](":ref:`%s`" % label[o])
            return True
        except Exception:       # noqa: what the converter refuses
            return False

    texts = [o for o in sorted(label) if takes(o)]
    inline_opts = set()
    if texts and somewhere(lambda a: written(name, cls, a, [], content))[1] != \
            somewhere(lambda a: written(name, cls, a, [":%s: :ref:`%s`" % (o, label[o])
                                                       for o in texts], content))[1]:
        inline_opts = {o for o in texts if label[o] in somewhere(lambda a: written(
            name, cls, a, [":%s: :ref:`%s`" % (o, label[o])], content))[0]}
    if kind == "C_TEXT" and PROBE_LABEL in somewhere(
            lambda a: written(name, cls, a, content="x %s y" % role))[0]:
        # one text, or lines of their own: does a role go on to the next?
        two = ":ref:`%s\n%s`" % tuple(PROBE_LABEL.split("-"))
        kind = "C_INLINE" if PROBE_LABEL.replace("-", " ") in somewhere(
            lambda a: written(name, cls, a, content=two))[0] else "C_LINES"
    return bool(inline_args), inline_opts, kind


def spec(name, cls):
    """(required, optional, final_whitespace, content kind, options, flags:
    precedes the docinfo, only in a substitution definition, needs content,
    stays inline in a substitution definition, makes a toc entry, shows
    nothing on the html page, leaves a substitution definition empty,
    reads its last argument as inline text, stands only where a section
    title may or in a sidebar)

    An option whose value the directive reads as inline text has its
    kind in upper case."""
    kind = content_kind(cls)
    # as body elements, but what they make is not in the body: with text
    # as content, the docinfo may still follow (header, footer)
    if kind == "C_BODY" and precedes_docinfo(name, cls, "Some text."):
        kind = "C_UNSEEN"
    # what it makes itself, content aside: a comment is PreBibliographic
    prebib = precedes_docinfo(name, cls, ".. A comment.", "")
    # a directive whose content is no body elements shows what it makes
    blank = kind in ("C_NONE", "C_TEXT") and shows_nothing(name, cls)
    flags = (prebib, substitution_only(cls), needs_content(cls),
             stays_inline(name, cls), makes_toc(name, cls), blank,
             moved_out(name, cls))
    title, inline_opts, kind = inline_slots(name, cls, kind)
    kinds = {o: option_kind(c) for o, c in (cls.option_spec or {}).items()}
    for o in inline_opts:
        kinds[o] = kinds[o].upper()
    options = " ".join("%s=%s" % (o, kinds[o]) for o in sorted(kinds))
    return (cls.required_arguments, cls.optional_arguments,
            bool(cls.final_argument_whitespace), kind, options,
            flags + (title, sectional(cls)))


FLAG_NAMES = ("D_WS", "D_PRIMARY", "D_PREBIB", "D_SUBST", "D_CONTENT",
              "D_INLINE", "D_TOC", "D_BLANK", "D_MOVED", "D_TITLE",
              "D_SECTIONAL")


def extension(cls):
    """The extension that registers the directive @cls, if it is no
    directive of docutils' or Sphinx's own: a module of Sphinx's
    ("sphinx.ext.autodoc"), or one of the kernel's (Documentation/sphinx/
    NAME.py, "NAME"); "" for docutils' and Sphinx's own."""
    mod = cls.__module__
    if mod.startswith("sphinx.ext."):
        return ".".join(mod.split(".")[:3])
    if mod.startswith(("docutils.", "sphinx.")):
        return ""
    return mod


def registry_rows(reg, primary):
    """{name: [required, optional, content, {option: kind}, {flag}, ext]},
    the directives as the checker's table has them."""
    rows = {}
    for name in sorted(reg):
        # the checker keeps the options given in a 64-bit mask
        assert len(reg[name].option_spec or ()) <= 64, name
        req, opt, ws, content, options, on = spec(name, reg[name])
        on = (ws, name in primary) + tuple(on)
        rows[name] = [req, opt, content,
                      dict(o.split("=", 1) for o in options.split()),
                      {f for f, x in zip(FLAG_NAMES, on) if x},
                      extension(reg[name])]
    return rows


def merge_rows(tables):
    """The union of the tables of several trees: a directive any of them
    registers; of one that differs between them, the arguments and the
    options any takes, the flags any has (the checker never drops a
    toctree that one of the trees' Sphinx builds keeps)."""
    out = {}
    for t in tables:
        for name, (req, opt, content, options, flags, ext) in t.items():
            if name not in out:
                out[name] = [req, opt, content, dict(options), set(flags), ext]
                continue
            o = out[name]
            if o[2] != content or o[5] != ext:
                sys.exit("%s: %s/%s in one tree, %s/%s in another"
                         % (name, o[2], o[5], content, ext))
            most = max(o[0] + o[1], req + opt)
            o[0] = min(o[0], req)
            o[1] = most - o[0]
            for k, v in options.items():
                if o[3].setdefault(k, v) != v:
                    sys.exit("%s: option %s is %s and %s" % (name, k, o[3][k], v))
            o[4] |= flags
    return out


def print_rows(rows):
    """The rows as the C initializers of the checker's table, one a line
    (wrapped as checkpatch wants: a long line only for a string alone)."""
    for name in sorted(rows):
        req, opt, content, options, flags, ext = rows[name]
        flags = [f for f in FLAG_NAMES if f in flags]
        head = '\t{ "%s", %d, %d, %s, %s,' % (
            name, req, opt, " | ".join(flags) or "0", content)
        opts = '"%s"' % " ".join("%s=%s" % (k, options[k]) for k in sorted(options))
        if ext:
            opts += ', "%s"' % ext
        if len(head.expandtabs()) + len(opts) + 4 <= 100:
            print('%s %s },' % (head, opts))
        elif len(opts) + 13 <= 100:
            print('%s\n\t  %s },' % (head, opts))
        elif ext:
            print('%s\n\t  %s,\n\t  "%s" },' % (head, opts[:-len(ext) - 4], ext))
        else:
            print('%s\n\t  %s,\n\t},' % (head, opts))


def fname(name, variant):
    return "sweep/%s-%s" % (name.replace(":", "--"), variant)


def variants(name, cls):
    """{variant: directive text, whose toctree lists CHILD}"""
    req, opt, ws = (cls.required_arguments, cls.optional_arguments,
                    cls.final_argument_whitespace)
    content = cls.has_content
    args = " ".join("a%d" % (i + 1) for i in range(req))
    toc = "   .. toctree::\n\n      CHILD\n"
    out = {}

    def head(a, opts=()):
        return ".. %s::%s\n" % (name, " " + a if a else "") + "".join(
            "   %s\n" % o for o in opts)

    out["in"] = head(args) + "\n" + toc
    body = "\n   Some text.\n" if content else ""
    out["after"] = head(args) + body + "\n.. toctree::\n\n   CHILD\n"
    if req:
        out["noarg"] = head("") + "\n" + toc
    if not ws or req + opt == 0:
        extra = " ".join("a%d" % (i + 1) for i in range(req + opt + 1))
        out["extra"] = head(extra) + "\n" + toc
    out["badopt"] = head(args, [":no-such-option:"]) + "\n" + toc
    out["orphan"] = head(args) + body + "\n:orphan:\n"
    if content:
        out["bare"] = head(args) + "\n:orphan:\n"
    # a :ref: in its last argument, in the options the probes found it
    # reads as inline text (not in the others: what stops its run(), a
    # bad :emphasize-lines:, would stop the rest) and in its content
    role = ":ref:`sweep-%s`"
    kind = content_kind(cls)
    title, inline_opts, _ = inline_slots(name, cls, kind)
    last = ["a%d" % (i + 1) for i in range(req + opt)]
    if last and not title and inline_opts:
        last[0] = "../conf.py"  # a file that exists: literalinclude's
    elif last:
        last[-1] = role % "argument"
    texts = [":%s: %s" % (o, role % o) for o in sorted(inline_opts)]
    lines = VALID_CONTENT.get(kind, "See %s." % (role % "content"))
    out["roles"] = head(" ".join(last), texts) + (
        "\n" + "".join("   %s\n" % c for c in lines.split("\n"))
        if content and lines else "")
    return out


def write_tree(ksrc, out, names, reg):
    """The tree of the directives @names into @out."""
    import gen
    import random

    doc = os.path.join(out, "Documentation")
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(os.path.join(doc, "sweep"))
    kdoc = os.path.join(ksrc, "Documentation")
    shutil.copy(os.path.join(kdoc, "conf.py"), doc)
    shutil.copytree(os.path.join(kdoc, "sphinx"), os.path.join(doc, "sphinx"))
    # 7.3's maintainers_include parses MAINTAINERS when Sphinx loads it
    # (its module keeps what it found): without one, no Sphinx starts.
    # Earlier ones read it in the directive only, and their sweeps have
    # none.
    if getattr(sys.modules.get("maintainers_include"), "maint_parser", None):
        shutil.copy(os.path.join(ksrc, "MAINTAINERS"), out)
    t = gen.Tree(random.Random(0))
    t.doc("index", "Top")
    t.doc("process/index", "Process")
    t.add("process/index", gen.toctree(["code-of-conduct"]))
    gen.render_coc(t, gen.coc_sections(random.Random(0)))
    listed = ["process/index"]
    for name in names:
        for v, text in variants(name, reg[name]).items():
            f = fname(name, v)
            if v in ("orphan", "bare"):
                # before the title, which ends what may be the docinfo
                t.docs[f] = [text, "%s %s\n%s" % (
                    name, v, gen.underline("%s %s" % (name, v), "="))]
                continue
            t.doc(f, "%s %s" % (name, v),
                  text.replace("CHILD", f.split("/")[-1] + "/child"))
            if "CHILD" in text:
                t.doc(f + "/child", "Child")
            listed.append(f)
    t.add("index", gen.toctree(listed, [":hidden:"]))
    files = t.render()
    files.update(gen.required_list())
    for path, data in files.items():
        if path == "Documentation/conf.py":
            continue
        p = os.path.join(out, path)
        os.makedirs(os.path.dirname(p), exist_ok=True)
        with open(p, "wb") as f:
            f.write(data)


def sweep(oracle, checker, ksrc, out, reg, names):
    """The differences on the tree of the directives @names."""
    from compare import UNCHECKED_KINDS, checker_records, checker_versions

    write_tree(ksrc, out, names, reg)
    s = oracle.run(out)
    p = subprocess.run([os.path.abspath(checker), "--all", "--srctree", "."] +
                       checker_versions(),
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       cwd=out, timeout=600)
    crecs, _, other = checker_records(p.stderr.decode("utf-8", "replace"))
    # a toctree is judged by what it links: the error that drops it, with
    # the directive around it, is the harness's to compare
    crecs = {r for r in crecs if r[1] not in SWEEP_UNCOMPARED}
    srecs = {r for r in s["records"]
             if r[1] not in UNCHECKED_KINDS | SWEEP_UNCOMPARED}
    rx = re.compile(r"^Documentation/sweep/(.*)-(%s)(/child)?\.rst$"
                    % "|".join(VARIANTS))
    diffs = []
    for side, recs in (("sphinx-only", srecs - crecs),
                       ("checker-only", crecs - srecs)):
        for r in recs:
            m = rx.match(r[0])
            name, v = (m.group(1).replace("--", ":"), m.group(2)) if m \
                else (",".join(names), "-")
            diffs.append("%s %s %s %s %s %s" % (name, v, side, r[1], r[0],
                                                 r[2]))
    for line in other:
        diffs.append("%s - checker unparsed %s" % (",".join(names), line))
    return diffs


def main():
    a = sys.argv[1:]
    if len(a) == 2 and a[0] == "--registry":
        print_rows(registry_rows(*registry(a[1])))
        return 0
    if len(a) == 3 and a[0] == "--registry-json":
        with open(a[2], "w") as f:
            json.dump(registry_rows(*registry(a[1])), f, default=sorted)
        return 0
    if len(a) >= 2 and a[0] == "--merge":
        tables = []
        for path in a[1:]:
            with open(path) as f:
                tables.append({n: r[:4] + [set(r[4]), r[5]]
                               for n, r in json.load(f).items()})
        print_rows(merge_rows(tables))
        return 0
    if len(a) == 3 and a[0] == "--tree":
        reg = registry(a[1])[0]
        write_tree(a[1], a[2], sorted(reg), reg)
        return 0
    if len(a) != 4 or a[0] != "--checker":
        sys.exit(__doc__)
    checker, ksrc, out = a[1:]
    from oracle import Oracle

    oracle = Oracle(os.path.join(out, "sphinx"))
    # as make htmldocs runs Sphinx: the kernel's extensions need it
    os.environ["srctree"] = os.path.abspath(ksrc)
    reg = registry(ksrc)[0]
    diffs = []
    # a tree for each directive: a Sphinx that dies on one says nothing of
    # the others
    for name in sorted(reg):
        diffs += sweep(oracle, checker, ksrc, os.path.join(out, "tree"), reg,
                       [name])
    for d in sorted(diffs):
        print(d)
    print("sweep: %d directives, %d documents, %d differences"
          % (len(reg), sum(len(variants(n, reg[n])) for n in reg),
             len(diffs)), file=sys.stderr)
    return 1 if diffs else 0


if __name__ == "__main__":
    sys.exit(main())
