#!/bin/sh
# install.sh: the Action's download (action.yml).  Downloads
# dgslint-VERSION-linux-x86_64.tar.gz and SHA256SUMS from the release,
# checks the one against the other (and against DGSLINT_SHA256 when set),
# unpacks it under RUNNER_TEMP and puts its bin/ on GITHUB_PATH.
#   DGSLINT_VERSION       0.1.0; empty: DGSLINT_ACTION_REF without its v
#   DGSLINT_RELEASE_URL   the release's files; empty: the GitHub release
#                         vVERSION of DGSLINT_ACTION_REPOSITORY
# .ci/release runs it against a release made by make dist.
set -eu
err() { echo "::error title=dgslint::$*"; exit 1; }
# The runner leaves github.action_ref and github.action_repository empty in
# some composite actions (actions/runner#2473); the directory it fetched the
# action to, .../_actions/OWNER/NAME/REF/.github/actions/dgslint, says them.
case ${GITHUB_ACTION_PATH:-} in
*/_actions/*/*/*/.github/actions/dgslint)
	p=${GITHUB_ACTION_PATH%/.github/actions/dgslint}
	[ -n "${DGSLINT_ACTION_REF:-}" ] || DGSLINT_ACTION_REF=${p##*/}
	p=${p%/*}
	[ -n "${DGSLINT_ACTION_REPOSITORY:-}" ] ||
	    DGSLINT_ACTION_REPOSITORY=${p##*/_actions/}
	;;
esac
version=${DGSLINT_VERSION:-}
if [ -z "$version" ]; then
	case ${DGSLINT_ACTION_REF:-} in
	v[0-9]*) version=${DGSLINT_ACTION_REF#v} ;;
	*) err "no version: reference the action at a release tag (@vVERSION) or give it 'version'" ;;
	esac
fi
case $version in
*[!0-9A-Za-z.+~-]*) err "'$version' is not a version" ;;
esac
case $(uname -s)/$(uname -m) in
Linux/x86_64) arch=linux-x86_64 ;;
*) err "a dgslint release has a static program for Linux on x86-64 only, not $(uname -s) $(uname -m)" ;;
esac
url=${DGSLINT_RELEASE_URL:-}
if [ -z "$url" ]; then
	[ -n "${DGSLINT_ACTION_REPOSITORY:-}" ] || err "no release-url and no action repository"
	url=${GITHUB_SERVER_URL:-https://github.com}/$DGSLINT_ACTION_REPOSITORY/releases/download/v$version
fi
name=dgslint-$version-$arch
dir=${RUNNER_TEMP:-${TMPDIR:-/tmp}}/dgslint-$version
rm -rf "$dir"
mkdir -p "$dir"
cd "$dir"
echo "dgslint: $url/$name.tar.gz"
curl -fsSL --retry 3 -o SHA256SUMS "$url/SHA256SUMS" ||
    err "cannot download $url/SHA256SUMS"
curl -fsSL --retry 3 -o "$name.tar.gz" "$url/$name.tar.gz" ||
    err "cannot download $url/$name.tar.gz"
grep "^[0-9a-f]\{64\}  $name\.tar\.gz\$" SHA256SUMS >this.sum ||
    err "SHA256SUMS names no $name.tar.gz"
sha256sum -c this.sum || err "$name.tar.gz does not match SHA256SUMS"
if [ -n "${DGSLINT_SHA256:-}" ]; then
	echo "$DGSLINT_SHA256  $name.tar.gz" | sha256sum -c - ||
	    err "$name.tar.gz does not match the sha256 input"
fi
tar -xzf "$name.tar.gz"
"$dir/$name/bin/dgslint" --version
if [ -n "${GITHUB_PATH:-}" ]; then
	echo "$dir/$name/bin" >>"$GITHUB_PATH"
fi
