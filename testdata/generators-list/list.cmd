# --list-generators: the built-in catalogue as a table, a line a
# generator sorted by id, of the facts the rules use (composite kind and
# every capability cell: yes, no, or ? for not known), then what each
# heading stands for.
"$DGSLINT" --list-generators
