# A configuration broken after it was good: shown once, on itself; the
# documents keep its last good version (include, rules); cleared when fixed
# or deleted.
# The configuration's own lint while it is open in the editor (its
# publishDiagnostics with a version) races with the reading of the
# configurations that its change on disk starts: one or the other comes
# first, and under valgrind one may supersede the other.  What this case
# shows is the configuration's diagnostics on its URI (no version), the
# documents' and the popup; the open file's lint is config-doc's case.
sh ./replay config-last-good.session |
    grep -v '"uri":"file://@TMP@/.dgslint.json","version":'

