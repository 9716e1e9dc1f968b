#!/usr/bin/python3
"""sphinx-build, with a tiny extension that records when its events fire.

What a Sphinx extension doing checkconduct's checks would cost (issue 35):
the earliest an extension can judge the toctrees is once Sphinx has read
every document (the env-updated and env-check-consistency events), and it
runs only where Sphinx does.  scripts/bench.sh runs

	make htmldocs SPHINXDIRS=process SPHINXBUILD=.../sphinx_timed.py

so that the build is exactly the kernel's (its Makefile, conf.py,
parallel-wrapper.sh and -jauto), with this file in place of sphinx-build:
it adds itself to the extensions every Sphinx application loads first
(sphinx.application.builtin_extensions) and runs sphinx-build's main().
The extension appends "EVENT EPOCH-SECONDS" to the file named by
$SPHINX_TIMED_LOG for builder-inited, env-before-read-docs, env-updated,
env-check-consistency and build-finished.  It declares itself safe for
parallel reading and writing, so Sphinx reads with -jauto as without it,
and calls itself sphinx-build, as parallel-wrapper.sh wants to read the
version it prints.
Without $SPHINX_TIMED_LOG it records nothing.
"""

import os
import sys
import time

EVENTS = ('builder-inited', 'env-before-read-docs', 'env-updated',
          'env-check-consistency', 'build-finished')


def record(event):
    log = os.environ.get('SPHINX_TIMED_LOG')
    if log:
        with open(log, 'a') as f:
            f.write('%s %.6f\n' % (event, time.time()))


def setup(app):
    for event in EVENTS:
        # each handler takes the event's own arguments, whatever they are
        app.connect(event, lambda *args, event=event: record(event))
    return {'parallel_read_safe': True, 'parallel_write_safe': True}


def main():
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import sphinx.application
    from sphinx.cmd.build import main as build
    sphinx.application.builtin_extensions += ('sphinx_timed',)
    # parallel-wrapper.sh adds -jauto if "--version" prints a version
    # first: the name it prints must have no "." in it
    sys.argv[0] = 'sphinx-build'
    return build(sys.argv[1:])


if __name__ == '__main__':
    sys.exit(main())
