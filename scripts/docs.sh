#!/usr/bin/env bash
# Build the DocC documentation of Whereabouts, WhereaboutsTesting and WhereaboutsUI, failing on any DocC warning.
#
#   scripts/docs.sh [--coverage]
#
# Runs `swift package generate-documentation --warnings-as-errors` (swiftlang/swift-docc-plugin) for the
# three targets (WhereaboutsUI is empty on Linux: its catalog is documented, its symbols are not), in its own
# scratch folder (.build-docs, or DOCS_SCRATCH=DIR), so the main .build is left alone. The plugin is a dependency only
# while WHEREABOUTS_DOCS is set, which this script does: an app that depends on Whereabouts never resolves it.
# --coverage also prints DocC's documentation coverage table for each target.
# Prints where the archives are (open one with `xcrun docc preview`, or serve it as a static site); exits
# non-zero when DocC reports a warning or an error, or the build fails.
set -euo pipefail
cd "$(dirname "$0")/.."

coverage=()
case "${1:-}" in
    "") ;;
    --coverage) coverage=(--experimental-documentation-coverage --coverage-summary-level brief) ;;
    *)
        echo "usage: scripts/docs.sh [--coverage]" >&2
        exit 64
        ;;
esac

scratch=${DOCS_SCRATCH:-.build-docs}
export WHEREABOUTS_DOCS=1

if ! swift package --scratch-path "$scratch" generate-documentation \
    --target Whereabouts --target WhereaboutsTesting --target WhereaboutsUI --warnings-as-errors "${coverage[@]}"; then
    echo "error: DocC failed (above): fix the warnings it names (a broken \`\`Symbol\`\` or <doc:Article> link," \
        "a misspelled parameter) in Sources/*/ or the .docc catalogs." >&2
    exit 1
fi

outputs="$scratch/plugins/Swift-DocC/outputs"
for target in Whereabouts WhereaboutsTesting WhereaboutsUI; do
    if [ ! -d "$outputs/$target.doccarchive" ]; then
        echo "error: $outputs/$target.doccarchive was not written; run the command above by hand to see why." >&2
        exit 1
    fi
done
echo "Documentation archives:"
echo "  $outputs/Whereabouts.doccarchive"
echo "  $outputs/WhereaboutsTesting.doccarchive"
echo "  $outputs/WhereaboutsUI.doccarchive"
