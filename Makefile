# checkconduct: the entry points.  Paths are worked out in scripts/env.sh,
# through which every script runs; see README.md.
BUILD    ?= build
KSRC_TAR ?= /usr/src/linux-source-6.1.tar.xz
export BUILD KSRC_TAR

RUN := scripts/env.sh

.PHONY: all deps tree export sync fold rewrite test clean boot bench fuzz conformance

all:
	@$(RUN) scripts/main.sh

deps:
	@$(RUN) scripts/deps.sh

tree: deps
	@$(RUN) scripts/prepare-tree.sh

export:
	@$(RUN) scripts/export-series.sh

# The checker of this base's series, carried over to the other bases' trees.
sync:
	@$(RUN) scripts/sync-series.sh

# The changes made in the tree, each hunk into the commit it belongs to:
# make fold FOLD='FILE=SUBJECT ...' to name one for a file (scripts/fold.py).
fold:
	@$(RUN) scripts/fold.py $(FOLD)

# One transformation at every commit of the series (scripts/rewrite-series.sh):
# make rewrite CMD='...' [MSGCMD='...'], CMD run in scripts/checkconduct/.
rewrite:
	@$(RUN) scripts/rewrite-series.sh

# make test TESTS="00 1"  runs only the tests whose names start so.
test: deps tree
	@$(RUN) selftests/run.sh $(TESTS)

clean:
	rm -rf -- "$(abspath $(BUILD))"

boot bench fuzz: deps tree
	@$(RUN) scripts/$@.sh

# make conformance CONFORMANCE_SECONDS=600: the checker against sphinx-build
# on random trees for that long (default 60); see selftests/conformance/.
conformance: deps tree
	@$(RUN) scripts/conformance.sh $(CONFORMANCE_SECONDS)
