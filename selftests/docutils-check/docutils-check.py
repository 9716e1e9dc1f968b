#!/usr/bin/python3
"""The checks of scripts/checkconduct, written with docutils alone.

Issue 35 asks what a docutils script doing the same checks would cost, to
be measured honestly against the C program: this script.  It uses the
installed docutils (0.19) and nothing of Sphinx, and does what the C
checker's default check does (checks.c run_checks()), the way a real
implementation on docutils would:

  1. The documents are the .rst files below Documentation/ less conf.py's
     exclude_patterns (Sphinx's found_docs).
  2. Documentation/process/index.rst and every document its toctrees
     reach are parsed by docutils (publish_doctree(): the parser and the
     standard transforms, as Sphinx's reader runs them).  Each toctree
     entry is resolved as Sphinx's TocTree.parse_content() resolves it
     (explicit titles, "self", URLs, globs, ".rst" suffixes, paths
     relative to the document): an entry for no document is an error; a
     toctree cycle below the process index is an error.
  3. The code of conduct is linked from the process index, and has the
     sections Documentation/process/code-of-conduct.sections lists: each
     once, in that order, at one level, each with a body.
  4. Every document below Documentation/process/ is in a toctree, or
     marked :orphan:, or included (warnings); as the C checker does, the
     process documents not reached are parsed to learn their toctrees,
     and if one is left unlisted, every other document too.
  5. :ref:, :numref: and :doc: in the documents reached, and the paths
     the kernel's automarkup extension links in their paragraphs, lead
     somewhere (warnings).  Labels are the explicit targets (as Sphinx's
     std domain takes them) and "document:title" for the sections of the
     top two levels (sphinx.ext.autosectionlabel as conf.py sets it up).

  --labels process  labels of the documents reached only (the cheap
                    variant, which misses labels defined elsewhere);
  --labels tree     (default) every document of Documentation/ is read,
                    as the C checker reads it (links.c read_labels()):
                    a document is parsed by docutils if a line of
                    explicit markup in it may define a label wanted (one
                    a :ref: names, or one already defined: a duplicate),
                    and the document that a "document:title" label names;
  --labels all      every document of Documentation/ parsed by docutils
                    (what a docutils script without that pre-scan does).

What docutils does not know, registered here (docutils reports an error
for an unknown directive or role and drops it, with any toctree in it):

  - toctree: records its entries (below), with Sphinx's options;
  - include and kernel-include: docutils' include, with Sphinx's "/" for
    Documentation/ and kernel_include's environment variables;
  - only: its content parsed as body elements, as Sphinx keeps the
    toctrees of every ".. only::" (it decides at write time);
  - every other directive of Sphinx 5.3, its domains and the kernel's
    extensions (the names scripts/checkconduct/directives.c lists): a
    stub that takes any argument and option, and parses its content as
    body elements where Sphinx's directive does (admonition-like,
    object descriptions, glossary, flat-table, kernel-figure ...),
    ignores it where it is code or no content at all;
  - ref, numref, doc: record the link; the other roles of Sphinx and its
    domains: a stub that makes literal text.

Unlike the C checker, the stubs do not check a directive's arguments and
options, and a directive docutils knows is checked only as docutils
checks it; what Sphinx drops for a wrong option of its own directives
(and a toctree in it) is kept.  Diagnostics are gcc-style, sorted, with
column 1 where docutils gives no column.  Exit status: 0 no error, 1
errors, 2 usage or no process index.
"""

import argparse
import ast
import copy
import difflib
import os
import posixpath
import re
import sys
import unicodedata

from docutils import frontend, nodes, utils
from docutils.core import publish_doctree
from docutils.parsers.rst import Directive, Parser, directives, roles
from docutils.parsers.rst.directives.misc import Include

PROCESS_INDEX = 'process/index'
CODE_OF_CONDUCT = 'process/code-of-conduct'
SECTIONS_FILE = 'Documentation/' + CODE_OF_CONDUCT + '.sections'
AUTOSECTIONLABEL_MAXDEPTH = 2	# Documentation/conf.py

# sphinx.util.nodes and sphinx.directives.other
EXPLICIT_TITLE_RE = re.compile(r'^(.+?)\s*(?<!\x00)<([^<]*?)>$', re.DOTALL)
URL_RE = re.compile(r'^(?P<schema>.+?)://.*')
GLOB_RE = re.compile(r'.*[*?\[].*')
WS_RE = re.compile(r'\s+')
# a line of explicit markup, up to its ".." (links.c may_define())
MARKUP_RE = re.compile(r'^[ \t\v\f]*\.\.', re.M)
# the labels Sphinx's std domain starts with
INITIAL_LABELS = ('genindex', 'modindex', 'search')
# Documentation/sphinx/automarkup.py
RE_DOC = re.compile(r'(\bDocumentation/)?((\.\./)*[\w\-/]+)\.(rst|txt)')

# Sphinx's, its domains' and the kernel extensions' directives that
# docutils does not know (scripts/checkconduct/directives.c), by what
# their run() does with the content.
BODY_DIRECTIVES = '''
    acks hlist flat-table glossary std:glossary kernel-figure
    c:enum c:enumerator c:function c:macro c:member c:struct c:type c:union
    c:var cmdoption cpp:alias cpp:class cpp:concept cpp:enum cpp:enum-class
    cpp:enum-struct cpp:enumerator cpp:function cpp:member cpp:struct
    cpp:type cpp:union cpp:var cssclass deprecated describe enum enumerator
    envvar function ifconfig js:attribute js:class js:data js:function
    js:method js:module macro member object option py:attribute py:class
    py:classmethod py:data py:decorator py:decoratormethod py:exception
    py:function py:method py:module py:property py:staticmethod rst-class
    rst:directive rst:directive:option rst:role seealso std:cmdoption
    std:envvar std:option struct type union var versionadded versionchanged
'''.split()
OTHER_DIRECTIVES = '''
    alias c:alias code-block kernel-render sourcecode c:namespace
    c:namespace-pop c:namespace-push centered codeauthor cpp:namespace
    cpp:namespace-pop cpp:namespace-push default-domain highlight kernel-abi
    kernel-doc kernel-feat kernel-image literalinclude maintainers-include
    moduleauthor namespace namespace-pop namespace-push productionlist
    program py:currentmodule sectionauthor std:productionlist std:program
    tabularcolumns index
'''.split()

# Sphinx's roles (std and its domains; c is the primary domain) besides
# ref, numref and doc.
OTHER_ROLES = '''
    any download envvar token keyword option term guilabel menuselection
    file samp abbr manpage command dfn kbd mailheader makevar mimetype
    newsgroup program regexp eq
    c:func c:member c:macro c:data c:type c:var c:struct c:union c:enum
    c:enumerator c:expr c:texpr func member macro data type var struct
    union enum enumerator expr texpr
    cpp:any cpp:class cpp:struct cpp:union cpp:func cpp:member cpp:var
    cpp:type cpp:concept cpp:enum cpp:enumerator cpp:expr cpp:texpr
    py:data py:exc py:func py:class py:const py:attr py:meth py:mod py:obj
    js:func js:meth js:class js:data js:attr js:mod rst:dir rst:role
    std:ref std:doc std:numref std:term std:token std:option std:envvar
    std:keyword
'''.split()


class AnyOptions(dict):
    """An option_spec that takes any option, its value as written."""

    def __missing__(self, key):
        return directives.unchanged


def docname_join(base, name):
    """sphinx.util.docname_join()"""
    return posixpath.normpath(posixpath.join('/' + base, '..', name))[1:]


def translate_pattern(pat):
    """sphinx.util.matching._translate_pattern(): "*" and "?" stop at "/"."""
    i, n, res = 0, len(pat), ''
    while i < n:
        c = pat[i]
        i += 1
        if c == '*':
            if i < n and pat[i] == '*':
                i += 1
                res += '.*'
            else:
                res += '[^/]*'
        elif c == '?':
            res += '[^/]'
        elif c == '[':
            j = i
            if j < n and pat[j] == '!':
                j += 1
            if j < n and pat[j] == ']':
                j += 1
            while j < n and pat[j] != ']':
                j += 1
            if j >= n:
                res += '\\['
            else:
                stuff = pat[i:j].replace('\\', '\\\\')
                i = j + 1
                if stuff[0] == '!':
                    stuff = '^/' + stuff[1:]
                elif stuff[0] == '^':
                    stuff = '\\' + stuff
                res += '[%s]' % stuff
        else:
            res += re.escape(c)
    return res + '$'


class toctree(nodes.General, nodes.Element):
    """What a toctree directive records: its entries and their lines."""


class xref(nodes.Inline, nodes.TextElement):
    """A :ref:, :numref: or :doc: link: kind, target, explicit."""


class TocTree(Directive):
    """Sphinx's toctree directive: its options; the entries are recorded."""
    has_content = True
    option_spec = {
        'maxdepth': int, 'name': directives.unchanged,
        'caption': directives.unchanged_required, 'glob': directives.flag,
        'hidden': directives.flag, 'includehidden': directives.flag,
        'numbered': directives.unchanged, 'titlesonly': directives.flag,
        'reversed': directives.flag,
    }

    def run(self):
        node = toctree()
        node['glob'] = 'glob' in self.options
        node['hidden'] = 'hidden' in self.options
        node['entries'] = [(entry, offset + 1)
                           for entry, (_, offset) in zip(self.content, self.content.items)
                           if entry]
        node.line = self.lineno
        node.source = self.state_machine.input_lines.source(
            self.lineno - self.state_machine.input_offset - 1)
        return [nodes.compound('', node, classes=['toctree-wrapper'])]


class SphinxInclude(Include):
    """Sphinx's include ("/" is Documentation/) and kernel-include ($VAR)."""

    def run(self):
        env = self.state.document.settings.env
        path = os.path.expandvars(self.arguments[0])
        if path.startswith('/') and not path.startswith('//') and \
                not os.path.exists(path):
            path = os.path.join(env.docdir, path.lstrip('/'))
        self.arguments[0] = path
        return super().run()


class Only(Directive):
    """Sphinx's only: its content is body elements, whatever the builder."""
    required_arguments = 1
    final_argument_whitespace = True
    has_content = True

    def run(self):
        node = nodes.container()
        self.state.nested_parse(self.content, self.content_offset, node)
        return [node]


class BodyStub(Directive):
    """A Sphinx directive whose content is body elements."""
    optional_arguments = 100
    final_argument_whitespace = True
    option_spec = AnyOptions(name=directives.unchanged)
    has_content = True

    def run(self):
        node = nodes.container()
        if self.content:
            self.state.nested_parse(self.content, self.content_offset, node)
        return [node]


class OtherStub(Directive):
    """A Sphinx directive whose content is code, or that takes none."""
    optional_arguments = 100
    final_argument_whitespace = True
    option_spec = AnyOptions(name=directives.unchanged)
    has_content = True

    def run(self):
        return [nodes.literal_block('', '\n'.join(self.content))]


def xref_role(kind, lowercase):
    """A role that records the link, as Sphinx's XRefRole reads it."""

    def role(name, rawtext, text, lineno, inliner, options=None, content=None):
        text = utils.unescape(text)
        explicit = EXPLICIT_TITLE_RE.match(text)
        if text.startswith('!'):
            return [nodes.literal(rawtext, text[1:])], []
        target = explicit.group(2) if explicit else text
        target = WS_RE.sub(' ', target.strip())
        if lowercase:
            target = target.lower()
        node = xref(rawtext, text, kind=kind, target=target,
                    explicit=bool(explicit))
        node.line = lineno
        return [node], []
    return role


def stub_role(name, rawtext, text, lineno, inliner, options=None, content=None):
    return [nodes.literal(rawtext, utils.unescape(text))], []


def register():
    directives.register_directive('toctree', TocTree)
    directives.register_directive('include', SphinxInclude)
    directives.register_directive('kernel-include', SphinxInclude)
    directives.register_directive('only', Only)
    for name in BODY_DIRECTIVES:
        directives.register_directive(name, BodyStub)
    for name in OTHER_DIRECTIVES:
        directives.register_directive(name, OtherStub)
    roles.register_local_role('ref', xref_role('ref', True))
    roles.register_local_role('numref', xref_role('numref', True))
    roles.register_local_role('doc', xref_role('doc', False))
    for name in OTHER_ROLES:
        roles.register_local_role(name, stub_role)


class Doc:
    """One document parsed: what the checks need of it."""

    def __init__(self, name):
        self.name = name
        self.toctrees = []	# (line, entries, glob)
        self.xrefs = []		# (line, kind, target, explicit)
        self.paths = []		# (line, text, absolute, target)
        self.sections = []	# (title, depth, has_body, line)
        self.labels = []	# (name, has_title, line)
        self.orphan = False
        self.includes = []


class Checker:
    """The state of one run: the documents, their labels, the diagnostics."""

    def __init__(self, srctree, labels):
        self.srctree = srctree
        self.docdir = os.path.join(srctree, 'Documentation')
        self.labels_mode = labels
        self.diags = []
        self.docs = {}		# name -> Doc, parsed
        self.found = self.find_docs()
        self.settings = frontend.get_default_settings(Parser)
        self.settings.report_level = 5
        self.settings.halt_level = 5
        self.settings.file_insertion_enabled = True
        self.settings.raw_enabled = True
        self.settings.tab_width = 8
        self.settings.input_encoding = 'utf-8-sig'
        self.settings.env = self
        self.listed = {}	# name -> (parent, line): any toctree lists it
        self.edges = {}		# name -> [(child, line)] of the docs reached
        self.labels = {n: (None, True, 0) for n in INITIAL_LABELS}
        self.duplicates = []	# (doc, line, label, other doc)

    def report(self, sev, doc, line, msg):
        path = os.path.join('Documentation', doc + '.rst') if doc else SECTIONS_FILE
        self.diags.append((path, line or 1, sev, msg))

    def exclude_patterns(self):
        """conf.py's exclude_patterns, read as the C checker reads it."""
        try:
            src = open(os.path.join(self.docdir, 'conf.py'), encoding='utf-8').read()
        except OSError:
            return []
        for node in ast.parse(src).body:
            if isinstance(node, ast.Assign) and \
                    any(getattr(t, 'id', None) == 'exclude_patterns' for t in node.targets):
                try:
                    return list(ast.literal_eval(node.value))
                except ValueError:
                    return []
        return []

    def find_docs(self):
        """Sphinx's found_docs: the .rst files, less the excluded, in NFC."""
        excl = [re.compile(translate_pattern(p)) for p in self.exclude_patterns()]
        found = set()
        for root, dirs, files in os.walk(self.docdir, followlinks=True):
            rel = os.path.relpath(root, self.docdir)
            rel = '' if rel == '.' else rel + '/'
            dirs[:] = sorted(d for d in dirs
                             if not any(e.match(rel + d) for e in excl))
            for f in files:
                if f.endswith('.rst') and not any(e.match(rel + f) for e in excl):
                    found.add(unicodedata.normalize('NFC', rel + f[:-4]))
        return found

    def parse(self, name):
        """Parse the document @name with docutils: a Doc, kept."""
        if name in self.docs:
            return self.docs[name]
        doc = Doc(name)
        self.docs[name] = doc
        path = os.path.join(self.docdir, name + '.rst')
        try:
            text = open(path, encoding='utf-8-sig').read()
        except (OSError, UnicodeDecodeError):
            return doc
        settings = copy.copy(self.settings)
        settings.record_dependencies = utils.DependencyList()
        tree = publish_doctree(text, source_path=path, settings=settings)
        self.take(doc, tree)
        doc.includes = [os.path.relpath(p, self.docdir)
                        for p in settings.record_dependencies.list]
        return doc

    def take(self, doc, tree):
        """What the checks need of the doctree of @doc."""
        for node in tree.findall(toctree):
            doc.toctrees.append((node.line, node['entries'], node['glob']))
        for node in tree.findall(xref):
            doc.xrefs.append((node.line, node['kind'], node['target'], node['explicit']))
        for info in tree.findall(nodes.docinfo):
            for field in info.findall(nodes.field_name):
                doc.orphan |= field.astext() == 'orphan'
        self.take_sections(doc, tree)
        self.take_labels(doc, tree)
        self.take_paths(doc, tree)

    def take_sections(self, doc, tree):
        for sect in tree.findall(nodes.section):
            depth, up = 0, sect.parent
            while up is not None and up is not tree:
                depth += isinstance(up, nodes.section)
                up = up.parent
            title = sect[0].astext() if sect.children else ''
            body = [c for c in sect.children[1:]
                    if not isinstance(c, (nodes.comment, nodes.target,
                                          nodes.system_message, nodes.section,
                                          nodes.substitution_definition))]
            doc.sections.append((title, depth, bool(body), sect[0].line if sect.children else None))
            if depth < AUTOSECTIONLABEL_MAXDEPTH:
                ref = getattr(sect[0], 'rawsource', title) or title
                doc.labels.append((nodes.fully_normalize_name(doc.name + ':' + ref),
                                   True, sect[0].line))

    def take_labels(self, doc, tree):
        """Sphinx's StandardDomain.process_doc(): the explicit targets."""
        for name, explicit in tree.nametypes.items():
            if not explicit:
                continue
            labelid = tree.nameids.get(name)
            if labelid is None:
                continue
            node = tree.ids[labelid]
            if isinstance(node, nodes.target) and 'refid' in node:
                node = tree.ids.get(node['refid'])
                if node is None:
                    continue
            if node.tagname == 'footnote' or 'refuri' in node:
                continue
            titled = node.tagname in ('section', 'rubric', 'figure', 'table',
                                      'term', 'field_name', 'definition_list',
                                      'field_list', 'literal_block')
            doc.labels.append((name, titled, node.line))

    def take_paths(self, doc, tree):
        """automarkup.py: Documentation/ paths in the text of paragraphs."""
        def text(node):
            if not isinstance(node, nodes.Text) or isinstance(node.parent, nodes.literal):
                return False
            up = node.parent
            while up is not None:
                if isinstance(up, nodes.Referential):
                    return False
                up = up.parent
            return True
        for para in tree.findall(nodes.paragraph):
            for node in para.findall(condition=text):
                for m in RE_DOC.finditer(node.astext()):
                    doc.paths.append((para.line, m.group(0), bool(m.group(1)), m.group(2)))

    # ---- the toctrees ------------------------------------------------

    def resolve(self, doc):
        """TocTree.parse_content(): the documents @doc's toctrees list."""
        out = []
        for line, entries, glob in doc.toctrees:
            left = (self.found | set(INITIAL_LABELS)) - {doc.name}
            for entry, eline in entries:
                explicit = EXPLICIT_TITLE_RE.match(entry)
                if glob and GLOB_RE.match(entry) and not explicit and not URL_RE.match(entry):
                    pat = re.compile(translate_pattern(docname_join(doc.name, entry)))
                    names = sorted(n for n in left if pat.match(n))
                    for n in names:
                        left.discard(n)
                        if n not in INITIAL_LABELS:	# generated: not listed
                            out.append((n, eline))
                    if not names:
                        self.report('error', doc.name, eline,
                                    "toctree glob '%s' matches no document" % entry)
                    continue
                ref = explicit.group(2) if explicit else entry
                name = ref[:-4] if ref.endswith('.rst') else ref
                name = docname_join(doc.name, name)
                if URL_RE.match(ref) or ref == 'self' or name in INITIAL_LABELS:
                    continue
                if name == doc.name:
                    self.report('warning', doc.name, eline, "toctree entry '%s' is this "
                                'document itself (Sphinx ignores it)' % ref)
                    continue
                if name not in self.found:
                    self.report('error', doc.name, eline,
                                "toctree entry '%s' does not exist (no %s)%s" %
                                (ref, os.path.join(self.docdir, name + '.rst'),
                                 self.suggest(doc.name, ref, name)))
                    continue
                left.discard(name)
                out.append((name, eline))
        return out

    def suggest(self, parent, ref, name):
        """util.c suggest: the closest name in the entry's directory."""
        where = posixpath.dirname(name)
        names = [posixpath.basename(n) for n in self.found
                 if posixpath.dirname(n) == where]
        close = difflib.get_close_matches(posixpath.basename(name), names, 1)
        if not close:
            return ''
        return "; did you mean '%s'?" % (ref[:len(ref) - len(posixpath.basename(ref))] + close[0])

    def follow(self, root):
        """Parse @root and what its toctrees reach; note their edges."""
        queue, seen = [root], {root}
        while queue:
            name = queue.pop(0)
            doc = self.parse(name)
            self.edges[name] = self.resolve(doc)
            for child, line in self.edges[name]:
                self.listed.setdefault(child, (name, line))
                if child not in seen:
                    seen.add(child)
                    queue.append(child)
        return seen

    def check_cycles(self, root):
        """A toctree entry that leads back to a document above it."""
        state = {}

        def visit(name, path):
            state[name] = 1
            for child, line in self.edges.get(name, []):
                if state.get(child) == 1:
                    cycle = path[path.index(child):] + [child]
                    self.report('error', name, line,
                                'toctree entry closes a cycle (%s)' % ' -> '.join(cycle))
                elif child not in state:
                    visit(child, path + [child])
            state[name] = 2
        visit(root, [root])

    # ---- the code of conduct -------------------------------------------

    def required_sections(self):
        try:
            lines = open(os.path.join(self.srctree, SECTIONS_FILE), encoding='utf-8')
        except OSError:
            self.report('error', None, 1, 'cannot read the list of sections')
            return []
        return [ln.strip() for ln in lines if ln.strip() and not ln.startswith('#')]

    def check_coc(self):
        if CODE_OF_CONDUCT not in [c for c, _ in self.edges.get(PROCESS_INDEX, [])]:
            self.report('error', PROCESS_INDEX, 1,
                        "the code of conduct ('code-of-conduct') is not linked "
                        "from any toctree of this index")
        if CODE_OF_CONDUCT not in self.found:
            self.report('error', CODE_OF_CONDUCT, 1, 'no code of conduct here')
            return
        doc = self.parse(CODE_OF_CONDUCT)
        level, last = None, -1
        for want in self.required_sections():
            hits = [(i, s) for i, s in enumerate(doc.sections) if s[0] == want]
            if not hits:
                self.report('error', CODE_OF_CONDUCT, 1,
                            "required section '%s' is missing" % want)
                continue
            i, (title, depth, body, line) = hits[0]
            for _, again in hits[1:]:
                self.report('error', CODE_OF_CONDUCT, again[3],
                            "required section '%s' appears again" % want)
            if level is None:
                level = depth
            elif depth != level:
                self.report('error', CODE_OF_CONDUCT, line,
                            "required section '%s' is not at the level of the others" % want)
            if i < last:
                self.report('error', CODE_OF_CONDUCT, line,
                            "required section '%s' is out of order" % want)
            last = i
            if not body:
                self.report('error', CODE_OF_CONDUCT, line,
                            "required section '%s' has no body" % want)

    # ---- orphans -----------------------------------------------------

    def check_orphans(self):
        process = sorted(n for n in self.found if n.startswith('process/'))
        for name in process:
            self.learn(name)
        left = [n for n in process if self.is_orphan(n)]
        if left:
            for name in sorted(self.found):
                self.learn(name)
        for name in left:
            if self.is_orphan(name):
                self.report('warning', name, 1, 'document is not in any toctree '
                            "(link it, or mark it ':orphan:')")

    def learn(self, name):
        """Parse @name, if not yet, only to learn what its toctrees list."""
        if name in self.edges:
            return
        doc = self.parse(name)
        self.edges[name] = self.resolve_quietly(doc)
        for child, line in self.edges[name]:
            self.listed.setdefault(child, (name, line))

    def resolve_quietly(self, doc):
        kept, self.diags = self.diags, []
        try:
            return self.resolve(doc)
        finally:
            self.diags = kept

    def is_orphan(self, name):
        if name == PROCESS_INDEX or name in self.listed:
            return False
        if name in self.docs and self.docs[name].orphan:
            return False
        return not any(name + '.rst' in d.includes for d in self.docs.values())

    # ---- labels and links --------------------------------------------

    def add_labels(self, doc):
        for name, titled, line in doc.labels:
            if name in self.labels and self.labels[name][0] not in (None, doc.name):
                self.duplicates.append((doc.name, line, name, self.labels[name][0]))
            self.labels[name] = (doc.name, titled, line)

    def may_define(self, text, want):
        """links.c may_define(): explicit markup that may define a label."""
        def wanted(name):
            name = name.strip()
            return '\\' in name or '`' in name or \
                nodes.fully_normalize_name(name) in want
        for m in MARKUP_RE.finditer(text):
            end = text.find('\n', m.end())
            line = text[m.end():end if end >= 0 else len(text)].lstrip(' \t')
            if line.startswith('_'):
                name, colon, _ = line[1:].rpartition(':')
                if not colon or wanted(name):
                    return True
                continue
            if '::' not in line:
                continue
            for option in text[end + 1:].split('\n\n', 1)[0].split('\n'):
                option = option.strip()
                if option.startswith(':name:') and wanted(option[6:]):
                    return True
        return False

    def read_labels(self, reached):
        for name in sorted(self.docs):
            self.add_labels(self.docs[name])
        if self.labels_mode == 'process':
            return
        want = {t for d in reached for _, kind, t, _ in self.docs[d].xrefs
                if kind in ('ref', 'numref')}
        want |= set(self.labels)
        for target in list(want):
            doc, sep, _ = target.partition(':')
            if sep and doc in self.found and doc not in self.docs:
                self.add_labels(self.parse(doc))
        for name in sorted(self.found - set(self.docs)):
            if self.labels_mode == 'tree':
                path = os.path.join(self.docdir, name + '.rst')
                try:
                    text = open(path, encoding='utf-8-sig').read()
                except (OSError, UnicodeDecodeError):
                    continue
                if not self.may_define(text, want):
                    continue
            self.add_labels(self.parse(name))

    def check_links(self, reached):
        for name, line, label, other in self.duplicates:
            if name in reached or other in reached:
                self.report('warning', name, line,
                            "duplicate label '%s' at %s" % (label, other))
        for name in sorted(reached):
            doc = self.docs[name]
            for line, kind, target, explicit in doc.xrefs:
                if kind == 'doc':
                    if docname_join(name, target) not in self.found:
                        self.report('warning', name, line,
                                    ":doc: to an unknown document '%s'" % target)
                elif kind == 'numref':
                    self.report('warning', name, line,
                                ":numref: to '%s': numfig is off" % target)
                elif target not in self.labels:
                    self.report('warning', name, line,
                                ":ref: to an undefined label '%s'" % target)
                elif not explicit and not self.labels[target][1]:
                    self.report('warning', name, line, ":ref: to '%s', a label that "
                                'stands before no section, term or caption' % target)
            for line, text, absolute, target in doc.paths:
                # links.c check_doc(): "Documentation/" paths only
                if not absolute or docname_join(name, '/' + target) in self.found:
                    continue
                if not os.path.exists(os.path.join(self.docdir, target + text[-4:])):
                    self.report('warning', name, line, "'%s' is no document: "
                                'automarkup leaves it unlinked' % text)

    def run(self):
        """The checks of checks.c run_checks(); False: no index to check."""
        if PROCESS_INDEX not in self.found:
            self.report('error', PROCESS_INDEX, 1, 'cannot read the index')
            return False
        reached = self.follow(PROCESS_INDEX)
        self.check_cycles(PROCESS_INDEX)
        self.check_coc()
        self.check_orphans()
        self.read_labels(reached)
        self.check_links(reached)
        return True


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--srctree', default=os.environ.get('srctree') or '.')
    ap.add_argument('--labels', choices=('process', 'tree', 'all'), default='tree')
    args = ap.parse_args()
    register()
    checker = Checker(args.srctree, args.labels)
    ran = checker.run()
    errors = 0
    for path, line, sev, msg in sorted(set(checker.diags)):
        print('%s:%d:1: %s: %s' % (os.path.join(args.srctree, path), line, sev, msg),
              file=sys.stderr)
        errors += sev == 'error'
    print('docutils-check: %d documents parsed by docutils, %d found' %
          (len(checker.docs), len(checker.found)))
    return 2 if not ran else 1 if errors else 0


if __name__ == '__main__':
    sys.exit(main())
