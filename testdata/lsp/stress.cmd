# An editor busy with many folders (stress.py): 20 documents in 20
# folders, 60 reopened and changed while their configurations change,
# three times.  The lint thread reads configurations while the main
# thread opens documents and answers hovers: no crash, no report of a
# sanitizer (make sanitize-thread runs it under ThreadSanitizer), and
# each document's last diagnostics are its last version's.
for run in 1 2 3; do
	python3 ./stress.py "$DGSLINT" || exit 2
done
