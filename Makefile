# starcarp: the two commands of the README, and a few conveniences.
#   make run    install what is missing, build, run the main job
#   make test   install what is missing, build, run every test (ctest) but the long stress label
#               (its short form included; `cd build && ctest -L stress` runs the whole)
#   make format-check   the sources against .clang-format (the first stage of .ci/run)
# Variables: BUILD (build folder), JOBS, STARPU_DIR (use an existing StarPU >= 1.4), CMAKE_ARGS.

BUILD      ?= build
JOBS       ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_ARGS ?=
CTEST_ARGS ?=

.PHONY: all deps configure build run test install clean distclean gpu-pack format-check

all: build

deps:
	@bash scripts/install-deps.sh

$(BUILD)/CMakeCache.txt: | deps
	cmake -S . -B $(BUILD) $(if $(STARPU_DIR),-DSTARPU_DIR=$(STARPU_DIR)) $(CMAKE_ARGS)

configure: deps $(BUILD)/CMakeCache.txt

build: configure
	cmake --build $(BUILD) -j $(JOBS)

run: build
	@bash scripts/main-job.sh $(BUILD)

test: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS) -LE '^stress$$' $(CTEST_ARGS)

format-check: deps
	@bash scripts/format-check.sh

install: build
	cmake --install $(BUILD) $(if $(PREFIX),--prefix $(PREFIX))

gpu-pack: build
	@bash lab/gpu/pack.sh

clean:
	rm -rf $(BUILD)

distclean: clean
	rm -rf .deps .carry
