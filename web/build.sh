#!/usr/bin/env bash
# Builds the play page into web/dist/: the xiangqi-wasm crate twice (single-thread on stable;
# threaded on nightly with atomics and shared memory), wasm-bindgen's glue, the page's files and
# the service worker. Installs what it needs when it is missing: the wasm32 target, nightly's
# rust-src, wasm-bindgen-cli (the crate's exact version, into target/tools or $XIANGQI_TOOLS,
# unless one is on PATH) and, optionally, binaryen's wasm-opt.
#
#   web/build.sh            both builds
#   WEB_THREADS=0 web/build.sh   the single-thread build only (the page then never uses threads)
set -euo pipefail
cd "$(dirname "$0")/.."

CARGO=${CARGO:-cargo}
WEB_THREADS=${WEB_THREADS:-1}
OUT=web/dist
STAGE=target/web
TOOLS=${XIANGQI_TOOLS:-target/tools}
# The wasm-bindgen crate is pinned (`=x.y.z`) in xiangqi-wasm/Cargo.toml; the CLI must match.
WB_VERSION=$(sed -n 's/^wasm-bindgen = "=\([0-9.]*\)"/\1/p' xiangqi-wasm/Cargo.toml)
WASM_BINDGEN=$TOOLS/bin/wasm-bindgen
# Linear memory of the threaded build: shared memory needs a maximum (1 GiB).
MAX_MEMORY=1073741824
# The main thread's stack, as wasm-bindgen gives each helper thread (2 MiB; Rust's default is 1).
STACK="-C link-arg=-zstack-size=2097152"
# 128-bit SIMD for the net's accumulators and output (every current browser runs it).
SIMD="-C target-feature=+simd128"

step() { echo "== $*" >&2; }

# ----- tools -------------------------------------------------------------------------------
if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  step "rustup target add wasm32-unknown-unknown"
  rustup target add wasm32-unknown-unknown
fi
wb_version() { "$1" --version 2>/dev/null | awk '{print $2}'; }
# One already on PATH at the right version will do (a CI image may carry it).
if [ "$(wb_version "$WASM_BINDGEN")" != "$WB_VERSION" ] && command -v wasm-bindgen >/dev/null &&
  [ "$(wb_version wasm-bindgen)" = "$WB_VERSION" ]; then
  WASM_BINDGEN=$(command -v wasm-bindgen)
fi
if [ "$(wb_version "$WASM_BINDGEN")" != "$WB_VERSION" ]; then
  step "cargo install wasm-bindgen-cli $WB_VERSION into $TOOLS"
  # Not --locked: the CLI's lockfile names crate versions the registry may lack.
  $CARGO install wasm-bindgen-cli --version "$WB_VERSION" --root "$TOOLS" --force
fi
WASM_OPT=""
if command -v wasm-opt >/dev/null; then
  WASM_OPT=wasm-opt
elif [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  step "apt-get install binaryen (wasm-opt)"
  if apt-get install -y -qq binaryen >/dev/null 2>&1 && command -v wasm-opt >/dev/null; then
    WASM_OPT=wasm-opt
  fi
fi
# Binaryen before version 116 breaks wasm-bindgen's externref table (reference types).
if [ -n "$WASM_OPT" ]; then
  WASM_OPT_VERSION=$("$WASM_OPT" --version | grep -o '[0-9]\+' | head -1)
  if [ "${WASM_OPT_VERSION:-0}" -lt 116 ]; then
    step "wasm-opt version $WASM_OPT_VERSION is too old for reference types: the wasm is left unoptimised"
    WASM_OPT=""
  fi
else
  step "wasm-opt not found: the wasm is left unoptimised"
fi

optimize() { # file [features...]
  local file=$1
  shift
  if [ -n "$WASM_OPT" ]; then
    "$WASM_OPT" -O3 "$@" "$file" -o "$file.opt" && mv "$file.opt" "$file"
  fi
}

# ----- single-thread build (stable) ----------------------------------------------------------
step "xiangqi-wasm, single-thread"
RUSTFLAGS="$STACK $SIMD" $CARGO build -p xiangqi-wasm --target wasm32-unknown-unknown --profile wasm
rm -rf "$STAGE/st"
"$WASM_BINDGEN" --target web --no-typescript --out-dir "$STAGE/st" \
  target/wasm32-unknown-unknown/wasm/xiangqi_wasm.wasm
optimize "$STAGE/st/xiangqi_wasm_bg.wasm" --enable-simd

# ----- threaded build (nightly, build-std) ---------------------------------------------------
rm -rf "$STAGE/mt"
if [ "$WEB_THREADS" != 0 ]; then
  if ! rustup toolchain list | grep -q '^nightly'; then
    step "rustup toolchain install nightly"
    rustup toolchain install nightly --profile minimal
  fi
  if ! rustup component list --toolchain nightly --installed | grep -q '^rust-src'; then
    step "rustup component add rust-src --toolchain nightly"
    rustup component add rust-src --toolchain nightly
  fi
  step "xiangqi-wasm, threaded"
  # Its own target directory: other flags and another std, so that the stable artefacts stay.
  RUSTFLAGS="$STACK $SIMD -C target-feature=+atomics,+bulk-memory \
    -C link-arg=--shared-memory -C link-arg=--import-memory \
    -C link-arg=--max-memory=$MAX_MEMORY \
    -C link-arg=--export=__wasm_init_tls -C link-arg=--export=__tls_size \
    -C link-arg=--export=__tls_align -C link-arg=--export=__tls_base" \
    $CARGO +nightly build -p xiangqi-wasm --features threads \
    --target wasm32-unknown-unknown --profile wasm --target-dir target/wasm-threads \
    -Z build-std=panic_abort,std
  "$WASM_BINDGEN" --target web --no-typescript --out-dir "$STAGE/mt" \
    target/wasm-threads/wasm32-unknown-unknown/wasm/xiangqi_wasm.wasm
  optimize "$STAGE/mt/xiangqi_wasm_bg.wasm" --enable-threads --enable-bulk-memory --enable-simd
  # wasm-bindgen-rayon's pool workers start the module with the positional arguments that
  # wasm-bindgen deprecates (a console warning in every helper thread): pass the object form.
  sed -i 's/await pkg\.default(data\.module, data\.memory);/await pkg.default({ module_or_path: data.module, memory: data.memory });/' \
    "$STAGE"/mt/snippets/*/src/workerHelpers*.js
fi

# ----- the site ----------------------------------------------------------------------------
step "site in $OUT"
rm -rf "$OUT"
mkdir -p "$OUT/src" "$OUT/pkg"
cp web/style.css "$OUT/"
# The English words go into index.html (the page translates it again at start); without node
# the page fills them in itself.
if command -v node >/dev/null; then
  node web/prerender.mjs web/index.html "$OUT/index.html"
else
  cp web/index.html "$OUT/"
fi
(cd web/src && find . -name '*.js' -print0 | xargs -0 cp --parents -t "../../$OUT/src/")
cp web/sw.js "$OUT/"
[ -d web/icons ] && cp -r web/icons "$OUT/"
for f in web/*.svg web/*.png web/*.ico web/*.webmanifest; do
  [ -f "$f" ] && cp "$f" "$OUT/"
done
cp data/puzzles/puzzles.tsv "$OUT/puzzles.tsv"
cp -r "$STAGE/st" "$OUT/pkg/st"
[ -d "$STAGE/mt" ] && cp -r "$STAGE/mt" "$OUT/pkg/mt"
# The service worker's list of files to keep for offline play, and a version that changes
# with them (so that a new build replaces the old cache).
(cd "$OUT" && find . -type f ! -name sw.js ! -name assets.json | sed 's|^\./||' | sort) > "$STAGE/assets.txt"
VERSION=$(cd "$OUT" && find . -type f ! -name sw.js -print0 | sort -z | xargs -0 cat | sha256sum | cut -c1-16)
python3 - "$STAGE/assets.txt" "$VERSION" > "$OUT/assets.json" <<'PY'
import json, sys
files = [line.strip() for line in open(sys.argv[1]) if line.strip()]
print(json.dumps({"version": sys.argv[2], "files": ["./"] + files}, indent=1))
PY
# A new build is a new service worker (the browser compares its bytes), which renews the cache.
sed -i "s/__BUILD_VERSION__/$VERSION/" "$OUT/sw.js"

# ----- sizes -------------------------------------------------------------------------------
# Brotli at its best quality is slow: WEB_BROTLI=1 adds it (make web-bench does).
echo "sizes (bytes as stored; gzip -9$([ "${WEB_BROTLI:-0}" = 1 ] && echo " and brotli -q 11") of each file, summed for the site):"
if command -v node >/dev/null; then
  WEB_BROTLI=${WEB_BROTLI:-0} node - "$OUT" <<'JS'
const fs = require('fs'), path = require('path'), zlib = require('zlib');
const root = process.argv[2];
const brotli = process.env.WEB_BROTLI === '1';
const files = [];
(function walk(dir) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    e.isDirectory() ? walk(p) : files.push(p);
  }
})(root);
const size = (list) => {
  let raw = 0, gz = 0, br = 0;
  for (const f of list) {
    const b = fs.readFileSync(f);
    raw += b.length;
    gz += zlib.gzipSync(b, { level: 9 }).length;
    if (brotli) br += zlib.brotliCompressSync(b, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  return `${raw} bytes, gzip ${gz}` + (brotli ? `, brotli ${br}` : '');
};
for (const [label, f] of [['single-thread wasm', 'pkg/st/xiangqi_wasm_bg.wasm'], ['threaded wasm     ', 'pkg/mt/xiangqi_wasm_bg.wasm']]) {
  if (fs.existsSync(path.join(root, f))) console.log(`  ${label}: ${size([path.join(root, f)])}`);
}
console.log(`  whole site: ${size(files)}`);
JS
else
  for f in "$OUT/pkg/st/xiangqi_wasm_bg.wasm" "$OUT/pkg/mt/xiangqi_wasm_bg.wasm"; do
    [ -f "$f" ] && echo "  $f: $(wc -c < "$f") bytes, gzip $(gzip -9c "$f" | wc -c)"
  done
fi
echo "  (a visit downloads the page and one of the two wasm builds; the service worker keeps both)"
echo "built $OUT"
