# MateRunner over SwiftPM: `make` builds the executable, the shipped front-ends, the man pages and the
# shell completions; `make install` puts them in a Unix layout; `make uninstall` takes them away.
#
#   make                                    release build into .build/release, pages and completions
#   make install PREFIX=/usr/local          (the default) or any prefix; DESTDIR=/tmp/root stages it
#   make install SWIFT_RUNTIME=bundle       also copies the Swift runtime the binary and front-ends use
#                                           into lib/materunner/swift and points their RUNPATH there,
#                                           for a machine without a Swift toolchain (scripts/build-deb)
#   make uninstall PREFIX=...               removes what install put there
#
# Installed:
#   $(PREFIX)/bin/materunner
#   $(PREFIX)/lib/materunner/lib*FrontEnd.so     the shipped front-ends, found from the executable's own
#                                                folder (/proc/self/exe) as ../lib/materunner
#   $(PREFIX)/share/man/man1/materunner*.1       swift-argument-parser's generate-manual
#   bash, zsh and fish completions               `materunner --generate-completion-script SHELL`

PREFIX ?= /usr/local
DESTDIR ?=
CONFIGURATION ?= release
SWIFT ?= swift
SWIFT_BUILD_FLAGS ?=
# keep: link against the toolchain's runtime where it is (a machine with Swift); bundle: ship it.
SWIFT_RUNTIME ?= keep
# The man pages' date, so that two builds of one commit give the same pages.
MANUAL_DATE ?= $(shell git log -1 --format=%cs 2>/dev/null || date -u +%F)

BINDIR ?= $(PREFIX)/bin
LIBDIR ?= $(PREFIX)/lib/materunner
MANDIR ?= $(PREFIX)/share/man/man1
BASH_COMPLETION_DIR ?= $(PREFIX)/share/bash-completion/completions
ZSH_COMPLETION_DIR ?= $(PREFIX)/share/zsh/site-functions
FISH_COMPLETION_DIR ?= $(PREFIX)/share/fish/vendor_completions.d

INSTALL ?= install
PATCHELF ?= patchelf

# Every shipped front-end (FrontEndSearchPath.shipped); the web page is compiled into libWebFrontEnd.so,
# so it needs no file beside it.
PLUGINS := TextFrontEnd JSONStreamFrontEnd WorldClockFrontEnd AudioFrontEnd WebFrontEnd
# A release build's layout on Linux (scripts/release-flags: lld and the profiled order of functions),
# kept out of Package.swift, which SwiftPM would otherwise refuse as a dependency (unsafeFlags).
RELEASE_FLAGS := $(if $(filter release,$(CONFIGURATION)),$(shell scripts/release-flags))
BUILD_ARGS := -c $(CONFIGURATION) $(RELEASE_FLAGS) $(SWIFT_BUILD_FLAGS)
# Asked of SwiftPM once, when first used.
BIN_PATH = $(eval BIN_PATH := $(shell $(SWIFT) build $(BUILD_ARGS) --show-bin-path))$(BIN_PATH)
GENERATED := .build/generated

.PHONY: all build man completions install uninstall clean

all: build man completions

# SwiftPM does not relink when only the order file changed (it is a linker flag's file, not an input it
# tracks): an executable older than the order file is removed, so that the build links it again.
build:
	$(if $(RELEASE_FLAGS),@[ ! scripts/lib/materunner.order -nt $(BIN_PATH)/materunner ] || rm -f $(BIN_PATH)/materunner)
	$(SWIFT) build $(BUILD_ARGS) --product materunner
	$(foreach plugin,$(PLUGINS),$(SWIFT) build $(BUILD_ARGS) --product $(plugin) &&) true

# One page per command (materunner.1, materunner.run.1, ...), made by swift-argument-parser's
# generate-manual, the tool behind its GenerateManual plugin (`swift package generate-manual`), from the
# same declarations as --help. The tool is run here on the binary just built: the plugin would first
# build the whole package again with a command plugin's build parameters, which SwiftPM does not share
# with `swift build` (swiftlang/swift-package-manager#7210), so the two would rebuild each other's
# release artifacts every time (measured: 11 minutes of recompiling here, for pages that take a second).
man: build
	$(SWIFT) build $(BUILD_ARGS) --product generate-manual
	rm -rf $(GENERATED)/man && mkdir -p $(GENERATED)/man
	$(BIN_PATH)/generate-manual $(BIN_PATH)/materunner --multi-page --date $(MANUAL_DATE) \
		--authors 'The MateRunner authors' --output-directory $(GENERATED)/man
	# A subcommand's page names itself "materunner run", which whatis (apropos, man -k) cannot index:
	# NAME gets the page's name (materunner.run), the synopsis keeps the command as typed.
	perl -0pi -e 'if (/^\.Nm "([^"]+)"$$/m) { my $$n = $$1; (my $$page = $$n) =~ s/ /./g;' \
		-e 's/^\.Nm "\Q$$n\E"$$/.Nm $$page/m; s/^\.Nm$$/.Nm "$$n"/mg; }' $(GENERATED)/man/*.1

completions: build
	mkdir -p $(GENERATED)/completions
	# bash-completion sources its files: no #! line.
	$(BIN_PATH)/materunner --generate-completion-script bash | sed '1{/^#!/d}' > $(GENERATED)/completions/materunner.bash
	$(BIN_PATH)/materunner --generate-completion-script zsh > $(GENERATED)/completions/_materunner
	$(BIN_PATH)/materunner --generate-completion-script fish > $(GENERATED)/completions/materunner.fish

install: all
	$(INSTALL) -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(LIBDIR) $(DESTDIR)$(MANDIR) \
		$(DESTDIR)$(BASH_COMPLETION_DIR) $(DESTDIR)$(ZSH_COMPLETION_DIR) $(DESTDIR)$(FISH_COMPLETION_DIR)
	$(INSTALL) -m 755 $(BIN_PATH)/materunner $(DESTDIR)$(BINDIR)/materunner
	$(foreach plugin,$(PLUGINS),$(INSTALL) -m 644 $(BIN_PATH)/lib$(plugin).so $(DESTDIR)$(LIBDIR)/ &&) true
	$(INSTALL) -m 644 $(GENERATED)/man/*.1 $(DESTDIR)$(MANDIR)/
	$(INSTALL) -m 644 $(GENERATED)/completions/materunner.bash $(DESTDIR)$(BASH_COMPLETION_DIR)/materunner
	$(INSTALL) -m 644 $(GENERATED)/completions/_materunner $(DESTDIR)$(ZSH_COMPLETION_DIR)/_materunner
	$(INSTALL) -m 644 $(GENERATED)/completions/materunner.fish $(DESTDIR)$(FISH_COMPLETION_DIR)/materunner.fish
ifeq ($(SWIFT_RUNTIME),bundle)
	scripts/bundle-swift-runtime $(DESTDIR)$(BINDIR)/materunner $(DESTDIR)$(LIBDIR)
endif

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/materunner
	rm -f $(foreach plugin,$(PLUGINS),$(DESTDIR)$(LIBDIR)/lib$(plugin).so)
	rm -rf $(DESTDIR)$(LIBDIR)/swift
	-rmdir $(DESTDIR)$(LIBDIR)
	rm -f $(DESTDIR)$(MANDIR)/materunner.1 $(DESTDIR)$(MANDIR)/materunner.*.1
	rm -f $(DESTDIR)$(BASH_COMPLETION_DIR)/materunner $(DESTDIR)$(ZSH_COMPLETION_DIR)/_materunner \
		$(DESTDIR)$(FISH_COMPLETION_DIR)/materunner.fish

clean:
	rm -rf $(GENERATED)
