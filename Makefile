# Roofline Studio: `make run` starts the GUI, `make test` runs every test. Both install the
# Debian packages they need first (as root, with apt-get), configure and build.
BUILD_DIR ?= build
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
GENERATOR := $(shell command -v ninja >/dev/null 2>&1 && echo Ninja || echo "Unix Makefiles")

# Debug information as line tables only (-g1): backtraces, sanitizer reports and profiles keep
# their file:line, and a clean build takes a third less time (200 -> 138 s on 2 cores). For
# variables in a debugger, configure a Debug build of your own.
LINE_TABLES_ONLY := -g1

# Everything the build, the tests and a headless `make run` need, by Debian package name.
DEBIAN_PACKAGES := cmake ninja-build g++ make pkg-config \
	qt6-base-dev qt6-svg-dev libgl-dev libqcustomplot-dev \
	libyaml-cpp-dev nlohmann-json3-dev libcli11-dev libgtest-dev libgmock-dev \
	fonts-dejavu-core

.PHONY: all deps configure build run test asan bench fuzz example docs clean

all: build

deps:
	@missing=""; \
	for p in $(DEBIAN_PACKAGES); do \
	  dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'install ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "Installing Debian packages:$$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing \
	      || { echo "error: apt-get could not install:$$missing"; exit 1; }; \
	  else \
	    echo "error: missing Debian packages:$$missing"; \
	    echo "Install them with:  sudo apt-get install$$missing"; \
	    exit 1; \
	  fi; \
	fi

$(BUILD_DIR)/CMakeCache.txt: | deps
	cmake -S . -B $(BUILD_DIR) -G "$(GENERATOR)" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="$(LINE_TABLES_ONLY) -O2 -DNDEBUG"

configure: deps $(BUILD_DIR)/CMakeCache.txt

build: configure
	cmake --build $(BUILD_DIR) -j $(JOBS)

# With no display (a server, CI, ssh), say so and write an example figure instead.
run: build
	@if [ -n "$$DISPLAY$$WAYLAND_DISPLAY" ]; then \
	  exec $(BUILD_DIR)/bin/roofline-studio; \
	else \
	  echo "No display found (DISPLAY and WAYLAND_DISPLAY are unset): writing roofline-example.png and roofline-example.svg with the CLI instead."; \
	  $(MAKE) --no-print-directory example; \
	fi

example: build
	@for ext in png svg; do \
	  $(BUILD_DIR)/bin/roofline export resources/examples/lesson-h100.roofline.yaml -o roofline-example.$$ext || exit 1; \
	done

# The figures in docs/ are made by the CLI, so the docs cannot drift from the product.
# Every figure in docs/ comes from a session in resources/examples/ (tests check that each one
# loads and exports), so the docs cannot drift from the product.
EXAMPLES := resources/examples
docs: build
	$(BUILD_DIR)/bin/roofline export $(EXAMPLES)/lesson-h100.roofline.yaml -o docs/figures/h100-fp8-lesson.png --dpi 96
	$(BUILD_DIR)/bin/roofline export $(EXAMPLES)/llm-decode-vs-prefill.roofline.yaml -o docs/figures/llm-levers.png --dpi 96
	$(BUILD_DIR)/bin/roofline export $(EXAMPLES)/reading-the-plot.roofline.yaml -o docs/figures/reading-the-plot.png --dpi 96
	$(BUILD_DIR)/bin/roofline export $(EXAMPLES)/ridge-moves.roofline.yaml -o docs/figures/ridge-moves.png --dpi 96
	$(BUILD_DIR)/bin/roofline export $(EXAMPLES)/twenty-kernels.roofline.yaml -o docs/figures/twenty-kernels.png --dpi 96
	$(BUILD_DIR)/bin/roofline export $(EXAMPLES)/real-profile-h200.roofline.yaml -o docs/figures/real-profile-h200.png --dpi 96
	$(BUILD_DIR)/bin/roofline export $(EXAMPLES)/llm-decode-vs-prefill.roofline.yaml --preset column \
	  -o docs/figures/llm-levers-column.png
	$(BUILD_DIR)/bin/roofline export $(EXAMPLES)/ridge-moves.roofline.yaml --panels precisions --precisions bf16,fp8 \
	  -o docs/figures/panels-precisions.png --dpi 96
	$(BUILD_DIR)/bin/roofline compare $(EXAMPLES)/run-before.roofline.yaml $(EXAMPLES)/run-after.roofline.yaml \
	  --match '^(.*)_v[0-9]+$$' -o docs/figures/before-after.png --dpi 96 > /dev/null
	$(BUILD_DIR)/bin/roofline report $(EXAMPLES)/real-profile-h200.roofline.yaml -o $(BUILD_DIR)/report.html && \
	  if command -v chromium >/dev/null; then chromium --headless --no-sandbox --disable-gpu --hide-scrollbars \
	  --window-size=1200,1250 --screenshot=docs/figures/report.png "file://$(abspath $(BUILD_DIR))/report.html#bf16/1"; \
	  else echo "no chromium: docs/figures/report.png left as it is"; fi
	HOME=$$(mktemp -d) QT_QPA_PLATFORM=offscreen $(BUILD_DIR)/bin/roofline-studio \
	  --screenshot docs/figures/window.png $(EXAMPLES)/lesson-h100.roofline.yaml
	HOME=$$(mktemp -d) QT_QPA_PLATFORM=offscreen $(BUILD_DIR)/bin/roofline-studio --size 1366x740 \
	  --screenshot docs/figures/window-1366x768.png $(EXAMPLES)/real-profile-h200.roofline.yaml
	HOME=$$(mktemp -d) QT_QPA_PLATFORM=offscreen $(BUILD_DIR)/bin/roofline-studio --size 1920x1040 \
	  --screenshot docs/figures/window-1920x1080.png $(EXAMPLES)/real-profile-h200.roofline.yaml

# The HTML report's test opens it in a real browser, offscreen (only the tests need one).
test: DEBIAN_PACKAGES += chromium
test: build
	cd $(BUILD_DIR) && ctest --output-on-failure -j $(JOBS)

# Benchmarks (not part of `make test`): one line per target of docs/performance.md.
bench: build
	cmake --build $(BUILD_DIR) --target ui_bench -j $(JOBS)
	$(BUILD_DIR)/tests/ui_bench 1000 100000 1000000          # window open; toggle at 10^3, 10^5, 10^6
	tests/benchmarks/whole_process.sh $(BUILD_DIR)/bin/roofline # export 10^4 kernels; analyze 10^6 rows

# libFuzzer on every parser (clang, ASan + UBSan), seeded from the test fixtures; FUZZ_SECONDS each.
FUZZ_SECONDS ?= 60
fuzz: DEBIAN_PACKAGES += clang libclang-rt-dev
fuzz: deps
	CC=clang CXX=clang++ cmake -S . -B build-fuzz -G "$(GENERATOR)" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DROOFLINE_FUZZ=ON \
	  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="$(LINE_TABLES_ONLY) -O2 -DNDEBUG"
	cmake --build build-fuzz -j $(JOBS)
	@failed=""; for t in quantity profile kernels ceilings session model point; do \
	  mkdir -p build-fuzz/corpus/$$t; \
	  echo "fuzzing $$t for $(FUZZ_SECONDS) s"; \
	  if build-fuzz/tests/fuzz/fuzz_$$t build-fuzz/corpus/$$t tests/data/profiles/valid tests/data/profiles/invalid \
	    tests/data/kernels/valid tests/data/kernels/invalid tests/data/ncu tests/data/rocprof tests/data/foreign tests/data/nersc tests/data/ceilings tests/data/invalid \
	    tests/data/fuzz-regressions resources/examples resources/models hardware_profiles \
	    -max_total_time=$(FUZZ_SECONDS) -max_len=65536 -timeout=10 -rss_limit_mb=4096 \
	    -artifact_prefix=build-fuzz/crash-$$t- -print_final_stats=1 > build-fuzz/fuzz-$$t.log 2>&1; then \
	    grep -E "^stat::number_of_executed_units|^Done" build-fuzz/fuzz-$$t.log | tail -n 2; \
	  else \
	    tail -n 40 build-fuzz/fuzz-$$t.log; failed="$$failed $$t"; \
	  fi; \
	done; \
	if [ -n "$$failed" ]; then echo "error: fuzzing found a crash, hang, leak or sanitizer report in:$$failed (inputs: build-fuzz/crash-*)"; exit 1; fi

# The whole suite under AddressSanitizer + UndefinedBehaviorSanitizer (CMakePresets.json "asan").
asan: DEBIAN_PACKAGES += chromium
asan: deps
	cmake --preset asan
	cmake --build --preset asan -j $(JOBS)
	ctest --preset asan -j $(JOBS)

clean:
	rm -rf $(BUILD_DIR) build-asan build-fuzz roofline-example.png roofline-example.svg
