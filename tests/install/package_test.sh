#!/usr/bin/env bash
# Issue 23: the install and the Debian package, in throwaway prefixes.
# Usage: package_test.sh BUILD_DIR PROOFS_DIR SLICE_FILE WORK_DIR
#   1. cmake --install into WORK/prefix: the binary, the man page, the catalog.
#   2. cpack makes the .deb; its control names the libraries' packages
#      (dpkg-shlibdeps) and gnuplot; apt-get resolves it against this
#      machine's Debian 12 sources (simulated: nothing is installed).
#   3. The .deb's files unpacked into WORK/unpacked: the installed binary runs
#      `menger prove` on the installed catalog (the claims of SLICE_FILE, which
#      covers every claim kind; the whole catalog is the prove_catalog test).
set -euo pipefail
build=$1 proofs=$2 slice=$3 work=$4
rm -rf "$work" && mkdir -p "$work"
fail() { echo "FAIL: $*"; exit 1; }

# 1. cmake --install
cmake --install "$build" --prefix "$work/prefix" > "$work/install.log"
[ -x "$work/prefix/bin/menger" ] || fail "cmake --install put no bin/menger"
[ -f "$work/prefix/share/man/man1/menger.1" ] || fail "no man page in share/man/man1"
grep -q '^\.SH COMMANDS' "$work/prefix/share/man/man1/menger.1" || fail "the man page has no COMMANDS section"
cmp -s <(cd "$proofs" && find . -name '*.toml' | sort) <(cd "$work/prefix/share/menger/proofs" && find . -name '*.toml' | sort) ||
  fail "the installed catalog differs from proofs/"
"$work/prefix/bin/menger" --version | grep -q '^menger ' || fail "the installed binary does not run"
# The Python package, where the build has it: importable from the prefix.
if [ -d "$build/python" ]; then
  pydir=$(ls -d "$work"/prefix/lib/python3*/dist-packages 2>/dev/null | head -n 1)
  [ -n "$pydir" ] && [ -d "$pydir/menger" ] || fail "cmake --install put no Python package under lib/python3*/dist-packages"
fi

# 2. the .deb
(cd "$build" && cpack -G DEB -B "$work/package" > "$work/cpack.log" 2>&1) || { cat "$work/cpack.log"; fail "cpack failed"; }
deb=$(ls "$work"/package/menger_*.deb 2>/dev/null | head -n 1)
[ -n "$deb" ] || fail "cpack made no .deb"
depends=$(dpkg-deb --field "$deb" Depends)
echo "Depends: $depends"
for lib in libz3 libtbb gnuplot; do
  grep -q "$lib" <<<"$depends" || fail "the .deb does not depend on $lib"
done
if [ "$(id -u)" -eq 0 ] && command -v apt-get > /dev/null; then
  apt-get install --simulate --no-install-recommends "$deb" > "$work/apt.log" 2>&1 ||
    { cat "$work/apt.log"; fail "apt-get cannot install the .deb on this Debian"; }
else
  echo "note: not root, the apt-get resolution was not simulated"
fi

# 3. the packaged files run the installed catalog
dpkg-deb -x "$deb" "$work/unpacked"
root=$work/unpacked/usr
[ -f "$root/share/man/man1/menger.1.gz" ] || [ -f "$root/share/man/man1/menger.1" ] || fail "the .deb has no man page"
claims=()
while IFS= read -r line; do
  line=${line%%#*}; line=$(echo "$line" | xargs)
  [ -n "$line" ] && claims+=("$root/share/menger/proofs/$line")
done < "$slice"
[ ${#claims[@]} -gt 0 ] || fail "no claims in $slice"
cd "$work"
"$root/bin/menger" prove "${claims[@]}" --no-timing --json "$work/installed.json" --artifacts "$work/artifacts" \
  > "$work/installed.txt" || { tail -n 30 "$work/installed.txt"; fail "the installed catalog does not settle as expected"; }
tail -n 1 "$work/installed.txt"
# The .deb's Python package sits where Debian's /usr/bin/python3 looks (its
# sys.path under /usr) and answers from there.
if [ -d "$build/python" ]; then
  [ -d "$root/lib/python3/dist-packages/menger" ] || fail "the .deb has no Python package in /usr/lib/python3/dist-packages"
  /usr/bin/python3 -c 'import sys; sys.exit(0 if "/usr/lib/python3/dist-packages" in sys.path else 1)' ||
    fail "/usr/lib/python3/dist-packages is not on /usr/bin/python3's path"
  PYTHONPATH="$root/lib/python3/dist-packages" PYTHONDONTWRITEBYTECODE=1 /usr/bin/python3 -c "
import menger, os, sys
assert os.path.realpath(menger.__file__).startswith(os.path.realpath('$root')), menger.__file__
r = menger.route_check('torus(3,3)', 'dor', k=0)
assert r.verdict == 'HOLDS', r
print('python package from the .deb:', r.verdict)" || fail "the .deb's Python package does not work"
fi
echo "ok: installed in $work/prefix and from $(basename "$deb")"
